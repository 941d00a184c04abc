import RealModule
import TransitionPhysics

/// What Android does with its predictive back gesture's progress (AOSP
/// `frameworks/base/core/java/android/window/BackProgressAnimator.java`, Android 14 and later),
/// written from that source to compare the driver's predictive back input with
/// (`InteractiveTransition.backStarted(_:)`):
///
/// - **While dragging** the progress an app receives (`BackEvent.getProgress()`) is the raw
///   gesture progress through a spring, `SpringForce.STIFFNESS_MEDIUM` (1500 /s²) and
///   `DAMPING_RATIO_NO_BOUNCY` (1): each raw progress is the spring's new final position
///   (`animateToFinalPosition`); behind a steady swipe at r per second it settles 2 / omega0
///   = 2 / sqrt(1500) = 51.6 ms behind (r x 0.0516 of progress).
/// - **On commit** (`onBackInvoked`) the progress flings on from the spring's velocity with
///   `FLING_FRICTION` 8, which `DynamicAnimation`'s `DragForce` scales by -4.2: the velocity
///   decays as e^(-33.6 t) and the progress coasts v / 33.6 further, within 0...1.
/// - **On cancel** (`onBackCancelled`) the spring goes back to 0.
///
/// The spring is evaluated in closed form between events (the target constant in between), not
/// stepped per frame as `SpringAnimation` does; the difference is the frame stepping's, under
/// 1e-3 of progress at 60 Hz.
public enum AndroidBackProgress {
    /// The spring's stiffness, 1/s² at mass 1: `SpringForce.STIFFNESS_MEDIUM`.
    public static let stiffness = Spring.AndroidStiffness.medium
    /// The spring's damping ratio: `SpringForce.DAMPING_RATIO_NO_BOUNCY`.
    public static let dampingRatio = Spring.AndroidDampingRatio.noBouncy
    /// `BackProgressAnimator.FLING_FRICTION`, before `DragForce`'s scale.
    public static let flingFriction = 8.0
    /// `DynamicAnimation`'s friction scale for a fling (`DragForce`'s `UI_FRICTION_SCALE`).
    public static let frictionScale = -4.2

    /// The spring the system smooths the progress with.
    public static var spring: Spring { .android(stiffness: stiffness, dampingRatio: dampingRatio) }

    /// The commit fling's decay rate, 1/s: 8 x 4.2 = 33.6.
    public static var flingDecayRate: Double { -flingFriction * frictionScale }

    /// The progress an app receives, and its velocity (progress per second), at each of `times`
    /// (seconds, ascending), for raw gesture progress `raw` (time in seconds, progress 0...1,
    /// ascending by time; the first is the start, at rest at its progress).
    public static func smoothed(raw: [(time: Double, progress: Double)], at times: [Double]) -> [(progress: Double, velocity: Double)] {
        guard let first = raw.first else { return times.map { _ in (0, 0) } }
        var value = first.progress, velocity = 0.0, clock = first.time, target = first.progress
        var next = 1
        var out: [(progress: Double, velocity: Double)] = []
        for time in times {
            // Each raw event retargets the spring at its time.
            while next < raw.count, raw[next].time <= time {
                (value, velocity) = advance(value: value, velocity: velocity, target: target, by: raw[next].time - clock)
                clock = raw[next].time
                target = raw[next].progress
                next += 1
            }
            let (v, w) = advance(value: value, velocity: velocity, target: target, by: time - clock)
            out.append((v, w))
        }
        return out
    }

    /// The spring's value and velocity `seconds` later toward `target`.
    static func advance(value: Double, velocity: Double, target: Double, by seconds: Double) -> (Double, Double) {
        let state = spring.state(initialDisplacement: value - target, initialVelocity: velocity, time: max(0, seconds))
        return (target + state.displacement, state.velocity)
    }

    /// The commit fling at `time` seconds after `onBackInvoked`, from `progress` at `velocity`
    /// (progress per second): progress + velocity / 33.6 (1 - e^(-33.6 t)), within 0...1, and
    /// its velocity.
    public static func commitFling(progress: Double, velocity: Double, time: Double) -> (progress: Double, velocity: Double) {
        let decay = Double.exp(-flingDecayRate * max(0, time))
        let value = progress + velocity / flingDecayRate * (1 - decay)
        let bounded = min(max(value, 0), 1)
        return (bounded, bounded == value ? velocity * decay : 0)
    }
}
