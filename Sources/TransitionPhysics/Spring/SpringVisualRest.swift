/// The last instant a spring's free motion is a tolerance or more from its target, in closed form:
/// the visual completion of a spring completion (`CompletionCurve.restTime(tolerance:)`), written
/// once over `MotionArithmetic` so the scalar rule and the batch's 16-lane blocks compute the same
/// bits. docs/references.md, "The visual completion in closed form", has the derivation.
///
/// The displacement x solves x'' + 2 lambda x' + omega0² x = 0 (lambda = c / 2m, omega0² = k / m).
///
/// - Oscillating (omega_d² = omega0² - lambda² > 0, lambda < 2048 omega_d): x = R e^(-lambda t)
///   cos(theta), theta = omega_d t - phi. |x| has its extrema at theta = k pi - psi (psi =
///   atan(lambda / omega_d)), where |x| = R cos(psi) e^(-lambda t): they shrink geometrically, so
///   the last one at or above the tolerance is one logarithm away, and after it |x| falls
///   monotonically to the next zero (theta = k pi + pi / 2). In r = pi / 2 - (theta - k pi), the
///   angle left to that zero, f(r) = ln(R / tolerance) + ln sin r - (lambda / omega_d)(pi / 2 - r
///   + k pi + phi) rises through one root; Halley's steps in ln r (which do not crawl toward the
///   zero's logarithmic pole), from the root without the decay term, with sine, cosine and
///   logarithm to about 1e-8, stop once a step is under 2^-12 of r (about four steps).
/// - Otherwise (overdamped, critically damped, or so close to it that e^(-lambda t) underflows
///   before a quarter turn): x = e^(-lambda t) (x0 C + (v0 + lambda x0) S), C = cosh(mu t) and
///   S = sinh(mu t) / mu (their series in -(omega0² - lambda²) t² below mu t = 1/2, the roots'
///   exponentials above): at most one zero and then one extremum, found from the roots'
///   logarithms (mu at least lambda / 2048) or as if critically damped (zero at -x0 / (v0 + lambda x0),
///   extremum 1 / lambda later); then the last monotone segment's root of ln |x| - ln tolerance
///   by safeguarded Newton steps, until a step is under 2^-50 of t.
/// - `.clamp` holds the target from the first zero on (and wherever the motion is past it): the
///   segment before that zero instead of the last one.
///
/// The tolerance is lowered by 2^-20 of itself (the rough functions' error) and by 2^-50 of the
/// progress (the shown progress's rounding), so the answer, about 0.1 us after the exact
/// crossing, is an instant from which the shown progress stays within the tolerance. Each step
/// keeps a bracket (a point a tolerance or more away below, one under it above) and halves it
/// where a step would leave it. A lane stops by its own steps (or after `mostSteps`), so its
/// operations do not depend on the other lanes of a vector.
@_spi(Lanes) public enum SpringVisualRest {
    /// Halley's, Newton's or halving steps a lane takes at most in one search (a halving's worth
    /// of bits each; the others converge in a handful).
    @usableFromInline static var mostSteps: Int { 120 }
    /// lambda / omega_d from which the motion counts as non-oscillating: e^(-lambda t) is under
    /// e^(-1024) before omega_d t reaches 1/2.
    @usableFromInline static var oscillationLimit: Double { 2048 }
    /// lambda / omega_d below which the closed form does not answer (`handled` false): more than
    /// about 10^6 turns before rest, which the caller's grid rule covers.
    @usableFromInline static var lightestDecayPerAngle: Double { 0x1p-20 }

