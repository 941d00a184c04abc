import Testing
import TransitionCSV

/// The one reader against the one writer, and its refusals with line and field.
@Suite struct CSVReaderTests {
    func records(_ text: String, _ lineEnds: CSVReader.LineEnds = .lfOrCRLF) throws(CSVSyntaxError) -> [CSVRecord] {
        var reader = CSVReader(bytes: Array(text.utf8), lineEnds: lineEnds)
        var records: [CSVRecord] = []
        while let record = try reader.nextRecord() { records.append(record) }
        return records
    }

    @Test func readsBackWhatTheWriterWrites() throws {
        let rows = [["model", "note"], ["physics(response 0.3 s, damping ratio 1.0)", "say \"hi\"\nthen go"], ["", "x"]]
        var csv = CSVWriter()
        for row in rows { csv.record(row) }
        let read = try records(csv.text, .lf)
        #expect(read.map(\.fields) == rows)
        #expect(read.map(\.line) == [1, 2, 4])
        #expect(read[1].fieldLines == [2, 2])
        // The byte ranges tile the text, line ends included.
        #expect(read.map(\.bytes.lowerBound) == [0, read[0].bytes.upperBound, read[1].bytes.upperBound])
        #expect(read.last?.bytes.upperBound == csv.text.utf8.count)
        #expect(read.allSatisfy { $0.isTerminated })
    }

    @Test func crlfAndAnUnterminatedLastRecordAreRead() throws {
        let read = try records("a,b\r\n1,2")
        #expect(read.map(\.fields) == [["a", "b"], ["1", "2"]])
        #expect(read.map(\.isTerminated) == [true, false])
        #expect(try records("a\n\nb\n").map(\.isBlank) == [false, true, false])
    }

    @Test func refusalsNameLineFieldAndWhatWasFound() {
        let cases: [(String, CSVReader.LineEnds, CSVSyntaxError)] = [
            ("a,b\n1,2\"2\n", .lfOrCRLF, .init(line: 2, fieldNumber: 2, expected: "a quote only around a whole field (RFC 4180)", found: "a quote inside an unquoted field")),
            ("a,\"b\"x\n", .lfOrCRLF, .init(line: 1, fieldNumber: 2, expected: "a comma or a line break after a closing quote", found: "text after the closing quote")),
            ("a\n\"b\nc\n", .lfOrCRLF, .init(line: 2, fieldNumber: 1, expected: "a closing quote for the field opened on this line", found: "the end of the file")),
            ("a\rb\n", .lfOrCRLF, .init(line: 1, fieldNumber: 1, expected: "line breaks as CRLF or LF", found: "a carriage return without a line feed")),
            ("a,b\r\n", .lf, .init(line: 1, fieldNumber: 2, expected: "line breaks as LF", found: "a carriage return")),
        ]
        for (text, lineEnds, expected) in cases {
            #expect(throws: expected) { try records(text, lineEnds) }
        }
    }
}
