import TransitionLab
import TransitionPhysics
import _NonTemporal

/// Per-lane results of a batch run, in struct-of-arrays form: lane `i` holds what the scalar
/// path (`model.release(state)` then `curve.metrics(releaseVelocity:frameRate:settleTolerance:)`)
/// computes for release `i`.
public struct BatchOutcome: Sendable {
    /// Finish or cancel, per lane.
    public internal(set) var decision: [Decision]
    /// Where the release would coast (physics lanes); NaN for models without projection.
    public internal(set) var projectedProgress: [Double]
    /// The frame n (at time n / frameRate) at which the completion is done: springs, the first
    /// settled (or clamped) frame; timed curves, the first frame at or after their duration.
    /// -1 when a spring has not settled by the frame limit.
    public internal(set) var completionFrame: [Int32]
    /// `CompletionMetrics.completionTime`: n / frameRate for springs (infinity when not
    /// settled by the frame limit); the exact duration for timed curves.
    public internal(set) var completionTime: [Double]
    /// |velocity just after release - release velocity|, progress per second, per lane.
    public internal(set) var velocityJump: [Double]
    /// The farthest excursion past the target, fraction of the travel, per lane.
    public internal(set) var overshoot: [Double]
    /// The largest |acceleration| over the completion's frames, progress per second squared, per lane.
    public internal(set) var peakAcceleration: [Double]

    /// An empty outcome, to pass to `BatchIntegrator.run(_:into:)`.
    public init() { self.init(count: 0) }

    init(count: Int) {
        decision = Array(repeating: .cancel, count: count)
        projectedProgress = Array(repeating: .nan, count: count)
        completionFrame = Array(repeating: -1, count: count)
        completionTime = Array(repeating: .infinity, count: count)
        velocityJump = Array(repeating: 0, count: count)
        overshoot = Array(repeating: 0, count: count)
        peakAcceleration = Array(repeating: 0, count: count)
    }

    /// The number of lanes.
    public var count: Int { decision.count }

    /// Lane `i` as the scalar path's `CompletionMetrics`.
    @inlinable
    public func metrics(at i: Int) -> CompletionMetrics {
        CompletionMetrics(
            completionTime: completionTime[i], velocityJump: velocityJump[i], overshoot: overshoot[i],
            peakAcceleration: peakAcceleration[i])
    }
}

/// Raw pointers into a `BatchOutcome`'s arrays, written by the workers (each lane by exactly one).
struct OutcomeWriter: @unchecked Sendable {
    let decision: UnsafeMutablePointer<Decision>
    let projectedProgress: UnsafeMutablePointer<Double>
    let completionFrame: UnsafeMutablePointer<Int32>
    let completionTime: UnsafeMutablePointer<Double>
    let velocityJump: UnsafeMutablePointer<Double>
    let overshoot: UnsafeMutablePointer<Double>
    let peakAcceleration: UnsafeMutablePointer<Double>

    func write(lane i: Int, decision d: Decision, projected: Double, frame: Int32, time: Double, metrics: (jump: Double, overshoot: Double, peak: Double)) {
        decision[i] = d
        projectedProgress[i] = projected
        completionFrame[i] = frame
        completionTime[i] = time
        velocityJump[i] = metrics.jump
        overshoot[i] = metrics.overshoot
        peakAcceleration[i] = metrics.peak
    }
}

extension BatchOutcome {
    /// Calls `body` with writers into freshly allocated arrays, then returns them as an outcome.
    static func withWriter(count: Int, _ body: (OutcomeWriter) -> Void) -> BatchOutcome {
        var outcome = BatchOutcome(count: count)
        outcome.withWriter(body)
        return outcome
    }

    /// Calls `body` with writers into this outcome's arrays, first replaced by fresh ones when
    /// their count is not `count`. Every backend writes every field of every lane, so the
    /// previous contents never show through.
    mutating func withWriter(count: Int, _ body: (OutcomeWriter) -> Void) {
        if self.count != count { self = BatchOutcome(count: count) }
        withWriter(body)
    }

    private mutating func withWriter(_ body: (OutcomeWriter) -> Void) {
        var outcome = self
        self = BatchOutcome(count: 0)  // keep the arrays uniquely referenced (no copy on write)
        defer { self = outcome }
        outcome.decision.withUnsafeMutableBufferPointer { d in
            outcome.projectedProgress.withUnsafeMutableBufferPointer { p in
                outcome.completionFrame.withUnsafeMutableBufferPointer { f in
                    outcome.completionTime.withUnsafeMutableBufferPointer { t in
                        outcome.velocityJump.withUnsafeMutableBufferPointer { j in
                            outcome.overshoot.withUnsafeMutableBufferPointer { o in
                                outcome.peakAcceleration.withUnsafeMutableBufferPointer { a in
                                    body(
                                        OutcomeWriter(
                                            decision: d.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!,
                                            projectedProgress: p.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!,
                                            completionFrame: f.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!,
                                            completionTime: t.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!,
                                            velocityJump: j.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!,
                                            overshoot: o.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!,
                                            peakAcceleration: a.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension OutcomeWriter {
    /// Requests ownership of the cache lines of the 16 lanes from `first` in every array a block
    /// writes. A partial last block may point past an array's end: prefetches never fault.
    @inline(__always)
    func prefetch(lanes first: Int) {
        for array in [projectedProgress, completionTime, velocityJump, overshoot, peakAcceleration] {
            tp_prefetch_for_write(array + first)
            tp_prefetch_for_write(array + first + 8)
        }
        tp_prefetch_for_write(completionFrame + first)
        tp_prefetch_for_write(decision + first)
    }
}
