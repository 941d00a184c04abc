import RealModule

/// A scroll-view deceleration rate: the fraction of velocity kept per millisecond of coasting
/// (UIScrollView.DecelerationRate). `.normal` = 0.998, `.fast` = 0.99; any value in (0, 1).
public struct DecelerationRate: Hashable, Sendable {
    /// Velocity retained per millisecond, in (0, 1).
    public let rawValue: Double

    /// A rate keeping `rawValue` of the velocity per millisecond, in (0, 1).
    public init(rawValue: Double) {
        precondition(rawValue > 0 && rawValue < 1, "DecelerationRate must be in (0, 1) (velocity kept per millisecond); got \(rawValue).")
        self.rawValue = rawValue
    }

    /// UIScrollView's normal rate, 0.998 per ms.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIScrollView's fast rate, 0.99 per ms.
    public static let fast = DecelerationRate(rawValue: 0.99)
}

/// How the coasting distance is computed from a release velocity (docs/references.md#projection-and-rubber-band).
/// The three differ by about 0.1% at the normal rate.
public enum ProjectionForm: String, CaseIterable, Sendable {
    /// WWDC 2018 "Designing Fluid Interfaces": `(v / 1000) * r / (1 - r)`. Used by the WWDC
    /// sample code, pop and Wave. The default.
    case discrete
    /// The exponential decay integrated exactly: `-v / (1000 * ln r)`. b3ll/Motion, Flutter's
    /// FrictionSimulation.
    case continuous
    /// The per-millisecond geometric sum `(v / 1000) / (1 - r)`. react-spring, React Native.
    case perMillisecondSum

    /// Distance coasted per unit of velocity (units per (units per second)), that is, seconds.
    @inlinable
    public func distancePerVelocity(rate: DecelerationRate) -> Double {
        let r = rate.rawValue
        switch self {
        case .discrete: return r / (1000 * (1 - r))
        case .continuous: return -1 / (1000 * Double.log(r))
        case .perMillisecondSum: return 1 / (1000 * (1 - r))
        }
    }
}

extension DecelerationRate {
    /// Where a motion released at `initialVelocity` (units per second) coasts to, relative to the
    /// release point, in the same units: `velocity * form.distancePerVelocity(rate:)`.
    /// For the continuous form at 0.998, 2000 units/s coasts 998.9997 units; the discrete form, 998.
    @inlinable
    public func projectedDistance(initialVelocity: Double, form: ProjectionForm = .discrete) -> Double {
        initialVelocity * form.distancePerVelocity(rate: self)
    }

    /// The release velocity (units per second) that coasts exactly `distance` units: the inverse
    /// of `projectedDistance(initialVelocity:form:)`.
    @inlinable
    public func initialVelocity(forProjectedDistance distance: Double, form: ProjectionForm = .discrete) -> Double {
        distance / form.distancePerVelocity(rate: self)
    }
}
