import RealModule
@_spi(Lanes) import TransitionPhysics

/// How a completion plays out, measured on frames: the numbers the sweep, the benchmark and
/// the batch integrator report.
///
/// Frames are the instants t_n = n / frameRate after release, n = 0, 1, 2, ...; t_0 stands for
/// the instant just after release. The batch integrator reduces exactly these quantities.
public struct CompletionMetrics: Hashable, Sendable {
    /// Seconds from release until the transition is done. Timed curves: their duration, exactly.
    /// Springs: the first frame time at which the spring's energy-equivalent amplitude
    /// sqrt(x² + v² / omega0²) (x the progress left to go, v its velocity) is within
    /// `settleTolerance` of the travel; energy never increases, so it stays settled. With the
    /// clamp policy: the first frame at which progress has reached the target. Infinity when
    /// an undamped spring never settles.
    public var completionTime: Double
    /// |progress velocity just after release - finger velocity at release|, progress per second.
    public var velocityJump: Double
    /// The farthest the shown progress goes past the target, as a fraction of the travel (>= 0).
    /// Springs: the motion's own largest excursion over the whole completion, from its closed
    /// form (`MotionExtrema`), so no frame rate or settle tolerance changes it; shown through the
    /// overshoot policy (the clamp shows none, the rubber band `RubberBand.offset` of it). Timed
    /// curves: the largest over the frames.
    public var overshoot: Double
    /// The largest |progress acceleration|, progress per s². Springs with the `allow` policy: the
    /// motion's own largest over the whole completion, from its closed form (`MotionExtrema`);
    /// clamped and rubber-banded springs, whose shown motion is not the spring's past the target,
    /// and timed curves: the largest over the frames up to completion (instants where a timing
    /// curve's slope is undefined contribute nothing).
    public var peakAcceleration: Double

    /// Metrics from their values: seconds, progress per second, fraction of the travel, progress per second squared.
    @inlinable
    public init(completionTime: Double, velocityJump: Double, overshoot: Double, peakAcceleration: Double) {
        self.completionTime = completionTime
        self.velocityJump = velocityJump
        self.overshoot = overshoot
        self.peakAcceleration = peakAcceleration
    }

    /// The default settling tolerance, as a fraction of the travel (0.001).
    public static let defaultSettleTolerance = 0.001
}

extension CompletionCurve {
    /// The metrics of this completion for a release whose finger velocity was
    /// `releaseVelocity` (progress per second).
    ///
    /// - Parameters:
    ///   - releaseVelocity: The finger's velocity at release, progress per second (the velocity
    ///     jump is measured against it).
    ///   - frameRate: Frames per second, > 0 (default 240).
    ///   - settleTolerance: Fraction of the travel within which a spring counts as settled (default 0.001).
    public func metrics(
        releaseVelocity: Double, frameRate: Double = TransitionSettings.defaultFrameRate,
        settleTolerance: Double = CompletionMetrics.defaultSettleTolerance
    ) -> CompletionMetrics {
        precondition(frameRate > 0 && frameRate.isFinite, "Frame rate must be positive and finite (Hz); got \(frameRate).")
        precondition(settleTolerance > 0, "Settle tolerance must be positive; got \(settleTolerance).")
        let dt = 1 / frameRate
        let jump = abs(velocity(at: 0) - releaseVelocity)
        switch shape {
        case .timingCurve, .uiKitSpringCurve, .minimumJerk:
            let duration = fixedDuration ?? 0
            var extremes = CompletionExtremes(target: target, pastSide: pastSide)
            var n = 0
            while true {
                let t = Double(n) * dt
                let s = state(at: min(t, duration))
                extremes.record(progress: s.progress, acceleration: t >= duration ? 0 : s.acceleration)
                if t >= duration { break }
                n += 1
            }
            return CompletionMetrics(
                completionTime: duration, velocityJump: jump, overshoot: extremes.overshoot,
                peakAcceleration: extremes.peakAcceleration)
        case .decay(let rate):
            // A coast never passes its target, and its largest acceleration is its first,
            // |target - start| / tau^2; it is settled from the first frame at which the distance
            // left, |target - start| e^(-t / tau), is within the tolerance.
            let tau = ProjectionForm.continuous.distancePerVelocity(rate: rate)
            let distance = abs(target - start)
            let settles = distance <= settleTolerance ? 0 : (tau * Double.log(distance / settleTolerance) / dt).rounded(.up) * dt
            return CompletionMetrics(
                completionTime: settles, velocityJump: jump, overshoot: 0, peakAcceleration: distance / (tau * tau))
        case .spring(let spring, let policy):
            let step = spring.propagator(time: dt)
            var frames = SpringFrameMetrics(
                stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass, policy: policy, target: target,
                pastSide: pastSide, toleranceSquared: settleTolerance * settleTolerance)
            var x = start - target
            var v = startVelocity
            let maximumFrames = Int(CompletionCurve.maximumSeconds * frameRate)
            var completionTime = Double.infinity
            for n in 0...maximumFrames {
                if frames.record(frame: n, displacement: x, velocity: v) {
                    completionTime = Double(n) * dt
                    break
                }
                (x, v) = step.apply(displacement: x, velocity: v)
            }
            let side = pastSide
            let extremes = SpringCompletionExtrema.values(
                policy: policy, displacement: side * (start - target), velocity: side * startVelocity, stiffness: spring.stiffness,
                damping: spring.damping, mass: spring.mass, framePeakAcceleration: frames.extremes.peakAcceleration)
            return CompletionMetrics(
                completionTime: completionTime, velocityJump: jump, overshoot: extremes.overshoot,
                peakAcceleration: extremes.peakAcceleration)
        }
    }

