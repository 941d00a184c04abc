import Foundation
import Testing
import TransitionLab
import TransitionPhysics

/// `BuiltInReleaseModel.swiftExpression`, the `swift_expression` column of
/// `transition-bench behavior`: for variants covering every parameter of the table and every
/// completion shape, overshoot policy, projection, classic curve and the presets, the emitted
/// text is compiled below (each entry's `compiled`, verbatim), builds a model equal to the
/// row's, and that model's outcomes are the row's.
@Suite struct SwiftExpressionTests {
    typealias Parameters = [ReleaseParameter.ID: ReleaseParameterValue]

    /// The rows' models, by the table's parameters (as the sweep's and bench's flags give them),
    /// and the emitted expression compiled.
    static let cases: [(kind: ReleaseModelKind, parameters: Parameters, compiled: any ReleaseModel)] = [
        (.physics, [:],
         ProjectedSpringModel()),
        (.physics, [.completionShape: .name("minimum-jerk")],
         ProjectedSpringModel(completionShape: .minimumJerk(.peakAcceleration(120.0)))),
        (.physics, [.response: .number(0.25), .dampingRatio: .number(0.8), .decelerationRate: .number(0.995),
                    .projection: .name("continuous"), .threshold: .number(0.4), .minFlingVelocity: .number(0.5),
                    .overshoot: .name("clamp")],
         ProjectedSpringModel(spring: Spring(response: 0.25, dampingRatio: 0.8), decelerationRate: DecelerationRate(rawValue: 0.995), projection: .continuous, threshold: 0.4, minFlingVelocity: 0.5, overshoot: .clamp)),
        (.physics, [.stiffness: .number(400), .damping: .number(5), .mass: .number(2), .overshoot: .name("rubberBand")],
         ProjectedSpringModel(spring: Spring(mass: 2.0, stiffness: 400.0, damping: 5.0), overshoot: .rubberBand)),
        (.physics, [.stiffness: .number(100), .damping: .number(40), .mass: .number(2), .overshoot: .name("rubberBand")],
         ProjectedSpringModel(spring: Spring(mass: 2.0, stiffness: 100.0, damping: 40.0, allowOverDamping: true), overshoot: .rubberBand)),
        (.physics, [.response: .number(0.35), .dampingRatio: .number(0)],
         ProjectedSpringModel(spring: Spring(response: 0.35, dampingRatio: 0.0))),
        (.physics, [.completionShape: .name("minimum-jerk"), .completionPeakAcceleration: .number(90)],
         ProjectedSpringModel(completionShape: .minimumJerk(.peakAcceleration(90.0)))),
        (.physics, [.completionShape: .name("ease-in-out"), .completionDurationRule: .name("duration"), .duration: .number(0.25)],
         ProjectedSpringModel(completionShape: .easeInOut(.fullTravel(seconds: 0.25)))),
        // A typed 0.9 stays 0.9 (the spring's constants give back 0.8999999999999999).
        (.physics, [.response: .number(0.3), .dampingRatio: .number(0.9)],
         ProjectedSpringModel(spring: Spring(response: 0.3, dampingRatio: 0.9))),
        // A timed shape names no spring and no overshoot policy: they play no part in it.
        (.physics, [.response: .number(0.3), .dampingRatio: .number(0.8), .overshoot: .name("clamp"),
                    .completionShape: .name("minimum-jerk"), .completionPeakAcceleration: .number(80)],
         ProjectedSpringModel(completionShape: .minimumJerk(.peakAcceleration(80.0)))),
        (.classic, [:],
         ClassicPercentDrivenModel()),
        (.classic, [.duration: .number(0.25), .completionSpeed: .number(1.5), .completionCurve: .name("easeOut"), .threshold: .number(0.6)],
         ClassicPercentDrivenModel(duration: 0.25, completionSpeed: 1.5, completionCurve: .timing(.easeOut), threshold: 0.6)),
        (.classic, [.duration: .number(0.25), .completionSpeed: .number(1.5), .completionCurve: .name("uiKitSpring"), .threshold: .number(0.6)],
         ClassicPercentDrivenModel(duration: 0.25, completionSpeed: 1.5, completionCurve: .uiKitSpring, threshold: 0.6)),
        (.classic, [.duration: .number(0.25), .completionSpeed: .number(1.5), .completionCurve: .name("default"), .threshold: .number(0.6)],
         ClassicPercentDrivenModel(duration: 0.25, completionSpeed: 1.5, completionCurve: .timing(.`default`), threshold: 0.6)),
        (.classic, [.duration: .number(0.25), .completionSpeed: .number(1.5), .completionCurve: .name("fastLinearToSlowEaseIn"), .threshold: .number(0.6)],
         ClassicPercentDrivenModel(duration: 0.25, completionSpeed: 1.5, completionCurve: .timing(.fastLinearToSlowEaseIn), threshold: 0.6)),
        (.cupertino, [:],
         FlutterBackSwipeModel()),
    ]

