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
    /// The farthest progress goes past the target, as a fraction of the travel (>= 0).
    public var overshoot: Double
    /// The largest |progress acceleration| over the frames up to completion, progress per s².
    /// Instants where a timing curve's slope is undefined contribute nothing.
    public var peakAcceleration: Double

    public init(completionTime: Double, velocityJump: Double, overshoot: Double, peakAcceleration: Double) {
        self.completionTime = completionTime
        self.velocityJump = velocityJump
        self.overshoot = overshoot
        self.peakAcceleration = peakAcceleration
    }

    /// The default frame rate for metrics, Hz.
    public static let defaultFrameRate = 240.0
    /// The default settling tolerance, as a fraction of the travel (0.001).
    public static let defaultSettleTolerance = 0.001
    /// Frames after which a spring that has not settled is reported as never settling.
    public static let maximumSeconds = 60.0
}

extension CompletionCurve {
    /// The metrics of this completion for a release whose finger velocity was
    /// `releaseVelocity` (progress per second).
    ///
    /// - Parameters:
    ///   - frameRate: Frames per second, > 0 (default 240).
    ///   - settleTolerance: Fraction of the travel within which a spring counts as settled (default 0.001).
    public func metrics(
        releaseVelocity: Double, frameRate: Double = CompletionMetrics.defaultFrameRate,
        settleTolerance: Double = CompletionMetrics.defaultSettleTolerance
    ) -> CompletionMetrics {
        precondition(frameRate > 0 && frameRate.isFinite, "Frame rate must be positive and finite (Hz); got \(frameRate).")
        precondition(settleTolerance > 0, "Settle tolerance must be positive; got \(settleTolerance).")
        let dt = 1 / frameRate
        let side = target >= 0.5 ? 1.0 : -1.0
        var overshoot = 0.0
        var peakAcceleration = 0.0
        func record(progress: Double, acceleration: Double) {
            // Only a strictly positive excursion counts (max(0, -0.0) would keep the -0.0).
            let beyond = (progress - target) * side
            if beyond > overshoot { overshoot = beyond }
            if acceleration.isFinite { peakAcceleration = max(peakAcceleration, abs(acceleration)) }
        }
        let jump = abs(velocity(at: 0) - releaseVelocity)
        switch shape {
        case .timingCurve, .uiKitSpringCurve:
            let duration = fixedDuration ?? 0
            var n = 0
            while true {
                let t = Double(n) * dt
                let s = state(at: min(t, duration))
                record(progress: s.progress, acceleration: t >= duration ? 0 : s.acceleration)
                if t >= duration { break }
                n += 1
            }
            return CompletionMetrics(completionTime: duration, velocityJump: jump, overshoot: overshoot, peakAcceleration: peakAcceleration)
        case .spring(let spring, let policy):
            let step = spring.propagator(time: dt)
            let omega0Squared = spring.stiffness / spring.mass
            let toleranceSquared = settleTolerance * settleTolerance
            var x = start - target
            var v = startVelocity
            let maximumFrames = Int(CompletionMetrics.maximumSeconds * frameRate)
            for n in 0...maximumFrames {
                let beyond = side > 0 ? x >= 0 : x <= 0
                if policy == .clamp && beyond && n > 0 {
                    record(progress: target, acceleration: 0)
                    return CompletionMetrics(
                        completionTime: Double(n) * dt, velocityJump: jump, overshoot: overshoot, peakAcceleration: peakAcceleration)
                }
                let a = spring.acceleration(displacement: x, velocity: v)
                let shown = policy.apply(progress: target + x, displacement: x, velocity: v, acceleration: a, target: target)
                record(progress: shown.progress, acceleration: shown.acceleration)
                if x * x + v * v / omega0Squared <= toleranceSquared {
                    return CompletionMetrics(
                        completionTime: Double(n) * dt, velocityJump: jump, overshoot: overshoot, peakAcceleration: peakAcceleration)
                }
                (x, v) = step.apply(displacement: x, velocity: v)
            }
            return CompletionMetrics(completionTime: .infinity, velocityJump: jump, overshoot: overshoot, peakAcceleration: peakAcceleration)
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