    /// The completion sampled at `frameRate` Hz from release until `duration` seconds
    /// (inclusive of t = 0): time (s), progress, velocity (progress per second).
    public func sampled(frameRate: Double, duration: Double) -> [(time: Double, progress: Double, velocity: Double)] {
        precondition(frameRate > 0 && duration >= 0, "Sampling needs a positive frame rate and a duration >= 0.")
        let count = Int((duration * frameRate).rounded(.down))
        return (0...count).map { n in
            let t = Double(n) / frameRate
            let s = state(at: t)
            return (t, s.progress, s.velocity)
        }
    }
}

/// The running extremes of a completion's frames: how far progress has gone past the target
/// (fraction of the travel, >= 0) and the largest finite |acceleration| (progress per s²).
public struct CompletionExtremes: Hashable, Sendable {
    /// The target progress.
    public let target: Double
    /// The sign that makes "past the target" positive (`OvershootPolicy.pastSide`).
    public let side: Double
    /// The farthest excursion past the target so far, fraction of the travel (0 until one is seen).
    public var overshoot = 0.0
    /// The largest finite |acceleration| so far, progress per s² (non-finite ones are skipped).
    public var peakAcceleration = 0.0

    /// Extremes of a completion toward `target` whose past side is `pastSide`
    /// (`OvershootPolicy.pastSide(start:startVelocity:target:)`), none seen yet.
    @inlinable
    public init(target: Double, pastSide: Double) {
        self.target = target
        side = pastSide
    }

    /// Records one frame's shown progress and acceleration (progress per s²).
    @inlinable @inline(__always)
    public mutating func record(progress: Double, acceleration: Double) {
        // Only a strictly positive excursion counts (max(0, -0.0) would keep the -0.0).
        let beyond = (progress - target) * side
        if beyond > overshoot { overshoot = beyond }
        if acceleration.isFinite { peakAcceleration = max(peakAcceleration, abs(acceleration)) }
    }
}

/// The frame rule of a spring completion's metrics: the one definition that
/// `CompletionCurve.metrics` and the batch integrator's scalar kernel call frame by frame (the
/// batch's SIMD kernel has one lane-parallel twin, tested against the scalar kernel).
///
/// A frame n shows the spring state (displacement `x` from the target, velocity `v`, progress per
/// second) through the overshoot policy; the frames' extremes are kept for the clamp and the
/// rubber band only (`allow`'s are the motion's closed form, `SpringCompletionExtrema`). The completion is done at the first frame where the
/// energy-equivalent amplitude sqrt(x² + v² / omega0²) is within the tolerance, or, with the
/// clamp policy, the first frame n > 0 at which progress has reached the target.
public struct SpringFrameMetrics: Sendable {
    /// The spring's constants: stiffness (1/s² per unit mass), damping (1/s per unit mass) and mass.
    public let stiffness: Double, damping: Double, mass: Double
    /// stiffness / mass, 1/s².
    public let omega0Squared: Double
    /// How each frame is shown past the target.
    public let policy: OvershootPolicy
    /// The settle tolerance squared (fraction of the travel, squared).
    public let toleranceSquared: Double
    /// The overshoot and peak acceleration of the frames recorded so far.
    public var extremes: CompletionExtremes
    /// Keep the frames' extremes under the `allow` policy too (false: only settling is decided
    /// on them): the batch's Euler and RK4 baselines report their own frames' extremes.
    public var keepsAllowExtremes = false

