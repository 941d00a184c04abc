import Dispatch
import TransitionPhysics
import TransitionTraces

/// Traces from one place: a recorded file (source = its file name) or the synthetic corpus.
public struct TraceSet: Sendable {
    /// The `source` column: the recorded file's name, or `synthetic`.
    public var source: String
    public var traces: [GestureTrace]
    /// Synthetic sets also get one summary row per family (`synthetic/<family>`).
    public var isSynthetic: Bool
    /// Malformed strokes of the recorded file left out (`--skip-invalid-traces`), in file order.
    public var skipped: [SkippedStroke]

    public init(source: String, traces: [GestureTrace], isSynthetic: Bool, skipped: [SkippedStroke] = []) {
        self.source = source
        self.traces = traces
        self.isSynthetic = isSynthetic
        self.skipped = skipped
    }
}

/// One trace under one model: what the runner reported, flattened for counting and CSV.
public struct TraceOutcome: Sendable, Hashable {
    /// False when the gesture never started a transition (outside an edge zone) or never ended;
    /// such a trace counts as a cancel and is left out of the medians.
    public var started: Bool
    public var decision: Decision
    public var releaseProgress: Double
    /// Finger velocity at release, progress (travel widths) per second.
    public var releaseVelocity: Double
    public var projectedProgress: Double?
    /// Seconds from release to done (settled within the settle tolerance, on frames).
    public var completionTime: Double
    /// Seconds from release until nothing moves by one physical pixel (the frame driver's
    /// `.completed`, `GestureOutcome.visualCompletionTime`).
    public var visualCompletionTime: Double
    /// |completion velocity just after release - finger velocity|, progress per second.
    public var velocityJump: Double
    /// Farthest progress past the target, fraction of the travel.
    public var overshoot: Double
    /// Largest |progress acceleration| after release, progress per second squared.
    public var peakAcceleration: Double

    init(_ outcome: GestureOutcome) {
        started = outcome.started
        decision = outcome.started ? outcome.decision : .cancel
        releaseProgress = outcome.releaseProgress
        releaseVelocity = outcome.releaseVelocity
        projectedProgress = outcome.projectedProgress
        completionTime = outcome.metrics.completionTime
        visualCompletionTime = outcome.visualCompletionTime
        velocityJump = outcome.metrics.velocityJump
        overshoot = outcome.metrics.overshoot
        peakAcceleration = outcome.metrics.peakAcceleration
    }
}

/// Every trace of every set replayed under every model.
public struct BehaviorResults: Sendable {
    public var models: [String]
    public var sets: [TraceSet]
    /// `outcomes[s][t][m]`: set s, trace t, model m.
    public var outcomes: [[[TraceOutcome]]]
}

/// The behaviour benchmark: replays traces under models, in parallel and deterministically.
public struct BehaviorBenchmark: Sendable {
    public var models: [BenchModel]

    public init(models: [BenchModel]) {
        precondition(!models.isEmpty, "The behaviour benchmark needs at least one model.")
        self.models = models
    }

    /// Replays every trace under every model. Traces are split into fixed chunks that run
    /// concurrently (`DispatchQueue.concurrentPerform`); each chunk writes only its own slots,
    /// so the results do not depend on scheduling or the number of cores.
    public func run(_ sets: [TraceSet]) -> BehaviorResults {
        let traces = sets.flatMap(\.traces)
        let modelCount = models.count
        let chunkSize = 64
        let chunkCount = (traces.count + chunkSize - 1) / chunkSize
        let models = self.models
        var flat = [TraceOutcome?](repeating: nil, count: traces.count * modelCount)
        flat.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                let range = chunk * chunkSize..<min(traces.count, (chunk + 1) * chunkSize)
                for t in range {
                    for m in 0..<modelCount {
                        slots.buffer[t * modelCount + m] = TraceOutcome(models[m].runner.run(traces[t]))
                    }
                }
            }
        }
        var outcomes: [[[TraceOutcome]]] = []
        var offset = 0
        for set in sets {
            outcomes.append((0..<set.traces.count).map { t in
                (0..<modelCount).map { m in flat[(offset + t) * modelCount + m]! }
            })
            offset += set.traces.count
        }
        return BehaviorResults(models: models.map(\.name), sets: sets, outcomes: outcomes)
    }
}

/// Disjoint slots written by concurrent chunks: each index is written by exactly one chunk.
private struct Slots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<TraceOutcome?>
}
