import TransitionPhysics

/// A parameter of the built-in release models, or of how their completions are measured,
/// described once: its name, command-line flag and spec-file key, unit, CSV column, valid range,
/// the models it applies to and its default. `ReleaseParameter.table` lists them all; the sweep's
/// flags, help text, `--spec` keys, CSV columns, row order and validation, and the benchmark's
/// variant names, all derive from it, and `BuiltInReleaseModel.init(kind:parameters:)` maps the
/// values into the models.
///
/// Adding a parameter: a row in `table` (and an `ID` case), and its use in
/// `BuiltInReleaseModel.init(kind:parameters:)` and `BuiltInReleaseModel.parameterValue(_:)`
/// (ARCHITECTURE.md, "Adding a parameter"). The sweep's flag is one `@Option` line whose name and
/// help come from the row.
public struct ReleaseParameter: Hashable, Sendable {
    /// Every parameter.
    public enum ID: String, CaseIterable, Hashable, Sendable {
        /// Classic: the transition duration; physics with a timed completion shape: its duration
        /// for a full travel; seconds.
        case duration
        /// Classic: UIKit's completionSpeed, unitless.
        case completionSpeed
        /// Classic: the completion curve, by name.
        case completionCurve
        /// Classic and physics: the decision threshold, progress.
        case threshold
        /// Physics: the spring response (undamped period), seconds.
        case response
        /// Physics: the spring damping ratio, unitless (1 = critical).
        case dampingRatio
        /// Physics: the spring stiffness, 1/s² per unit mass.
        case stiffness
        /// Physics: the spring damping coefficient, 1/s per unit mass.
        case damping
        /// Physics: the spring mass, mass units.
        case mass
        /// Physics: the deceleration rate, velocity kept per millisecond.
        case decelerationRate
        /// Physics: the projection formula, by name.
        case projection
        /// Physics: release speeds below this do not fling, progress per second.
        case minFlingVelocity
        /// Physics: the overshoot policy, by name.
        case overshoot
        /// Every model: the frame rate the completion metrics are sampled at, Hz.
        case frameRate
        /// Physics: how the completion moves (spring, minimum-jerk, ease-in-out), by name.
        case completionShape
        /// Physics, timed completion shapes: how their duration is chosen, by name.
        case completionDurationRule
        /// Physics, timed completion shapes: the largest acceleration allowed, progress per s².
        case completionPeakAcceleration
    }

    /// The values a parameter takes.
    public enum Domain: Hashable, Sendable {
        /// A finite number above `lower` (or equal, when `lowerInclusive`) and, when `upper` is
        /// set, below it (or equal, when `upperInclusive`).
        case number(lower: Double, lowerInclusive: Bool, upper: Double?, upperInclusive: Bool)
        /// One of these names (exact spelling).
        case choice([String])
    }

    /// The two ways to give the physics spring: response and damping ratio (the default), or
    /// the constants stiffness, damping and mass. A model uses one; parameters of the other are
    /// absent from its rows.
    public enum SpringForm: Hashable, Sendable {
        /// `response` (seconds) and `dampingRatio`.
        case responseAndDampingRatio
        /// `stiffness`, `damping` and `mass`.
        case constants
    }

    /// Which parameter this row describes.
    public let id: ID
    /// The command-line flag without dashes, which is also the key in a `--spec` file.
    public let flag: String
    /// What it is, for people, with its unit in words (the help text).
    public let summary: String
    /// The unit symbol shown after a value in names (`s`, `Hz`, `/s`), empty for unitless values.
    public let unit: String
    /// The CSV column, unit in the name.
    public let column: String
    /// The values it accepts: a number range (inclusive or not at each end) or a list of names.
    public let domain: Domain
    /// The models it applies to; a row of any other model leaves its column empty.
    public let models: [ReleaseModelKind]
    /// The value used when none is given; nil: none (the parameter is optional).
    public let defaultValue: ReleaseParameterValue?
    /// Rows vary over a model's parameters in ascending rank, the highest fastest (independent
    /// of the column order, which is `table`'s).
    public let axisRank: Int
    /// The spring parameterization it belongs to, if any.
    public let springForm: SpringForm?
    /// Within the constants form: whether the form needs it (stiffness and damping do).
    public let requiredInForm: Bool
    /// A remark appended to the help text.
    public let note: String

    init(
        _ id: ID, flag: String, summary: String, unit: String, column: String, domain: Domain, models: [ReleaseModelKind],
        defaultValue: ReleaseParameterValue?, axisRank: Int, springForm: SpringForm? = nil, requiredInForm: Bool = false,
        note: String = ""
    ) {
        self.id = id
        self.flag = flag
        self.summary = summary
        self.unit = unit
        self.column = column
        self.domain = domain
        self.models = models
        self.defaultValue = defaultValue
        self.axisRank = axisRank
        self.springForm = springForm
        self.requiredInForm = requiredInForm
        self.note = note
    }
}

/// A parameter's value: a number in the parameter's unit, or a name.
public enum ReleaseParameterValue: Hashable, Sendable {
    /// A number, in the parameter's unit.
    case number(Double)
    /// A name (a curve, a projection formula, an overshoot policy).
    case name(String)

