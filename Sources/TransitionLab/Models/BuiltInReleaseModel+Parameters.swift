import TransitionPhysics

/// A parameter value, or a combination of them, that makes no model: the parameter to blame,
/// its value, and why (a sentence naming the quantity and its unit).
public struct ReleaseParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter to blame.
    public var parameter: ReleaseParameter.ID
    /// Its value, in the parameter's unit.
    public var value: ReleaseParameterValue
    /// The other parameters the reason depends on, with their values (empty when none).
    public var with: [ReleaseParameter.ID: ReleaseParameterValue]
    /// Why it makes no model: a sentence naming the quantity and its unit.
    public var reason: String

    /// An error for `parameter` at `value`, depending on the parameters `with`, because of `reason`.
    public init(
        parameter: ReleaseParameter.ID, value: ReleaseParameterValue, with: [ReleaseParameter.ID: ReleaseParameterValue] = [:],
        reason: String
    ) {
        self.parameter = parameter
        self.value = value
        self.with = with
        self.reason = reason
    }

    /// The message as the command-line tools print it, naming the flags:
    /// `--flag: invalid value 'text' (with --other value): reason.`
    public var description: String {
        let others = ReleaseParameter.table.compactMap { p in with[p.id].map { "--\(p.flag) \(ReleaseParameter.text($0))" } }
        let context = others.isEmpty ? "" : " (with \(others.joined(separator: ", ")))"
        let sentence = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        return "--\(ReleaseParameter[parameter].flag): invalid value '\(ReleaseParameter.text(value))'\(context): \(sentence)."
    }
}