    /// Seconds after the start from which the motion from displacement `x0` and velocity `v0`
    /// (progress, progress per second) of the spring with `stiffness`, `damping` (> 0) and `mass`
    /// stays under `tolerance` (progress, > 0) from its target: 0 if it never reaches it.
    /// `clamp` (`.clamp`): the target is held from the first zero on, and where the motion is
    /// past it (`pastSide`, `OvershootPolicy.pastSide`). `progressSize` is |start| + |target|, the
    /// size the shown progress rounds to (see `margin` below). `handled` is false where the damping is
    /// so light (lambda < 2^-20 omega_d) that the caller answers by its own rule.
    @inlinable @inline(__always)
    public static func lastAway<T: MotionArithmetic>(
        displacement x0: T, velocity v0: T, stiffness: T, damping: T, mass: T, tolerance: T, clamp: T.Mask, pastSide: T,
        progressSize: T
    ) -> (time: T, handled: T.Mask) {
        let zero = T.splat(0), one = T.splat(1)
        let inverseMass = one / mass
        let omega0Squared = stiffness * inverseMass
        let lambda = T.splat(0.5) * (damping * inverseMass)
        let omega0 = T.squareRoot(omega0Squared)
        let inverseOmega0 = one / omega0
        let q = omega0Squared - lambda * lambda
        // The question is the same for (x0, v0, tolerance) scaled alike: scaled so that the state is
        // of order 1 and no square below overflows or underflows.
        let scale = LaneMath.largest(T.magnitude(x0), T.magnitude(v0) * inverseOmega0)
        let moving = T.both(T.less(zero, scale), T.lessOrEqual(scale, T.splat(.greatestFiniteMagnitude)))
        let inverseScale = T.select(moving, one / scale, zero)
        let x = T.select(moving, x0 * inverseScale, one), v = T.select(moving, v0 * inverseScale, zero)
        // The root of |x| = the tolerance lowered by 2^-20 of itself (the oscillating search's
        // functions are good to about 1e-8: about 2^-27) and by 2^-50 of the progress's size (the
        // shown progress is start + increment, rounded to a few ulps of it), so that at the answer
        // the shown progress is within the tolerance however either evaluation rounds; at least
        // half the tolerance (below it rounding decides anyway). The answer is later than the
        // exact crossing by 2^-20 of the tolerance over the speed there: about 1e-7 s.
        let margin = T.splat(0x1p-50) * (progressSize + scale)
        let lowered = LaneMath.largest(tolerance * T.splat(1 - 0x1p-20) - margin, T.splat(0.5) * tolerance)
        // A lane at rest at its target: a tolerance of 2, which nothing reaches (no steps taken).
        let tau = T.select(moving, LaneMath.largest(lowered * inverseScale, T.splat(0x1p-1000)), T.splat(2))
        // `.clamp` with a start at the target moving past it: held there throughout.
        let heldThroughout = T.both(clamp, T.both(T.lessOrEqual(x, zero), T.lessOrEqual(zero, x)))
        let pastAtStart = T.both(heldThroughout, T.less(zero, v * pastSide))
        let k = v + lambda * x
        let oscillating = T.both(
            T.less(zero, q), T.less(lambda * lambda, T.splat(oscillationLimit * oscillationLimit) * q))
        var handled = T.either(T.not(oscillating), T.lessOrEqual(T.splat(lightestDecayPerAngle * lightestDecayPerAngle) * q, lambda * lambda))
        var time = zero
        if T.any(oscillating) {
            time = T.select(oscillating, oscillatingLastAway(x: x, k: k, lambda: lambda, q: q, omega0: omega0, inverseOmega0: inverseOmega0, tau: tau, clamp: clamp), time)
        }
        let rest = T.not(oscillating)
        if T.any(rest) {
            let logTau = LaneMath.logarithm(tau)
            time = T.select(
                rest,
                nonOscillatingLastAway(
                    x: x, v: v, k: k, lambda: lambda, q: q, omega0Squared: omega0Squared, tau: tau, logTau: logTau,
                    clamp: clamp, live: rest),
                time)
        }
        handled = T.both(handled, T.lessOrEqual(zero, time))
        return (T.select(T.both(moving, T.not(pastAtStart)), time, zero), handled)
    }