    /// - Parameters: the spring's constants (stiffness 1/s² and damping 1/s per unit mass, mass),
    ///   the overshoot policy, the target progress, the side past it
    ///   (`OvershootPolicy.pastSide(start:startVelocity:target:)`) and the settle tolerance squared.
    @inlinable
    public init(
        stiffness: Double, damping: Double, mass: Double, policy: OvershootPolicy, target: Double, pastSide: Double,
        toleranceSquared: Double
    ) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        omega0Squared = stiffness / mass
        self.policy = policy
        self.toleranceSquared = toleranceSquared
        extremes = CompletionExtremes(target: target, pastSide: pastSide)
    }

    /// True when the clamp policy stops progress at frame `n`: a frame after release at which
    /// the displacement `x` has reached or passed the target.
    @inlinable @inline(__always)
    public func clampArrives(frame n: Int, displacement x: Double) -> Bool {
        policy == .clamp && n > 0 && (extremes.side > 0 ? x >= 0 : x <= 0)
    }

    /// Records frame `n` with displacement `x` and velocity `v`; true when the completion is done
    /// at this frame (settled, or arrived under the clamp policy, which shows the target: no
    /// excursion, no acceleration).
    @inlinable @inline(__always)
    public mutating func record(frame n: Int, displacement x: Double, velocity v: Double) -> Bool {
        clampArrives(frame: n, displacement: x) || recordShown(displacement: x, velocity: v)
    }

    /// Records a frame that is not the clamp's arrival (see `record(frame:displacement:velocity:)`):
    /// shows it through the policy, keeps the extremes; true when the spring has settled.
    @inlinable @inline(__always)
    public mutating func recordShown(displacement x: Double, velocity v: Double) -> Bool {
        // The `allow` policy's extremes are the motion's closed form (`SpringCompletionExtrema`):
        // its frames only decide settling.
        if policy == .allow && !keepsAllowExtremes { return x * x + v * v / omega0Squared <= toleranceSquared }
        let target = extremes.target
        let a = -(stiffness * x + damping * v) / mass
        let shown = policy.apply(
            progress: target + x, displacement: x, velocity: v, acceleration: a, target: target, pastSide: extremes.side)
        extremes.record(progress: shown.progress, acceleration: shown.acceleration)
        return x * x + v * v / omega0Squared <= toleranceSquared
    }
}

/// A spring completion's overshoot and peak acceleration as its overshoot policy shows them: the
/// one rule `CompletionCurve.metrics` and every batch backend apply to the motion's closed-form
/// extrema (`MotionExtrema`).
public enum SpringCompletionExtrema {
    /// Overshoot (fraction of the travel) and peak acceleration (progress per s²) of a spring
    /// completion from sided displacement `y0` = side (start - target) and velocity `w0` = side
    /// startVelocity (progress per second), side `OvershootPolicy.pastSide`:
    /// - overshoot: the motion's largest excursion Y past the target (`MotionExtrema`) as shown:
    ///   Y (`allow`), 0 (`clamp`: it shows the target), `RubberBand.offset(Y, dimension: 1)`
    ///   (`rubberBand`: the band is increasing in the excursion, so it shows its largest there);
    /// - peak acceleration: the motion's own (`allow`); `framePeakAcceleration`, the largest over
    ///   the frames (`SpringFrameMetrics`), for `clamp` and `rubberBand`, whose shown acceleration
    ///   past the target is not the spring's.
    @inlinable
    public static func values(
        policy: OvershootPolicy, displacement y0: Double, velocity w0: Double, stiffness: Double, damping: Double, mass: Double,
        framePeakAcceleration: Double
    ) -> (overshoot: Double, peakAcceleration: Double) {
        shown(
            policy: policy,
            motion: MotionExtrema.extrema(displacement: y0, velocity: w0, stiffness: stiffness, damping: damping, mass: mass),
            framePeakAcceleration: framePeakAcceleration)
    }

    /// `values(policy:...)` from the motion's extrema already computed (the batch computes them
    /// 16 lanes at a time, with the same bits).
    @inlinable
    public static func shown(
        policy: OvershootPolicy, motion: (overshoot: Double, peakAcceleration: Double), framePeakAcceleration: Double
    ) -> (overshoot: Double, peakAcceleration: Double) {
        switch policy {
        case .allow: return motion
        case .clamp: return (0, framePeakAcceleration)
        case .rubberBand: return (RubberBand.offset(motion.overshoot, dimension: 1), framePeakAcceleration)
        }
    }
}
