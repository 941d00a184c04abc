import TransitionPhysics

/// The kinds of release model this package ships, by the name every table and CSV column
/// `model` uses (`ReleaseModel.name` of the built-in models).
public enum ReleaseModelKind: CaseIterable, Hashable, Sendable, RawRepresentable {
    /// `ClassicPercentDrivenModel`: UIKit's percent-driven transition.
    case classic
    /// `ProjectedSpringModel`: ours.
    case physics
    /// `FlutterBackSwipeModel`: Flutter's Cupertino back swipe.
    case cupertino

    /// The model's own name (`ClassicPercentDrivenModel.modelName` and its peers): the flag's
    /// value, the CSV's `model` cell.
    public var rawValue: String {
        switch self {
        case .classic: ClassicPercentDrivenModel.modelName
        case .physics: ProjectedSpringModel.modelName
        case .cupertino: FlutterBackSwipeModel.modelName
        }
    }

    /// The kind named `rawValue`, or nil.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }
}

/// One of the built-in release models, configured: the value the batch integrator vectorizes and
/// the sweep, the benchmark and the notebooks' CSVs describe. A user-written `ReleaseModel` is
/// not one of these (`init(_:)` returns nil for it); it runs wherever the scalar path runs
/// (`ReleaseModel.release(_:)`, `CompletionCurve.metrics`, `GestureRunner`).
public enum BuiltInReleaseModel: Hashable, Sendable {
    /// UIKit's percent-driven transition.
    case classic(ClassicPercentDrivenModel)
    /// Projection and a spring.
    case physics(ProjectedSpringModel)
    /// Flutter's Cupertino back swipe.
    case cupertino(FlutterBackSwipeModel)

    /// The built-in model `model` is, or nil for any other `ReleaseModel`.
    public init?(_ model: any ReleaseModel) {
        if let m = model as? ProjectedSpringModel {
            self = .physics(m)
        } else if let m = model as? ClassicPercentDrivenModel {
            self = .classic(m)
        } else if let m = model as? FlutterBackSwipeModel {
            self = .cupertino(m)
        } else {
            return nil
        }
    }

    /// Which of the three built-in models this is.
    public var kind: ReleaseModelKind {
        switch self {
        case .classic: return .classic
        case .physics: return .physics
        case .cupertino: return .cupertino
        }
    }

    /// The configured model.
    public var model: any ReleaseModel {
        switch self {
        case .classic(let m): return m
        case .physics(let m): return m
        case .cupertino(let m): return m
        }
    }
}

/// The built-in models with their shipped defaults, as the benchmark's `--builtin` names them:
/// each release model with its defaults, and the classic edge-pan variant (`classic-004`), which also
/// fixes the travel that maps to progress 1.
public enum ReleaseModelPreset: String, CaseIterable, Hashable, Sendable {
    /// UIKit percent-driven, as a pop is usually written: finish iff progress > 0.5 at release; duration 0.3 s,
    /// completionSpeed 1, easeInOut.
    case classic
    /// The edge-pan variant of the classic pop (named after the example app it comes from): the
    /// `progress > 0.5` flag kept from the last `.changed`, and a fixed travel of
    /// `seed004Travel` in the gesture's own unit (the app meant 200 pt; the recorded swipes are
    /// in device pixels, and are not rescaled).
    case classic004 = "classic-004"
    /// Flutter's Cupertino back swipe.
    case cupertino
    /// Ours: `ProjectedSpringModel()` with its defaults.
    case physics
    /// Ours with the minimum-jerk completion: `ProjectedSpringModel(completionShape:
    /// .minimumJerk(.peakAcceleration(ProjectedSpringModel.defaultCompletionPeakAcceleration)))`,
    /// the same decisions, done sooner at the same peak acceleration (docs/behaviour.md).
    case physicsMinimumJerk = "physics-minimum-jerk"

    /// The fixed travel of the edge-pan variant (`classic-004`), in the gesture's unit (points in
    /// the app it comes from, pixels in the recorded swipes).
    public static let seed004Travel = 200.0

    /// The configured model.
    public var model: BuiltInReleaseModel {
        switch self {
        case .classic: return .classic(ClassicPercentDrivenModel())
        case .classic004: return .classic(ClassicPercentDrivenModel(decisionRule: .lastChangedFlag))
        case .cupertino: return .cupertino(FlutterBackSwipeModel())
        case .physics: return .physics(ProjectedSpringModel())
        case .physicsMinimumJerk:
            return .physics(
                ProjectedSpringModel(
                    completionShape: .minimumJerk(.peakAcceleration(ProjectedSpringModel.defaultCompletionPeakAcceleration))))
        }
    }

    /// The travel that maps to progress 1, in the gesture's unit; nil: each gesture's own travel.
    public var fixedTravel: Double? { self == .classic004 ? Self.seed004Travel : nil }

    /// The preset with every parameter at its default for `kind`.
    public static func defaults(for kind: ReleaseModelKind) -> ReleaseModelPreset {
        switch kind {
        case .classic: return .classic
        case .physics: return .physics
        case .cupertino: return .cupertino
        }
    }
}
