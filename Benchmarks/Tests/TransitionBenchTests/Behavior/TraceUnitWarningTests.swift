import Foundation
import Testing
import ToolTestSupport
import TransitionSweep
import TransitionLab
import TransitionPhysics
import TransitionTraces

@testable import TransitionBench

/// The two mistakes a valid trace file can hold, as a user meets them with the built binary:
/// a vertical stroke in a file without an axis (refused), and t_ms written in seconds (named in
/// a warning). The shipped sample (docs/examples/two-strokes.csv) runs quietly.
@Suite struct TraceUnitWarningTests {
    static let sample = Binary.repositoryRoot.appendingPathComponent("docs/examples/two-strokes.csv")

    static func bench(_ arguments: [String]) throws -> Binary.Result {
        try Binary.run(["behavior", "--no-recorded"] + arguments, executable: Binary.benchURL, timeoutSeconds: 120)
    }

    /// The sample's text with every t_ms divided by 1000: the times written in seconds.
    static func inSeconds(_ text: String) -> String {
        let lines = text.split(separator: "\n").map(String.init)
        let column = lines[0].split(separator: ",").firstIndex(of: "t_ms")!
        return ([lines[0]] + lines.dropFirst().map { line in
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[column] = "\(Double(fields[column])! / 1000)"
            return fields.joined(separator: ",")
        }).joined(separator: "\n") + "\n"
    }

    @Test func theSampleRunsQuietlyAndShowsTheDifference() throws {
        let folder = try HandMadeTraces.temporaryDirectory()
        let perTrace = folder.appendingPathComponent("per-trace.csv")
        let result = try Self.bench(["--traces", Self.sample.path, "--builtin", "classic", "--builtin", "physics", "--per-trace", perTrace.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        let rows = parseCSV(try String(contentsOf: perTrace, encoding: .utf8)).rows
        let decision = { (model: String, id: String) in rows.first { $0["model"] == model && $0["trace_id"] == id }?["decision"] }
        // The swipe travels 0.38 of the width at about 3 widths/s; the pull comes back.
        #expect(decision("classic", "swipe-1") == "cancel" && decision("physics", "swipe-1") == "finish")
        #expect(decision("classic", "pull-1") == "cancel" && decision("physics", "pull-1") == "cancel")
        let pull: [String: String]? = rows.first { $0["model"] == "physics" && $0["trace_id"] == "pull-1" }
        let pullProgress: Double? = pull?["release_progress"].flatMap { Double($0) }
        let expected: Double = (1054.0 - 900) / 2532
        #expect(pullProgress == expected, "the pull is replayed along y, its declared axis")
    }

    @Test func tMsInSecondsIsNamedInAWarning() throws {
        let text = Self.inSeconds(try String(contentsOf: Self.sample, encoding: .utf8))
        let url = try HandMadeTraces.write(text, name: "seconds.csv")
        let result = try Self.bench(["--traces", url.path, "--builtin", "physics"])
        #expect(result.status == 0, "counted as usual: \(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("transition-bench: warning: seconds.csv: ") }
        #expect(warnings.count == 2, "\(result.stderr)")
        let intervals = try #require(warnings.first { $0.contains("median sample interval under 0.5 ms") }, "\(result.stderr)")
        #expect(intervals.contains("2 traces") && intervals.contains("swipe-1 (0.017 ms)") && intervals.contains("pull-1 (0.017 ms)"))
        #expect(intervals.contains("t_ms looks like seconds"))
        let speeds = try #require(warnings.first { $0.contains("released faster than a finger moves") }, "\(result.stderr)")
        // Read in seconds, the pull is released at hundreds of widths/s; the swipe's samples,
        // 0.017 ms apart, fall within the estimator's 2 ms merge and read as one (no speed).
        #expect(speeds.contains("over 25 travel widths/s") && speeds.contains("pull-1 ("), "\(speeds)")
        // The same file in milliseconds: no warning (the test above).
    }

    @Test func aVerticalStrokeIsRefusedAndCanBeSkipped() throws {
        let vertical = HandMadeTraces.header + "\n"
            + "v1,u,d,0,200,1800,down,1170,cancel\nv1,u,d,17,201,1700,move,1170,cancel\n"
            + "v1,u,d,33,202,1500,move,1170,cancel\nv1,u,d,40,202,1500,up,1170,cancel\n"
        let url = try HandMadeTraces.write(vertical + HandMadeTraces.csv.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n", name: "vertical.csv")
        let refused = try Self.bench(["--traces", url.path])
        #expect(refused.status == ExitStatus.dataError.rawValue, "\(refused.stderr)")
        #expect(refused.stderr.contains("\(url.path):2: column x_px"), "\(refused.stderr)")
        #expect(refused.stderr.contains("an axis column with y replays it along y_px"), "\(refused.stderr)")
        let skipped = try Self.bench(["--traces", url.path, "--skip-invalid-traces", "--builtin", "physics"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("skipped 1 malformed stroke (motion along the other axis 1)"), "\(skipped.stderr)")
    }

    @Test func theThresholdsAgainstHandComputedTraces() {
        // 60 Hz samples: the median interval is 1/60 s, far above 0.5 ms.
        let samples = (0..<7).map { TouchSample(time: Double($0) / 60, x: 100 * Double($0), phase: $0 == 0 ? .began : .changed) }
            + [TouchSample(time: 6.0 / 60 + 0.004, x: 600, phase: .ended)]
        let trace = GestureTrace(id: "line", samples: samples, travel: 400)
        let interval = TracePlausibility.medianSampleInterval(of: trace)!
        #expect(abs(interval - 1.0 / 60) < 1e-15)
        // 100 px per 1/60 s = 6,000 px/s = 15 widths/s on 400 px: under the limit, exactly.
        let estimator = LeastSquaresVelocityEstimator()
        #expect(abs(TracePlausibility.releaseSpeed(of: trace, estimator: estimator) - 15) < 1e-9)
        #expect(TracePlausibility.findings(in: [trace], estimator: estimator).isEmpty)
        // Twice as fast over half the travel: 60 widths/s, named; the same in seconds-as-ms: both.
        var fast = trace
        fast.travel = 200
        fast.samples = samples.map { var s = $0; s.x *= 2; return s }
        #expect(TracePlausibility.findings(in: [fast], estimator: estimator).map(\.traceID) == ["line"])
        var seconds = trace
        seconds.samples = samples.map { var s = $0; s.time /= 1000; return s }
        let finding = TracePlausibility.findings(in: [seconds], estimator: estimator).first
        #expect(finding?.medianSampleInterval.map { abs($0 - 1.0 / 60_000) < 1e-15 } == true)
        #expect(finding?.releaseSpeed.map { abs($0 - 15_000) < 1e-3 } == true)
        // Touch hardware at 1 kHz is plausible; 2 kHz and faster is not.
        #expect(TracePlausibility.minimumMedianSampleInterval == 0.0005)
    }
}
