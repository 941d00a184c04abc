import RealModule

/// A damped harmonic oscillator `m x'' + c x' + k (x - target) = 0`, with the names and
/// semantics of SwiftUI's `Spring` (iOS 17), so code written against SwiftUI moves over unchanged.
///
/// A spring is a pure description: it holds mass, stiffness and the damping *coefficient*, and
/// answers questions about motion as pure functions of time (`value(target:initialVelocity:time:)`,
/// `velocity(target:initialVelocity:time:)`), or advances a state exactly
/// (`update(value:velocity:target:deltaTime:)`).
///
/// Units: time in seconds; the spring is unit-agnostic in space (points, progress fractions, ...),
/// so stiffness is in 1/s² per unit mass and the damping coefficient in 1/s per unit mass.
///
/// Parameterizations (docs/references.md#springs):
///
/// | parameters | to (m, k, c) |
/// |---|---|
/// | response R, damping ratio z | m = 1, k = (2 pi / R)², c = 4 pi z / R |
/// | duration D, bounce b | as response D with z = 1 - b (b >= 0) or 1 / (1 + b) (b < 0) |
/// | mass, stiffness, damping | as given |
///
/// Invalid parameters (non-positive or non-finite mass, stiffness or response; a negative or
/// non-finite damping) stop the program with a sentence naming the parameter: they are broken
/// contracts, not recoverable input, and nothing is silently fixed up.
public struct Spring: Hashable, Sendable {
    /// The mass of the object attached to the end of the spring; positive, in mass units
    /// (1 for every parameterization except `init(mass:stiffness:damping:allowOverDamping:)`).
    public let mass: Double

    /// The spring stiffness coefficient k, positive: the restoring force per unit displacement.
    public let stiffness: Double

    /// The damping *coefficient* c (not the ratio; see `dampingRatio`), >= 0: the drag force per
    /// unit velocity. The name mirrors SwiftUI's `Spring.damping`.
    public let damping: Double

    /// Creates a spring from mass, stiffness and damping coefficient.
    ///
    /// - Parameters:
    ///   - mass: Positive and finite. Default 1.
    ///   - stiffness: Positive and finite.
    ///   - damping: The damping coefficient, >= 0 and finite.
    ///   - allowOverDamping: When `false` (the default, as in SwiftUI), a set whose damping ratio
    ///     exceeds 1 is treated as critically damped: `damping` becomes `2 sqrt(mass * stiffness)`.
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        if let reason = Self.invalidity(mass: mass, stiffness: stiffness, damping: damping) { preconditionFailure(reason) }
        self.mass = mass
        self.stiffness = stiffness
        let critical = 2 * (mass * stiffness).squareRoot()
        self.damping = (!allowOverDamping && damping > critical) ? critical : damping
    }

    /// A spring from constants read back from a spring that was valid when made (the batch's
    /// lanes store a spring's mass, stiffness and damping and rebuild it per lane): the same
    /// spring, without checking again what `init(mass:stiffness:damping:allowOverDamping:)`
    /// checked once (`allowOverDamping` true: the damping is taken as it is).
    package init(validatedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Creates a spring with the specified response and damping ratio.
    ///
    /// - Parameters:
    ///   - response: The duration of one period of the spring's undamped system, in seconds;
    ///     positive and finite. Sets the stiffness: k = (2 pi / response)², with mass 1.
    ///   - dampingRatio: The drag as a fraction of the drag needed for critical damping, >= 0:
    ///     0 never settles, below 1 oscillates, 1 is critical, above 1 is overdamped.
    public init(response: Double, dampingRatio: Double) {
        if let reason = Self.invalidity(response: response, dampingRatio: dampingRatio) { preconditionFailure(reason) }
        let omega0 = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega0 * omega0, damping: 2 * dampingRatio * omega0, allowOverDamping: true)
    }

    /// Creates a spring with the specified perceptual duration and bounce (SwiftUI, Flutter's
    /// `SpringDescription.withDurationAndBounce`).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration in seconds, positive: the response of the spring.
    ///   - bounce: In (-1, 1]. 0 is critically damped, positive values bounce (1 never settles),
    ///     negative values are overdamped (damping ratio 1 / (1 + bounce)).
    public init(duration: Double = 0.5, bounce: Double = 0.0) {
        precondition(bounce > -1 && bounce <= 1, "Spring bounce must be in (-1, 1]; got \(bounce).")
        let dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingRatio: dampingRatio)
    }

    /// The stiffness expressed as a duration: one period of the undamped system, in seconds.
    public var response: Double { 2 * Double.pi / naturalAngularFrequency }

    /// The drag as a fraction of the amount needed to produce critical damping:
    /// `damping / (2 sqrt(mass * stiffness))`.
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The perceptual duration in seconds, which defines the pace of the spring (equal to
    /// `response`, as in SwiftUI).
    public var duration: Double { response }

    /// How bouncy the spring is: `1 - dampingRatio` when not overdamped, `1 / dampingRatio - 1`
    /// when overdamped (in (-1, 0)). 0 is critically damped; 1 never settles.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// The undamped angular frequency omega0 = sqrt(k / m), in radians per second.
    public var naturalAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The decay rate lambda = c / (2 m), in 1/s: the envelope of the motion is e^(-lambda t).
    public var decayRate: Double { damping / (2 * mass) }

    /// The force on the attached object, as SwiftUI's `force(target:position:velocity:)`:
    /// `stiffness * (target - position) - damping * velocity`, in mass units times units per
    /// second squared. Divide by `mass` for the acceleration (they are equal at mass 1).
    public func force(target: Double, position: Double, velocity: Double) -> Double {
        stiffness * (target - position) - damping * velocity
    }
}

