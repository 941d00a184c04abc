import ArgumentParser
import TransitionPhysics

/// The release models a sweep (or a benchmark) runs, and their parameters, as command-line flags.
///
/// Every numeric flag takes a list `a,b,c` or an inclusive range `start:stop:step` (see
/// `AxisParser`); name flags take lists. Each flag is an axis: `variants()` returns every
/// combination, model by model in `--model` order, and within one model its own parameter axes
/// in a fixed order, the last one varying fastest:
///
/// - classic: duration, completion speed, completion curve, threshold, frame rate;
/// - physics: response and damping ratio (or stiffness, damping, mass), deceleration rate,
///   projection, threshold, min fling velocity, overshoot, frame rate;
/// - cupertino: frame rate (its constants are Flutter's).
///
/// A model only varies over its own axes: `--response 0.2,0.3` doubles the physics rows and
/// leaves the classic rows alone. `--threshold` is shared by classic and physics.
///
/// Unset flags (nil) take the documented defaults; `merge(from:)` lets a spec file fill them.
/// The library stops the program on invalid parameters, so every value is checked here first and
/// a bad one is a `ValidationError` (exit status 64) naming the flag and the value.
public struct ModelOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: .customLong("model"), help: ArgumentHelp(
        "Release models: classic (UIKit percent-driven), physics (projected spring), cupertino (Flutter). (default: classic,physics)",
        valueName: "list"))
    public var model: String?

    // MARK: classic
    @Option(parsing: .unconditional, help: ArgumentHelp(
"Classic: transition duration, seconds, > 0. (default: 0.3)", valueName: "values"))
    public var duration: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
