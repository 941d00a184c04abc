import Testing
import TransitionLab
import TransitionPhysics

/// The parameter table is the one description of every parameter: these pin what derives from
/// it (columns, defaults, the mapping into models) and the derived-value checks.
@Suite("Release parameters, described once")
struct ReleaseParameterTests {
    @Test("the CSV columns, in order, are the sweep's published ones")
    func columns() {
        #expect(ReleaseParameter.table.map(\.column) == [
            "duration_s", "completion_speed", "completion_curve", "threshold", "response_s", "damping_ratio",
            "stiffness_per_s2", "damping_per_s", "mass", "deceleration_rate_per_ms", "projection",
            "min_fling_velocity_per_s", "overshoot_policy", "frame_rate_hz", "completion_shape", "completion_duration_rule",
            "completion_peak_acceleration_per_s2",
        ])
        #expect(Set(ReleaseParameter.table.map(\.flag)).count == ReleaseParameter.table.count)
        #expect(Set(ReleaseParameter.table.map(\.axisRank)).count == ReleaseParameter.table.count)
        #expect(ReleaseParameter.table.map(\.id) == ReleaseParameter.ID.allCases)
    }

    @Test("row order: classic and physics vary over their own axes, threshold after projection for physics")
    func axisOrder() {
        #expect(ReleaseParameter.axes(of: .classic).map(\.id) == [.duration, .completionSpeed, .completionCurve, .threshold, .frameRate])
        #expect(ReleaseParameter.axes(of: .physics).map(\.id) == [
            .duration, .response, .dampingRatio, .stiffness, .damping, .mass, .decelerationRate, .projection, .threshold,
            .minFlingVelocity, .overshoot, .frameRate, .completionShape, .completionDurationRule, .completionPeakAcceleration,
        ])
        #expect(ReleaseParameter.axes(of: .cupertino).map(\.id) == [.frameRate])
    }

    @Test("the table's defaults build exactly the shipped models", arguments: ReleaseModelKind.allCases)
    func defaultsAreTheShippedModels(kind: ReleaseModelKind) throws {
        let built = try BuiltInReleaseModel(kind: kind, parameters: [:])
        #expect(built == ReleaseModelPreset.defaults(for: kind).model)
        #expect(built.kind == kind)
        #expect(built.model.name == kind.rawValue)
    }

    @Test("values read back from a model rebuild the same model")
    func roundTrip() throws {
        let classic = BuiltInReleaseModel.classic(
            ClassicPercentDrivenModel(duration: 2, completionSpeed: 0.5, completionCurve: .uiKitSpring, threshold: 0.4))
        let physics = BuiltInReleaseModel.physics(
            ProjectedSpringModel(
                spring: Spring(mass: 2, stiffness: 300, damping: 5, allowOverDamping: true), decelerationRate: .fast,
                projection: .continuous, threshold: 0.6, minFlingVelocity: 0.25, overshoot: .rubberBand))
        for model in [classic, physics] {
            var values: [ReleaseParameter.ID: ReleaseParameterValue] = [:]
            for row in ReleaseParameter.axes(of: model.kind) where row.springForm != .responseAndDampingRatio {
                if let value = model.parameterValue(row.id) { values[row.id] = value }
            }
            #expect(try BuiltInReleaseModel(kind: model.kind, parameters: values) == model)
        }
        // The other spring form is derived by the library.
        #expect(physics.parameterValue(.response) == .number(Spring(mass: 2, stiffness: 300, damping: 5).response))
        #expect(classic.parameterValue(.response) == nil)
    }

    @Test("values outside a domain and derived quantities out of range throw, naming the parameter")
    func rejections() {
        func rejected(_ kind: ReleaseModelKind, _ values: [ReleaseParameter.ID: ReleaseParameterValue]) -> ReleaseParameterError? {
            do { _ = try BuiltInReleaseModel(kind: kind, parameters: values); return nil } catch { return error }
        }
        #expect(rejected(.classic, [.duration: .number(0)])?.parameter == .duration)
        #expect(rejected(.classic, [.completionSpeed: .number(1e-9)])?.reason.contains("at most 60.0 s") == true)
        #expect(rejected(.classic, [.completionCurve: .name("bounce")])?.parameter == .completionCurve)
        #expect(rejected(.physics, [.response: .number(1e-300)])?.reason.contains("stiffness") == true)
        #expect(rejected(.physics, [.response: .number(1e300)])?.reason.contains("stiffness") == true)
        #expect(rejected(.physics, [.dampingRatio: .number(.greatestFiniteMagnitude)])?.parameter == .response)
        #expect(rejected(.physics, [.stiffness: .number(1e-9), .damping: .number(1), .mass: .number(1e-300)]) != nil)
        #expect(rejected(.physics, [.stiffness: .number(100), .damping: .number(10), .mass: .number(.leastNonzeroMagnitude)]) != nil)
        #expect(rejected(.physics, [.damping: .number(10)])?.parameter == .stiffness)
        #expect(rejected(.physics, [.threshold: .number(.infinity)])?.reason == "must be finite")
        #expect(rejected(.physics, [.decelerationRate: .number(1)])?.reason == "must be in (0, 1) exclusive")
        // Valid edges pass.
        #expect(rejected(.physics, [.dampingRatio: .number(0)]) == nil)
        #expect(rejected(.classic, [.duration: .number(60)]) == nil)
        #expect(rejected(.physics, [.stiffness: .number(1e-9), .damping: .number(0), .mass: .number(1)]) == nil)
    }

    @Test("a frame rate whose frame interval or spring step is not finite is refused")
    func measurability() throws {
        let physics = try BuiltInReleaseModel(kind: .physics, parameters: [:])
        #expect(throws: ReleaseParameterError.self) { try physics.checkMeasurable(frameRate: .leastNonzeroMagnitude) }
        #expect(throws: ReleaseParameterError.self) { try physics.checkMeasurable(frameRate: 0) }
        #expect(throws: ReleaseParameterError.self) { try physics.checkMeasurable(frameRate: 10_001) }
        try physics.checkMeasurable(frameRate: 1e-300)
        try physics.checkMeasurable(frameRate: 10_000)
        try BuiltInReleaseModel.cupertino(FlutterBackSwipeModel()).checkMeasurable(frameRate: 240)
    }

    @Test("Spring.invalidity agrees with what the initializers accept")
    func springInvalidity() {
        #expect(Spring.invalidity(response: 0.3, dampingRatio: 1) == nil)
        #expect(Spring.invalidity(mass: 1, stiffness: 100, damping: 0) == nil)
        #expect(Spring.invalidity(mass: 0, stiffness: 100, damping: 10) == "Spring mass must be positive and finite; got 0.0.")
        #expect(Spring.invalidity(mass: 1e300, stiffness: 1e-300, damping: 0)?.contains("omega0²") == true)
        #expect(Spring.invalidity(mass: 1, stiffness: 100, damping: 1e300)?.contains("lambda²") == true)
        #expect(Spring.invalidity(response: 1e-300, dampingRatio: 1)?.contains("stiffness") == true)
    }

    @Test("help text derives from the row")
    func help() {
        #expect(ReleaseParameter[.duration].help.hasPrefix("Classic and physics: transition duration, seconds (physics: a timed"))
        #expect(ReleaseParameter[.completionShape].help.hasSuffix(": spring, minimum-jerk, ease-in-out. (default: spring)"))
        #expect(ReleaseParameter[.threshold].help == "Classic and physics: decision threshold, progress, in (0, 1) exclusive. (default: 0.5)")
        #expect(ReleaseParameter[.frameRate].help.hasPrefix("All models:"))
        #expect(ReleaseParameter[.stiffness].help.hasSuffix("(default: none)"))
    }
}
