import ArgumentParser
import TransitionLab
import TransitionPhysics
import TransitionSweep

/// How traces are replayed, shared by every model of a run: the velocity estimator, how the
/// direction is decided (touch slop, reversible or not), and the spring settling tolerance of
/// the metrics.
public struct ReplayOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp(
        "Release-velocity estimator: recommended (LeastSquaresVelocityEstimator.recommended, the default), dropTolerant (least squares tuned on 60 Hz hardware that drops frames), leastSquares (Flutter's VelocityTracker), androidLeastSquares (Android's lsq2), impulse (Android's impulse) or weighted (Flutter's iOS-like tracker).",
        valueName: "name"))
    public var estimator: String = VelocityEstimatorKind.recommended.rawValue

    @Option(help: ArgumentHelp(
        "Movement from touch-down, in the trace's unit (pixels for the recorded swipes), that decides the transition's direction. Default 10.",
        valueName: "distance"))
    public var touchSlop: Double = 10

    @Option(help: ArgumentHelp(
        "How the direction is decided: reversible (first movement past the touch slop, again whenever the finger crosses back over touch-down, as a paging scroll view; the default), first-movement (fixed by the first movement past the touch slop), fixed-positive (progress grows along the axis only: a back swipe to the right, the UIKit adapter's default) or fixed-negative (against the axis only).",
        valueName: "rule"))
    public var direction: String = ReplaySettings.DirectionRule.reversible.rawValue

    @Option(help: ArgumentHelp(
        "A spring completion is done when its energy-equivalent amplitude is within this fraction of the travel. Default 0.001.",
        valueName: "fraction"))
    public var settleTolerance: Double = CompletionMetrics.defaultSettleTolerance

    public init() {}

    public func validate() throws {
        guard VelocityEstimatorKind(parsing: estimator) != nil else {
            throw ValidationError("--estimator '\(estimator)' is not one of \(VelocityEstimatorKind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard touchSlop >= 0 && touchSlop.isFinite else { throw ValidationError("--touch-slop must be >= 0; got \(touchSlop).") }
        guard ReplaySettings.DirectionRule(rawValue: direction) != nil else {
            throw ValidationError("--direction '\(direction)' is not one of \(ReplaySettings.DirectionRule.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard settleTolerance > 0 && settleTolerance < 1 else {
            throw ValidationError("--settle-tolerance must be in (0, 1) (fraction of the travel); got \(settleTolerance).")
        }
    }

    /// The validated settings.
    public var settings: ReplaySettings {
        ReplaySettings(
            estimator: VelocityEstimatorKind(parsing: estimator)!, touchSlop: touchSlop,
            directionRule: ReplaySettings.DirectionRule(rawValue: direction)!, settleTolerance: settleTolerance)
    }
}

extension ModelVariant {
    /// A name for the table that says every parameter of the variant's model as given or
    /// defaulted (not the derived spring form), with units (from `ReleaseParameter.table`), and
    /// the frame rate when it is not the default:
    /// `physics(response 0.3 s, damping ratio 1.0, deceleration rate 0.998/ms, ...)`, `cupertino`.
    var benchName: String { benchName(only: nil) }

    /// The variant's parameters as `benchName` words them, `response 0.3 s`, by table row.
    var parameterWords: [(id: ReleaseParameter.ID, words: String)] {
        ReleaseParameter.axes(of: kind).compactMap { row -> (ReleaseParameter.ID, String)? in
            guard isAssigned(row.id), let value = value(row.id) else { return nil }
            if row.id == .frameRate && value == row.defaultValue { return nil }
            var text = VariantNames.parameterName(row.id) + " "
            switch value {
            case .number(let x): text += "\(x)" + (row.unit.isEmpty ? "" : row.unit.hasPrefix("/") ? row.unit : " " + row.unit)
            case .name(let name): text += name
            }
            return (row.id, text)
        }
    }

    /// `benchName` with the parameters in `only` (all when nil): the text table's name for a
    /// variant, the parameters that vary in the run (`VariantNames`).
    /// With `withModel` false, the parameters alone (`response 0.3 s`), for a table whose variants
    /// are all of one model, said above it; the model's name when no parameter is left.
    func benchName(only: Set<ReleaseParameter.ID>?, withModel: Bool = true) -> String {
        benchName(words: parameterWords, only: only, withModel: withModel)
    }

    /// `benchName(only:withModel:)` from the variant's `parameterWords`, made once.
    fileprivate func benchName(
        words parameterWords: [(id: ReleaseParameter.ID, words: String)], only: Set<ReleaseParameter.ID>?, withModel: Bool = true
    ) -> String {
        let cells = parameterWords.filter { only?.contains($0.id) ?? true }.map(\.words).joined(separator: ", ")
        if cells.isEmpty { return model.name }
        return withModel ? "\(model.name)(\(cells))" : cells
    }
}

/// The text table's names for a run's variants: each by the parameters that vary among them,
/// the ones every variant shares said once above the table (`fixed`). The CSV, JSON and
/// per-trace files keep the full `benchName`.
struct VariantNames {
    /// Full name -> the table's name.
    var shortName: [String: String] = [:]
    /// `variants' fixed parameters: ...`, nil when nothing is fixed or there are no variants;
    /// with more than `namedParameters` varying, a second line saying which parameters the
    /// names' values are.
    var fixed: String? {
        let lines = [fixedParameters, valuesOf].compactMap { $0 }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
    private var fixedParameters: String?
    private var valuesOf: String?

    /// Up to this many varying parameters, a variant's name says each with its value
    /// (`response 0.3 s, damping ratio 0.8`); past it, the values alone.
    static let namedParameters = 2

    /// A parameter's name in a variant's name: its flag in words (`damping ratio`).
    static func parameterName(_ id: ReleaseParameter.ID) -> String {
        ReleaseParameter[id].flag.split(separator: "-").joined(separator: " ")
    }

    /// When the variants are all of one kind the names leave the kind out and the fixed line
    /// says it (`--builtin` presets beside them keep their own names).
    init(_ variants: [ModelVariant], alone: Bool = false) {
        guard variants.count > 1 else { return }
        // Each variant's words made once: asked per parameter, they made naming a 10,000-variant
        // grid take seconds.
        let wordsOfVariant = variants.map(\.parameterWords)
        var words: [ReleaseParameter.ID: Set<String>] = [:]
        var assigned: [ReleaseParameter.ID: Int] = [:]
        var order: [ReleaseParameter.ID] = []
        for variantWords in wordsOfVariant {
            for (id, text) in variantWords {
                if words[id] == nil { order.append(id) }
                words[id, default: []].insert(text)
                assigned[id, default: 0] += 1
            }
        }
        // A parameter varies when variants give it different values, or some do not have it.
        let varying = Set(order.filter { id in words[id]!.count > 1 || assigned[id]! < variants.count })
        let kinds = Set(variants.map(\.kind))
        let oneKind = kinds.count == 1
        // Past two varying parameters of one model, the names are their values alone (`0.2 s,
        // 0.8, 0.99/ms, 0.4`), the parameters named once above the table: a four-parameter
        // grid's names took 75 characters.
        let valuesOnly = oneKind && varying.count > Self.namedParameters
        let varyingOrder = order.filter { varying.contains($0) }
        for (variant, variantWords) in zip(variants, wordsOfVariant) {
            let full = variant.benchName(words: variantWords, only: nil)
            if valuesOnly {
                shortName[full] = variantWords.filter { varying.contains($0.id) }.map { id, words in
                    String(words.dropFirst(Self.parameterName(id).count + 1))
                }.joined(separator: ", ")
            } else {
                shortName[full] = variant.benchName(words: variantWords, only: varying, withModel: !oneKind)
            }
        }
        if valuesOnly { valuesOf = "variants named by their " + varyingOrder.map(Self.parameterName).joined(separator: ", ") }
        var fixedWords = order.filter { !varying.contains($0) }.map { words[$0]!.first! }
        if oneKind { fixedWords.insert("model \(variants[0].model.name)", at: 0) }
        if !fixedWords.isEmpty { fixedParameters = "variants' fixed parameters: " + fixedWords.joined(separator: ", ") }
    }
}
