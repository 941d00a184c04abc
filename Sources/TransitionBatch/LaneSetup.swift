import TransitionLab
import TransitionPhysics
import _NonTemporal

/// What every backend derives from a physics lane before stepping: the scalar path's decision,
/// target and initial state (`ProjectedSpringModel.release`), and the velocity jump at t = 0.
struct SpringLaneStart {
    var decision: Decision
    var projected: Double
    var target: Double
    /// The sign that makes "past the target" positive (`OvershootPolicy.pastSide`: +1 from below, -1 from above).
    var side: Double
    /// Displacement from the target and velocity at release (not multiplied by `side`).
    var x0: Double
    var v0: Double
    var jump: Double
    var policy: OvershootPolicy
}

/// A physics lane's decision (`ProjectedSpringModel.release`'s rule), its projection, target
/// and the side past the target (`OvershootPolicy.pastSide`): what the visual completion needs of
/// a lane, and where `startPhysicsLane` begins.
@inline(__always)
func physicsLaneTarget(_ r: borrowing BatchReleases.Pointers, _ i: Int) -> (decision: Decision, projected: Double, target: Double, side: Double) {
    let p = r.progress[i], v = r.velocity[i]
    let projected = ProjectionRule.projectedProgress(
        progress: p, velocity: v, minFlingVelocity: r.minFlingVelocity[i], distancePerVelocity: r.distancePerVelocity[i])
    let decision = ProjectionRule.decision(
        projectedProgress: projected, threshold: r.threshold[i], recognizerCancelled: r.recognizerCancelled[i])
    let target = decision.targetProgress
    return (decision, projected, target, OvershootPolicy.pastSide(start: p, startVelocity: v, target: target))
}

@inline(__always)
func startPhysicsLane(_ r: borrowing BatchReleases.Pointers, _ i: Int) -> SpringLaneStart {
    let p = r.progress[i], v = r.velocity[i]
    let (decision, projected, target, side) = physicsLaneTarget(r, i)
    let x0 = p - target
    let policy = r.overshoot[i]
    // CompletionCurve.velocity(at: 0): the propagator at time 0 is the identity, so the shown
    // velocity is the policy applied to the release state (never the clamp's arrival: it is > 0).
    let a0 = -(r.stiffness[i] * x0 + r.damping[i] * v) / r.mass[i]
    let shown = policy.apply(progress: target + x0, displacement: x0, velocity: v, acceleration: a0, target: target, pastSide: side)
    return SpringLaneStart(
        decision: decision, projected: projected, target: target, side: side, x0: x0, v0: v,
        jump: abs(shown.velocity - v), policy: policy)
}

/// Timed lanes (classic, Cupertino, physics with a timed completion shape): the scalar path
/// itself, lane by lane.
struct TimedLaneResult {
    var decision: Decision
    /// The model's projected progress, NaN for models that do not project.
    var projected: Double
    var completionFrame: Int32
    var metrics: CompletionMetrics
    var curve: CompletionCurve
}

func evaluateTimedLane(_ releases: BatchReleases, _ i: Int, frameRate: Double, settleTolerance: Double) -> TimedLaneResult {
    let state = releases.state(at: i)
    let completion = releases.model(at: i).model.release(state)
    let metrics = completion.curve.metrics(releaseVelocity: state.velocity, frameRate: frameRate, settleTolerance: settleTolerance)
    let duration = completion.curve.fixedDuration ?? 0
    let dt = 1 / frameRate
    // The first frame n with n dt >= duration (the frame the metrics loop ends on).
    var n = max(0, Int((duration * frameRate).rounded(.up)))
    while Double(n) * dt < duration { n += 1 }
    while n > 0 && Double(n - 1) * dt >= duration { n -= 1 }
    return TimedLaneResult(
        decision: completion.decision, projected: completion.projectedProgress ?? .nan, completionFrame: Int32(clamping: n), metrics: metrics, curve: completion.curve)
}

