import TransitionPhysics

// From a benchmark row to the app: the Swift expression that builds a row's model.

extension BuiltInReleaseModel {
    /// The Swift expression that builds this model with `TransitionPhysics`' public API, to paste
    /// into an app: `ProjectedSpringModel(spring: Spring(response: 0.25, dampingRatio: 0.8),
    /// decelerationRate: DecelerationRate(rawValue: 0.995))`. Arguments at the initializer's
    /// default are left out (`ProjectedSpringModel()` is the shipped default), and so are the
    /// spring and overshoot policy of a timed completion shape, which play no part in it.
    /// Evaluated, the expression builds a model whose decisions and completions are the row's,
    /// bit for bit (equal, `==`, unless a timed shape's unused spring was not the default):
    /// numbers are written in Swift's shortest round trip (`Double.description`, which a literal
    /// reads back exactly), and the spring by the response and damping ratio of fewest decimals
    /// that rebuild its constants exactly (`Spring.decimalForm`: `0.9` as typed, not the
    /// `0.8999999999999999` its constants give back), else by its constants.
    /// `transition-bench behavior` prints it under each Pareto-front row and writes it in the
    /// `swift_expression` column; `SwiftExpressionTests` compiles the emitted text.
    ///
    /// The benchmark's frame rate and replay (velocity estimator, direction rule, touch slop) are
    /// not part of a model: they are `InteractiveTransition`'s settings.
    public var swiftExpression: String {
        switch self {
        case .physics(let m): return Self.expression(m)
        case .classic(let m): return Self.expression(m)
        case .cupertino(let m): return Self.expression(m)
        }
    }

    private static func call(_ type: String, _ arguments: [String?]) -> String {
        "\(type)(\(arguments.compactMap { $0 }.joined(separator: ", ")))"
    }

    /// `label: value` unless `value` is the initializer's `standard`.
    private static func argument<T: Equatable>(_ label: String, _ value: T, _ standard: T, _ text: (T) -> String) -> String? {
        value == standard ? nil : "\(label): \(text(value))"
    }

    /// A `Double` as a Swift literal that reads back as the same value.
    static func literal(_ x: Double) -> String {
        precondition(x.isFinite, "A model parameter is finite; got \(x).")
        return "\(x)"
    }

    static func expression(_ spring: Spring) -> String {
        if let form = spring.decimalForm {
            return "Spring(response: \(literal(form.response)), dampingRatio: \(literal(form.dampingRatio)))"
        }
        return call("Spring", [
            argument("mass", spring.mass, 1.0, literal), "stiffness: \(literal(spring.stiffness))",
            "damping: \(literal(spring.damping))", spring.dampingRatio > 1 ? "allowOverDamping: true" : nil,
        ])
    }

    static func expression(_ rule: TimedCompletionDuration) -> String {
        switch rule {
        case .peakAcceleration(let limit): return ".peakAcceleration(\(literal(limit)))"
        case .fullTravel(let seconds): return ".fullTravel(seconds: \(literal(seconds)))"
        }
    }

    static func expression(_ shape: PhysicsCompletionShape) -> String {
        switch shape {
        case .spring: return ".spring"
        case .minimumJerk(let rule): return ".minimumJerk(\(expression(rule)))"
        case .easeInOut(let rule): return ".easeInOut(\(expression(rule)))"
        }
    }

    static func expression(_ m: ProjectedSpringModel) -> String {
        let standard = ProjectedSpringModel()
        // A timed completion shape has no spring: its spring and overshoot policy play no part
        // (`parameterValue(_:)` leaves them out), so the expression does not name them.
        let timed = m.completionShape != .spring
        return call("ProjectedSpringModel", [
            timed ? nil : argument("spring", m.spring, standard.spring, expression),
            argument("decelerationRate", m.decelerationRate.rawValue, standard.decelerationRate.rawValue) {
                "DecelerationRate(rawValue: \(literal($0)))"
            },
            argument("projection", m.projection, standard.projection) { ".\($0.rawValue)" },
            argument("threshold", m.threshold, standard.threshold, literal),
            argument("minFlingVelocity", m.minFlingVelocity, standard.minFlingVelocity, literal),
            timed ? nil : argument("overshoot", m.overshoot, standard.overshoot) { ".\($0.rawValue)" },
            argument("completionShape", m.completionShape, standard.completionShape, expression),
        ])
    }

    static func expression(_ m: ClassicPercentDrivenModel) -> String {
        let standard = ClassicPercentDrivenModel()
        return call("ClassicPercentDrivenModel", [
            argument("duration", m.duration, standard.duration, literal),
            argument("completionSpeed", m.completionSpeed, standard.completionSpeed, literal),
            argument("completionCurve", m.completionCurve, standard.completionCurve) { curve in
                switch curve {
                case .uiKitSpring: return ".uiKitSpring"
                case .timing(let unit):
                    // The table's curves are the named ones (`UnitCurve.named`).
                    let name = UnitCurve.named.first { $0.curve == unit }?.name
                    precondition(name != nil, "Only the named timing curves have an expression; got \(unit).")
                    return ".timing(.\(name == "default" ? "`default`" : name!))"
                }
            },
            argument("threshold", m.threshold, standard.threshold, literal),
            argument("decisionRule", m.decisionRule, standard.decisionRule) { ".\($0.rawValue)" },
        ])
    }

    static func expression(_ m: FlutterBackSwipeModel) -> String {
        let standard = FlutterBackSwipeModel()
        return call("FlutterBackSwipeModel", [
            argument("minFlingVelocity", m.minFlingVelocity, standard.minFlingVelocity, literal),
            argument("maximumFinishDuration", m.maximumFinishDuration, standard.maximumFinishDuration, literal),
            argument("maximumCancelDuration", m.maximumCancelDuration, standard.maximumCancelDuration, literal),
        ])
    }
}

extension Spring {
    /// The response (s) and damping ratio with the fewest decimals that build exactly this spring
    /// (`Spring(response:dampingRatio:) == self`), or nil when none does (a spring given by its
    /// constants). A spring built from typed decimals gets them back: `Spring(response: 0.25,
    /// dampingRatio: 0.9)` stores constants whose ratio reads `0.8999999999999999`, and this
    /// gives 0.9. The Swift expression and the behaviour benchmark's parameter columns write it.
    public var decimalForm: (response: Double, dampingRatio: Double)? {
        let response = self.response, ratio = dampingRatio
        guard response.isFinite, ratio.isFinite else { return nil }
        /// `x` rounded to `decimals` decimals, the Double nearest that decimal (an integer over a
        /// power of ten, both exact, is rounded once); nil past 2^53.
        func rounded(_ x: Double, _ decimals: Int) -> Double? {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let m = (x * scale).rounded()
            return abs(m) < 9_007_199_254_740_992 ? m / scale : nil
        }
        let most = 17
        // Fewest decimals in all first, fewer on the response at a tie.
        for total in 0...(2 * most) {
            for a in max(0, total - most)...min(total, most) {
                guard let r = rounded(response, a), let z = rounded(ratio, total - a), r > 0, z >= 0,
                    Spring.invalidity(response: r, dampingRatio: z) == nil
                else { continue }
                if Spring(response: r, dampingRatio: z) == self { return (r, z) }
            }
        }
        return nil
    }
}
