import Foundation
import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The trace's axis (docs/traces.md): an optional `axis` column declares which coordinate the
/// progress follows; a stroke that moves mostly along the other one is refused rather than
/// replayed as no motion.
@Suite("Trace axis")
struct TraceAxisTests {
    static let header = "trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent"

    /// A stroke of `moves` (t_ms, x, y) after a down at (0, x0, y0), lifted where it ends.
    static func stroke(_ id: String, travel: Double = 1170, axis: String? = nil, _ points: [(Double, Double, Double)]) -> [String] {
        points.enumerated().map { i, p in
            let phase = i == 0 ? "down" : i == points.count - 1 ? "up" : "move"
            return "\(id),u,d,\(p.0),\(p.1),\(p.2),\(phase),\(travel),finish" + (axis.map { ",\($0)" } ?? "")
        }
    }

    /// A quick upward flick on a 1170 px tall travel: y falls 560 px in 100 ms, x drifts 6 px.
    static let upward: [(Double, Double, Double)] = [
        (0, 500, 1900), (17, 501, 1850), (33, 502, 1760), (50, 503, 1640), (67, 504, 1520), (83, 505, 1420),
        (100, 506, 1340), (104, 506, 1340),
    ]

    @Test func aVerticalStrokeWithoutAnAxisIsRefusedNamingTheFix() throws {
        let text = ([Self.header] + Self.stroke("up-1", Self.upward)).joined(separator: "\n") + "\n"
        let error = try #require(throws: TraceFileError.self) { try TraceReader.parse(text, fileName: "vertical.csv") }
        #expect(error.problem == .motionAlongOtherAxis)
        #expect(error.line == 2 && error.column == "x_px")
        #expect(error.description.contains("axis column with y"), "\(error)")
        #expect(error.description.contains("6.0 px along x_px and 560.0 px along y_px"), "\(error)")
        // Skipping malformed strokes drops it and says why.
        let lenient = try TraceReader.parse(
            bytes: Array((text + Self.stroke("side", [(0, 100, 500), (50, 400, 505), (60, 400, 505)]).joined(separator: "\n") + "\n").utf8),
            fileName: "vertical.csv", malformedStrokes: .skip)
        #expect(lenient.traces.map(\.id) == ["side"] && lenient.skipped.map(\.traceID) == ["up-1"])
    }

    @Test func aDeclaredAxisIsReadAndReplayedAlongIt() throws {
        let text = ([Self.header + ",axis"] + Self.stroke("up-1", axis: "y", Self.upward)
            + Self.stroke("side", axis: "", [(0, 100, 500), (50, 400, 505), (60, 400, 505)])).joined(separator: "\n") + "\n"
        let traces = try TraceReader.parse(text, fileName: "declared.csv")
        #expect(traces.map(\.axis) == [.y, nil])
        // Written back with the column, read back the same.
        #expect(try TraceReader.parse(TraceWriter.csvText(for: traces), fileName: "again.csv") == traces)
        #expect(TraceWriter.csvText(for: traces).hasPrefix(Self.header + ",axis\n"))

        // Replayed along y: upward is negative y, so a fixed negative direction is progress;
        // a 560 px flick of a 1170 px travel at about 7,000 px/s finishes. Along x it is 6 px
        // of drift: the runner's own axis would leave it at rest and cancel.
        let runner = GestureRunner(
            model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator(),
            settings: ReplaySettings(directionRule: .fixedNegative))
        let outcome = runner.run(traces[0])
        #expect(outcome.decision == .finish)
        #expect(abs(outcome.releaseProgress - 560.0 / 1170) < 1e-12)
        var undeclared = traces[0]
        undeclared.axis = nil
        let alongX = runner.run(undeclared)
        #expect(alongX.decision == .cancel && alongX.releaseProgress == 0)
    }

    @Test func strokesThatMostlyFollowTheirAxisAreKept() throws {
        let rows = [Self.header]
            // A peek that comes back along x (net 0) drifting 150 px down: its x extent is larger.
            + Self.stroke("peek", [(0, 100, 500), (100, 400, 560), (200, 110, 650), (210, 110, 650)])
            // A tap with a wobble along y below a tenth of the travel: not a vertical stroke.
            + Self.stroke("tap", [(0, 300, 300), (40, 300, 380), (50, 300, 380)])
            // A diagonal going farther along x than along y.
            + Self.stroke("diagonal", [(0, 0, 0), (100, 500, 480), (110, 500, 480)])
        let traces = try TraceReader.parse(rows.joined(separator: "\n") + "\n", fileName: "kept.csv")
        #expect(traces.map(\.id) == ["peek", "tap", "diagonal"])
        // And each boundary of the rule, one at a time.
        let travel = 1170.0
        func sample(_ x: Double, _ y: Double) -> TouchSample { TouchSample(time: 0, x: x, y: y, phase: .changed) }
        let tenth = TraceFormat.otherAxisMinimumFraction * travel
        #expect(TraceFormat.movesAlongOtherAxis([sample(0, 0), sample(0, tenth)], axis: .x, travel: travel))
        #expect(!TraceFormat.movesAlongOtherAxis([sample(0, 0), sample(0, tenth.nextDown)], axis: .x, travel: travel))
        #expect(!TraceFormat.movesAlongOtherAxis([sample(0, 0), sample(200, 200)], axis: .x, travel: travel), "a tie is kept")
        #expect(TraceFormat.movesAlongOtherAxis([sample(0, 0), sample(200, 201)], axis: .x, travel: travel))
        #expect(!TraceFormat.movesAlongOtherAxis([sample(0, 0), sample(200, 201)], axis: .y, travel: travel))
        #expect(!TraceFormat.movesAlongOtherAxis([], axis: .x, travel: travel))
    }

    @Test func theShippedSampleReadsAndDeclaresItsAxes() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples/two-strokes.csv")
        let traces = try TraceReader.read(contentsOf: url)
        #expect(traces.count == 2)
        #expect(traces.map(\.axis) == [.x, .y])
        #expect(Set(traces.compactMap(\.intent)) == [.finish, .cancel])
    }
}