    /// The oscillating regime (see the type's comment), from the scaled state (x, k = v + lambda x).
    @inlinable @inline(__always)
    static func oscillatingLastAway<T: MotionArithmetic>(
        x: T, k: T, lambda: T, q: T, omega0: T, inverseOmega0: T, tau: T, clamp: T.Mask
    ) -> T {
        let zero = T.splat(0), one = T.splat(1), pi = T.splat(Double.pi)
        let wd = T.squareRoot(T.select(T.less(zero, q), q, one))
        let inverseWd = one / wd
        let decayPerAngle = lambda * inverseWd
        let b = k * inverseWd
        let amplitude = T.squareRoot(x * x + b * b)
        // x = R e^(-lambda t) cos(wd t - phi): phi the angle of (x, b); psi of (wd, lambda), whose
        // radius is omega0.
        // phi exact: the root lies near a zero of cos(theta), where an error in the phase is one in
        // x relative to it times tan(theta) (psi and the search's start only bound the segment).
        let phi = LaneMath.angle(y: b, x: x, radius: amplitude)
        let psi = LaneMath.roughAngle(y: lambda, x: wd, radius: omega0)
        let cosPsi = wd * inverseOmega0
        let inverseTau = one / tau
        let amplitudeOverTau = amplitude * inverseTau
        let peakOverTau = (amplitude * cosPsi) * inverseTau
        let startOverTau = T.magnitude(x) * inverseTau
        // ln(R / tolerance), ln(R cos psi / tolerance) (a peak's height over the tolerance, less the
        // decay) and ln(|x0| / tolerance): independent of one another.
        let logAmplitudeOverTau = LaneMath.roughLogarithm(amplitudeOverTau)
        let logPeakOverTau = LaneMath.roughLogarithm(peakOverTau)
        let startPositive = T.less(zero, startOverTau)
        let logStartOverTau = LaneMath.roughLogarithm(T.select(startPositive, startOverTau, one))
        // Extrema at theta = k pi - psi: the first after the start, and the last a tolerance away
        // (its time at most ln(R cos psi / tolerance) / lambda).
        let inversePi = T.splat(1 / Double.pi)
        let firstPeak = LaneMath.floor((psi - phi) * inversePi) + one
        let horizonAngle = T.select(T.less(zero, logPeakOverTau), logPeakOverTau / decayPerAngle, zero)
        let lastPeak = LaneMath.floor((horizonAngle + psi - phi) * inversePi)
        let peakAway = T.lessOrEqual(firstPeak, lastPeak)
        let startAway = T.lessOrEqual(tau, T.magnitude(x))
        // `.clamp`: the turn that ends at the first zero after the start (theta = k pi + pi / 2).
        // From a start at the target (phi a multiple of pi / 2 up to rounding): the first peak's turn.
        let atTarget = T.both(T.lessOrEqual(x, zero), T.lessOrEqual(zero, x))
        let arrivalTurn = T.select(atTarget, firstPeak, LaneMath.floor((-phi - T.splat(Double.pi / 2)) * inversePi) + one)
        let turn = T.select(clamp, arrivalTurn, T.select(peakAway, lastPeak, firstPeak - one))
        let startAngle = -phi - turn * pi
        let fromStart = T.either(clamp, T.not(peakAway))
        let halfPi = T.splat(Double.pi / 2)
        let lowAtStart = T.both(fromStart, T.less(-psi, startAngle))
        let low = T.select(lowAtStart, startAngle, -psi)
        let offset = turn * pi + phi
        // g(s) = ln R - ln tolerance + ln cos s - (lambda / wd)(s + offset), decreasing on [low, pi / 2).
        // At low: cos(-psi) = wd / omega0 at a peak, and cos(start angle) = |x0| / R at the start.
        let cosLow = T.select(lowAtStart, T.magnitude(x) / amplitude, cosPsi)
        let logLowOverTau = T.select(lowAtStart, T.select(startPositive, logStartOverTau, T.splat(-.infinity)), logPeakOverTau)
        let gLow = logLowOverTau - decayPerAngle * (low + offset)
        // A last peak the logarithm puts at the tolerance but g rounds under it: the root is the peak.
        let lowInside = T.either(T.not(lowAtStart), T.less(startAngle, halfPi))
        let lowAway = T.both(lowInside, T.lessOrEqual(zero, gLow))
        let away = choose(T.self, clamp, lowAway, T.either(peakAway, T.both(startAway, lowAway)))
        // In r = pi / 2 - s, the distance in angle to the zero that ends the segment, f(r) =
        // g(pi / 2 - r) = ln R - ln tolerance + ln sin r - (lambda / wd)(pi / 2 - r + offset) rises
        // through the root; Newton's steps are taken in ln r (f is nearly ln r + constant where r
        // is small, so the steps do not crawl toward the zero's logarithmic pole). Start: the root
        // without the decay term, sin r = cos(low) e^(-g(low)) (to about 1e-8: a start).
        let sinStart = cosLow * LaneMath.roughExponential(-T.select(T.both(away, T.lessOrEqual(zero, gLow)), gLow, zero))
        let cosStart = T.squareRoot((one - sinStart) * (one + sinStart))
        let constant = logAmplitudeOverTau - decayPerAngle * (halfPi + offset)
        var r = LaneMath.largest(LaneMath.roughAngle(y: sinStart, x: cosStart, radius: one), T.splat(0x1p-900))
        // The bracket: f < 0 at `under` (0: the zero itself), f >= 0 at `over` (the segment's start).
        var under = zero, over = halfPi - low
        // Halley's steps until one is under 2^-12 of r (cubic: the next within about 2^-36), with
        // sine, cosine and logarithm to about 1e-8 (the bracket moved only where f's sign is beyond
        // their error).
        var rough = away
        var steps = 0
        while T.any(rough) && steps < mostSteps {
            steps += 1
            let beyond = T.less(halfPi, r)
            let trig = LaneMath.roughSineCosine(T.select(beyond, r - halfPi, r))
            let sinR = T.select(beyond, trig.cos, trig.sin), cosR = T.select(beyond, -trig.sin, trig.cos)
            let positive = T.less(T.splat(0x1p-1000), sinR)
            let f = T.select(
                positive, constant + LaneMath.roughLogarithm(T.select(positive, sinR, one)) + decayPerAngle * r,
                T.splat(-.infinity))
            let sure = T.less(T.splat(0x1p-20), T.magnitude(f))
            over = T.select(T.both(T.both(rough, sure), T.lessOrEqual(zero, f)), r, over)
            under = T.select(T.both(T.both(rough, sure), T.less(f, zero)), r, under)
            // Halley's step in ln r (cubic): with A = cos r + (lambda / wd) sin r, f' = r A / sin r
            // and f'' = f' - r² / sin² r per (ln r)², 2 f f' / (2 f'² - f f'') is
            // 2 f A sin r / (2 r A² - f (A sin r - r)).
            let slopeTerm = cosR + decayPerAngle * sinR
            let logStep = (T.splat(2) * f * (slopeTerm * sinR))
                / (T.splat(2) * r * (slopeTerm * slopeTerm) - f * (slopeTerm * sinR - r))
            let size = T.magnitude(logStep)
            // r e^(-logStep), e^size as 1 + size + size²/2 + size³/6 (a step map, see `decayStep`).
            let growth = one + size * (one + size * (T.splat(0.5) + size * T.splat(1.0 / 6)))
            let newton = T.select(T.lessOrEqual(zero, logStep), r / growth, r * growth)
            let inside = T.both(T.both(T.less(under, newton), T.less(newton, over)), positive)
            let next = T.select(inside, newton, under + T.splat(0.5) * (over - under))
            let done = T.either(T.lessOrEqual(size, T.splat(0x1p-12)), T.not(T.both(T.less(under, next), T.less(next, over))))
            r = T.select(rough, next, r)
            rough = T.both(rough, T.not(done))
        }
        // The last step's end: within about 2^-36 of the root of f as the rough functions give it,
        // which lie within about 1e-8 of the exact ones (see `tolerance`'s lowering above).
        let root = r
        let time = ((halfPi + offset) - root) / wd
        return T.select(away, LaneMath.largest(time, zero), zero)
    }

