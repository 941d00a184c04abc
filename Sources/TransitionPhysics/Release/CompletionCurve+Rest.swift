/// When a completion counts as done, and the completion played when the person asked for
/// reduced motion.
extension CompletionCurve {
    /// The visual completion: seconds after the curve's start from which the shown progress
    /// stays within `tolerance` (progress; one physical pixel is `1 / (travel in points * pixels
    /// per point)`, see `visualCompletionTolerance(travelPixels:)`) of the target for good, that
    /// is, from which neither the distance left nor any motion still to come reaches a pixel.
    /// One rule for every shape (Flutter's and Android's one-pixel convention), which the frame
    /// driver (`InteractiveTransition`), the benchmark and the sweep all use:
    ///
    /// - a damped spring (`.allow` or `.clamp`): the last instant its motion is the tolerance
    ///   away, in closed form (`SpringVisualRest`): the last extremum a tolerance away is one
    ///   logarithm from the start, and the crossing after it a handful of Halley's or Newton's
    ///   steps. The tolerance is lowered by 2^-20 of itself (and by 2^-50 of the progress, the
    ///   shown progress's rounding), so the answer is later than the exact crossing by about
    ///   0.1 µs and the shown progress there is within the tolerance; within 1 µs of the crossing
    ///   of the lowered tolerance (tested against densely sampled exact motion). No swing is
    ///   missed, however narrow. The lightest damping (under 2^-20 of critical: more than 10^6
    ///   turns before rest) goes by the scan below.
    /// - other shapes (`.rubberBand`, timed shapes, the lightest springs): an upper bound first
    ///   (a timed shape's fixed duration; a spring's `Spring.restTime`, when its energy bound
    ///   falls under `tolerance`), then the last instant before it at which the shown progress is
    ///   `tolerance` or more from the target: the grid of `visualGridSteps` instants (finer for a
    ///   spring: at least 32 per damped period) scanned back from the bound, the crossing found
    ///   in its grid step by `visualBisectionRounds` halvings (to 1/1024 of a grid step). A bump
    ///   narrower than a grid step that reaches the tolerance by less than ~0.5% between two grid
    ///   instants can be missed.
    ///
    /// The closed form is written once over `MotionArithmetic` with a fixed order of operations,
    /// so the batch's 16-lane blocks compute these bits (`BatchReleases.visualCompletionTimes`).
    ///
    /// Closed-form evaluations only: no frame is stepped, so every frame rate agrees on it. 0 when
    /// nothing is ever a pixel away; infinity for an undamped spring that never rests.
    public func restTime(tolerance: Double) -> Double {
        precondition(tolerance > 0 && tolerance.isFinite, "Rest tolerance must be positive and finite; got \(tolerance).")
        if case .spring(let spring, let overshoot) = shape, overshoot != .rubberBand, spring.damping > 0 {
            let rest = SpringVisualRest.lastAway(
                displacement: start - target, velocity: startVelocity, stiffness: spring.stiffness, damping: spring.damping,
                mass: spring.mass, tolerance: tolerance, clamp: overshoot == .clamp, pastSide: pastSide,
                progressSize: abs(start) + abs(target))
            if rest.handled { return rest.time }
        }
        let bound = visualCompletionBound(tolerance: tolerance)
        guard bound.isFinite else { return bound }
        guard bound > 0 else { return 0 }
        let steps = visualGridSteps(bound: bound)
        // Scan back from the bound for the last grid instant still a pixel away.
        var low = -1.0, high = bound
        for k in stride(from: steps - 1, through: 0, by: -1) {
            let t = Self.visualGridInstant(bound: bound, steps: steps, index: k)
            if isVisuallyAway(at: t, tolerance: tolerance) {
                low = t
                break
            }
            high = t
        }
        guard low >= 0 else { return 0 }
        // The crossing inside [low, high] (a pixel away at low, not at high), by halving.
        for _ in 0..<Self.visualBisectionRounds {
            let mid = low + 0.5 * (high - low)
            if !(mid > low && mid < high) { break }
            if isVisuallyAway(at: mid, tolerance: tolerance) { low = mid } else { high = mid }
        }
        return high
    }

