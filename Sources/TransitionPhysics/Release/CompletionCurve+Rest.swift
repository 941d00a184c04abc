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
    /// - an upper bound first: a timed shape's fixed duration (it holds the target exactly from
    ///   then on); a spring's `Spring.restTime`, when its energy bound (the largest displacement
    ///   it can still reach) falls under `tolerance`, or with `.clamp` its arrival if earlier;
    /// - then the last instant before that bound at which the shown progress is `tolerance` or
    ///   more from the target: the grid of `visualGridSteps` instants (finer for a spring: at
    ///   least 32 per damped period) is scanned back from the bound, and the crossing is found
    ///   in its grid step by regula falsi (Illinois) to 1e-12 s. A bump narrower than a grid step that reaches the tolerance by
    ///   less than ~0.5% between two grid instants can be missed (springs: a peak within
    ///   1 - cos(pi / 32) of the tolerance).
    ///
    /// Closed-form evaluations only: no frame is stepped, so every frame rate agrees on it. 0 when
    /// nothing is ever a pixel away; infinity for an undamped spring that never rests.
    public func restTime(tolerance: Double) -> Double {
        precondition(tolerance > 0 && tolerance.isFinite, "Rest tolerance must be positive and finite; got \(tolerance).")
        let bound: Double
        var steps = Self.visualGridSteps
        switch shape {
        case .timingCurve(_, let duration), .uiKitSpringCurve(let duration), .minimumJerk(let duration):
            bound = max(0, duration)
        case .spring(let spring, let overshoot):
            let x0 = start - target
            // Any time past the energy bound's crossing will do as the upper end (1/256 above it).
            var rest = spring.restTime(
                initialDisplacement: x0, initialVelocity: startVelocity, tolerance: tolerance, relativePrecision: 1.0 / 256)
            if overshoot == .clamp, let arrival = spring.firstZeroCrossing(initialDisplacement: x0, initialVelocity: startVelocity) {
                rest = min(rest, arrival)
            }
            bound = rest
            let lambda = spring.decayRate, omega0 = spring.naturalAngularFrequency
            let dampedSquared = omega0 * omega0 - lambda * lambda
            if dampedSquared > 0 {
                let dampedPeriod = 2 * Double.pi / dampedSquared.squareRoot()
                let wanted = (32 * bound / dampedPeriod).rounded(.up)
                if wanted > Double(steps) { steps = wanted < Double(Self.maximumVisualGridSteps) ? Int(wanted) : Self.maximumVisualGridSteps }
            }
        }
        guard bound.isFinite else { return bound }
        guard bound > 0 else { return 0 }
        // g(t) = |shown - target| - tolerance: a pixel or more away where g >= 0.
        func excess(_ t: Double) -> Double { abs(state(at: t).progress - target) - tolerance }
        // Scan back from the bound for the last grid instant still a pixel away.
        var low = -1.0, high = bound, gLow = 0.0, gHigh = excess(bound)
        for k in stride(from: steps - 1, through: 0, by: -1) {
            let t = bound / Double(steps) * Double(k)
            let g = excess(t)
            if g >= 0 {
                (low, gLow) = (t, g)
                break
            }
            (high, gHigh) = (t, g)
        }
        guard low >= 0 else { return 0 }
        // The crossing inside [low, high] (g(low) >= 0 > g(high)): regula falsi with the Illinois
        // step, a bisection step whenever the secant leaves the bracket; to 1e-12 s.
        // -n after n steps in a row that moved `low`, +n for `high`: on a repeat, Illinois halves
        // the other end's g so that end moves too.
        var kept = 0
        for _ in 0..<200 {
            if high - low <= 1e-12 { break }
            var t = high - gHigh * (high - low) / (gHigh - gLow)
            if !(t > low && t < high) { t = low + 0.5 * (high - low) }
            let g = excess(t)
            if g >= 0 {
                low = t; gLow = g
                if kept < 0 { gHigh *= 0.5 }
                kept = min(kept, 0) - 1
            } else {
                high = t; gHigh = g
                if kept > 0 { gLow *= 0.5 }
                kept = max(kept, 0) + 1
            }
        }
        return high
    }

    /// Grid instants the visual completion scans back over, at least (`restTime(tolerance:)`).
    public static let visualGridSteps = 64
    /// Grid instants at most, for lightly damped springs with many periods before rest.
    public static let maximumVisualGridSteps = 4096

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