"Classic: UIKit completionSpeed, > 0 (unitless). (default: 1)", valueName: "values"))
    public var completionSpeed: String?

    @Option(help: ArgumentHelp(
        "Classic: completion curve: linear, easeIn, easeOut, easeInOut, default, fastLinearToSlowEaseIn, uiKitSpring. (default: easeInOut)",
        valueName: "list"))
    public var completionCurve: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Classic and physics: decision threshold, progress in (0, 1) exclusive. (default: 0.5)", valueName: "values"))
    public var threshold: String?

    // MARK: physics
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Physics: spring response (undamped period), seconds, > 0. (default: 0.3)", valueName: "values"))
    public var response: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Physics: spring damping ratio, >= 0 (1 = critical). (default: 1)", valueName: "values"))
    public var dampingRatio: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Physics: spring stiffness, 1/s² per unit mass, > 0; instead of --response/--damping-ratio (needs --damping). (default: none)",
        valueName: "values"))
    public var stiffness: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Physics: spring damping coefficient, 1/s per unit mass, >= 0; with --stiffness (never clamped to critical). (default: none)",
        valueName: "values"))
    public var damping: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Physics: spring mass, > 0; with --stiffness. (default: 1)", valueName: "values"))
    public var mass: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Physics: deceleration rate, velocity kept per millisecond, in (0, 1) exclusive. (default: 0.998)",
        valueName: "values"))
    public var decelerationRate: String?

    @Option(help: ArgumentHelp(
        "Physics: projection formula: discrete, continuous, perMillisecondSum. (default: discrete)", valueName: "list"))
    public var projection: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Physics: release speeds below this do not fling, progress per second (travel widths/s), >= 0. (default: 0)",
        valueName: "values"))
    public var minFlingVelocity: String?

    @Option(help: ArgumentHelp(
        "Physics: overshoot policy: allow, clamp, rubberBand. (default: allow)", valueName: "list"))
    public var overshoot: String?

    // MARK: all models
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "All models: frame rate the completion metrics are sampled at, Hz, in (0, 10000]. (default: 240)",
        valueName: "values"))
    public var frameRate: String?

    /// The flag names (without dashes) this struct owns, for spec files.
    public static let flagNames = [
        "model", "duration", "completion-speed", "completion-curve", "threshold", "response", "damping-ratio",
        "stiffness", "damping", "mass", "deceleration-rate", "projection", "min-fling-velocity", "overshoot",
        "frame-rate",
    ]

    /// Sets the flag `name` (without dashes) to `value` when it is still unset; false for an
    /// unknown name.
    public mutating func fill(flag name: String, with value: String) -> Bool {
        func set(_ keyPath: WritableKeyPath<ModelOptions, String?>) {
            if self[keyPath: keyPath] == nil { self[keyPath: keyPath] = value }
        }
        switch name {
        case "model": set(\.model)
        case "duration": set(\.duration)
        case "completion-speed": set(\.completionSpeed)
        case "completion-curve": set(\.completionCurve)
        case "threshold": set(\.threshold)
        case "response": set(\.response)
        case "damping-ratio": set(\.dampingRatio)
        case "stiffness": set(\.stiffness)
        case "damping": set(\.damping)
        case "mass": set(\.mass)
        case "deceleration-rate": set(\.decelerationRate)
        case "projection": set(\.projection)
        case "min-fling-velocity": set(\.minFlingVelocity)
        case "overshoot": set(\.overshoot)
        case "frame-rate": set(\.frameRate)
        default: return false
        }
        return true
    }

    public func validate() throws { _ = try variantPlan() }

    /// The most model variants (parameter combinations over all models) one run may have.
    public static let maximumVariants = 1_000_000

    /// Every configured model variant, in row order (see the type's documentation).
    public func variants() throws -> [ModelVariant] {
        let plan = try variantPlan()
        var result: [ModelVariant] = []
        result.reserveCapacity(Int(plan.count))
        for kind in plan.models {
            switch kind {
            case .classic:
                for d in plan.durations { for s in plan.completionSpeeds { for c in plan.curves { for t in plan.thresholds {
                    for f in plan.frameRates {
                        let choice: ClassicPercentDrivenModel.CurveChoice =
                            c == "uiKitSpring" ? .uiKitSpring : .timing(UnitCurve.named(c)!)
                        let model = ClassicPercentDrivenModel(duration: d, completionSpeed: s, completionCurve: choice, threshold: t)
                        var p = ModelParameters(frameRate: f)
                        p.duration = d; p.completionSpeed = s; p.completionCurve = c; p.threshold = t
                        result.append(ModelVariant(kind: .classic, model: model, frameRate: f, parameters: p))
                    }
                }}}}
            case .physics:
                for spring in plan.springs { for r in plan.decelerationRates { for proj in plan.projections {
                    for t in plan.thresholds { for m in plan.minFlingVelocities { for o in plan.overshoots {
                        for f in plan.frameRates {
                            let model = ProjectedSpringModel(
                                spring: spring.spring, decelerationRate: DecelerationRate(rawValue: r),
                                projection: ProjectionForm(rawValue: proj)!, threshold: t, minFlingVelocity: m,
                                overshoot: OvershootPolicy(rawValue: o)!)
                            var p = ModelParameters(frameRate: f)
                            // The flags' values verbatim; the other parameterization derived by the library.
                            p.response = spring.response ?? spring.spring.response
                            p.dampingRatio = spring.dampingRatio ?? spring.spring.dampingRatio
                            p.stiffness = spring.stiffness ?? spring.spring.stiffness
                            p.damping = spring.damping ?? spring.spring.damping
                            p.mass = spring.mass ?? spring.spring.mass
                            p.decelerationRate = r; p.projection = proj; p.threshold = t
                            p.minFlingVelocity = m; p.overshoot = o
                            result.append(ModelVariant(kind: .physics, model: model, frameRate: f, parameters: p))
                        }
                    }}}
                }}}
            case .cupertino:
                for f in plan.frameRates {
                    result.append(ModelVariant(kind: .cupertino, model: CupertinoModel(), frameRate: f, parameters: ModelParameters(frameRate: f)))
                }
            }
        }
        return result
    }

    // MARK: validation

    struct SpringChoice {
        var spring: Spring
        var response: Double?, dampingRatio: Double?, stiffness: Double?, damping: Double?, mass: Double?
    }

    struct Plan {
        var models: [ModelKind]
        var durations: [Double], completionSpeeds: [Double], curves: [String], thresholds: [Double]
        var springs: [SpringChoice], decelerationRates: [Double], projections: [String]
        var minFlingVelocities: [Double], overshoots: [String], frameRates: [Double]

        /// The number of variants (as a Double: the product of several axes may exceed Int).
        var count: Double {
            func product(_ counts: Int...) -> Double { counts.reduce(1.0) { $0 * Double($1) } }
            var total = 0.0
            for kind in models {
                switch kind {
                case .classic:
                    total += product(durations.count, completionSpeeds.count, curves.count, thresholds.count, frameRates.count)
                case .physics:
                    total += product(
                        springs.count, decelerationRates.count, projections.count, thresholds.count,
                        minFlingVelocities.count, overshoots.count, frameRates.count)
                case .cupertino:
                    total += product(frameRates.count)
                }
            }
            return total
        }
    }

    static let positiveFinite: AxisParser.Constraint = { $0 > 0 ? nil : "must be > 0" }
    static let nonNegative: AxisParser.Constraint = { $0 >= 0 ? nil : "must be >= 0" }
    static let openUnit: AxisParser.Constraint = { $0 > 0 && $0 < 1 ? nil : "must be in (0, 1) exclusive" }

    func variantPlan() throws -> Plan {
        let modelNames = try AxisParser.names(model ?? "classic,physics", flag: "--model", allowed: ModelKind.allCases.map(\.rawValue))
        if Set(modelNames).count != modelNames.count {
            throw ValidationError("--model: '\(model ?? "")' names a model twice.")
        }
        let models = modelNames.map { ModelKind(rawValue: $0)! }
        let curveNames = UnitCurve.named.map(\.name) + ["uiKitSpring"]

        let usesSpringConstants = stiffness != nil || damping != nil || mass != nil
        var springs: [SpringChoice] = []
        if usesSpringConstants {
            if let response {
                throw ValidationError("--response: '\(response)' cannot be combined with --stiffness/--damping/--mass.")
            }
            if let dampingRatio {
                throw ValidationError("--damping-ratio: '\(dampingRatio)' cannot be combined with --stiffness/--damping/--mass.")
            }
            guard let stiffness else { throw ValidationError("--stiffness: missing; --damping and --mass need it.") }
            guard let damping else { throw ValidationError("--damping: missing; --stiffness needs it.") }
            let ks = try AxisParser.numbers(stiffness, flag: "--stiffness", constraint: Self.positiveFinite)
            let cs = try AxisParser.numbers(damping, flag: "--damping", constraint: Self.nonNegative)
            let ms = try AxisParser.numbers(mass ?? "1", flag: "--mass", constraint: Self.positiveFinite)
            for k in ks { for c in cs { for m in ms {
                springs.append(SpringChoice(
                    spring: Spring(mass: m, stiffness: k, damping: c, allowOverDamping: true),
                    response: nil, dampingRatio: nil, stiffness: k, damping: c, mass: m))
            }}}
        } else {
            let rs = try AxisParser.numbers(response ?? "0.3", flag: "--response", constraint: Self.positiveFinite)
            let zs = try AxisParser.numbers(dampingRatio ?? "1", flag: "--damping-ratio", constraint: Self.nonNegative)
            for r in rs { for z in zs {
                springs.append(SpringChoice(
                    spring: Spring(response: r, dampingRatio: z), response: r, dampingRatio: z, stiffness: nil, damping: nil, mass: nil))
            }}
        }

        let plan = Plan(
            models: models,
            durations: try AxisParser.numbers(duration ?? "0.3", flag: "--duration", constraint: Self.positiveFinite),
            completionSpeeds: try AxisParser.numbers(completionSpeed ?? "1", flag: "--completion-speed", constraint: Self.positiveFinite),
            curves: try AxisParser.names(completionCurve ?? "easeInOut", flag: "--completion-curve", allowed: curveNames),
            thresholds: try AxisParser.numbers(threshold ?? "0.5", flag: "--threshold", constraint: Self.openUnit),
            springs: springs,
            decelerationRates: try AxisParser.numbers(decelerationRate ?? "0.998", flag: "--deceleration-rate", constraint: Self.openUnit),
            projections: try AxisParser.names(
                projection ?? "discrete", flag: "--projection", allowed: ProjectionForm.allCases.map(\.rawValue)),
            minFlingVelocities: try AxisParser.numbers(minFlingVelocity ?? "0", flag: "--min-fling-velocity", constraint: Self.nonNegative),
            overshoots: try AxisParser.names(overshoot ?? "allow", flag: "--overshoot", allowed: OvershootPolicy.allCases.map(\.rawValue)),
            frameRates: try AxisParser.numbers(
                frameRate ?? "240", flag: "--frame-rate", constraint: { $0 > 0 && $0 <= 10_000 ? nil : "must be in (0, 10000]" }))
        let total = plan.count
        if total > Double(Self.maximumVariants) {
            throw ValidationError(
                "--model: the parameter flags make \(Int(total)) model variants; at most \(Self.maximumVariants) are allowed.")
        }
        return plan
    }
}