extension BatchReleases {
    /// Base addresses of the hot columns, valid inside `withPointers`.
    struct Pointers: @unchecked Sendable {
        let count: Int
        let progress: UnsafePointer<Double>
        let velocity: UnsafePointer<Double>
        let recognizerCancelled: UnsafePointer<Bool>
        /// True for lanes the spring kernels run (physics with the spring completion).
        let isSpringLane: UnsafePointer<Bool>
        let mass: UnsafePointer<Double>
        let stiffness: UnsafePointer<Double>
        let damping: UnsafePointer<Double>
        let distancePerVelocity: UnsafePointer<Double>
        let threshold: UnsafePointer<Double>
        let minFlingVelocity: UnsafePointer<Double>
        let overshoot: UnsafePointer<OvershootPolicy>
    }

    /// Calls `body` with the base addresses of the hot columns (every column has one, an empty
    /// batch's included), valid until `body` returns: the batch is kept alive around it and not
    /// changed (it is a constant here).
    func withPointers<R>(_ body: (Pointers) -> R) -> R {
        withExtendedLifetime(self) {
            body(
                Pointers(
                    count: count, progress: progress.baseAddress, velocity: velocity.baseAddress,
                    recognizerCancelled: recognizerCancelled.baseAddress, isSpringLane: isSpringLane.baseAddress,
                    mass: mass.baseAddress, stiffness: stiffness.baseAddress, damping: damping.baseAddress,
                    distancePerVelocity: distancePerVelocity.baseAddress, threshold: threshold.baseAddress,
                    minFlingVelocity: minFlingVelocity.baseAddress, overshoot: overshoot.baseAddress))
        }
    }
}

/// Step matrices per lane, reusing the last one when a lane has the same spring as the previous
/// lane (sweeps and shared-spring batches compute each propagator once per run of lanes).
struct StepMatrixCache {
    let scheme: BatchScheme
    let dt: Double
    var lastMass = Double.nan, lastStiffness = Double.nan, lastDamping = Double.nan
    var last = SpringPropagator(
        positionFromPosition: 1, positionFromVelocity: 0, velocityFromPosition: 0, velocityFromVelocity: 1,
        positionIncrementFromPosition: 0)

    init(scheme: BatchScheme, dt: Double) {
        self.scheme = scheme
        self.dt = dt
    }

    @inline(__always)
    func holds(mass m: Double, stiffness k: Double, damping c: Double) -> Bool {
        m == lastMass && k == lastStiffness && c == lastDamping
    }

    mutating func store(mass m: Double, stiffness k: Double, damping c: Double, _ step: SpringPropagator) {
        lastMass = m; lastStiffness = k; lastDamping = c
        last = step
    }

    @inline(__always)
    mutating func matrix(mass m: Double, stiffness k: Double, damping c: Double) -> SpringPropagator {
        if m == lastMass && k == lastStiffness && c == lastDamping { return last }
        last = scheme.stepMatrix(spring: Spring(validatedMass: m, stiffness: k, damping: c), dt: dt)
        lastMass = m; lastStiffness = k; lastDamping = c
        return last
    }
}

let identityStep = SpringPropagator(
    positionFromPosition: 1, positionFromVelocity: 0, velocityFromPosition: 0, velocityFromVelocity: 1,
    positionIncrementFromPosition: 0)

extension BatchReleases.Pointers {
    /// Requests the cache lines of the 16 lanes from `first` (which must be a whole block within
    /// `count`) of every per-lane array the plain path reads.
    @inline(__always)
    func prefetch(lanes first: Int) {
        guard first + laneWidth <= count else { return }
        for array in [progress, velocity, mass, stiffness, damping, distancePerVelocity, threshold, minFlingVelocity] {
            // 128 bytes: two lines, and the next block's request covers a third one it straddles.
            tp_prefetch_for_read(array + first)
            tp_prefetch_for_read(array + first + 8)
        }
        tp_prefetch_for_read(isSpringLane + first)
        tp_prefetch_for_read(overshoot + first)
    }
}
