import Foundation
import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

private func rejection(_ text: String) -> TraceFileError? {
    do {
        _ = try TraceReader.parse(text, fileName: "broken.csv")
        return nil
    } catch {
        return error
    }
}

private func rejection(bytes: [UInt8]) -> TraceFileError? {
    do {
        _ = try TraceReader.parse(bytes: bytes, fileName: "broken.csv")
        return nil
    } catch {
        return error
    }
}

private typealias Fx = TraceFixtures

/// One broken file and where the reader must point.
struct BrokenFile: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var problem: TraceFileError.Problem
    var line: Int
    var column: String?
    var fieldNumber: Int?
    var testDescription: String { name }
}

@Suite("TraceReader refuses broken files")
struct TraceReaderRejectionTests {
    static let header = Fx.validLines[0]
    static let cases: [BrokenFile] = [
        BrokenFile(name: "empty file", text: "", problem: .emptyFile, line: 1),
        BrokenFile(name: "only line breaks", text: "\r\n\n", problem: .emptyFile, line: 1),
        BrokenFile(name: "header only", text: header + "\n", problem: .noTraces, line: 2),
        BrokenFile(name: "missing column",
                   text: Fx.replacing(line: 1, with: "trace_id,user_id,device_id,t_ms,x_px,phase,travel_px,intent"),
                   problem: .missingColumn, line: 1, column: "y_px"),
        BrokenFile(name: "duplicate column", text: Fx.replacing(line: 1, with: header + ",t_ms"),
                   problem: .duplicateColumn, line: 1, column: "t_ms", fieldNumber: 10),
        BrokenFile(name: "too few fields", text: Fx.replacing(line: 4, with: "a1,22,7,79,690.9578,677.2184,move,800"),
                   problem: .wrongFieldCount, line: 4),
        BrokenFile(name: "too many fields", text: Fx.replacing(line: 4, with: "a1,22,7,79,690.9578,677.2184,move,800,finish,"),
                   problem: .wrongFieldCount, line: 4),
        BrokenFile(name: "non-numeric x", text: Fx.replacing(line: 3, with: "a1,22,7,63,abc,680.2769,move,800,finish"),
                   problem: .notANumber, line: 3, column: "x_px", fieldNumber: 5),
        BrokenFile(name: "hex float", text: Fx.replacing(line: 3, with: "a1,22,7,63,0x1p3,680.2769,move,800,finish"),
                   problem: .notANumber, line: 3, column: "x_px", fieldNumber: 5),
        BrokenFile(name: "padded number", text: Fx.replacing(line: 3, with: "a1,22,7, 63,694.4639,680.2769,move,800,finish"),
                   problem: .notANumber, line: 3, column: "t_ms", fieldNumber: 4),
        BrokenFile(name: "NaN time", text: Fx.replacing(line: 3, with: "a1,22,7,NaN,694.4639,680.2769,move,800,finish"),
                   problem: .nonFinite, line: 3, column: "t_ms", fieldNumber: 4),
        BrokenFile(name: "infinite y", text: Fx.replacing(line: 3, with: "a1,22,7,63,694.4639,-inf,move,800,finish"),
                   problem: .nonFinite, line: 3, column: "y_px", fieldNumber: 6),
        BrokenFile(name: "overflow to infinity", text: Fx.replacing(line: 3, with: "a1,22,7,63,1e400,680.2769,move,800,finish"),
                   problem: .nonFinite, line: 3, column: "x_px", fieldNumber: 5),
        BrokenFile(name: "huge x", text: Fx.replacing(line: 3, with: "a1,22,7,63,2e7,680.2769,move,800,finish"),
                   problem: .outOfRange, line: 3, column: "x_px", fieldNumber: 5),
        BrokenFile(name: "huge time", text: Fx.replacing(line: 3, with: "a1,22,7,1.6e12,694.4639,680.2769,move,800,finish"),
                   problem: .outOfRange, line: 3, column: "t_ms", fieldNumber: 4),
        BrokenFile(name: "negative time", text: Fx.replacing(line: 2, with: "a1,22,7,-1,698.125,681.697,down,800,finish"),
                   problem: .outOfRange, line: 2, column: "t_ms", fieldNumber: 4),
        BrokenFile(name: "negative travel", text: Fx.replacing(line: 2, with: "a1,22,7,0,698.125,681.697,down,-800,finish"),
                   problem: .nonPositiveTravel, line: 2, column: "travel_px", fieldNumber: 8),
        BrokenFile(name: "zero travel", text: Fx.replacing(line: 8, with: "b2,22,7,65,730.2227,708.2273,move,0,finish"),
                   problem: .nonPositiveTravel, line: 8, column: "travel_px", fieldNumber: 8),
        BrokenFile(name: "time goes back", text: Fx.replacing(line: 4, with: "a1,22,7,50,690.9578,677.2184,move,800,finish"),
                   problem: .timeDecreasing, line: 4, column: "t_ms", fieldNumber: 4),
        BrokenFile(name: "trace not contiguous",
                   text: Fx.validText + "a1,22,7,0,1,1,down,800,finish\r\na1,22,7,5,1,1,up,800,finish\r\n",
                   problem: .traceNotContiguous, line: 15, column: "trace_id", fieldNumber: 1),
        BrokenFile(name: "unknown phase", text: Fx.replacing(line: 3, with: "a1,22,7,63,694.4639,680.2769,drag,800,finish"),
                   problem: .unknownPhase, line: 3, column: "phase", fieldNumber: 7),
        BrokenFile(name: "unknown intent", text: Fx.replacing(line: 3, with: "a1,22,7,63,694.4639,680.2769,move,800,maybe"),
                   problem: .unknownIntent, line: 3, column: "intent", fieldNumber: 9),
        BrokenFile(name: "starts with move", text: Fx.replacing(line: 2, with: "a1,22,7,0,698.125,681.697,move,800,finish"),
                   problem: .misplacedDown, line: 2, column: "phase", fieldNumber: 7),
        BrokenFile(name: "down inside a trace", text: Fx.replacing(line: 4, with: "a1,22,7,79,690.9578,677.2184,down,800,finish"),
                   problem: .misplacedDown, line: 4, column: "phase", fieldNumber: 7),
        BrokenFile(name: "row after up", text: Fx.replacing(line: 7, with: "a1,22,7,99,1,1,move,800,finish"),
                   problem: .rowAfterEnd, line: 7, column: "phase", fieldNumber: 7),
        BrokenFile(name: "trace without up (truncated)",
                   text: Array(Fx.validLines[0..<5] + Fx.validLines[6...]).joined(separator: "\n"),
                   problem: .traceNotEnded, line: 5, column: "phase", fieldNumber: 7),
        BrokenFile(name: "file truncated inside the last trace", text: Fx.validLines[0..<13].joined(separator: "\n"),
                   problem: .traceNotEnded, line: 13, column: "phase", fieldNumber: 7),
        BrokenFile(name: "travel changes", text: Fx.replacing(line: 4, with: "a1,22,7,79,690.9578,677.2184,move,801,finish"),
                   problem: .inconsistentTraceField, line: 4, column: "travel_px", fieldNumber: 8),
        BrokenFile(name: "intent changes", text: Fx.replacing(line: 4, with: "a1,22,7,79,690.9578,677.2184,move,800,cancel"),
                   problem: .inconsistentTraceField, line: 4, column: "intent", fieldNumber: 9),
        BrokenFile(name: "user changes", text: Fx.replacing(line: 4, with: "a1,23,7,79,690.9578,677.2184,move,800,finish"),
                   problem: .inconsistentTraceField, line: 4, column: "user_id", fieldNumber: 2),
        BrokenFile(name: "device changes", text: Fx.replacing(line: 4, with: "a1,22,8,79,690.9578,677.2184,move,800,finish"),
                   problem: .inconsistentTraceField, line: 4, column: "device_id", fieldNumber: 3),
        BrokenFile(name: "vertical stroke without an axis (only y_px moves)",
                   text: Fx.validText + "v4,9,11,0,200,600,down,480,finish\r\nv4,9,11,16,200,520,move,480,finish\r\n"
                       + "v4,9,11,33,200,400,move,480,finish\r\nv4,9,11,50,200,400,up,480,finish\r\n",
                   problem: .motionAlongOtherAxis, line: 15, column: "x_px", fieldNumber: 5),
        BrokenFile(name: "unknown axis",
                   text: Fx.validLines.enumerated().map { $0 == 0 ? $1 + ",axis" : $1 + ($0 == 2 ? ",z" : ",") }.joined(separator: "\n"),
                   problem: .unknownAxis, line: 3, column: "axis", fieldNumber: 10),
        BrokenFile(name: "axis changes",
                   text: Fx.validLines.enumerated().map { $0 == 0 ? $1 + ",axis" : $1 + ($0 == 2 ? ",y" : ",") }.joined(separator: "\n"),
                   problem: .inconsistentTraceField, line: 3, column: "axis", fieldNumber: 10),
        BrokenFile(name: "empty trace id", text: Fx.replacing(line: 2, with: ",22,7,0,698.125,681.697,down,800,finish"),
                   problem: .invalidIdentifier, line: 2, column: "trace_id", fieldNumber: 1),
        BrokenFile(name: "control character in id", text: Fx.replacing(line: 2, with: "a\u{1}1,22,7,0,698.125,681.697,down,800,finish"),
                   problem: .invalidIdentifier, line: 2, column: "trace_id", fieldNumber: 1),
        BrokenFile(name: "blank line between rows", text: Fx.replacing(line: 7, with: "\nb2,22,7,0,737.5,710.7879,down,800,finish"),
                   problem: .blankLine, line: 7),
        BrokenFile(name: "unterminated quote", text: Fx.replacing(line: 5, with: "a1,\"22,7,96,687.4444,674.9944,move,800,finish"),
                   problem: .malformedQuoting, line: 5, fieldNumber: 2),
        BrokenFile(name: "quote inside a field", text: Fx.replacing(line: 5, with: "a1,2\"2,7,96,687.4444,674.9944,move,800,finish"),
                   problem: .malformedQuoting, line: 5, fieldNumber: 2),
        BrokenFile(name: "text after a closing quote", text: Fx.replacing(line: 5, with: "a1,\"22\"x,7,96,687.4444,674.9944,move,800,finish"),
                   problem: .malformedQuoting, line: 5, fieldNumber: 2),
        BrokenFile(name: "carriage returns without line feeds", text: Fx.validLines.joined(separator: "\r"),
                   problem: .malformedQuoting, line: 1, fieldNumber: 9),
    ]

