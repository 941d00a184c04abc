/// How `ProjectedSpringModel` completes once it has decided: its spring (the default), or a
/// timed curve that ends exactly at a duration chosen by a rule. Every shape starts at the
/// release progress; the spring and the minimum-jerk quintic also start at the release velocity
/// (velocity jump 0), the ease-in-out curve from rest (classic's dead stop, for comparison with
/// the decision held fixed).
public enum PhysicsCompletionShape: Hashable, Sendable {
    /// The model's spring from the release progress and velocity (`CompletionCurve.Shape.spring`).
    case spring
    /// The minimum-jerk quintic from the release progress and velocity, acceleration 0, to the
    /// target at rest (`CompletionCurve.Shape.minimumJerk`), over a duration set by the rule.
    case minimumJerk(TimedCompletionDuration)
    /// UIKit's default completion curve, `UnitCurve.easeInOut`, from rest, over a duration set by
    /// the rule (the classic completion under the physics decision).
    case easeInOut(TimedCompletionDuration)

    /// The duration rule of a timed shape; nil for the spring.
    package var durationRule: TimedCompletionDuration? {
        switch self {
        case .spring: return nil
        case .minimumJerk(let rule), .easeInOut(let rule): return rule
        }
    }

    /// The completion from `start` with velocity `startVelocity` (progress per second) to
    /// `target`: the spring with `overshoot`, or the timed curve over the rule's duration (at
    /// most `CompletionCurve.maximumSeconds`).
    public func curve(
        start: Double, startVelocity: Double, target: Double, spring: Spring, overshoot: OvershootPolicy
    ) -> CompletionCurve {
        let shape: CompletionCurve.Shape
        switch self {
        case .spring:
            shape = .spring(spring, overshoot: overshoot)
        case .minimumJerk(let rule):
            let duration: Double
            switch rule {
            case .peakAcceleration(let limit):
                duration = MinimumJerkCompletion.duration(
                    start: start, startVelocity: startVelocity, target: target, peakAcceleration: limit)
            case .fullTravel(let seconds) where start == target && startVelocity != 0:
                // Nothing to cover but the release's own motion (a release exactly on its
                // detent): the quintic takes it out and back at the peak acceleration of a full
                // travel from rest in `seconds`, instead of a duration of 0 that would drop the
                // finger's velocity.
                let limit = MinimumJerkCompletion.restToRestPeakAccelerationFactor / (seconds * seconds)
                duration = limit.isFinite && limit > 0
                    ? MinimumJerkCompletion.duration(
                        start: start, startVelocity: startVelocity, target: target, peakAcceleration: limit)
                    : 0
            case .fullTravel(let seconds):
                duration = min(
                    seconds * abs(target - start),
                    MinimumJerkCompletion.maximumDuration(start: start, startVelocity: startVelocity, target: target))
            }
            shape = .minimumJerk(duration: min(duration, CompletionCurve.maximumSeconds))
        case .easeInOut(let rule):
            let distance = abs(target - start)
            let duration: Double
            switch rule {
            case .peakAcceleration(let limit): duration = (distance * Self.easeInOutPeakCurvature / limit).squareRoot()
            case .fullTravel(let seconds): duration = seconds * distance
            }
            shape = .timingCurve(.easeInOut, duration: min(duration.isNaN ? 0 : duration, CompletionCurve.maximumSeconds))
        }
        return CompletionCurve(shape: shape, start: start, startVelocity: startVelocity, target: target)
    }

    /// The largest |d²y/du²| of `UnitCurve.easeInOut` over u in [0, 1] (unitless): a move of
    /// D over T seconds along it peaks at D times this over T² (sampled once, 100,001 points).
    package static let easeInOutPeakCurvature: Double = {
        var peak = 0.0
        for i in 0...100_000 {
            let c = UnitCurve.easeInOut.derivatives(at: Double(i) / 100_000).curvature
            if c.isFinite { peak = max(peak, abs(c)) }
        }
        return peak
    }()
}

/// How a timed physics completion picks its duration.
public enum TimedCompletionDuration: Hashable, Sendable {
    /// The shortest duration whose largest |acceleration| is at most this, progress per s²
    /// (travels per s²).
    case peakAcceleration(Double)
    /// Classic's rule: this many seconds for a full travel, times the progress left to go
    /// (UIKit's `duration x remaining distance` at completion speed 1). The minimum-jerk quintic
    /// is shortened where it would pass the target (`MinimumJerkCompletion.maximumDuration`); one
    /// that starts at its target with a velocity lasts as long as it needs to bring that motion
    /// back at the peak acceleration of a full travel from rest in this time.
    case fullTravel(seconds: Double)
}
