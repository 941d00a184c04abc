import RealModule

/// How long a spring takes to come to rest: SwiftUI's estimate (API-compatible) and the exact
/// last time the motion leaves a tolerance band (what completion times in this package use).
extension Spring {
    /// The estimated duration, in seconds, for the spring to be considered at rest, with
    /// `target` 1, `initialVelocity` 0 and `epsilon` 0.001 (SwiftUI's `settlingDuration`).
    public var settlingDuration: Double {
        settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001)
    }

    /// SwiftUI's settling estimate, reproduced exactly so values match across platforms.
    ///
    /// - Underdamped: the envelope estimate `-ln(epsilon / (|lambda target - v0| + |target|)) / lambda`
    ///   (clamped at 0). It is not a true bound: it adds a rate (lambda target) to a displacement
    ///   where the exact amplitude has (v0 + lambda x0) / omegaD, so it is later than the true
    ///   settling time for the springs of user interfaces (lambda well above 1/s) but can be
    ///   earlier for slow springs near critical damping (response 10 s, ratio 0.99: 11.9 s
    ///   against an exact 14.2 s). Kept as is for parity with SwiftUI.
    /// - Critically and overdamped: a scan on a 0.1 s grid for the first time after which the
    ///   distance to the target stays below `epsilon` for more than 1 s (0 if none in 102.4 s).
    /// - Undamped (damping ratio 0, or damping 0): `Double.infinity`: it never settles.
    ///
    /// `epsilon` is absolute, in the units of `target`. For an exact answer use
    /// `settlingTime(initialDisplacement:initialVelocity:tolerance:)`.
    public func settlingDuration(target: Double, initialVelocity: Double = 0, epsilon: Double) -> Double {
        let lambda = decayRate
        if lambda == 0 { return .infinity }
        let q = stiffness / mass - lambda * lambda
        if q > 0 {
            let magnitude = abs(lambda * target - initialVelocity) + abs(target)
            return max(0, -Double.log(epsilon / magnitude) / lambda)
        }
        var bestTime = -1.0
        var bestDistance = Double.infinity
        var time = 0.0
        for _ in 0..<1024 {
            let distance = abs(value(target: target, initialVelocity: initialVelocity, time: time) - target)
            if !distance.isFinite { break }
            if bestDistance >= epsilon {
                if distance < bestDistance {
                    bestTime = time
                    bestDistance = distance
                }
            } else if distance >= epsilon {
                bestDistance = .infinity
            } else if time - bestTime > 1 {
                return bestTime
            }
            time += 0.1
        }
        return 0
    }

    /// The exact time, in seconds, after which the displacement from the target stays within
    /// `tolerance` (same units as the displacement) forever, starting from displacement `x0`
    /// and velocity `v0`.
    ///
    /// Method: between consecutive extrema of x(t) (zeros of v(t)) the motion is monotone, so the
    /// last exit from the band lies in the segment that starts at the last extremum with
    /// |x| >= tolerance, where it is unique; it is found by bisection to ~1e-14 s. For
    /// underdamped springs the extrema are equally spaced by pi / wd and their amplitudes fall by
    /// e^(-lambda pi / wd), so the last one is found in closed form (then checked).
    ///
    /// - Returns: 0 if the motion never leaves the band; `Double.infinity` for an undamped spring
    ///   whose amplitude exceeds `tolerance`.
    package func settlingTime(initialDisplacement x0: Double, initialVelocity v0: Double, tolerance: Double) -> Double {
        precondition(tolerance > 0, "Settling tolerance must be positive; got \(tolerance).")
        let lambda = decayRate
        let omega0Squared = stiffness / mass
        let q = omega0Squared - lambda * lambda
        func x(_ t: Double) -> Double { state(initialDisplacement: x0, initialVelocity: v0, time: t).displacement }

        // Extrema as segment boundaries: the last boundary with |x| >= tolerance, and the next one.
        var start = 0.0
        var end = Double.infinity
        if q > 0 {
            let wd = q.squareRoot()
            let halfPeriod = Double.pi / wd
            // v(t) = e^(-lambda t) [v0 cos - (lambda v0 + omega0² x0) sin / wd] = 0
            var first = Double.atan2(y: v0 * wd, x: lambda * v0 + omega0Squared * x0) / wd
            while first < 0 { first += halfPeriod }
            while first >= halfPeriod { first -= halfPeriod }
            if v0 == 0 && x0 != 0 { first = halfPeriod }  // t = 0 is itself an extremum
            let peak0 = abs(x(first))
            if lambda == 0 {
                return max(abs(x0), peak0) >= tolerance ? .infinity : 0
            }
            if peak0 < tolerance {
                // No extremum after 0 leaves the band: the last exit is in [0, first].
                if abs(x0) < tolerance { return 0 }
                start = 0; end = first
            } else {
                let decayPerHalfPeriod = lambda * halfPeriod
                var n = Double.log(peak0 / tolerance) / decayPerHalfPeriod
                n = n.rounded(.down)
                var t = first + n * halfPeriod
                while abs(x(t + halfPeriod)) >= tolerance { t += halfPeriod }
                while t > first && abs(x(t)) < tolerance { t -= halfPeriod }
                start = t; end = t + halfPeriod
            }
        } else {
            // At most one extremum for t > 0: where v changes sign.
            var extremum: Double? = nil
            let c = lambda * v0 + omega0Squared * x0
            if q == 0 {
                if c != 0 { let t = v0 / c; if t > 0 { extremum = t } }
            } else {
                let mu = (-q).squareRoot()
                let r1 = -omega0Squared / (lambda + mu), r2 = -(lambda + mu)
                // v(t) ∝ r1 c1 e^(r1 t) + r2 c2 e^(r2 t), c2 = (v0 - r1 x0) / (r2 - r1), c1 = x0 - c2
                let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
                let ratio = -(r2 * c2) / (r1 * c1)
                if ratio > 0 && c1 != 0 {
                    let t = Double.log(ratio) / (r1 - r2)
                    if t > 0 && t.isFinite { extremum = t }
                }
            }
            if let te = extremum, abs(x(te)) >= tolerance {
                start = te
            } else if abs(x0) >= tolerance {
                start = 0
                end = extremum ?? .infinity
            } else {
                return 0
            }
        }
        // Bracket the exit in [start, end): |x| falls through tolerance exactly once.
        var low = start
        var high: Double
        if end.isFinite {
            high = end
        } else {
            var span = max(1 / (lambda + abs(q).squareRoot()), 1e-6)
            while abs(x(low + span)) >= tolerance { span *= 2 }
            high = low + span
        }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if mid <= low || mid >= high { break }
            if abs(x(mid)) >= tolerance { low = mid } else { high = mid }
        }
        return high
    }
}
