import RealModule

extension Spring {
    /// The first time t > 0, in seconds, at which the displacement from the target reaches 0,
    /// starting from displacement `x0` and velocity `v0`; nil if it never does (an overdamped or
    /// critical motion that creeps in from one side) or if the spring rests at the target
    /// (`x0` and `v0` both 0). From the target with a velocity (`x0` 0), the first return: half a
    /// damped period, pi / wd, for an underdamped spring; never for a critical or overdamped one.
    ///
    /// Closed forms: underdamped x = e^(-lambda t) [x0 cos(wd t) + (v0 + lambda x0) sin(wd t) / wd]
    /// vanishes first at the smallest positive t with tan(wd t) = -x0 wd / (v0 + lambda x0);
    /// critical at t = -x0 / (v0 + lambda x0); overdamped c1 e^(r1 t) + c2 e^(r2 t) = 0 at
    /// t = ln(-c2 / c1) / (r1 - r2) when that is positive.
    package func firstZeroCrossing(initialDisplacement x0: Double, initialVelocity v0: Double) -> Double? {
        if x0 == 0 && v0 == 0 { return nil }
        let lambda = decayRate
        let omega0Squared = stiffness / mass
        let q = omega0Squared - lambda * lambda
        if q > 0 {
            let wd = q.squareRoot()
            // x ∝ sin(wd t + phi) with x0 = A sin(phi), (v0 + lambda x0) / wd = A cos(phi).
            let phi = Double.atan2(y: x0, x: (v0 + lambda * x0) / wd)
            var t = (Double.pi - phi) / wd
            let period = 2 * Double.pi / wd
            while t > period / 2 { t -= period / 2 }
            while t <= 0 { t += period / 2 }
            return t
        } else if q == 0 {
            let rate = v0 + lambda * x0
            if rate == 0 { return nil }
            let t = -x0 / rate
            return t > 0 ? t : nil
        } else {
            let mu = (-q).squareRoot()
            let r1 = -omega0Squared / (lambda + mu), r2 = -(lambda + mu)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            if c1 == 0 { return nil }
            let ratio = -c2 / c1
            guard ratio > 1 else { return nil }
            let t = Double.log(ratio) / (r1 - r2)
            return t > 0 && t.isFinite ? t : nil
        }
    }
}
