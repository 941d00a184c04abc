// The minimum-jerk completion: the quintic of Flash and Hogan's reaching model ("The
// coordination of arm movements", J. Neurosci. 5(7), 1985), from a moving release state.
//
// Among all motions of duration T from progress p0 with velocity v0 and acceleration 0 to the
// target p1 at rest (velocity and acceleration 0), the one minimising the integrated squared
// jerk is the quintic, in normalised time s = t / T, with D = p1 - p0 and V = v0 T:
//
//   p(s) = p0 + V s + c3 s^3 + c4 s^4 + c5 s^5,
//   c3 = 10 D - 6 V,   c4 = -15 D + 8 V,   c5 = 6 D - 3 V
//
// (the six boundary conditions; V = 0 is the rest-to-rest bell of MinimumJerkSegment). Its
// velocity factors as p'(s) = (D / T) (1 - s)^2 (k + 2 k s + (30 - 15 k) s^2), k = V / D, so a
// release moving toward the target (k > 0) never passes it iff k <= 2.5: T <= 2.5 D / v0.

/// The quintic minimum-jerk completion from a release state, and its duration rules. Progress is
/// a fraction of the travel, velocity progress per second, acceleration progress per s².
package enum MinimumJerkCompletion {
    /// The largest `v0 T / D` for which the quintic does not pass its target (see the derivation
    /// at the top of this file): 2.5.
    package static let maximumVelocityRatio = 2.5

    /// The peak |acceleration| of the rest-to-rest quintic over a change D in T seconds is
    /// this times D / T² (10 / sqrt(3), at s = 1/2 -+ sqrt(3)/6).
    static let restToRestPeakAccelerationFactor = 5.7735026918962584

    /// The polynomial coefficients (c3, c4, c5) for a change `D` of progress and `V = v0 T`.
    @inlinable
    static func coefficients(change d: Double, velocityTimesDuration v: Double) -> (Double, Double, Double) {
        (10 * d - 6 * v, -15 * d + 8 * v, 6 * d - 3 * v)
    }

    /// Progress, velocity (per second) and acceleration (per s²) `time` seconds after the start of
    /// the quintic from `start` with velocity `startVelocity` to `target` at rest in `duration`
    /// seconds. At time 0 progress is `start` and velocity `startVelocity` exactly; from
    /// `duration` on, the target at rest.
    package static func state(start: Double, startVelocity: Double, target: Double, duration: Double, time: Double)
        -> (progress: Double, velocity: Double, acceleration: Double)
    {
        if !(duration > 0) || time >= duration { return (target, 0, 0) }
        let s = max(0, time) / duration
        let v = startVelocity * duration
        let (c3, c4, c5) = coefficients(change: target - start, velocityTimesDuration: v)
        let s2 = s * s
        // Written as start + increment and v0 + change so that time 0 gives both exactly.
        let progress = start + s * (v + s2 * (c3 + s * (c4 + s * c5)))
        let velocity = startVelocity + s2 * (3 * c3 + s * (4 * c4 + s * 5 * c5)) / duration
        let acceleration = s * (6 * c3 + s * (12 * c4 + s * 20 * c5)) / (duration * duration)
        return (progress, velocity, acceleration)
    }

    /// The largest |acceleration| of the quintic over its duration, progress per s²: the
    /// acceleration is a cubic in s, 0 at both ends, so its extremes are at the roots of the jerk
    /// (a quadratic) inside (0, 1).
    package static func peakAcceleration(start: Double, startVelocity: Double, target: Double, duration: Double) -> Double {
        guard duration > 0 else { return 0 }
        let (c3, c4, c5) = coefficients(change: target - start, velocityTimesDuration: startVelocity * duration)
        func accelerationFactor(_ s: Double) -> Double { abs(s * (6 * c3 + s * (12 * c4 + s * 20 * c5))) }
        // Jerk factor 6 c3 + 24 c4 s + 60 c5 s^2 = 0.
        let a = 60 * c5, b = 24 * c4, c = 6 * c3
        var roots: [Double] = []
        if abs(a) <= 1e-14 * (abs(b) + abs(c)) {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let q = -0.5 * (b + (b >= 0 ? 1 : -1) * discriminant.squareRoot())
                roots.append(q / a)
                if q != 0 { roots.append(c / q) }
            }
        }
        var peak = 0.0
        for s in roots where s > 0 && s < 1 { peak = max(peak, accelerationFactor(s)) }
        return peak / (duration * duration)
    }

    /// The longest duration, seconds, whose quintic does not pass the target: 2.5 D / v0 for a
    /// release moving toward the target, infinity otherwise (at rest, or moving away: it comes
    /// back without passing; or at the target with a velocity: the quintic from there,
    /// p0 + v0 T s (1 - s)^3 (1 + 3 s), goes out on the motion's side and comes back without
    /// passing, so its duration comes from the velocity, `duration(...peakAcceleration:)`).
    package static func maximumDuration(start: Double, startVelocity: Double, target: Double) -> Double {
        let change = target - start
        guard startVelocity != 0, change * startVelocity > 0 else { return .infinity }
        return maximumVelocityRatio * abs(change) / abs(startVelocity)
    }

    /// The shortest duration, seconds, whose quintic keeps |acceleration| at or under
    /// `peakAcceleration` (progress per s², > 0), capped by `maximumDuration` (so it never passes
    /// the target; the cap wins when both cannot hold, and the peak is then higher). Found by
    /// doubling and bisection on the closed-form peak (relative width 1e-12).
    package static func duration(
        start: Double, startVelocity: Double, target: Double, peakAcceleration limit: Double
    ) -> Double {
        precondition(limit > 0, "A minimum-jerk peak acceleration must be positive (progress per s²); got \(limit).")
        let cap = maximumDuration(start: start, startVelocity: startVelocity, target: target)
        func fits(_ t: Double) -> Bool {
            peakAcceleration(start: start, startVelocity: startVelocity, target: target, duration: t) <= limit
        }
        if start == target && startVelocity == 0 { return 0 }
        // A scale to start from: the rest-to-rest answer sqrt(10 / sqrt(3) D / A) or the time to
        // stop v0 at A.
        var high = max((restToRestPeakAccelerationFactor * abs(target - start) / limit).squareRoot(), abs(startVelocity) / limit)
        guard high.isFinite, high > 0 else { return cap }
        var low = 0.0
        var doublings = 0
        while !fits(high) {
            doublings += 1
            guard doublings < 2100, high * 2 < .infinity else { return cap }
            low = high
            high *= 2
        }
        while (high - low) > 1e-12 * high {
            let mid = 0.5 * (low + high)
            if mid <= low || mid >= high { break }
            if fits(mid) { high = mid } else { low = mid }
        }
        return min(high, cap)
    }
}