    /// The number, or nil for a name.
    public var number: Double? { if case .number(let x) = self { return x } else { return nil } }
    /// The name, or nil for a number.
    public var name: String? { if case .name(let s) = self { return s } else { return nil } }
}

extension ReleaseParameter {
    static let positive = Domain.number(lower: 0, lowerInclusive: false, upper: nil, upperInclusive: false)
    static let nonNegative = Domain.number(lower: 0, lowerInclusive: true, upper: nil, upperInclusive: false)
    static let openUnit = Domain.number(lower: 0, lowerInclusive: false, upper: 1, upperInclusive: false)

    /// Every parameter, in CSV column order.
    public static let table: [ReleaseParameter] = {
        let classic = ClassicPercentDrivenModel(), physics = ProjectedSpringModel()
        return [
            ReleaseParameter(
                .duration, flag: "duration",
                summary: "transition duration, seconds (physics: a timed completion's duration for a full travel, "
                    + "with --completion-duration-rule duration)", unit: "s", column: "duration_s",
                domain: positive, models: [.classic, .physics], defaultValue: .number(classic.duration), axisRank: 0,
                note: "; a full travel's completion, duration / completion speed, at most \(CompletionCurve.maximumSeconds) s"),
            ReleaseParameter(
                .completionSpeed, flag: "completion-speed", summary: "UIKit completionSpeed (unitless)", unit: "",
                column: "completion_speed", domain: positive, models: [.classic],
                defaultValue: .number(classic.completionSpeed), axisRank: 1),
            ReleaseParameter(
                .completionCurve, flag: "completion-curve", summary: "completion curve", unit: "", column: "completion_curve",
                domain: .choice(ClassicPercentDrivenModel.CurveChoice.names), models: [.classic],
                defaultValue: .name(classic.completionCurve.name), axisRank: 2),
            ReleaseParameter(
                .threshold, flag: "threshold", summary: "decision threshold, progress", unit: "", column: "threshold",
                domain: openUnit, models: [.classic, .physics], defaultValue: .number(classic.threshold), axisRank: 10),
            ReleaseParameter(
                .response, flag: "response", summary: "spring response (undamped period), seconds", unit: "s",
                column: "response_s", domain: positive, models: [.physics],
                defaultValue: .number(ProjectedSpringModel.defaultResponse), axisRank: 3, springForm: .responseAndDampingRatio),
            ReleaseParameter(
                .dampingRatio, flag: "damping-ratio", summary: "spring damping ratio (1 = critical, unitless)", unit: "",
                column: "damping_ratio", domain: nonNegative, models: [.physics],
                defaultValue: .number(ProjectedSpringModel.defaultDampingRatio), axisRank: 4,
                springForm: .responseAndDampingRatio),
            ReleaseParameter(
                .stiffness, flag: "stiffness", summary: "spring stiffness, 1/s² per unit mass", unit: "/s²",
                column: "stiffness_per_s2", domain: positive, models: [.physics], defaultValue: nil, axisRank: 5,
                springForm: .constants, requiredInForm: true,
                note: "; instead of --response/--damping-ratio (needs --damping)"),
            ReleaseParameter(
                .damping, flag: "damping", summary: "spring damping coefficient, 1/s per unit mass", unit: "/s",
                column: "damping_per_s", domain: nonNegative, models: [.physics], defaultValue: nil, axisRank: 6,
                springForm: .constants, requiredInForm: true, note: "; with --stiffness (never clamped to critical)"),
            ReleaseParameter(
                .mass, flag: "mass", summary: "spring mass (mass units)", unit: "", column: "mass", domain: positive,
                models: [.physics], defaultValue: .number(physics.spring.mass), axisRank: 7, springForm: .constants,
                note: "; with --stiffness"),
            ReleaseParameter(
                .decelerationRate, flag: "deceleration-rate", summary: "deceleration rate, velocity kept per millisecond",
                unit: "/ms", column: "deceleration_rate_per_ms", domain: openUnit, models: [.physics],
                defaultValue: .number(physics.decelerationRate.rawValue), axisRank: 8),
            ReleaseParameter(
                .projection, flag: "projection", summary: "projection formula", unit: "", column: "projection",
                domain: .choice(ProjectionForm.allCases.map(\.rawValue)), models: [.physics],
                defaultValue: .name(physics.projection.rawValue), axisRank: 9),
            ReleaseParameter(
                .minFlingVelocity, flag: "min-fling-velocity",
                summary: "release speeds below this do not fling, progress per second (travel widths/s)", unit: "/s",
                column: "min_fling_velocity_per_s", domain: nonNegative, models: [.physics],
                defaultValue: .number(physics.minFlingVelocity), axisRank: 11),
            ReleaseParameter(
                .overshoot, flag: "overshoot", summary: "overshoot policy", unit: "", column: "overshoot_policy",
                domain: .choice(OvershootPolicy.allCases.map(\.rawValue)), models: [.physics],
                defaultValue: .name(physics.overshoot.rawValue), axisRank: 12),
            ReleaseParameter(
                .frameRate, flag: "frame-rate", summary: "frame rate the completion metrics are sampled at, Hz", unit: "Hz",
                column: "frame_rate_hz",
                domain: .number(lower: 0, lowerInclusive: false, upper: TransitionSettings.maximumFrameRate, upperInclusive: true),
                models: ReleaseModelKind.allCases, defaultValue: .number(TransitionSettings.defaultFrameRate), axisRank: 13),
            ReleaseParameter(
                .completionShape, flag: "completion-shape",
                summary: "completion shape (spring: the spring from the release velocity; minimum-jerk: the quintic from "
                    + "the release velocity to rest, ending at a duration; ease-in-out: classic's curve from rest)",
                unit: "", column: "completion_shape", domain: .choice(PhysicsCompletionShape.names), models: [.physics],
                defaultValue: .name(physics.completionShape.name), axisRank: 14),
            ReleaseParameter(
                .completionDurationRule, flag: "completion-duration-rule",
                summary: "how a timed completion shape picks its duration (peak-acceleration: the shortest within "
                    + "--completion-peak-acceleration; duration: --duration times the progress left to go)",
                unit: "", column: "completion_duration_rule", domain: .choice(TimedCompletionDuration.names),
                models: [.physics], defaultValue: .name(TimedCompletionDuration.names[0]), axisRank: 15),
            ReleaseParameter(
                .completionPeakAcceleration, flag: "completion-peak-acceleration",
                summary: "a timed completion's largest acceleration, progress per s² (travel widths/s²)", unit: "/s²",
                column: "completion_peak_acceleration_per_s2", domain: positive, models: [.physics],
                defaultValue: .number(ProjectedSpringModel.defaultCompletionPeakAcceleration), axisRank: 16,
                note: "; with --completion-duration-rule peak-acceleration; a full travel from rest within "
                    + "\(CompletionCurve.maximumSeconds) s"),
        ]
    }()

