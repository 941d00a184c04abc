import Testing
import TransitionCSV
import TransitionLab  // SplitMix64, the one seeded generator

@Suite struct CSVWriterTests {
    @Test func recordsEndWithLFAndFieldsAreSeparatedByCommas() {
        var csv = CSVWriter()
        csv.record(["model", "time_s", "count", "projected"])
        csv.field("classic"); csv.field(0.25); csv.field(3); csv.field(nil as Double?); csv.endRecord()
        csv.field("physics"); csv.field(1.0); csv.field(-2); csv.field(1e-5 as Double?); csv.endRecord()
        #expect(csv.text == "model,time_s,count,projected\nclassic,0.25,3,\nphysics,1.0,-2,1e-05\n")
    }

    @Test func numbersUseTheOneNumberFormat() {
        for value in [0.0, 1, -0.0, 0.1 + 0.2, 1e-7, 3e20, .infinity, -.infinity, .nan, 400] {
            var csv = CSVWriter()
            csv.field(value)
            #expect(csv.text == NumberFormatting.string(value))
            #expect(csv.text == value.description)
        }
    }

    @Test func fieldsAreQuotedOnlyWhenNeeded() {
        #expect(CSVWriter.quoted("plain text") == "plain text")
        #expect(CSVWriter.quoted("") == "")
        #expect(CSVWriter.quoted("a,b") == "\"a,b\"")
        #expect(CSVWriter.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.quoted("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.quoted("cr\rhere") == "\"cr\rhere\"")
        #expect(CSVWriter.quoted("crlf\r\n") == "\"crlf\r\n\"")
        #expect(CSVWriter.quoted("naïve, ünïcode") == "\"naïve, ünïcode\"")
        var csv = CSVWriter()
        csv.field("x"); csv.emptyField(); csv.field("a,b"); csv.endRecord()
        #expect(csv.text == "x,,\"a,b\"\n")
    }

    /// Inner quotes doubled wherever they fall (first, last, side by side, alone), against
    /// RFC 4180's rule written out character by character.
    @Test func innerQuotesAreDoubledAnywhere() {
        let pieces = ["\"", "\"\"", ",", "a", "é", "\n", " ", "\r\n"]
        var random = SplitMix64(seed: 4180)
        var texts = ["\"", "\"\"", "\"a", "a\"", "a\"\"b", "\",\"", "\"\"\""]
        for _ in 0..<500 { texts.append((0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()) }
        for text in texts {
            let needsQuotes = text.contains { $0 == "\"" || $0 == "," || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            let expected = needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            #expect(CSVWriter.quoted(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test func recordsEndWithLineFeeds() {
        var csv = CSVWriter()
        csv.field("x"); csv.emptyField(); csv.field("a,b"); csv.endRecord()
        #expect(csv.text == "x,,\"a,b\"\n")
    }
}