    /// The non-oscillating regime (see the type's comment), from the scaled state (x, v,
    /// k = v + lambda x), for the lanes `live`.
    @inlinable @inline(__always)
    static func nonOscillatingLastAway<T: MotionArithmetic>(
        x: T, v: T, k: T, lambda: T, q: T, omega0Squared: T, tau: T, logTau: T, clamp: T.Mask, live: T.Mask
    ) -> T {
        let zero = T.splat(0), one = T.splat(1), two = T.splat(2)
        let infinity = T.splat(.infinity)
        let mu = T.squareRoot(T.select(T.less(q, zero), -q, zero))
        // The roots' logarithms where mu >= lambda / 2048; else as if critically damped.
        let exactOver = T.both(T.less(q, zero), T.lessOrEqual(lambda * lambda, T.splat(oscillationLimit * oscillationLimit) * (-q)))
        let velocityRate = omega0Squared * x + lambda * v
        // The characteristic roots (overdamped: x = c1 e^(r1 t) + c2 e^(r2 t)), r1 without
        // cancellation; once here for the extremum search and every step of `logDistance`.
        let r1 = -(omega0Squared / (lambda + mu)), r2 = -(lambda + mu)
        var zeroTime = infinity, peakTime = infinity
        if T.any(T.both(live, exactOver)) {
            let twoMu = T.select(exactOver, two * mu, one)
            let c1 = (v - r2 * x) / twoMu
            let c2 = x - c1
            let c1Nonzero = T.not(T.both(T.lessOrEqual(c1, zero), T.lessOrEqual(zero, c1)))
            let safeC1 = T.select(c1Nonzero, c1, one)
            let zeroRatio = -c2 / safeC1
            let peakRatio = -(c2 * r2) / (safeC1 * r1)
            let zeroExists = T.both(c1Nonzero, T.less(one, zeroRatio))
            let peakExists = T.both(c1Nonzero, T.less(one, peakRatio))
            let overZero = LaneMath.logarithm(T.select(zeroExists, zeroRatio, one)) / twoMu
            let overPeak = LaneMath.logarithm(T.select(peakExists, peakRatio, one)) / twoMu
            zeroTime = T.select(T.both(exactOver, zeroExists), overZero, zeroTime)
            peakTime = T.select(T.both(exactOver, peakExists), overPeak, peakTime)
        }
        let nearCritical = T.not(exactOver)
        let kNonzero = T.not(T.both(T.lessOrEqual(k, zero), T.lessOrEqual(zero, k)))
        let criticalZero = -x / T.select(kNonzero, k, one)
        let criticalPeak = one / lambda + criticalZero
        zeroTime = T.select(T.both(nearCritical, T.both(kNonzero, T.less(zero, criticalZero))), criticalZero, zeroTime)
        peakTime = T.select(T.both(nearCritical, T.both(kNonzero, T.less(zero, criticalPeak))), criticalPeak, peakTime)
        let hasZero = T.less(zeroTime, infinity), hasPeak = T.less(peakTime, infinity)
        // The segment [low, high] on which |x| falls monotonically through the tolerance.
        let peakLog = logDistance(at: T.select(hasPeak, peakTime, zero), x: x, k: k, v: v, lambda: lambda, q: q, mu: mu, r1: r1, r2: r2, exactOver: exactOver, velocityRate: velocityRate).logMagnitude
        let peakAway = T.both(hasPeak, T.lessOrEqual(logTau, peakLog))
        let startAway = T.lessOrEqual(tau, T.magnitude(x))
        let clampArrival = T.both(clamp, hasZero)
        let peakBeforeArrival = T.both(hasPeak, T.less(peakTime, zeroTime))
        let clampLow = T.select(peakBeforeArrival, peakTime, zero)
        let clampAway = choose(T.self, peakBeforeArrival, peakAway, startAway)
        let low = T.select(clampArrival, clampLow, T.select(peakAway, peakTime, zero))
        let bounded = T.either(clampArrival, T.both(T.not(peakAway), hasZero))
        var high = T.select(clampArrival, zeroTime, T.select(peakAway, infinity, zeroTime))
        let away = T.both(live, choose(T.self, clampArrival, clampAway, T.either(peakAway, startAway)))
        // An unbounded segment's upper end by doubling past 1 / lambda.
        var lo = low
        var growing = T.both(away, T.not(bounded))
        high = T.select(growing, low + one / lambda, high)
        var steps = 0
        while T.any(growing) && steps < mostSteps {
            steps += 1
            let h = logDistance(at: high, x: x, k: k, v: v, lambda: lambda, q: q, mu: mu, r1: r1, r2: r2, exactOver: exactOver, velocityRate: velocityRate).logMagnitude - logTau
            let isAway = T.lessOrEqual(zero, h)
            lo = T.select(T.both(growing, isAway), high, lo)
            let doubled = low + two * (high - low)
            high = T.select(T.both(growing, isAway), doubled, high)
            growing = T.both(growing, T.both(isAway, T.lessOrEqual(doubled, T.splat(.greatestFiniteMagnitude))))
        }
        var hi = high, root = high
        var t = lo + T.splat(0.5) * (hi - lo)
        var active = away
        steps = 0
        while T.any(active) && steps < mostSteps {
            steps += 1
            let state = logDistance(at: t, x: x, k: k, v: v, lambda: lambda, q: q, mu: mu, r1: r1, r2: r2, exactOver: exactOver, velocityRate: velocityRate)
            let h = state.logMagnitude - logTau
            let isAway = T.lessOrEqual(zero, h)
            lo = T.select(T.both(active, isAway), t, lo)
            hi = T.select(T.both(active, T.not(isAway)), t, hi)
            let newton = t - h / state.logSlope
            // Converged: a Newton step under 2^-50 of t, its end the answer.
            let converged = T.both(state.usable, T.lessOrEqual(T.magnitude(newton - t), T.splat(0x1p-50) * t))
            let inside = T.both(T.both(T.less(lo, newton), T.less(newton, hi)), state.usable)
            let next = T.select(inside, newton, lo + T.splat(0.5) * (hi - lo))
            // A bracket halved to adjacent numbers: its upper end (under the tolerance).
            let collapsed = T.not(T.both(T.less(lo, next), T.less(next, hi)))
            let stopping = T.both(active, T.either(converged, collapsed))
            root = T.select(stopping, T.select(converged, newton, hi), root)
            t = T.select(active, next, t)
            active = T.both(active, T.not(stopping))
        }
        root = T.select(active, hi, root)
        return T.select(away, T.select(T.less(root, infinity), root, lo), zero)
    }

