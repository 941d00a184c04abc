// TEMPORARY: replaced at merge by the sweep's `ModelOptions` (module TransitionSweep), which
// configures any variant with the same flags as `transition-sweep`. Until then
// `--physics-variant` configures `ProjectedSpringModel` variants for measuring defaults.
import Foundation
import TransitionPhysics

/// A `ProjectedSpringModel` variant from `key=value[,key=value...]`, keys:
/// `response` (s), `damping-ratio`, `deceleration-rate` (per ms, in (0, 1)), `threshold`,
/// `min-fling-velocity` (travel widths/s), `projection` (discrete, continuous, perMillisecondSum),
/// `overshoot` (allow, clamp, rubberBand), `horizon-ms` (the stand-in estimator's window),
/// `touch-slop` (the runner's direction-deciding slop, in the trace's unit; default 10),
/// `settle-tolerance` (the runner's spring settling tolerance, fraction of the travel; default 0.001).
/// Unnamed keys keep the defaults. The model is named `physics[SPEC]`.
struct PhysicsVariant {
    var spec: String
    var model: BenchModel

    struct SpecError: Error, CustomStringConvertible {
        var description: String
    }

    init(spec: String) throws {
        var response = ProjectedSpringModel.defaultSpring.response
        var dampingRatio = ProjectedSpringModel.defaultSpring.dampingRatio
        var physics = ProjectedSpringModel()
        var estimator = BehaviorDependencies.defaultEstimator()
        var touchSlop = 10.0
        var settleTolerance = CompletionMetrics.defaultSettleTolerance
        for pair in spec.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { throw SpecError(description: "--physics-variant '\(spec)': expected key=value, found '\(pair)'") }
            let (key, text) = (parts[0], parts[1])
            func number(_ valid: (Double) -> Bool, _ range: String) throws -> Double {
                guard let v = Double(text), v.isFinite, valid(v) else {
                    throw SpecError(description: "--physics-variant '\(spec)': \(key) must be \(range), found '\(text)'")
                }
                return v
            }
            switch key {
            case "response": response = try number({ $0 > 0 }, "> 0 seconds")
            case "damping-ratio": dampingRatio = try number({ $0 > 0 }, "> 0")
            case "deceleration-rate": physics.decelerationRate = DecelerationRate(rawValue: try number({ $0 > 0 && $0 < 1 }, "in (0, 1)"))
            case "threshold": physics.threshold = try number({ $0 > 0 && $0 < 1 }, "in (0, 1)")
            case "min-fling-velocity": physics.minFlingVelocity = try number({ $0 >= 0 }, ">= 0")
            case "touch-slop": touchSlop = try number({ $0 >= 0 }, ">= 0 (trace units)")
            case "settle-tolerance": settleTolerance = try number({ $0 > 0 }, "> 0 (fraction of the travel)")
            case "estimator":
                guard let kind = VelocityEstimatorKind(parsing: text) else {
                    throw SpecError(description: "--physics-variant '\(spec)': estimator must be one of \(VelocityEstimatorKind.allCases.map(\.rawValue))")
                }
                estimator = kind.estimator
            case "short-window":
                guard let rule = LeastSquaresVelocityEstimator.ShortWindowRule(rawValue: text) else {
                    throw SpecError(description: "--physics-variant '\(spec)': short-window must be zero or lowerDegree")
                }
                estimator = LeastSquaresVelocityEstimator(shortWindowRule: rule)
            case "horizon-ms": estimator = LeastSquaresVelocityEstimator(horizon: try number({ $0 > 0 }, "> 0 ms") / 1000)
            case "projection":
                guard let form = ProjectionForm(rawValue: text) else {
                    throw SpecError(description: "--physics-variant '\(spec)': projection must be one of \(ProjectionForm.allCases.map(\.rawValue))")
                }
                physics.projection = form
            case "overshoot":
                guard let policy = OvershootPolicy(rawValue: text) else {
                    throw SpecError(description: "--physics-variant '\(spec)': overshoot must be one of \(OvershootPolicy.allCases.map(\.rawValue))")
                }
                physics.overshoot = policy
            default:
                throw SpecError(
                    description: "--physics-variant '\(spec)': unknown key '\(key)' (response, damping-ratio, deceleration-rate, "
                        + "threshold, min-fling-velocity, projection, overshoot, horizon-ms, estimator, short-window, touch-slop, settle-tolerance)")
            }
        }
        physics.spring = Spring(response: response, dampingRatio: dampingRatio)
        self.spec = spec
        self.model = BenchModel(name: "physics[\(spec)]", runner: GestureRunner(
            model: physics, estimator: estimator, direction: .decidedByFirstMovement(touchSlop: touchSlop),
            settleTolerance: settleTolerance))
    }
}
