import Foundation
import Testing
import TransitionLab
import TransitionPhysics
import TransitionSweep
import TransitionTraces
@testable import TransitionBench

/// The batch evaluator (`--evaluator batch`) against the reference, replaying every (trace,
/// model) pair through its `GestureRunner`: the same outcome, bit for bit, for every trace and
/// every model, across model kinds, completion shapes, overshoot policies, damping regimes,
/// frame rates, traces that never start, are cancelled by the system or release twice.
@Suite struct BehaviorLanesTests {
    /// Built-ins and a grid of the sweep's flags over every kind and shape.
    static func models(replay: ReplaySettings = ReplaySettings()) throws -> [BenchModel] {
        var options = try ModelOptions.parse([
            "--model", "classic,cupertino,physics", "--response", "0.2,0.45", "--damping-ratio", "0.4,1,1.6",
            "--deceleration-rate", "0.99,0.998,0.9995", "--overshoot", "allow,clamp,rubberBand",
            "--completion-shape", "spring,minimum-jerk,ease-in-out", "--threshold", "0.3,0.5",
        ])
        var variants = try options.variants()
        options = try ModelOptions.parse(["--model", "physics", "--frame-rate", "60,120", "--min-fling-velocity", "0,0.5"])
        variants += try options.variants()
        return ReleaseModelPreset.allCases.map { $0.benchModel(replay: replay) }
            + variants.map { variant in
                var replay = replay
                replay.frameRate = variant.frameRate
                return BenchModel(name: variant.benchName, model: variant.builtIn, replay: replay)
            }
    }

    /// Traces the synthetic corpus does not hold: two releases (a touch interrupting the
    /// completion), a second touch that never lifts, a recognizer cancelled by the system, a
    /// stroke that never passes the touch slop, a vertical trace on a y axis, a stroke that
    /// never lifts.
    static var oddTraces: [GestureTrace] {
        func moves(_ t0: Double, _ x0: Double, _ dx: Double, _ n: Int) -> [TouchSample] {
            (1...n).map { TouchSample(time: t0 + Double($0) * 0.008, x: x0 + dx * Double($0), phase: .changed) }
        }
        var twice = [TouchSample(time: 0, x: 100, phase: .began)] + moves(0, 100, 9, 12)
        twice.append(TouchSample(time: 0.104, x: 208, phase: .ended))
        twice.append(TouchSample(time: 0.16, x: 300, phase: .began))
        twice += moves(0.16, 300, -12, 10)
        twice.append(TouchSample(time: 0.25, x: 180, phase: .ended))
        var unlifted = [TouchSample(time: 0, x: 50, phase: .began)] + moves(0, 50, 15, 8)
        unlifted.append(TouchSample(time: 0.072, x: 170, phase: .ended))
        unlifted.append(TouchSample(time: 0.1, x: 170, phase: .began))
        unlifted += moves(0.1, 170, 3, 5)
        var cancelled = [TouchSample(time: 0, x: 10, phase: .began)] + moves(0, 10, 20, 10)
        cancelled.append(TouchSample(time: 0.09, x: 210, phase: .cancelled))
        var still = [TouchSample(time: 0, x: 10, phase: .began)] + moves(0, 10, 0.5, 6)
        still.append(TouchSample(time: 0.06, x: 13, phase: .ended))
        let noLift = [TouchSample(time: 0, x: 10, phase: .began)] + moves(0, 10, 20, 10)
        var vertical = [TouchSample(time: 0, x: 0, y: 600, phase: .began)]
        vertical += (1...10).map { TouchSample(time: Double($0) * 0.01, x: 1, y: 600 - 25 * Double($0), phase: .changed) }
        vertical.append(TouchSample(time: 0.11, x: 1, y: 350, phase: .ended))
        return [
            GestureTrace(id: "twice", samples: twice, travel: 400, intent: .finish, pixelsPerUnit: 2),
            GestureTrace(id: "unlifted", samples: unlifted, travel: 400, intent: .cancel),
            GestureTrace(id: "cancelled", samples: cancelled, travel: 390, intent: .finish, pixelsPerUnit: 3),
            GestureTrace(id: "still", samples: still, travel: 400),
            GestureTrace(id: "vertical", samples: vertical, travel: 800, intent: .finish, axis: .y),
            GestureTrace(id: "no-lift", samples: noLift, travel: 400, intent: .cancel),
        ]
    }

