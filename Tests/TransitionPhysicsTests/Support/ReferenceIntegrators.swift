import RealModule
import TransitionLab
import TransitionPhysics

// Shared helpers for the numeric-foundation tests: independent reference integrators, error
// measures that scale with the motion, and a seeded random number generator.
//
// Nothing here calls the code under test except to read a spring's (mass, stiffness, damping):
// the references are written from the equation m x'' + c x' + k x = 0 alone.

/// One sample of a reference trajectory: displacement from the target and velocity.
struct ReferenceSample {
    var time: Double
    var displacement: Double
    var velocity: Double
}

/// Classic fourth-order Runge-Kutta for x'' = -(k x + c x') / m, from (x0, v0) at time 0.
///
/// Returns a sample every `sampleEvery` steps (and at time 0). With h = 1e-5 s and the fastest
/// rate of the springs tested (about 200 1/s), h * rate <= 2e-3: the truncation error per unit
/// time, ~(h rate)^4 / 120 * rate, is below 1e-12 of the scale; round-off (~1e-16 per step, as a
/// random walk over 3e5 steps) dominates, and the result agrees with the exact solution to a
/// few 1e-14 of the scale of the motion.
func rungeKutta4(
    mass m: Double, stiffness k: Double, damping c: Double,
    x0: Double, v0: Double, step h: Double = 1e-5, steps: Int, sampleEvery: Int
) -> [ReferenceSample] {
    func accel(_ x: Double, _ v: Double) -> Double { -(k * x + c * v) / m }
    var x = x0, v = v0
    var samples = [ReferenceSample(time: 0, displacement: x, velocity: v)]
    samples.reserveCapacity(steps / sampleEvery + 1)
    for i in 1...steps {
        rk4Step(x: &x, v: &v, h: h, acceleration: accel)
        if i % sampleEvery == 0 {
            // Time as i * h, not an accumulated sum, so it matches the instant the closed form sees.
            samples.append(ReferenceSample(time: Double(i) * h, displacement: x, velocity: v))
        }
    }
    return samples
}

/// |actual - expected| / scale, the error measure used throughout: `scale` is the size of the
/// motion (its largest displacement or velocity), so the measure means the same for points and
/// for progress fractions and does not explode where the motion crosses zero.
func scaledError(_ actual: Double, _ expected: Double, scale: Double) -> Double {
    abs(actual - expected) / scale
}

// Seeded randomness uses the core's `SplitMix64`, so failures name a reproducible seed.

extension Double {
    /// A log-uniform random value in [low, high] (both positive).
    static func logUniform(in range: ClosedRange<Double>, using rng: inout SplitMix64) -> Double {
        Double.exp(Double.random(in: Double.log(range.lowerBound)...Double.log(range.upperBound), using: &rng))
    }
}

#if arch(x86_64) || arch(i386)
/// The textbook closed forms (docs/references.md#springs), evaluated in
/// Float80 (64-bit mantissa, about 3.5 more decimal digits than Double) from the spring's exact
/// Double parameters. The regime is chosen by the sign of q = k/m - lambda^2 computed in Float80.
///
/// Near damping ratio 1 the over- and underdamped forms lose digits: the c1 e^(r1 t) + c2 e^(r2 t)
/// sum cancels with c1, c2 ~ x0 omega0 / mu. For |z - 1| >= 1e-9 that costs at most ~5 of
/// Float80's 19 digits, but a spring whose ratio is 1 in Double typically has |q| ~ 1e-16 omega0^2
/// in Float80, and then 8 digits go: use `referenceState80`, which switches to a series there.
func textbookState80(
    mass: Double, stiffness: Double, damping: Double, x0: Double, v0: Double, time: Double
) -> (displacement: Float80, velocity: Float80) {
    let m = Float80(mass), k = Float80(stiffness), c = Float80(damping)
    let x0 = Float80(x0), v0 = Float80(v0), t = Float80(time)
    let lambda = c / (2 * m)
    let omega0Squared = k / m
    let q = omega0Squared - lambda * lambda
    if q > 0 {
        let wd = q.squareRoot()
        let envelope = Float80.exp(-lambda * t)
        let b = (v0 + lambda * x0) / wd
        let cosine = Float80.cos(wd * t), sine = Float80.sin(wd * t)
        let x = envelope * (x0 * cosine + b * sine)
        // d/dt: -lambda x + e^(-lambda t) (-x0 wd sin + b wd cos)
        let v = -lambda * x + envelope * (-x0 * wd * sine + b * wd * cosine)
        return (x, v)
    } else if q < 0 {
        let mu = (-q).squareRoot()
        let r1 = -lambda - mu, r2 = -lambda + mu
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        let e1 = Float80.exp(r1 * t), e2 = Float80.exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    } else {
        let omega0 = omega0Squared.squareRoot()
        let envelope = Float80.exp(-omega0 * t)
        let b = v0 + omega0 * x0
        let x = envelope * (x0 + b * t)
        return (x, -omega0 * x + envelope * b)
    }
}

/// The same solution written as x(t) = e^(-lambda t) [x0 C(t) + (v0 + lambda x0) S(t)] with
/// C = cos(sqrt(q) t) and S = sin(sqrt(q) t) / sqrt(q) expanded in powers of q t^2:
///
///     C = sum (-q t^2)^n / (2n)!,   S = t sum (-q t^2)^n / (2n + 1)!,
///
/// valid in every regime (the series is entire in q; cosh and sinh / mu for q < 0; 1 and t at
/// q = 0) and free of any division by sqrt(|q|). For |q| t^2 <= 1 the terms fall at least as
/// 1 / (2n)! and nothing cancels, so this is accurate to Float80 round-off where the textbook
/// forms are weakest; beyond, it falls back to `textbookState80`, which is accurate there.
func referenceState80(
    mass: Double, stiffness: Double, damping: Double, x0: Double, v0: Double, time: Double
) -> (displacement: Float80, velocity: Float80) {
    let m = Float80(mass), k = Float80(stiffness), c = Float80(damping)
    let lambda = c / (2 * m)
    let q = k / m - lambda * lambda
    let t = Float80(time)
    if abs(q) * t * t > 1 {
        return textbookState80(mass: mass, stiffness: stiffness, damping: damping, x0: x0, v0: v0, time: time)
    }
    let z = -q * t * t
    var cosine: Float80 = 0, sineOverRoot: Float80 = 0
    var term: Float80 = 1  // z^n / (2n)!
    for n in 0..<40 {
        cosine += term
        sineOverRoot += term / Float80(2 * n + 1)  // z^n / (2n + 1)!
        term *= z / Float80((2 * n + 1) * (2 * n + 2))
    }
    sineOverRoot *= t
    let x0 = Float80(x0), v0 = Float80(v0)
    let envelope = Float80.exp(-lambda * t)
    let b = v0 + lambda * x0
    let x = envelope * (x0 * cosine + b * sineOverRoot)
    // C' = -q S, S' = C
    let v = -lambda * x + envelope * (-x0 * q * sineOverRoot + b * cosine)
    return (x, v)
}
#endif

/// One classic fourth-order Runge-Kutta step of x' = v, v' = acceleration(x, v) (with all four
/// stages: Advance's RK4 bug was a dropped k1).
@inline(__always)
func rk4Step(x: inout Double, v: inout Double, h: Double, acceleration accel: (Double, Double) -> Double) {
    let k1x = v, k1v = accel(x, v)
    let k2x = v + 0.5 * h * k1v, k2v = accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
    let k3x = v + 0.5 * h * k2v, k3v = accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
    let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
}