extension Spring {
    /// Why `init(mass:stiffness:damping:allowOverDamping:)` would refuse these constants, as the
    /// sentence its precondition prints, or nil when they make a spring. Beyond each constant's
    /// own range, the rates the motion is computed from must be finite and positive where they
    /// divide: omega0² = stiffness / mass (1/s²) and lambda = damping / (2 mass) (1/s), and the
    /// derived forms finite: the critical damping 2 sqrt(mass * stiffness), the damping ratio and
    /// the response. The one
    /// definition of a valid spring: command-line tools check input with it before building one.
    package static func invalidity(mass: Double, stiffness: Double, damping: Double) -> String? {
        guard mass > 0 && mass.isFinite else { return "Spring mass must be positive and finite; got \(mass)." }
        guard stiffness > 0 && stiffness.isFinite else {
            return "Spring stiffness must be positive and finite; got \(stiffness)."
        }
        guard damping >= 0 && damping.isFinite else {
            return "Spring damping (the coefficient) must be >= 0 and finite; got \(damping)."
        }
        let omega0Squared = stiffness / mass
        guard omega0Squared > 0 && omega0Squared.isFinite else {
            return "Spring stiffness / mass (omega0², 1/s²) must be positive and finite; got \(stiffness) / \(mass) = \(omega0Squared)."
        }
        let decayRate = damping / (2 * mass)
        guard decayRate.isFinite else {
            return "Spring damping / (2 mass) (the decay rate, 1/s) must be finite; got \(damping) / (2 * \(mass)) = \(decayRate)."
        }
        let q = omega0Squared - decayRate * decayRate
        guard q.isFinite else {
            return "Spring omega0² - lambda² (the squared damped angular frequency, 1/s²) must be finite; got \(omega0Squared) - \(decayRate)² = \(q)."
        }
        // The derived forms every tool reports (`dampingRatio`, `response`): the product
        // mass * stiffness underflows to 0 or overflows long before either constant does.
        let critical = 2 * (mass * stiffness).squareRoot()
        guard critical > 0 && critical.isFinite else {
            return "Spring critical damping 2 sqrt(mass * stiffness) must be positive and finite; got 2 sqrt(\(mass) * \(stiffness)) = \(critical)."
        }
        let ratio = damping / critical
        guard ratio.isFinite else {
            return "Spring damping ratio damping / (2 sqrt(mass * stiffness)) must be finite; got \(damping) / \(critical) = \(ratio)."
        }
        let response = 2 * Double.pi / omega0Squared.squareRoot()
        guard response > 0 && response.isFinite else {
            return "Spring response 2 pi / sqrt(stiffness / mass) (seconds) must be positive and finite; got \(response)."
        }
        return nil
    }

    /// Why `init(response:dampingRatio:)` would refuse these values, or nil: the response and the
    /// ratio in range, and the stiffness (2 pi / response)² and damping 2 ratio 2 pi / response
    /// they give valid (`invalidity(mass:stiffness:damping:)` with mass 1).
    package static func invalidity(response: Double, dampingRatio: Double) -> String? {
        guard response > 0 && response.isFinite else {
            return "Spring response must be positive and finite (seconds); got \(response)."
        }
        guard dampingRatio >= 0 && dampingRatio.isFinite else {
            return "Spring dampingRatio must be >= 0 and finite; got \(dampingRatio)."
        }
        let omega0 = 2 * Double.pi / response
        let stiffness = omega0 * omega0, damping = 2 * dampingRatio * omega0
        guard stiffness > 0 && stiffness.isFinite else {
            return "Spring response \(response) s gives the stiffness (2 pi / response)² = \(stiffness) (1/s²), which must be positive and finite."
        }
        guard damping.isFinite else {
            return "Spring dampingRatio \(dampingRatio) with response \(response) s gives the damping 4 pi ratio / response = \(damping) (1/s), which must be finite."
        }
        return invalidity(mass: 1, stiffness: stiffness, damping: damping)
    }
}

extension Spring: CustomStringConvertible {
    /// The constants, then the response in seconds and the damping ratio.
    public var description: String {
        "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping); response \(response) s, dampingRatio \(dampingRatio))"
    }
}