    /// `a` where `mask`, else `b`, for truth values.
    @inlinable @inline(__always)
    static func choose<T: MotionArithmetic>(_: T.Type, _ mask: T.Mask, _ a: T.Mask, _ b: T.Mask) -> T.Mask {
        T.either(T.both(mask, a), T.both(T.not(mask), b))
    }

    /// ln |x(t)| of the scaled motion and its rate d ln|x| / dt = x' / x, where the values are
    /// usable (|x| not below 2^-1000; else ln |x| is taken as -infinity).
    @inlinable @inline(__always)
    static func logDistance<T: MotionArithmetic>(
        at t: T, x: T, k: T, v: T, lambda: T, q: T, mu: T, r1: T, r2: T, exactOver: T.Mask, velocityRate: T
    ) -> (logMagnitude: T, logSlope: T, usable: T.Mask) {
        let zero = T.splat(0), one = T.splat(1), half = T.splat(0.5)
        // e^(-lambda t) C and e^(-lambda t) S: by the roots' exponentials from mu t = 1/2 (overdamped
        // with mu >= lambda / 2048), else by the series in sigma = -(omega0² - lambda²) t², 0 where
        // |sigma| > 1/4 (there e^(-lambda t) < e^(-1024)).
        let sigma = -(q * (t * t))
        let large = T.both(exactOver, T.less(half, mu * t))
        var c = zero, s = zero
        let small = T.both(T.not(large), T.lessOrEqual(T.magnitude(sigma), T.splat(0.25)))
        if T.any(small) {
            var cSum = T.splat(1.0 / 20_922_789_888_000)
            cSum = cSum * sigma + T.splat(1.0 / 87_178_291_200)
            cSum = cSum * sigma + T.splat(1.0 / 479_001_600)
            cSum = cSum * sigma + T.splat(1.0 / 3_628_800)
            cSum = cSum * sigma + T.splat(1.0 / 40320)
            cSum = cSum * sigma + T.splat(1.0 / 720)
            cSum = cSum * sigma + T.splat(1.0 / 24)
            cSum = cSum * sigma + T.splat(0.5)
            cSum = cSum * sigma + one
            var sSum = T.splat(1.0 / 355_687_428_096_000)
            sSum = sSum * sigma + T.splat(1.0 / 1_307_674_368_000)
            sSum = sSum * sigma + T.splat(1.0 / 6_227_020_800)
            sSum = sSum * sigma + T.splat(1.0 / 39_916_800)
            sSum = sSum * sigma + T.splat(1.0 / 362_880)
            sSum = sSum * sigma + T.splat(1.0 / 5040)
            sSum = sSum * sigma + T.splat(1.0 / 120)
            sSum = sSum * sigma + T.splat(1.0 / 6)
            sSum = sSum * sigma + one
            let decay = LaneMath.exponential(-(lambda * t))
            c = T.select(small, decay * cSum, c)
            s = T.select(small, decay * (t * sSum), s)
        }
        if T.any(large) {
            let e1 = LaneMath.exponential(r1 * t), e2 = LaneMath.exponential(r2 * t)
            c = T.select(large, half * (e1 + e2), c)
            s = T.select(large, (e1 - e2) / (T.splat(2) * mu), s)
        }
        let position = x * c + k * s
        let velocity = v * c - velocityRate * s
        let magnitude = T.magnitude(position)
        let usable = T.less(T.splat(0x1p-1000), magnitude)
        let safe = T.select(usable, magnitude, one)
        let logMagnitude = T.select(usable, LaneMath.logarithm(safe), T.splat(-.infinity))
        return (logMagnitude, velocity / T.select(usable, position, one), usable)
    }
}
