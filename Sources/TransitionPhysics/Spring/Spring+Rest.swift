import RealModule

/// When a spring's motion can no longer be seen: the energy bound, and the time it falls under a
/// tolerance (the one-pixel rule of `InteractiveTransition`; Flutter's and Android's scroll
/// physics stop at one physical pixel).
extension Spring {
    /// The most halvings `restTime` gives its bracket. Each round halves [low, high]; from a
    /// bracket one doubling wide (high = 2 low) about 53 rounds reach adjacent doubles, and the
    /// loop ends there before the limit. Only a crossing below 2^-147 of the first bracket's upper
    /// end (`low` still 0) can use all 200; `high`, an upper bound of the crossing, is then the
    /// answer.
    package static let restTimeBisectionRounds = 200

    /// The largest displacement the spring can still reach from this state, in the units of the
    /// displacement: `sqrt(x² + (m / k) v²) = sqrt(2 E / k)`, where `E = (k x² + m v²) / 2` is
    /// the spring's energy. Damping only removes energy (`dE/dt = -c v²`), so this never grows:
    /// once it is under a tolerance, the displacement stays under it forever, and so does the
    /// velocity (below `omega0` times it, per second).
    package func energyAmplitude(displacement x: Double, velocity v: Double) -> Double {
        (x * x + mass / stiffness * v * v).squareRoot()
    }

    /// The time, in seconds (>= 0), at which `energyAmplitude` of the motion from displacement
    /// `x0` and velocity `v0` (units per second) falls to `tolerance` (same units as `x0`):
    /// after it, nothing the spring does can move the displacement beyond `tolerance`.
    ///
    /// Method: the amplitude is a closed-form, non-increasing function of time (the propagator),
    /// so it crosses the tolerance once; the crossing is bracketed by doubling from the decay
    /// time `1 / lambda` and found by bisection to the resolution of `Double` (no frames are
    /// stepped, so the answer does not depend on a frame rate). It is later than or equal to
    /// `settlingTime(initialDisplacement:initialVelocity:tolerance:)`, which bounds the
    /// displacement alone.
    ///
    /// - Parameters:
    ///   - x0: The displacement from the target at time 0, in the caller's units.
    ///   - v0: The velocity at time 0, units per second.
    ///   - tolerance: The amplitude to fall under, same units as `x0`; positive and finite.
    ///   - relativePrecision: Stop the bisection once the bracket is this fraction of its upper
    ///     end (default 0: to the resolution of `Double`); the answer is then an upper bound
    ///     within that fraction of the crossing, still a time from which the amplitude stays
    ///     under `tolerance`.
    /// - Returns: 0 if the amplitude is already within `tolerance`; `Double.infinity` for an
    ///   undamped spring (damping 0) whose amplitude exceeds it.
    package func restTime(
        initialDisplacement x0: Double, initialVelocity v0: Double, tolerance: Double, relativePrecision: Double = 0
    ) -> Double {
        precondition(tolerance > 0 && tolerance.isFinite, "Rest tolerance must be positive and finite; got \(tolerance).")
        func above(_ t: Double) -> Bool {
            isEnergyAmplitudeAbove(tolerance, initialDisplacement: x0, initialVelocity: v0, time: t)
        }
        if !above(0) { return 0 }
        if damping == 0 { return .infinity }
        var low = 0.0
        var high = 1 / decayRate
        // A decay rate so small that 1 / rate overflows: no finite time brings it to rest.
        guard high.isFinite else { return .infinity }
        while above(high) {
            low = high
            high *= 2
            if !high.isFinite { return .infinity }
        }
        for _ in 0..<Self.restTimeBisectionRounds {
            let mid = (low + high) / 2
            if mid <= low || mid >= high || high - low <= relativePrecision * high { break }
            if above(mid) { low = mid } else { high = mid }
        }
        return high
    }

    /// Whether `energyAmplitude` of the motion from displacement `x0` and velocity `v0` (units
    /// per second) is above `tolerance` at `time` seconds: the question `restTime` asks.
    package func isEnergyAmplitudeAbove(
        _ tolerance: Double, initialDisplacement x0: Double, initialVelocity v0: Double, time: Double
    ) -> Bool {
        let (x, v) = state(initialDisplacement: x0, initialVelocity: v0, time: time)
        return energyAmplitude(displacement: x, velocity: v) > tolerance
    }
}
