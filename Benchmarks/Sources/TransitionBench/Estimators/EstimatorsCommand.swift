import ArgumentParser
import Foundation
import TransitionCSV
import TransitionLab
import TransitionPhysics
import TransitionSweep
import TransitionTraces

/// `transition-bench estimators`: each velocity estimator's error on flicks whose finger velocity
/// at lift-off is a closed form, per sampling rate, and the recorded page turns the projected
/// spring finishes with it (docs/velocity.md).
public struct EstimatorsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "estimators",
        abstract: "Measure the release-velocity estimators on synthetic flicks of known velocity and on recorded page turns.",
        discussion: """
            Flicks (SyntheticFlickGenerator): a minimum-jerk movement lifted after 40 to 120 ms \
            near its peak speed (phase 0.35 to 0.65), 1 to 6 travel widths/s at lift-off, both \
            directions, sampled at each --rates rate with timing jitter and --position-noise, \
            the lift-off 0 to 10 ms after the last move repeating its position. Each flick is \
            replayed through the driver (InteractiveTransition, direction fixed along the flick); \
            errors are |estimate - truth| / truth at lift-off, medians and p90s by linear \
            interpolation (numpy's default); `bias` is the median of the signed error (negative \
            reads slow). With two rates or more, the last column is the median over flicks of the \
            estimate at the lowest rate over the same flick's estimate at the highest (1.000: \
            the rate does not change the reading).

            Recorded: the fraction of the strokes meant to finish that ProjectedSpringModel() \
            finishes with each estimator, replayed as `transition-bench behavior` replays them \
            (its `recorded page turns finished`). Without --traces the default recorded file is \
            looked for as `behavior` does (\(TraceSources.defaultRecordedRelativePath)); when \
            absent, standard error says so and only the flicks are measured.

            Exit status: \(ExitStatus.helpText())
            """)

    @OptionGroup
    public var recorded: RecordedTraceOptions

    @Option(help: ArgumentHelp("Flicks per sampling rate (1 to 100,000).", valueName: "count"))
    public var flicks = 2000

    @Option(help: "Seed of the flicks.")
    public var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Touch sampling rates, Hz, comma-separated (each above 25, at most 1000). Default 60,90,120.", valueName: "rates"))
    public var rates = "60,90,120"

    @Option(help: ArgumentHelp("Standard deviation of the flicks' position noise, points (0 to 10). Default 0.5.", valueName: "points"))
    public var positionNoise = SyntheticFlickGenerator.defaultPositionNoise

    public init() {}

    /// The sampling rates, Hz, as given.
    public var samplingRates: [Double] {
        rates.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    public func validate() throws {
        guard (1...100_000).contains(flicks) else { throw ValidationError("--flicks must be in 1...100000; got \(flicks).") }
        let parts = rates.split(separator: ",", omittingEmptySubsequences: false)
        for part in parts {
            guard let rate = Double(part.trimmingCharacters(in: .whitespaces)), rate > 25, rate <= 1000 else {
                throw ValidationError("--rates: '\(part)' is not a sampling rate in (25, 1000] Hz.")
            }
        }
        guard positionNoise >= 0 && positionNoise <= 10 else {
            throw ValidationError("--position-noise must be in 0...10 points; got \(positionNoise).")
        }
    }

    /// The platform tracker each estimator is, for the table.
    static func platform(of kind: VelocityEstimatorKind) -> String {
        switch kind {
        case .recommended: return "this package's default"
        case .dropTolerant: return "this package, tuned on the recorded 60 Hz set"
        case .leastSquares: return "Flutter `VelocityTracker`"
        case .androidLeastSquares: return "Android `VelocityTracker` lsq2"
        case .impulse: return "Android `VelocityTracker` impulse"
        case .weighted: return "Flutter `IOSScrollViewFlingVelocityTracker`"
        }
    }

    /// The Swift expression of each estimator, for the table.
    static func expression(of kind: VelocityEstimatorKind) -> String {
        switch kind {
        case .recommended: return "LeastSquaresVelocityEstimator.recommended"
        case .dropTolerant: return "LeastSquaresVelocityEstimator.dropTolerant"
        case .leastSquares: return "LeastSquaresVelocityEstimator()"
        case .androidLeastSquares: return "LeastSquaresVelocityEstimator(shortWindowRule: .lowerDegree)"
        case .impulse: return "ImpulseVelocityEstimator()"
        case .weighted: return "WeightedVelocityEstimator()"
        }
    }

    /// The report (Markdown tables); `note` receives what goes to standard error.
    public func report(currentDirectory: URL, packageRoot: URL = TraceSources.packageRoot, note: (String) -> Void) throws -> String {
        let generator = SyntheticFlickGenerator(seed: seed, positionNoise: positionNoise)
        let kinds = VelocityEstimatorKind.allCases
        var out = "Flicks: \(flicks) per rate, seed \(seed), position noise \(positionNoise) pt; "
        out += "error = |estimate - truth| / truth at lift-off (median, p90; bias = median signed error)\n\n"
        let rates = samplingRates
        // The same flicks at the lowest and the highest rate: how far the rate moves the reading.
        let pair = rates.count > 1 ? (rates.indices.min { rates[$0] < rates[$1] }!, rates.indices.max { rates[$0] < rates[$1] }!) : nil
        let sameFlick = pair.flatMap { rates[$0.0] < rates[$0.1] ? $0 : nil }
        out += "| estimator | platform | " + rates.map { "\(Self.hertz($0)) Hz median / p90 / bias" }.joined(separator: " | ")
        if let (low, high) = sameFlick { out += " | same flick, \(Self.hertz(rates[low])) Hz / \(Self.hertz(rates[high])) Hz (median)" }
        out += " |\n|---|---|" + rates.map { _ in "---|" }.joined() + (sameFlick == nil ? "" : "---|") + "\n"
        let sets = rates.map { generator.flicks(count: flicks, samplingRate: $0) }
        for kind in kinds {
            var row = "| `\(Self.expression(of: kind))` | \(Self.platform(of: kind)) |"
            let estimates = sets.map { set in set.map { EstimatorAccuracy.releaseVelocity(of: $0, estimator: kind.estimator) } }
            for (set, estimates) in zip(sets, estimates) {
                let s = EstimatorAccuracy.summary(of: estimates, on: set)
                row += " \(Self.percent(s.medianRelativeError)) / \(Self.percent(s.p90RelativeError)) / \(Self.signedPercent(s.medianSignedError)) |"
            }
            if let (low, high) = sameFlick {
                row += String(format: " %.3f |", EstimatorAccuracy.medianRatio(of: estimates[low], to: estimates[high]))
            }
            out += row + "\n"
        }
        let urls = recorded.urls(currentDirectory: currentDirectory, packageRoot: packageRoot, note: note)
        for set in try TraceSources.recorded(urls) {
            out += "\n\(set.source): \(set.traces.count) strokes, \(set.traces.filter { $0.intent == .finish }.count) meant to finish; "
            out += "finished by `ProjectedSpringModel()` with each estimator\n\n| estimator | recorded page turns finished |\n|---|---|\n"
            for kind in kinds {
                let rate = EstimatorAccuracy.finishedRate(of: kind.estimator, on: set.traces)
                out += "| `\(Self.expression(of: kind))` | \(rate.map(Self.percent) ?? "-") |\n"
            }
        }
        return out
    }

    static func hertz(_ rate: Double) -> String {
        rate == rate.rounded() ? String(Int(rate)) : String(rate)
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%.1f%%", fraction * 100)
    }

    static func signedPercent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }

    public func run() throws {
        try ReportCommand.run { directory, note in try report(currentDirectory: directory, note: note) }
    }
}