    /// The presets' models (classic-004's decision rule), compiled.
    static let presets: [(preset: ReleaseModelPreset, compiled: any ReleaseModel)] = [
        (.classic004, ClassicPercentDrivenModel(decisionRule: .lastChangedFlag)),
    ]

    static let source: String = {
        let file = URL(fileURLWithPath: #filePath)
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()

    @Test func everyEmittedExpressionIsCompiledHereAndBuildsTheRowsModel() throws {
        #expect(!Self.source.isEmpty)
        var models: [BuiltInReleaseModel] = try Self.cases.map { try BuiltInReleaseModel(kind: $0.kind, parameters: $0.parameters) }
        var compiled = Self.cases.map(\.compiled)
        models += Self.presets.map(\.preset.model)
        compiled += Self.presets.map(\.compiled)
        for (model, built) in zip(models, compiled) {
            let expression = model.swiftExpression
            // The text the column carries is the code compiled above, character for character.
            #expect(Self.source.contains("         " + expression + ")") || Self.source.contains(" " + expression + "),"), "not compiled here: \(expression)")
            // Equal, but for the unused spring and overshoot policy of a timed shape.
            var row = model
            if case .physics(var m) = model, m.completionShape != .spring {
                m.spring = ProjectedSpringModel().spring
                m.overshoot = ProjectedSpringModel().overshoot
                row = .physics(m)
            }
            #expect(BuiltInReleaseModel(built) == row, "\(expression) builds \(built), the row has \(model.model)")
            #expect(!expression.contains("99999") && !expression.contains("00000"), "not the typed decimal: \(expression)")
            // Equal models, equal outcomes: a few releases through both.
            for state in [ReleaseState(progress: 0.3, velocity: 2.5), ReleaseState(progress: 0.7, velocity: -1), ReleaseState(progress: 0.45, velocity: 0)] {
                let a = built.release(state), b = model.model.release(state)
                #expect(a.decision == b.decision && a.curve == b.curve, "\(expression) at \(state)")
            }
        }
    }

    /// Every parameter of the table is covered by a case that sets it.
    @Test func theCasesCoverEveryParameterAndShape() {
        let set = Set(Self.cases.flatMap(\.parameters.keys))
        let missing = ReleaseParameter.table.map(\.id).filter { $0 != .frameRate && !set.contains($0) }
        #expect(missing.isEmpty, "no case sets \(missing)")
        let shapes = Set(Self.cases.compactMap { $0.parameters[.completionShape]?.name } + ["spring"])
        #expect(shapes == Set(PhysicsCompletionShape.names))
        let policies = Set(Self.cases.compactMap { $0.parameters[.overshoot]?.name } + ["allow"])
        #expect(policies == Set(OvershootPolicy.allCases.map(\.rawValue)))
    }

    /// `Spring.decimalForm`: the decimals a spring was typed with, from its constants.
    @Test func aSpringsDecimalFormIsTheTypedDecimal() {
        let spring = Spring(response: 0.3, dampingRatio: 0.9)
        // The constants read back are not the typed decimal...
        #expect(spring.dampingRatio != 0.9 && Spring(response: 0.45, dampingRatio: 0.8).dampingRatio != 0.8)
        // ...the decimal form is, and rebuilds the spring.
        #expect(spring.decimalForm?.response == 0.3 && spring.decimalForm?.dampingRatio == 0.9)
        for (response, ratio) in [(0.3, 0.8), (0.45, 0.8), (0.15, 0.9), (0.45, 0.05), (0.55, 1.0), (0.123, 0.707), (2.5, 0.05), (0.3, 1.4)] {
            let form = Spring(response: response, dampingRatio: ratio).decimalForm
            #expect(form?.response == response && form?.dampingRatio == ratio, "\(response), \(ratio): \(String(describing: form))")
        }
        // A spring given by constants no decimal pair rebuilds has none.
        let constants = Spring(mass: 2, stiffness: 400, damping: 5)
        if let form = constants.decimalForm {
            #expect(Spring(response: form.response, dampingRatio: form.dampingRatio) == constants)
        }
    }
}