    @Test(arguments: cases)
    func refused(_ broken: BrokenFile) throws {
        let error = try #require(rejection(broken.text), "\(broken.name) was accepted")
        #expect(error.problem == broken.problem, "\(error)")
        #expect(error.line == broken.line, "\(error)")
        #expect(error.column == broken.column, "\(error)")
        if let fieldNumber = broken.fieldNumber { #expect(error.fieldNumber == fieldNumber, "\(error)") }
        let message = error.description
        #expect(message.hasPrefix("broken.csv:\(broken.line):"), "\(message)")
        #expect(message.contains("expected"), "\(message)")
        if let column = broken.column { #expect(message.contains("column \(column)"), "\(message)") }
    }

    @Test("invalid UTF-8 is refused at its line")
    func invalidUTF8() throws {
        var bytes = Array(Fx.validText.utf8)
        let thirdLine = Fx.validLines[0].utf8.count + Fx.validLines[1].utf8.count + 4
        bytes.insert(contentsOf: [0xC3, 0x28, 0xFF], at: thirdLine + 3)
        let error = try #require(rejection(bytes: bytes))
        #expect(error.problem == .invalidUTF8 && error.line == 3, "\(error)")
        #expect(error.description.contains("0xC3"), "\(error)")
    }

    @Test("random bytes are refused, never accepted or crashed on")
    func randomBytes() {
        var generator = SplitMix64(seed: 1)
        for seed in 0..<200 {
            let count = Int.random(in: 0..<400, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(rejection(bytes: bytes) != nil, "random bytes, iteration \(seed)")
        }
    }

    @Test("a missing file is refused as unreadable, naming it")
    func missingFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/nowhere/traces.csv")
        do {
            _ = try TraceReader.read(contentsOf: url)
            Issue.record("a missing file was accepted")
        } catch {
            #expect(error.problem == .unreadable)
            #expect(error.description.hasPrefix("/nonexistent/nowhere/traces.csv:"), "\(error)")
        }
    }
}
