import Foundation
import Testing
import TransitionPhysics
import TransitionTraces

private typealias Fx = TraceFixtures

/// Reading with `MalformedStrokes.skip`: the strictness rule is the same one, so each broken
/// file a strict read refuses is either refused the same way (a defect of the file) or read
/// with exactly the broken stroke left out, for exactly the strict read's reason.
@Suite("TraceReader skips malformed strokes when asked")
struct TraceReaderSkipTests {
    static let strictTraces = try! TraceReader.parse(Fx.validText, fileName: "valid.csv")

    @Test(arguments: TraceReaderRejectionTests.cases)
    func skipsWhatStrictRefuses(_ broken: BrokenFile) throws {
        var strictError: TraceFileError?
        do { _ = try TraceReader.parse(broken.text, fileName: "broken.csv") } catch { strictError = error }
        let refused = try #require(strictError, "\(broken.name) was accepted")
        let lenient: TraceFileContents
        do {
            lenient = try TraceReader.parse(bytes: Array(broken.text.utf8), fileName: "broken.csv", malformedStrokes: .skip)
        } catch {
            #expect(!refused.problem.isConfinedToStroke, "\(broken.name): a stroke's defect refused the file: \(error)")
            #expect(error == refused, "\(broken.name): refused differently when skipping")
            return
        }
        #expect(refused.problem.isConfinedToStroke, "\(broken.name): a defect of the file was skipped")
        let first = try #require(lenient.skipped.first, "\(broken.name): nothing skipped, nothing refused")
        #expect(first.defect == refused, "\(broken.name): skipped for another reason than the strict refusal")
        #expect(first.lines.contains(refused.line))
        // The strokes kept are the valid file's, unchanged; every stroke is kept or skipped.
        for trace in lenient.traces {
            #expect(Self.strictTraces.contains(trace), "\(broken.name): \(trace.id) kept but altered")
        }
        let skippedIDs = Set(lenient.skipped.compactMap(\.traceID))
        for trace in Self.strictTraces where !skippedIDs.contains(trace.id) {
            #expect(lenient.traces.contains { $0.id == trace.id }, "\(broken.name): \(trace.id) neither kept nor skipped")
        }
    }

    /// Which rows make a stroke when the stroke id itself cannot be read: the stroke around them.
    @Test func unreadableIDsJoinTheStrokeAroundThem() throws {
        let header = Fx.validLines[0]
        func read(_ lines: [String]) throws -> TraceFileContents {
            try TraceReader.parse(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), fileName: "f.csv", malformedStrokes: .skip)
        }
        let a = Array(Fx.validLines[1...5]), b = Array(Fx.validLines[6...9])
        // Inside a stroke (a row with too many fields): that stroke.
        var inside = a
        inside[2] += ",extra"
        var contents = try read([header] + inside + b)
        #expect(contents.traces.map(\.id) == ["b2"])
        #expect(contents.skipped.map(\.traceID) == ["a1"] && contents.skipped[0].lines == 2...6)
        #expect(contents.skipped[0].defect.problem == .wrongFieldCount && contents.skipped[0].defect.line == 4)
        // Between strokes (after an up): the next stroke.
        contents = try read([header] + a + [",22,7,0,1,1,down,800,finish"] + Array(b.dropFirst()))
        #expect(contents.traces.map(\.id) == ["a1"])
        #expect(contents.skipped.map(\.traceID) == ["b2"] && contents.skipped[0].lines == 7...10)
        #expect(contents.skipped[0].defect.problem == .invalidIdentifier)
        // After the last stroke: a stroke of its own, without an id.
        contents = try read([header] + a + b + [",22,7,0,1,1,down,800,finish", "\u{7},22,7,5,1,1,up,800,finish"])
        #expect(contents.traces.map(\.id) == ["a1", "b2"])
        #expect(contents.skipped.count == 1 && contents.skipped[0].traceID == nil && contents.skipped[0].lines == 11...12)
    }

    /// A move at the same t_ms but a new position is a sample of its own (touch hardware reports
    /// two within a millisecond); repeating the position too is a report written twice. An up
    /// repeating the last sample is how a lift-off is reported.
    @Test func repeatedTimestamps() throws {
        let samePosition = Fx.replacing(line: 4, with: "a1,22,7,63,694.4639,680.2769,move,800,finish")
        let error = try #require(throws: TraceFileError.self) { try TraceReader.parse(samePosition, fileName: "f.csv") }
        #expect(error.problem == .repeatedSample && error.line == 4 && error.column == "t_ms", "\(error)")
        let newPosition = Fx.replacing(line: 4, with: "a1,22,7,63,690.9578,677.2184,move,800,finish")
        #expect(try TraceReader.parse(newPosition, fileName: "f.csv").count == 3)
        let liftOff = Fx.replacing(line: 6, with: "a1,22,7,96,687.4444,674.9944,up,800,finish")
        #expect(try TraceReader.parse(liftOff, fileName: "f.csv").count == 3)
    }

    /// The recorded swipes are read whole in both modes (36 of their strokes have two samples
    /// in one millisecond at different positions, which is no defect).
    @Test(.enabled(if: Fx.sharedDataURL != nil, Fx.recordedSwipesAbsent))
    func sharedRecordingHasNoMalformedStroke() throws {
        let url = try #require(Fx.sharedDataURL)
        let strict = try TraceReader.read(contentsOf: url)
        let lenient = try TraceReader.read(contentsOf: url, malformedStrokes: .skip)
        #expect(lenient.skipped.isEmpty, "\(lenient.skipped.prefix(3))")
        #expect(lenient.traces == strict)
        #expect(strict.count == 7361)
    }

    @Test func reasonsAreCountedCommonestFirst() {
        let defect = { (p: TraceFileError.Problem, line: Int) in
            SkippedStroke(traceID: "x\(line)", lines: line...line, defect: TraceFileError(fileName: "f", line: line, problem: p, expected: ""))
        }
        let strokes = [defect(.traceNotEnded, 2), defect(.notANumber, 3), defect(.traceNotEnded, 4)]
        let counts = strokes.countsByReason
        #expect(counts.map(\.reason) == [.traceNotEnded, .notANumber] && counts.map(\.count) == [2, 1])
    }
}