    static func sets() throws -> [TraceSet] {
        let recorded = try TraceSources.recorded([try HandMadeTraces.write(HandMadeTraces.csv)])
        return recorded + [
            TraceSet(source: "odd", traces: oddTraces, isSynthetic: false),
            TraceSources.synthetic(count: 120, seed: 11),
        ]
    }

    /// Models whose completions are equal (the same physics model) but whose replays differ (a
    /// fixed travel, another fling cap, another direction rule) release differently, so they must
    /// not share a completion lane: the replay is part of the lane key (368 of 400
    /// outcomes differed from the scalar evaluator when it was not).
    @Test func equalCompletionsUnderDifferentReplaysKeepTheirOwnReleases() throws {
        let sets = try Self.sets()
        let presets = ReleaseModelPreset.physics
        let replays = [
            ReplaySettings(), ReplaySettings(fixedTravel: 200), ReplaySettings(maximumReleaseSpeed: 300),
            ReplaySettings(directionRule: .fixedNegative), ReplaySettings(fixedTravel: 200, maximumReleaseSpeed: 300),
        ]
        let models = replays.enumerated().map { i, replay in BenchModel(name: "physics-\(i)", model: presets.model, replay: replay) }
        let batch = BehaviorBenchmark(models: models, evaluator: .batch).run(sets)
        let scalar = BehaviorBenchmark(models: models, evaluator: .scalar).run(sets)
        var mismatches = 0, differ = 0
        for (s, set) in sets.enumerated() {
            for t in set.traces.indices {
                for m in models.indices {
                    let a = batch.outcome(set: s, trace: t, model: m), b = scalar.outcome(set: s, trace: t, model: m)
                    if !Self.sameBits(a, b) { mismatches += 1 }
                    if m > 0 && !Self.sameBits(b, scalar.outcome(set: s, trace: t, model: 0)) { differ += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(differ > 0, "the replays must change some releases, or this test checks nothing")
    }

    @Test(arguments: [ReplaySettings(), ReplaySettings(estimator: .impulse, touchSlop: 0, directionRule: .firstMovement, settleTolerance: 0.01)])
    func batchEqualsScalarForEveryTraceAndModel(replay: ReplaySettings) throws {
        let sets = try Self.sets()
        let models = try Self.models(replay: replay)
        let batch = BehaviorBenchmark(models: models, evaluator: .batch).run(sets)
        let scalar = BehaviorBenchmark(models: models, evaluator: .scalar).run(sets)
        var mismatches = 0
        for (s, set) in sets.enumerated() {
            for (t, trace) in set.traces.enumerated() {
                for m in models.indices {
                    let a = batch.outcome(set: s, trace: t, model: m), b = scalar.outcome(set: s, trace: t, model: m)
                    if !Self.sameBits(a, b) {
                        mismatches += 1
                        if mismatches <= 5 { Issue.record("trace \(trace.id), model \(models[m].name): batch \(a), scalar \(b)") }
                    }
                }
            }
        }
        #expect(mismatches == 0)
        // The reference itself: each pair replayed alone.
        for (t, trace) in Self.oddTraces.enumerated() {
            for m in models.indices where m % 7 == 0 {
                #expect(Self.sameBits(scalar.outcome(set: 1, trace: t, model: m), models[m].runner.run(trace).outcome))
            }
        }
        // The odd traces reach every branch of the batch evaluator: two releases (scalar), one
        // release followed by an unlifted touch (lanes), none at all, a system cancel.
        let physics = models.firstIndex { $0.name == "physics" }!
        let odd = Self.oddTraces
        #expect(models[physics].runner.replay(odd[0]).releases.count == 2)
        #expect(models[physics].runner.replay(odd[1]).releases.count == 1)
        #expect(models[physics].runner.replay(odd[5]).releases.isEmpty)
        #expect(!batch.outcome(set: 1, trace: 5, model: physics).started)
        #expect(batch.outcome(set: 1, trace: 2, model: physics).decision == .cancel)
    }

    /// Chunks of models (a small outcome budget) give the outcomes of one chunk, in order.
    @Test func chunkingDoesNotChangeOutcomes() throws {
        let sets = try Self.sets()
        let models = try Self.models()
        let whole = BehaviorBenchmark(models: models).run(sets)
        var chunked = BehaviorBenchmark(models: models)
        chunked.outcomeBudgetBytes = 7 * sets.reduce(0) { $0 + $1.traces.count } * MemoryLayout<ReleaseOutcome>.stride
        var outcomes: [ReleaseOutcome] = []
        var ranges: [Range<Int>] = []
        chunked.run(sets) { chunk in
            ranges.append(chunk.models)
            outcomes += chunk.outcomes
        }
        #expect(ranges.count == (models.count + 6) / 7 && ranges.allSatisfy { $0.count <= 7 })
        #expect(zip(outcomes, whole.chunk.outcomes).allSatisfy(Self.sameBits) && outcomes.count == whole.chunk.outcomes.count)
    }

    /// A `consume` that throws part way stops the run with its error, after the chunks before it,
    /// each handed over once, in order.
    @Test func consumeThatThrowsStopsTheRun() throws {
        struct Stop: Error {}
        let sets = try Self.sets()
        let models = try Self.models()
        var chunked = BehaviorBenchmark(models: models)
        chunked.outcomeBudgetBytes = 2 * sets.reduce(0) { $0 + $1.traces.count } * MemoryLayout<ReleaseOutcome>.stride
        var ranges: [Range<Int>] = []
        #expect(throws: Stop.self) {
            try chunked.run(sets) { chunk in
                ranges.append(chunk.models)
                if ranges.count == 2 { throw Stop() }
            }
        }
        #expect(models.count > 4 && ranges == [0..<2, 2..<4])
    }

    /// As a user runs it: `--evaluator batch` and `--evaluator scalar` write the same table and
    /// the same per-trace bytes, for a grid of variants, with a small chunk forced by the count.
    @Test func commandWritesTheSameBytesWithEitherEvaluator() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let traces = try HandMadeTraces.write(HandMadeTraces.csv)
        var outputs: [String: (table: String, perTrace: Data)] = [:]
        for evaluator in BehaviorEvaluator.allCases {
            let file = directory.appendingPathComponent("per-trace-\(evaluator.rawValue).csv")
            let command = try BehaviorCommand.parse([
                "--traces", traces.path, "--synthetic", "200", "--seed", "5", "--builtin", "classic", "--builtin", "physics",
                "--model", "physics", "--response", "0.25,0.4", "--damping-ratio", "0.7,1.2", "--deceleration-rate", "0.99,0.998",
                "--completion-shape", "spring,minimum-jerk", "--format", "csv", "--per-trace", file.path,
                "--evaluator", evaluator.rawValue,
            ])
            let table = try command.report(currentDirectory: directory) { _ in }
            outputs[evaluator.rawValue] = (table, try Data(contentsOf: file))
        }
        let batch = try #require(outputs["batch"]), scalar = try #require(outputs["scalar"])
        #expect(batch.table == scalar.table)
        #expect(batch.perTrace == scalar.perTrace)
        #expect(batch.perTrace.count > 100_000)
    }

    /// Small versions of the grid shapes docs/behaviour.md times (shared completions, distinct
    /// completions, lightly damped, undamped with every overshoot policy, every shape): both
    /// evaluators write the same table and per-trace bytes.
    @Test(arguments: BehaviorLanesTests.gridShapes)
    func gridShapeWritesTheSameBytesWithEitherEvaluator(shape: GridShape) throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let traces = try HandMadeTraces.write(HandMadeTraces.csv)
        var outputs: [String: (table: String, perTrace: Data)] = [:]
        for evaluator in BehaviorEvaluator.allCases {
            let file = directory.appendingPathComponent("per-trace-\(shape.name)-\(evaluator.rawValue).csv")
            let command = try BehaviorCommand.parse(
                ["--traces", traces.path, "--synthetic", "60", "--seed", "3", "--format", "csv", "--per-trace", file.path,
                 "--evaluator", evaluator.rawValue] + shape.flags)
            let table = try command.report(currentDirectory: directory) { _ in }
            outputs[evaluator.rawValue] = (table, try Data(contentsOf: file))
        }
        let batch = try #require(outputs["batch"]), scalar = try #require(outputs["scalar"])
        #expect(batch.table == scalar.table, "\(shape.name)")
        #expect(batch.perTrace == scalar.perTrace, "\(shape.name)")
    }

    struct GridShape: Sendable, CustomTestStringConvertible {
        var name: String
        var flags: [String]
        var testDescription: String { name }
    }

    static let gridShapes = [
        GridShape(name: "shared completions", flags: [
            "--model", "physics", "--response", "0.2,0.4", "--damping-ratio", "0.6,1", "--deceleration-rate", "0.99,0.998,0.9995"]),
        GridShape(name: "distinct completions", flags: [
            "--model", "physics", "--response", "0.1:0.5:0.1", "--damping-ratio", "0.05,0.35,0.65,0.95,1.04"]),
        GridShape(name: "lightly damped", flags: [
            "--model", "physics", "--stiffness", "100,400", "--damping", "0,5,40", "--mass", "1,2",
            "--overshoot", "allow,clamp,rubberBand"]),
        GridShape(name: "undamped", flags: [
            "--model", "physics", "--damping-ratio", "0,0.2,1", "--overshoot", "allow,clamp,rubberBand",
            "--completion-shape", "spring,minimum-jerk", "--estimator", "weighted", "--settle-tolerance", "0.0001"]),
        GridShape(name: "every shape", flags: [
            "--model", "classic,cupertino,physics", "--response", "0.15,0.6", "--damping-ratio", "0.5,1.4",
            "--completion-shape", "spring,minimum-jerk,ease-in-out", "--overshoot", "allow,rubberBand"]),
    ]

    /// Selection gives the sorted quantile's value, with ties, infinities and every size.
    @Test func selectedQuantileEqualsSortedQuantile() {
        var generator = SplitMix64(seed: 241)
        let extremes: [Double] = [-.infinity, -3e300, -1.5, -1e-300, -0.0, 0, Double("1e-310")!, 2, 2.0000000000000004, 7e300, .infinity]
        // Past 600 values the selection first selects in a window (Floyd and Rivest), past about
        // 41,000 in a window of its window.
        for n in [1, 2, 3, 4, 5, 10, 11, 33, 64, 601, 1000, 1001, 5000, 50_000] {
            for pattern in 0..<6 {
                let values: [Double] = (0..<n).map { i in
                    switch pattern {
                    case 0: return Double.random(in: -1...1, using: &generator)
                    case 1: return Double(Int.random(in: 0...3, using: &generator))
                    case 2: return i % 5 == 0 ? .infinity : Double(i % 7)
                    case 3: return extremes.randomElement(using: &generator)!
                    case 4: return Double(Int.random(in: 40...120, using: &generator)) / 240 + (i % 3 == 0 ? 1e-15 : 0)
                    default: return 0
                    }
                }
                let sorted = values.sorted()
                for q in [0, 0.1, 0.5, 0.9, 1] {
                    var copy = values
                    #expect(Self.same(selectedQuantile(&copy, q), quantile(sorted, q)), "n \(n), pattern \(pattern), q \(q)")
                }
                // Increasing quantiles on one array, each searching above the last (the summaries' way).
                var copy = values
                var above = 0
                for q in [0.1, 0.5, 0.5, 0.9, 1] {
                    #expect(Self.same(selectedQuantile(&copy, q, above: &above), quantile(sorted, q)), "n \(n), pattern \(pattern), q \(q) in order")
                }
            }
        }
        var empty: [Double] = []
        #expect(selectedQuantile(&empty, 0.5) == nil)
    }

    /// Equal quantiles, NaN (interpolating from -infinity) equal to NaN.
    static func same(_ a: Double?, _ b: Double?) -> Bool {
        a == b || (a?.isNaN == true && b?.isNaN == true)
    }

    /// Equal outcomes, comparing every number by its bits (so -0.0 and 0.0, or two NaNs, differ
    /// or agree exactly as the bytes would).
    static func sameBits(_ a: ReleaseOutcome, _ b: ReleaseOutcome) -> Bool {
        a.started == b.started && a.decision == b.decision
            && [a.releaseProgress, a.releaseVelocity, a.completionTime, a.visualCompletionTime, a.velocityJump, a.overshoot, a.peakAcceleration]
                .map(\.bitPattern)
                == [b.releaseProgress, b.releaseVelocity, b.completionTime, b.visualCompletionTime, b.velocityJump, b.overshoot, b.peakAcceleration]
                .map(\.bitPattern)
            && a.projectedProgress?.bitPattern == b.projectedProgress?.bitPattern
    }
}