extension BuiltInReleaseModel {
    /// The model of `kind` with `parameters` (by id; the rest at their table defaults): how each
    /// parameter maps into the model, in one place.
    ///
    /// Throws, instead of reaching a precondition, when a value is outside its domain or when the
    /// quantities derived from them are: the spring's stiffness, damping and rates
    /// (`Spring.invalidity`), the classic completion of a full travel longer than
    /// `CompletionCurve.maximumSeconds` or so short that the square of its curve's time scale
    /// (1 / its duration; the UIKit spring's, `UIKitSpringCurve.timeScale(duration:)`) overflows. `frameRate` is not a model parameter (see
    /// `checkMeasurable(frameRate:)`); parameters of other models are ignored.
    public init(kind: ReleaseModelKind, parameters: [ReleaseParameter.ID: ReleaseParameterValue]) throws(ReleaseParameterError) {
        func value(_ id: ReleaseParameter.ID) throws(ReleaseParameterError) -> ReleaseParameterValue? {
            let row = ReleaseParameter[id]
            guard let value = parameters[id] ?? row.defaultValue else { return nil }
            switch (row.domain, value) {
            case (.number, .number(let x)):
                if let reason = row.rejection(of: x) { throw ReleaseParameterError(parameter: id, value: value, reason: reason) }
            case (.choice(let names), .name(let name)):
                if !names.contains(name) {
                    throw ReleaseParameterError(parameter: id, value: value, reason: "must be one of \(row.rangeText)")
                }
            default:
                throw ReleaseParameterError(parameter: id, value: value, reason: "must be \(row.rangeText)")
            }
            return value
        }
        func number(_ id: ReleaseParameter.ID) throws(ReleaseParameterError) -> Double { try value(id)!.number! }
        func name(_ id: ReleaseParameter.ID) throws(ReleaseParameterError) -> String { try value(id)!.name! }

        switch kind {
        case .classic:
            let duration = try number(.duration), speed = try number(.completionSpeed)
            let fullTravel = duration / speed
            guard fullTravel <= CompletionCurve.maximumSeconds else {
                throw ReleaseParameterError(
                    parameter: .duration, value: .number(duration), with: [.completionSpeed: .number(speed)],
                    reason: "a full travel's completion would take duration / completion speed = \(fullTravel) s; "
                        + "at most \(CompletionCurve.maximumSeconds) s")
            }
            let curve = ClassicPercentDrivenModel.CurveChoice(name: try name(.completionCurve))!
            // The curve's time scale, per second (1 / the full travel's duration; the UIKit
            // spring's seconds over it): progress velocity and acceleration scale with it and its
            // square, so both must be finite (a shorter completion is instantaneous anyway).
            let timeScale = curve == .uiKitSpring ? UIKitSpringCurve.timeScale(duration: fullTravel) : 1 / fullTravel
            guard (timeScale * timeScale).isFinite else {
                throw ReleaseParameterError(
                    parameter: .duration, value: .number(duration),
                    with: [.completionSpeed: .number(speed), .completionCurve: .name(curve.name)],
                    reason: "a full travel's completion of duration / completion speed = \(fullTravel) s is too short: "
                        + "the curve's time scale, \(timeScale) per second, must have a finite square (its velocity and "
                        + "acceleration scale with it and its square)")
            }
            self = .classic(
                ClassicPercentDrivenModel(
                    duration: duration, completionSpeed: speed,
                    completionCurve: curve,
                    threshold: try number(.threshold)))
        case .physics:
            let spring: Spring
            if parameters[.stiffness] != nil || parameters[.damping] != nil || parameters[.mass] != nil {
                let values = [ReleaseParameter.ID.stiffness, .damping, .mass].map { id in parameters[id] ?? ReleaseParameter[id].defaultValue }
                guard let k = try value(.stiffness)?.number, let c = try value(.damping)?.number else {
                    let missing: ReleaseParameter.ID = parameters[.stiffness] == nil ? .stiffness : .damping
                    throw ReleaseParameterError(
                        parameter: missing, value: .name("none"), reason: "the spring's constants need both stiffness and damping")
                }
                let m = try number(.mass)
                if let reason = Spring.invalidity(mass: m, stiffness: k, damping: c) {
                    throw ReleaseParameterError(
                        parameter: .stiffness, value: values[0]!, with: [.damping: values[1]!, .mass: values[2]!], reason: reason)
                }
                spring = Spring(mass: m, stiffness: k, damping: c, allowOverDamping: true)
            } else {
                let response = try number(.response), ratio = try number(.dampingRatio)
                if let reason = Spring.invalidity(response: response, dampingRatio: ratio) {
                    throw ReleaseParameterError(
                        parameter: .response, value: .number(response), with: [.dampingRatio: .number(ratio)], reason: reason)
                }
                spring = Spring(response: response, dampingRatio: ratio)
            }
            self = .physics(
                ProjectedSpringModel(
                    spring: spring, decelerationRate: DecelerationRate(rawValue: try number(.decelerationRate)),
                    projection: ProjectionForm(rawValue: try name(.projection))!, threshold: try number(.threshold),
                    minFlingVelocity: try number(.minFlingVelocity), overshoot: OvershootPolicy(rawValue: try name(.overshoot))!,
                    completionShape: try Self.completionShape(name: try name(.completionShape), number: number, name: name)))
        case .cupertino:
            self = .cupertino(FlutterBackSwipeModel())
        }
    }

    /// The physics completion shape called `shapeName`, with its duration rule read through
    /// `number` and `name` (the table's values); throws when a full travel from rest would take
    /// longer than `CompletionCurve.maximumSeconds`.
    static func completionShape(
        name shapeName: String, number: (ReleaseParameter.ID) throws(ReleaseParameterError) -> Double,
        name: (ReleaseParameter.ID) throws(ReleaseParameterError) -> String
    ) throws(ReleaseParameterError) -> PhysicsCompletionShape {
        let names = PhysicsCompletionShape.names
        if shapeName == names[0] { return .spring }
        let ruleName = try name(.completionDurationRule)
        let rule: TimedCompletionDuration, blamed: ReleaseParameter.ID
        if ruleName == TimedCompletionDuration.names[1] {
            rule = .fullTravel(seconds: try number(.duration))
            blamed = .duration
        } else {
            rule = .peakAcceleration(try number(.completionPeakAcceleration))
            blamed = .completionPeakAcceleration
        }
        let shape: PhysicsCompletionShape = shapeName == names[1] ? .minimumJerk(rule) : .easeInOut(rule)
        // A full travel from rest, before the curve's own cap at maximumSeconds.
        let fullTravel: Double
        switch (shape, rule) {
        case (.minimumJerk, .peakAcceleration(let limit)):
            fullTravel = MinimumJerkCompletion.duration(start: 0, startVelocity: 0, target: 1, peakAcceleration: limit)
        case (_, .peakAcceleration(let limit)):
            fullTravel = (PhysicsCompletionShape.easeInOutPeakCurvature / limit).squareRoot()
        case (_, .fullTravel(let seconds)):
            fullTravel = seconds
        }
        guard fullTravel <= CompletionCurve.maximumSeconds else {
            let value = try number(blamed)
            throw ReleaseParameterError(
                parameter: blamed, value: .number(value), with: [.completionShape: .name(shapeName)],
                reason: "a full travel's completion from rest would take \(fullTravel) s; at most \(CompletionCurve.maximumSeconds) s")
        }
        return shape
    }

