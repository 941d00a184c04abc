import ArgumentParser
import TransitionPhysics
import TransitionSweep

/// How traces are replayed, shared by every model of a run: the velocity estimator, the touch
/// slop that decides the direction, and the spring settling tolerance of the metrics.
public struct ReplayOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp(
        "Release-velocity estimator: leastSquares (Flutter/Android LSQ2 over 100 ms, the default), impulse (Android) or weighted (iOS-like).",
        valueName: "name"))
    public var estimator: String = VelocityEstimatorKind.leastSquares.rawValue

    @Option(help: ArgumentHelp(
        "Movement from touch-down, in the trace's unit (pixels for the recorded swipes), that decides the transition's direction. Default 10.",
        valueName: "distance"))
    public var touchSlop: Double = 10

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
        guard settleTolerance > 0 && settleTolerance < 1 else {
            throw ValidationError("--settle-tolerance must be in (0, 1) (fraction of the travel); got \(settleTolerance).")
        }
    }

    /// The validated settings.
    public var settings: ReplaySettings {
        ReplaySettings(estimator: VelocityEstimatorKind(parsing: estimator)!, touchSlop: touchSlop, settleTolerance: settleTolerance)
    }
}

/// The replay settings as plain values (defaults: LSQ2 estimator, touch slop 10 trace units,
/// settle tolerance 0.001 of the travel).
public struct ReplaySettings: Sendable {
    public var estimator: VelocityEstimatorKind = .leastSquares
    /// In the trace's unit.
    public var touchSlop: Double = 10
    /// Fraction of the travel.
    public var settleTolerance: Double = CompletionMetrics.defaultSettleTolerance

    public init(
        estimator: VelocityEstimatorKind = .leastSquares, touchSlop: Double = 10,
        settleTolerance: Double = CompletionMetrics.defaultSettleTolerance
    ) {
        self.estimator = estimator
        self.touchSlop = touchSlop
        self.settleTolerance = settleTolerance
    }

    /// A runner for `model` with these replay settings.
    public func runner(
        model: any ReleaseModel, frameRate: Double = CompletionMetrics.defaultFrameRate, fixedTravel: Double? = nil
    ) -> GestureRunner {
        GestureRunner(
            model: model, estimator: estimator.estimator,
            direction: .decidedByFirstMovement(touchSlop: touchSlop), fixedTravel: fixedTravel,
            frameRate: frameRate, settleTolerance: settleTolerance)
    }
}

extension ModelVariant {
    /// A name for the table that says every parameter of the variant, with units:
    /// `physics(response 0.3 s, damping ratio 1, rate 0.998/ms, discrete, threshold 0.5, ...)`.
    var benchName: String {
        let p = parameters
        func n(_ value: Double?) -> String { value.map { "\($0)" } ?? "-" }
        switch kind {
        case .classic:
            return "classic(duration \(n(p.duration)) s, speed \(n(p.completionSpeed)), \(p.completionCurve ?? "-"), threshold \(n(p.threshold)))"
        case .cupertino:
            return "cupertino"
        case .physics:
            return "physics(response \(n(p.response)) s, damping ratio \(n(p.dampingRatio)), rate \(n(p.decelerationRate))/ms, "
                + "\(p.projection ?? "-"), threshold \(n(p.threshold)), min fling \(n(p.minFlingVelocity))/s, overshoot \(p.overshoot ?? "-"))"
        }
    }
}
