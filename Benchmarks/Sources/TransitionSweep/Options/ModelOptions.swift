import ArgumentParser
import TransitionLab
import TransitionPhysics

/// The release models a sweep (or a benchmark) runs, and their parameters, as command-line flags.
///
/// Everything about a parameter (flag, help, spec-file key, range, default, CSV column, which
/// models it applies to, where it varies in the row order) comes from its row of
/// `ReleaseParameter.table`; this type only stores what was typed, one `@Option` per row.
///
/// Every numeric flag takes a list `a,b,c` or an inclusive range `start:stop:step` (see
/// `AxisParser`); name flags take lists. Each flag is an axis: `variants()` returns every
/// combination, model by model in `--model` order, and within one model its own parameter axes
/// in ascending `ReleaseParameter.axisRank`, the last one varying fastest:
///
/// - classic: duration, completion speed, completion curve, threshold, frame rate;
/// - physics: duration, response and damping ratio (or stiffness, damping, mass), deceleration
///   rate, projection, threshold, min fling velocity, overshoot, frame rate, completion shape,
///   its duration rule, its peak acceleration;
/// - cupertino: frame rate (its constants are Flutter's).
///
/// A model only varies over its own axes: `--response 0.2,0.3` doubles the physics rows and
/// leaves the classic rows alone. `--threshold` is shared by classic and physics, `--duration`
/// too (physics uses it only for a timed completion shape under the `duration` rule). A
/// combination that differs from an earlier one only in parameters its configuration leaves
/// unused (the spring of a timed completion shape, the duration of a spring) is not repeated:
/// `--duration 0.2,0.3` leaves the spring-completed physics rows alone.
///
/// Unset flags (nil) take the table's defaults; `fill(flag:with:)` lets a spec file fill them.
/// Every value, and every quantity derived from them (the spring's rates, a classic completion's
/// length, the spring's step over one frame), is checked by the library's own rules
/// (`BuiltInReleaseModel.init(kind:parameters:)`) before any model is built: a bad one is a
/// `ValidationError` (exit status 64) naming the flag and the value.
public struct ModelOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: .customLong("model"), help: ArgumentHelp(
        "Release models: classic (UIKit percent-driven), physics (projected spring), cupertino (Flutter). (default: \(ModelOptions.defaultModels))",
        valueName: "list"))
    public var model: String?

    // One flag per row of ReleaseParameter.table, named and explained by the row.
    @Option(name: .customLong(P[.duration].flag), parsing: .unconditional, help: H.of(.duration))
    public var duration: String?
    @Option(name: .customLong(P[.completionSpeed].flag), parsing: .unconditional, help: H.of(.completionSpeed))
    public var completionSpeed: String?
    @Option(name: .customLong(P[.completionCurve].flag), help: H.of(.completionCurve))
    public var completionCurve: String?
    @Option(name: .customLong(P[.threshold].flag), parsing: .unconditional, help: H.of(.threshold))
    public var threshold: String?
    @Option(name: .customLong(P[.response].flag), parsing: .unconditional, help: H.of(.response))
    public var response: String?
    @Option(name: .customLong(P[.dampingRatio].flag), parsing: .unconditional, help: H.of(.dampingRatio))
    public var dampingRatio: String?
    @Option(name: .customLong(P[.stiffness].flag), parsing: .unconditional, help: H.of(.stiffness))
    public var stiffness: String?
    @Option(name: .customLong(P[.damping].flag), parsing: .unconditional, help: H.of(.damping))
    public var damping: String?
    @Option(name: .customLong(P[.mass].flag), parsing: .unconditional, help: H.of(.mass))
    public var mass: String?
    @Option(name: .customLong(P[.decelerationRate].flag), parsing: .unconditional, help: H.of(.decelerationRate))
    public var decelerationRate: String?
    @Option(name: .customLong(P[.projection].flag), help: H.of(.projection))
    public var projection: String?
    @Option(name: .customLong(P[.minFlingVelocity].flag), parsing: .unconditional, help: H.of(.minFlingVelocity))
    public var minFlingVelocity: String?
    @Option(name: .customLong(P[.overshoot].flag), help: H.of(.overshoot))
    public var overshoot: String?
    @Option(name: .customLong(P[.frameRate].flag), parsing: .unconditional, help: H.of(.frameRate))
    public var frameRate: String?
    @Option(name: .customLong(P[.completionShape].flag), help: H.of(.completionShape))
    public var completionShape: String?
    @Option(name: .customLong(P[.completionDurationRule].flag), help: H.of(.completionDurationRule))
    public var completionDurationRule: String?
    @Option(
        name: .customLong(P[.completionPeakAcceleration].flag), parsing: .unconditional, help: H.of(.completionPeakAcceleration))
    public var completionPeakAcceleration: String?

    /// Where each parameter's flag text is stored.
    static var storage: [ReleaseParameter.ID: WritableKeyPath<ModelOptions, String?>] { [
        .duration: \.duration, .completionSpeed: \.completionSpeed, .completionCurve: \.completionCurve,
        .threshold: \.threshold, .response: \.response, .dampingRatio: \.dampingRatio, .stiffness: \.stiffness,
        .damping: \.damping, .mass: \.mass, .decelerationRate: \.decelerationRate, .projection: \.projection,
        .minFlingVelocity: \.minFlingVelocity, .overshoot: \.overshoot, .frameRate: \.frameRate,
        .completionShape: \.completionShape, .completionDurationRule: \.completionDurationRule,
        .completionPeakAcceleration: \.completionPeakAcceleration,
    ] }

    static let defaultModels = "classic,physics"

    /// The flag names (without dashes) this struct owns, for spec files.
    public static var flagNames: [String] { ["model"] + ReleaseParameter.table.map(\.flag) }

    /// The text given for parameter `id` (command line or spec file), or nil.
    public func text(of id: ReleaseParameter.ID) -> String? { self[keyPath: Self.storage[id]!] }

    /// True when any of these flags was given.
    public var isConfigured: Bool { model != nil || ReleaseParameter.table.contains { text(of: $0.id) != nil } }

    /// Sets the flag `name` (without dashes) to `value` when it is still unset; false for an
    /// unknown name.
    public mutating func fill(flag name: String, with value: String) -> Bool {
        let keyPath: WritableKeyPath<ModelOptions, String?>
        if name == "model" {
            keyPath = \.model
        } else if let row = ReleaseParameter.table.first(where: { $0.flag == name }) {
            keyPath = Self.storage[row.id]!
        } else {
            return false
        }
        if self[keyPath: keyPath] == nil { self[keyPath: keyPath] = value }
        return true
    }

    public func validate() throws { _ = try variantPlan() }

    /// The most model variants (parameter combinations over all models) one run may have.
    public static let maximumVariants = 1_000_000

    /// Every configured model variant, in row order (see the type's documentation).
    public func variants() throws -> [ModelVariant] { try variants(in: nil) }

    /// The number of configured model variants (`variants().count`), counted without keeping any.
    public func variantCount() throws -> Int {
        var count = 0
        try forEachVariant { _ in
            count += 1
            return true
        }
        return count
    }

    /// The variants whose place in row order is in `places` (all of them for nil), building and
    /// keeping only those: a shard of a million-variant grid holds its own slice alone.
    public func variants(in places: Range<Int>?) throws -> [ModelVariant] {
        var result: [ModelVariant] = []
        if let places { result.reserveCapacity(places.count) }
        var place = 0
        try forEachVariant { variant in
            defer { place += 1 }
            if let places {
                if place >= places.upperBound { return false }
                if place < places.lowerBound { return true }
            }
            result.append(variant)
            return true
        }
        return result
    }

    /// Calls `visit` with every variant in row order until it returns false.
    ///
    /// Combinations that differ only in parameters their configuration leaves unused (the spring
    /// of a timed completion shape, the duration of a spring), or in repeated values of one
    /// parameter, are one variant: the first in row order, with those cells empty. That first
    /// one is recognized locally, without a set of those seen: each parameter the combination
    /// leaves unused is at its first value, and each it uses is at the first place its value
    /// appears (the odometer runs the last axis fastest, so the first in row order of a class of
    /// such combinations is the one with every axis at its smallest place within the class).
    func forEachVariant(_ visit: (ModelVariant) throws -> Bool) throws {
        let plan = try variantPlan()
        for kind in plan.models {
            let axes = plan.axes(of: kind)
            let cells = axes.map { ReleaseParameter.index(of: $0.parameter) }
            // For each axis and place: is this its value's first place on the axis?
            let firstPlace = axes.map { axis -> [Bool] in
                var seen = Set<ReleaseParameterValue>()
                return axis.values.map { seen.insert($0).inserted }
            }
            // Odometer over the axes, the last fastest.
            var index = [Int](repeating: 0, count: axes.count)
            repeat {
                var assignment: [ReleaseParameter.ID: ReleaseParameterValue] = [:]
                for (a, axis) in axes.enumerated() { assignment[axis.parameter] = axis.values[index[a]] }
                let variant = try ModelVariant(kind: kind, assignment: assignment)
                var first = true
                for a in axes.indices where variant.parameters[cells[a]] == nil ? index[a] != 0 : !firstPlace[a][index[a]] {
                    first = false
                    break
                }
                if first, try !visit(variant) { return }
                var a = axes.count - 1
                while a >= 0 {
                    index[a] += 1
                    if index[a] < axes[a].values.count { break }
                    index[a] = 0
                    a -= 1
                }
                if a < 0 { break }
            } while true
        }
    }

    /// The model part of a run's identity (`RunIdentity.spec`): `model`, then every row of
    /// `ReleaseParameter.table` in table order, each with its values after defaults as parsed
    /// (`none` for a row without values: the other spring form, a parameter with no default).
    public func canonicalSpec() throws -> [RunIdentity.Entry] {
        let plan = try variantPlan()
        var entries = [RunIdentity.Entry(key: "model", value: RunIdentity.valueText(plan.models.map(\.rawValue)))]
        for row in ReleaseParameter.table {
            let values = plan.values[row.id].map { list in
                list.map { value -> String in
                    switch value {
                    case .number(let x): return "\(x)"
                    case .name(let name): return name
                    }
                }
            }
            entries.append(RunIdentity.Entry(key: row.flag, value: values.map(RunIdentity.valueText) ?? "none"))
        }
        return entries
    }

    // MARK: validation

    /// One axis of a model's rows: a parameter and its values.
    struct Axis {
        var parameter: ReleaseParameter.ID
        var values: [ReleaseParameterValue]
    }

    struct Plan {
        var models: [ReleaseModelKind]
        /// Per parameter in use: its values (given, or the default).
        var values: [ReleaseParameter.ID: [ReleaseParameterValue]]

        /// `kind`'s axes in row order: its parameters that have values.
        func axes(of kind: ReleaseModelKind) -> [Axis] {
            ReleaseParameter.axes(of: kind).compactMap { row in values[row.id].map { Axis(parameter: row.id, values: $0) } }
        }

        /// The number of variants (as a Double: the product of several axes may exceed Int).
        var count: Double {
            models.reduce(0.0) { total, kind in total + axes(of: kind).reduce(1.0) { $0 * Double($1.values.count) } }
        }
    }

    /// Parses every flag against its row's domain, settles which spring form is used, and
    /// checks the size of the product. Derived quantities are checked when the variants are built.
    func variantPlan() throws -> Plan {
        let modelNames = try AxisParser.names(
            model ?? Self.defaultModels, flag: "--model", allowed: ReleaseModelKind.allCases.map(\.rawValue))
        if Set(modelNames).count != modelNames.count {
            throw ValidationError("--model: '\(model ?? "")' names a model twice.")
        }
        // The spring is given one way: the constants form as soon as one of its flags is.
        let constantsGiven = ReleaseParameter.table.contains { $0.springForm == .constants && text(of: $0.id) != nil }
        let form: ReleaseParameter.SpringForm = constantsGiven ? .constants : .responseAndDampingRatio
        var values: [ReleaseParameter.ID: [ReleaseParameterValue]] = [:]
        for row in ReleaseParameter.table {
            let flag = "--\(row.flag)"
            let given = text(of: row.id)
            if let springForm = row.springForm, springForm != form {
                if let given {
                    let others = ReleaseParameter.table.filter { $0.springForm == form }.map { "--\($0.flag)" }
                    throw ValidationError("\(flag): '\(given)' cannot be combined with \(others.joined(separator: "/")).")
                }
                continue
            }
            guard let text = given ?? row.defaultValue.map(ReleaseParameter.text) else {
                if row.requiredInForm {
                    let needing = ReleaseParameter.table.filter { $0.springForm == form && $0.id != row.id }.map { "--\($0.flag)" }
                    throw ValidationError("\(flag): missing; \(needing.joined(separator: " and ")) need it.")
                }
                continue
            }
            switch row.domain {
            case .number:
                values[row.id] = try AxisParser.numbers(text, flag: flag, constraint: { row.rejection(of: $0) }).map { .number($0) }
            case .choice(let names):
                values[row.id] = try AxisParser.names(text, flag: flag, allowed: names).map { .name($0) }
            }
        }
        let plan = Plan(models: modelNames.map { ReleaseModelKind(rawValue: $0)! }, values: values)
        let total = plan.count
        if total > Double(Self.maximumVariants) {
            throw ValidationError(
                "--model: the parameter flags make \(Int(total)) model variants; at most \(Self.maximumVariants) are allowed.")
        }
        return plan
    }
}