    /// The row of `id`.
    public static subscript(_ id: ID) -> ReleaseParameter {
        table[index(of: id)]
    }

    /// The position of `id`'s row in `table` (its CSV column among the parameters'). Looked up,
    /// not searched: a search copied rows, each with its strings, and naming or describing
    /// thousands of variants asked it a hundred thousand times.
    public static func index(of id: ID) -> Int {
        rowIndex[id]!
    }

    private static let rowIndex = Dictionary(uniqueKeysWithValues: table.enumerated().map { ($1.id, $0) })

    /// The parameters of `kind`'s rows, in row-axis order (the last varies fastest).
    public static func axes(of kind: ReleaseModelKind) -> [ReleaseParameter] {
        axesOfKind[kind]!
    }

    private static let axesOfKind = Dictionary(uniqueKeysWithValues: ReleaseModelKind.allCases.map { kind in
        (kind, table.filter { $0.models.contains(kind) }.sorted { $0.axisRank < $1.axisRank })
    })

    /// The domain as words: `> 0`, `>= 0`, `in (0, 1) exclusive`, `in (0, 10000]`, or the names.
    public var rangeText: String {
        switch domain {
        case .choice(let names): return names.joined(separator: ", ")
        case .number(let lower, let lowerInclusive, let upper, let upperInclusive):
            guard let upper else { return (lowerInclusive ? ">= " : "> ") + Self.plain(lower) }
            if !lowerInclusive && !upperInclusive { return "in (\(Self.plain(lower)), \(Self.plain(upper))) exclusive" }
            return "in \(lowerInclusive ? "[" : "(")\(Self.plain(lower)), \(Self.plain(upper))\(upperInclusive ? "]" : ")")"
        }
    }

    /// The help text: which models, what, the range, the default.
    public var help: String {
        let who: String
        switch models.count {
        case ReleaseModelKind.allCases.count: who = "All models"
        case 1: who = models[0].rawValue.capitalizedFirst
        default: who = models.map(\.rawValue).joined(separator: " and ").capitalizedFirst
        }
        let range: String
        switch domain {
        case .choice: range = ": " + rangeText
        case .number: range = ", " + rangeText
        }
        return "\(who): \(summary)\(range)\(note). (default: \(defaultValue.map(Self.text) ?? "none"))"
    }

    /// Why `value` is outside the domain (`must be > 0`), or nil.
    public func rejection(of value: Double) -> String? {
        guard case .number(let lower, let lowerInclusive, let upper, let upperInclusive) = domain else {
            return "must be one of \(rangeText)"
        }
        guard value.isFinite else { return "must be finite" }
        var inside = lowerInclusive ? value >= lower : value > lower
        if let upper { inside = inside && (upperInclusive ? value <= upper : value < upper) }
        return inside ? nil : "must be \(rangeText)"
    }

    /// A value as text for help and names: numbers as Swift prints them, integral ones without
    /// a fraction; names verbatim.
    public static func text(_ value: ReleaseParameterValue) -> String {
        switch value {
        case .number(let x): return plain(x)
        case .name(let s): return s
        }
    }

    static func plain(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