    /// The upper end of the visual completion's search, seconds (the first step of
    /// `restTime(tolerance:)`): a timed shape's duration (at least 0); a spring's
    /// `Spring.restTime` to 1/256 above its energy bound's crossing, or with `.clamp` its
    /// arrival if earlier. Infinite for a spring that never rests.
    package func visualCompletionBound(tolerance: Double) -> Double {
        switch shape {
        case .timingCurve(_, let duration), .uiKitSpringCurve(let duration), .minimumJerk(let duration):
            return max(0, duration)
        case .spring(let spring, let overshoot):
            let x0 = start - target
            // Any time past the energy bound's crossing will do as the upper end (1/256 above it).
            var rest = spring.restTime(
                initialDisplacement: x0, initialVelocity: startVelocity, tolerance: tolerance,
                relativePrecision: Self.visualBoundRelativePrecision)
            if overshoot == .clamp, let arrival = spring.firstZeroCrossing(initialDisplacement: x0, initialVelocity: startVelocity) {
                rest = min(rest, arrival)
            }
            return rest
        case .decay(let rate):
            // The distance left, |target - start| e^(-t / tau), falls to `tolerance` at
            // tau ln(|target - start| / tolerance): a little above it (1/256) as the upper end.
            let distance = abs(target - start)
            guard distance >= tolerance else { return 0 }
            let tau = ProjectionForm.continuous.distancePerVelocity(rate: rate)
            return tau * Double.log(distance / tolerance) * (1 + Self.visualBoundRelativePrecision)
        }
    }

    /// How many grid instants the visual completion scans back over from `bound` seconds:
    /// `visualGridSteps`, or for an underdamped spring at least 32 per damped period, at most
    /// `maximumVisualGridSteps`.
    package func visualGridSteps(bound: Double) -> Int {
        var steps = Self.visualGridSteps
        if case .spring(let spring, _) = shape {
            let lambda = spring.decayRate, omega0 = spring.naturalAngularFrequency
            let dampedSquared = omega0 * omega0 - lambda * lambda
            if dampedSquared > 0 {
                let dampedPeriod = 2 * Double.pi / dampedSquared.squareRoot()
                let wanted = (32 * bound / dampedPeriod).rounded(.up)
                if wanted > Double(steps) { steps = wanted < Double(Self.maximumVisualGridSteps) ? Int(wanted) : Self.maximumVisualGridSteps }
            }
        }
        return steps
    }

    /// Grid instant `index` (0 ..< `steps`) of the visual completion's scan, seconds:
    /// `bound / steps * index`.
    @inlinable @inline(__always)
    package static func visualGridInstant(bound: Double, steps: Int, index: Int) -> Double {
        bound / Double(steps) * Double(index)
    }

    /// Whether the shown progress at `time` seconds is `tolerance` (progress) or more from the
    /// target: the question the visual completion asks (`restTime(tolerance:)`).
    package func isVisuallyAway(at time: Double, tolerance: Double) -> Bool {
        abs(state(at: time).progress - target) >= tolerance
    }

    /// Halvings of the last grid step in the visual completion: 10, so the answer is within
    /// 1/1024 of a grid step above the crossing.
    package static let visualBisectionRounds = 10
    /// The relative precision of the spring's energy bound as the search's upper end: 1/256.
    package static let visualBoundRelativePrecision = 1.0 / 256

    /// Grid instants the visual completion scans back over, at least (`restTime(tolerance:)`).
    package static let visualGridSteps = 64
    /// Grid instants at most, for lightly damped springs with many periods before rest: 2^20,
    /// 32 per period for 32,768 periods (a damping ratio of 0.001 needs about 1,200 before its
    /// swings fall under a pixel). The scan stops at the first instant a pixel away, so it
    /// costs a period or two of instants; 2^20 closed forms (a few tens of milliseconds) only
    /// when nothing is ever a pixel away.
    package static let maximumVisualGridSteps = 1 << 20

    /// One physical pixel as progress, for a travel of `travelPixels` physical pixels (> 0): the
    /// tolerance of the visual completion, `restTime(tolerance:)`.
    public static func visualCompletionTolerance(travelPixels: Double) -> Double { 1 / travelPixels }

    /// The fixed duration of a reduced-motion completion, seconds: 0.2 s, the order of the
    /// system's cross-fades that replace slides under iOS's Reduce Motion, and short enough that
    /// no spring plays out.
    public static let reducedMotionDuration = 0.2

    /// The completion under reduce motion: from `start` to `target` along `UnitCurve.easeOut`
    /// over `reducedMotionDuration` seconds. The curve's control points keep it within
    /// [start, target], so it never overshoots, and it ends at the target exactly at the fixed
    /// time whatever the release velocity (the velocity is not carried: less motion, not the
    /// same motion faster). iOS replaces sliding transitions by dissolves under Reduce Motion;
    /// Reanimated's `withSpring` jumps to the target; we keep a short, monotone move so the
    /// spatial relation stays readable. The decision is the same as without reduce motion.
    public static func reducedMotion(start: Double, target: Double) -> CompletionCurve {
        CompletionCurve(
            shape: .timingCurve(.easeOut, duration: reducedMotionDuration), start: start, startVelocity: 0, target: target)
    }
}