private typealias P = ReleaseParameter

/// Help text for a parameter's flag, from its row.
private enum H {
    static func of(_ id: ReleaseParameter.ID) -> ArgumentHelp {
        let row = ReleaseParameter[id]
        if case .choice = row.domain { return ArgumentHelp(row.help, valueName: "list") }
        return ArgumentHelp(row.help, valueName: "values")
    }
}

/// One configured model: what `ModelOptions.variants()` returns.
public struct ModelVariant: Sendable {
    public var builtIn: BuiltInReleaseModel
    /// Frames per second for `CompletionCurve.metrics(releaseVelocity:frameRate:)`, Hz.
    public var frameRate: Double
    /// The row's parameter cells in `ReleaseParameter.table` (column) order: the values used
    /// (given or default) verbatim, the other spring form derived by the library, nil where a
    /// parameter does not apply to the model.
    public var parameters: [ReleaseParameterValue?]
    /// Bit i set: cell i of `parameters` holds a value given or defaulted (not derived).
    var assignedCells: UInt64 = 0

    public var kind: ReleaseModelKind { builtIn.kind }
    public var model: any ReleaseModel { builtIn.model }

    /// Builds and checks the model of `kind` for one combination of parameter values.
    init(kind: ReleaseModelKind, assignment: [ReleaseParameter.ID: ReleaseParameterValue]) throws {
        do {
            builtIn = try BuiltInReleaseModel(kind: kind, parameters: assignment)
            frameRate = assignment[.frameRate]!.number!
            try builtIn.checkMeasurable(frameRate: frameRate)
        } catch {
            throw ValidationError(error.description)
        }
        let model = builtIn
        let frameRate = self.frameRate
        parameters = ReleaseParameter.table.map { row in
            guard row.models.contains(kind) else { return nil }
            if row.id == .frameRate { return .number(frameRate) }
            // Empty where the model's configuration leaves the parameter unused (the completion
            // shape's other parameters).
            guard let used = model.parameterValue(row.id) else { return nil }
            return assignment[row.id] ?? used
        }
        for (i, row) in ReleaseParameter.table.enumerated() where assignment[row.id] != nil { assignedCells |= 1 << UInt64(i) }
    }

    /// True when parameter `id`'s cell holds a value that was given or defaulted, false when it
    /// is derived by the library (the other spring form) or absent.
    public func isAssigned(_ id: ReleaseParameter.ID) -> Bool {
        assignedCells & (1 << UInt64(ReleaseParameter.index(of: id))) != 0
    }

    /// The value of parameter `id` in this row's cells, or nil.
    public func value(_ id: ReleaseParameter.ID) -> ReleaseParameterValue? {
        parameters[ReleaseParameter.index(of: id)]
    }
}