    /// The value of parameter `id` in this model (derived where the model stores another form:
    /// a physics model has both its response and damping ratio and its constants), or nil when
    /// the parameter does not apply (to the model, or to its completion shape: the duration rule
    /// and its parameter only to timed shapes). `frameRate` is not part of a model: nil.
    public func parameterValue(_ id: ReleaseParameter.ID) -> ReleaseParameterValue? {
        // A timed completion shape has no spring: its parameters do not apply.
        if case .physics(let m) = self, m.completionShape != .spring, ReleaseParameter[id].springForm != nil || id == .overshoot {
            return nil
        }
        switch (self, id) {
        case (.classic(let m), .duration): return .number(m.duration)
        case (.classic(let m), .completionSpeed): return .number(m.completionSpeed)
        case (.classic(let m), .completionCurve): return .name(m.completionCurve.name)
        case (.classic(let m), .threshold): return .number(m.threshold)
        case (.physics(let m), .threshold): return .number(m.threshold)
        case (.physics(let m), .response): return .number(m.spring.response)
        case (.physics(let m), .dampingRatio): return .number(m.spring.dampingRatio)
        case (.physics(let m), .stiffness): return .number(m.spring.stiffness)
        case (.physics(let m), .damping): return .number(m.spring.damping)
        case (.physics(let m), .mass): return .number(m.spring.mass)
        case (.physics(let m), .decelerationRate): return .number(m.decelerationRate.rawValue)
        case (.physics(let m), .projection): return .name(m.projection.rawValue)
        case (.physics(let m), .minFlingVelocity): return .number(m.minFlingVelocity)
        case (.physics(let m), .overshoot): return .name(m.overshoot.rawValue)
        case (.physics(let m), .completionShape): return .name(m.completionShape.name)
        case (.physics(let m), .completionDurationRule): return m.completionShape.durationRule.map { .name($0.name) }
        case (.physics(let m), .completionPeakAcceleration):
            if case .peakAcceleration(let limit) = m.completionShape.durationRule { return .number(limit) }
            return nil
        case (.physics(let m), .duration):
            if case .fullTravel(let seconds) = m.completionShape.durationRule { return .number(seconds) }
            return nil
        default: return nil
        }
    }

    /// Throws when this model's completion metrics cannot be computed at `frameRate` Hz: the
    /// frame rate outside its domain, a frame interval 1 / frameRate that is not finite, or a
    /// spring whose step over one frame is not finite.
    public func checkMeasurable(frameRate: Double) throws(ReleaseParameterError) {
        let row = ReleaseParameter[.frameRate]
        if let reason = row.rejection(of: frameRate) {
            throw ReleaseParameterError(parameter: .frameRate, value: .number(frameRate), reason: reason)
        }
        let frameInterval = 1 / frameRate
        guard frameInterval.isFinite else {
            throw ReleaseParameterError(
                parameter: .frameRate, value: .number(frameRate),
                reason: "the frame interval 1 / frame rate = \(frameInterval) s must be finite")
        }
        guard case .physics(let m) = self else { return }
        let step = m.spring.propagator(time: frameInterval)
        let entries = [
            step.positionFromPosition, step.positionFromVelocity, step.velocityFromPosition, step.velocityFromVelocity,
            step.positionIncrementFromPosition,
        ]
        guard entries.allSatisfy(\.isFinite) else {
            throw ReleaseParameterError(
                parameter: .frameRate, value: .number(frameRate),
                reason: "the spring's step over one frame (\(frameInterval) s) is not finite for \(m.spring)")
        }
    }
}
