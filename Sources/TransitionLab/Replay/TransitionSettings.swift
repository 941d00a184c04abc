import TransitionPhysics

/// A setting of a transition that it cannot run with: the setting's name, its value, and why.
public struct TransitionSettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The setting, named as the property of `TransitionSettings` (and of `InteractiveTransition`
    /// or `ProgressMapping`): `travel`, `pixelsPerPoint`, `detents`, `maximumReleaseSpeed`,
    /// `frameRate`.
    public var setting: String
    /// The value as given, at most 40 characters (longer ones are cut, with "...").
    public var value: String
    /// Why: a sentence naming the quantity and its unit.
    public var reason: String

    /// An error for `setting` at `value` (shortened to 40 characters), because of `reason`.
    public init(setting: String, value: String, reason: String) {
        self.setting = setting
        self.value = value.count > 40 ? String(value.prefix(40)) + "..." : value
        self.reason = reason
    }

    /// `setting: invalid value 'value': reason.`
    public var description: String { "\(setting): invalid value '\(value)': \(reason)." }
}

/// The settings of an `InteractiveTransition` (and of a tool that drives one: the frame rate
/// its completions are measured or sampled at) that feed the core's preconditions, checked in
/// one place before any of them is reached. The driver's properties trap on what `validate()`
/// refuses (a programming error in an app); a tool that takes them from a person or a request
/// (the playground, the benchmark) calls `validate()` first and reports the error.
///
/// The rules, each once:
/// - `travel` (points, the samples' unit): positive and finite (`ProgressMapping`);
/// - `pixelsPerPoint`: positive and finite, and one physical pixel of progress,
///   1 / (travel * pixelsPerPoint), positive and finite (the visual completion's tolerance,
///   `CompletionCurve.restTime(tolerance:)`): 5e-324 pixels per point would make it infinite;
/// - `detents` (progress): at least one, finite, strictly ascending;
/// - `maximumReleaseSpeed` (points per second, `ReleaseSpeedLimit`): positive (infinity: no cap),
///   and its progress form maximumReleaseSpeed / travel positive;
/// - `frameRate` (Hz): above 0 and at most `maximumFrameRate`, with a finite frame interval
///   1 / frameRate (the lab's parameter table reads this domain; its
///   `BuiltInReleaseModel.checkMeasurable(frameRate:)` adds the model's own condition).
public struct TransitionSettings: Hashable, Sendable {
    /// The distance that maps to progress 1, in points (the samples' unit).
    public var travel: Double
    /// Physical pixels per point (`InteractiveTransition.pixelsPerPoint`).
    public var pixelsPerPoint: Double
    /// Progress stops (`InteractiveTransition.detents`).
    public var detents: [Double]
    /// The fling cap, points per second (`InteractiveTransition.maximumReleaseSpeedPointsPerSecond`).
    public var maximumReleaseSpeed: Double
    /// The frame rate completions are measured or sampled at, Hz.
    public var frameRate: Double

    /// Settings as given (not checked: call `validate()`); the defaults are the driver's.
    public init(
        travel: Double, pixelsPerPoint: Double = 1, detents: [Double] = [0, 1],
        maximumReleaseSpeed: Double = ReleaseSpeedLimit.platformMaximum,
        frameRate: Double = TransitionSettings.defaultFrameRate
    ) {
        self.travel = travel
        self.pixelsPerPoint = pixelsPerPoint
        self.detents = detents
        self.maximumReleaseSpeed = maximumReleaseSpeed
        self.frameRate = frameRate
    }

    /// Throws the first setting the transition cannot run with, in the order of the properties.
    public func validate() throws(TransitionSettingError) {
        if let reason = TransitionSettingRules.travelProblem(travel) {
            throw TransitionSettingError(setting: "travel", value: "\(travel)", reason: reason)
        }
        if let reason = TransitionSettingRules.pixelsPerPointProblem(pixelsPerPoint, travel: travel) {
            throw TransitionSettingError(setting: "pixelsPerPoint", value: "\(pixelsPerPoint)", reason: reason)
        }
        if let reason = TransitionSettingRules.detentsProblem(detents) {
            throw TransitionSettingError(setting: "detents", value: "\(detents)", reason: reason)
        }
        if let reason = TransitionSettingRules.maximumReleaseSpeedProblem(maximumReleaseSpeed, travel: travel) {
            throw TransitionSettingError(setting: "maximumReleaseSpeed", value: "\(maximumReleaseSpeed)", reason: reason)
        }
        if let reason = Self.frameRateProblem(frameRate) {
            throw TransitionSettingError(setting: "frameRate", value: "\(frameRate)", reason: reason)
        }
    }





    /// The frame rate completions are measured or sampled at unless one is given, Hz (a
    /// ProMotion display's 120 Hz doubled: every frame any display shows lies on this grid).
    public static let defaultFrameRate = 240.0
    /// The highest frame rate completions are measured or sampled at, Hz.
    public static let maximumFrameRate = 10_000.0

    /// Why completions cannot be measured or sampled at `frameRate` Hz, or nil.
    public static func frameRateProblem(_ frameRate: Double) -> String? {
        guard frameRate > 0 && frameRate <= maximumFrameRate else {
            return "the frame rate must be above 0 and at most \(maximumFrameRate) Hz; got \(frameRate)"
        }
        let interval = 1 / frameRate
        return interval.isFinite && interval > 0 ? nil : "the frame interval 1 / frame rate = \(interval) s must be positive and finite"
    }
}

extension InteractiveTransition {
    /// This transition's settings (its mapping's travel, pixels per point, detents and fling
    /// cap) with `frameRate`, for `TransitionSettings.validate()`.
    public func settings(frameRate: Double = TransitionSettings.defaultFrameRate) -> TransitionSettings {
        TransitionSettings(
            travel: mapping.travel, pixelsPerPoint: pixelsPerPoint, detents: resolvedDetents.map(\.progress),
            maximumReleaseSpeed: maximumReleaseSpeedPointsPerSecond, frameRate: frameRate)
    }
}
