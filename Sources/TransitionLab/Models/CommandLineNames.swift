import TransitionPhysics

// The command-line names of the core's choices (curves, completion shapes, duration rules):
// the tools' flags, spec keys and CSV cells. An app names them in Swift, so they live here.

extension UnitCurve {
    /// The named curves by their command-line names (`linear`, `easeIn`, `easeOut`, `easeInOut`,
    /// `default`, `fastLinearToSlowEaseIn`).
    public static let named: [(name: String, curve: UnitCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("default", .default), ("fastLinearToSlowEaseIn", .fastLinearToSlowEaseIn),
    ]

    /// The named curve called `name` (see `named`), or nil.
    public static func named(_ name: String) -> UnitCurve? {
        named.first { $0.name == name }?.curve
    }
}

extension ClassicPercentDrivenModel.CurveChoice {
    /// The command-line name of `uiKitSpring`.
    public static let uiKitSpringName = "uiKitSpring"

    /// Every choice's name: the named timing curves (`UnitCurve.named`), then `uiKitSpring`.
    public static var names: [String] { UnitCurve.named.map(\.name) + [uiKitSpringName] }

    /// The choice called `name` (one of `names`), or nil.
    public init?(name: String) {
        if name == Self.uiKitSpringName {
            self = .uiKitSpring
        } else if let curve = UnitCurve.named(name) {
            self = .timing(curve)
        } else {
            return nil
        }
    }

    /// The name of this choice; for a timing curve that is not one of the named curves,
    /// its description.
    public var name: String {
        switch self {
        case .uiKitSpring: return Self.uiKitSpringName
        case .timing(let curve): return UnitCurve.named.first { $0.curve == curve }?.name ?? "\(curve)"
        }
    }
}

extension PhysicsCompletionShape {
    /// The command-line names of the shapes, in `ReleaseParameter` order.
    public static let names = ["spring", "minimum-jerk", "ease-in-out"]

    /// The shape's command-line name (`spring`, `minimum-jerk`, `ease-in-out`).
    public var name: String {
        switch self {
        case .spring: return Self.names[0]
        case .minimumJerk: return Self.names[1]
        case .easeInOut: return Self.names[2]
        }
    }
}

extension TimedCompletionDuration {
    /// The command-line names of the rules, in `ReleaseParameter` order.
    public static let names = ["peak-acceleration", "duration"]

    /// The rule's command-line name (`peak-acceleration`, `duration`).
    public var name: String {
        switch self {
        case .peakAcceleration: return Self.names[0]
        case .fullTravel: return Self.names[1]
        }
    }
}
