import Foundation
import Testing
import TransitionBench
import TransitionLab
import TransitionPhysics

/// `transition-bench estimators`: its table against the lab's measurement it prints, its
/// recorded part on the hand-made traces, and its refusals.
@Suite struct EstimatorsCommandTests {
    @Test func tableHasEveryEstimatorAndRate() throws {
        let empty = try HandMadeTraces.temporaryDirectory()
        let command = try EstimatorsCommand.parse(["--flicks", "40", "--rates", "60,120", "--no-recorded"])
        var notes: [String] = []
        let output = try command.report(currentDirectory: empty, packageRoot: empty) { notes.append($0) }
        #expect(notes.isEmpty)
        #expect(output.contains("60 Hz median / p90 / bias | 120 Hz median / p90 / bias | same flick, 60 Hz / 120 Hz (median) |"))
        for expression in ["LeastSquaresVelocityEstimator.recommended", "LeastSquaresVelocityEstimator()", "ImpulseVelocityEstimator()",
                           "LeastSquaresVelocityEstimator(shortWindowRule: .lowerDegree)", "WeightedVelocityEstimator()"] {
            #expect(output.contains("| `\(expression)` |"), "\(expression)")
        }
        // The recommended row's 120 Hz median is the lab's measurement of the same flicks.
        let flicks = SyntheticFlickGenerator(seed: 1).flicks(count: 40, samplingRate: 120)
        let summary = EstimatorAccuracy.summary(of: LeastSquaresVelocityEstimator.recommended, on: flicks)
        let row = try #require(output.split(separator: "\n").first { $0.hasPrefix("| `LeastSquaresVelocityEstimator.recommended`") })
        #expect(row.contains(String(format: "%.1f%% / %.1f%%", summary.medianRelativeError * 100, summary.p90RelativeError * 100)))
        // Its last column is the lab's median ratio of the same flicks at 60 and at 120 Hz.
        let slow = SyntheticFlickGenerator(seed: 1).flicks(count: 40, samplingRate: 60)
        let velocities = { (set: [SyntheticFlick]) in
            set.map { EstimatorAccuracy.releaseVelocity(of: $0, estimator: LeastSquaresVelocityEstimator.recommended) }
        }
        #expect(row.hasSuffix(String(format: " %.3f |", EstimatorAccuracy.medianRatio(of: velocities(slow), to: velocities(flicks)))))
        // One rate: no ratio column.
        let one = try EstimatorsCommand.parse(["--flicks", "4", "--rates", "90", "--no-recorded"])
        #expect(!(try one.report(currentDirectory: empty, packageRoot: empty) { _ in }).contains("same flick"))
    }

    @Test func recordedPartCountsFinishes() throws {
        let file = try HandMadeTraces.write(HandMadeTraces.csv, name: "hand.csv")
        let command = try EstimatorsCommand.parse(["--flicks", "4", "--rates", "120", "--traces", file.path])
        let output = try command.report(currentDirectory: file.deletingLastPathComponent()) { _ in }
        // A and B are meant to finish; B is a fast flick, A a slow drag past the middle: every
        // estimator finishes both.
        #expect(output.contains("hand.csv: 4 strokes, 2 meant to finish"))
        #expect(output.contains("| `LeastSquaresVelocityEstimator.recommended` | 100.0% |"))
    }

    @Test func usageErrors() {
        #expect(throws: (any Error).self) { try EstimatorsCommand.parse(["--flicks", "0"]) }
        #expect(throws: (any Error).self) { try EstimatorsCommand.parse(["--rates", "60,abc"]) }
        #expect(throws: (any Error).self) { try EstimatorsCommand.parse(["--rates", "20"]) }
        #expect(throws: (any Error).self) { try EstimatorsCommand.parse(["--rates", "60,,120"]) }
        #expect(throws: (any Error).self) { try EstimatorsCommand.parse(["--position-noise", "-1"]) }
        #expect(throws: (any Error).self) { try EstimatorsCommand.parse(["--position-noise", "nan"]) }
    }

    @Test func brokenFileExitsWithDataError() throws {
        let broken = try HandMadeTraces.write(HandMadeTraces.header + "\nA,u1,d1,0,1,2,move,400,finish\n", name: "broken.csv")
        let command = try EstimatorsCommand.parse(["--flicks", "2", "--traces", broken.path])
        let error = try #require(throws: BehaviorError.self) {
            try command.report(currentDirectory: broken.deletingLastPathComponent()) { _ in }
        }
        #expect(error.exitStatus == .dataError)
    }

    @Test func rootCommandHasEstimators() {
        #expect(TransitionBenchCommand.configuration.subcommands.contains { $0.configuration.commandName == "estimators" })
    }
}