/// The release models the sweep knows, by their CSV names.
public enum ModelKind: String, CaseIterable, Sendable {
    case classic, physics, cupertino
}

/// One configured model: what `ModelOptions.variants()` returns.
public struct ModelVariant: Sendable {
    public var kind: ModelKind
    public var model: any ReleaseModel
    /// Frames per second for `CompletionCurve.metrics(releaseVelocity:frameRate:)`, Hz.
    public var frameRate: Double
    /// The parameter columns of the CSV (nil: empty, not applicable).
    public var parameters: ModelParameters
}

/// The values in a row's parameter columns; nil where a parameter does not apply to the model.
public struct ModelParameters: Hashable, Sendable {
    public var duration: Double?
    public var completionSpeed: Double?
    public var completionCurve: String?
    public var threshold: Double?
    public var response: Double?
    public var dampingRatio: Double?
    public var stiffness: Double?
    public var damping: Double?
    public var mass: Double?
    public var decelerationRate: Double?
    public var projection: String?
    public var minFlingVelocity: Double?
    public var overshoot: String?
    public var frameRate: Double

    public init(frameRate: Double) { self.frameRate = frameRate }

    /// The parameter column names, in CSV order, with their units.
    public static let columns = [
        "duration_s", "completion_speed", "completion_curve", "threshold", "response_s", "damping_ratio",
        "stiffness_per_s2", "damping_per_s", "mass", "deceleration_rate_per_ms", "projection",
        "min_fling_velocity_per_s", "overshoot_policy", "frame_rate_hz",
    ]

    /// The values in column order: a Double, a String, or nil (empty).
    var cells: [Cell] {
        [
            .number(duration), .number(completionSpeed), .text(completionCurve),
            .number(threshold), .number(response), .number(dampingRatio), .number(stiffness), .number(damping),
            .number(mass), .number(decelerationRate), .text(projection), .number(minFlingVelocity), .text(overshoot),
            .number(frameRate),
        ]
    }

    enum Cell {
        case number(Double?)
        case text(String?)
    }
}
