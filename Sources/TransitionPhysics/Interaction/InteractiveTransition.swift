/// A transition driven by touch samples, as an app drives it: samples scrub progress, a release
/// asks the model to decide and complete, and a finger that lands during the completion takes
/// over at the current animated progress with no jump.
///
/// Feed samples in time order with `handle(_:)`; once per display frame call `advance(to:)`
/// (same clock as the samples) for progress, velocity, target and the events since the last
/// frame; finish, cancel or retarget from code with `finish(at:)`, `cancel(at:)`,
/// `retarget(to:at:)` (see InteractiveTransition+Frames.swift). Progress is a pure function of
/// time between events, so the frame rate never changes it.
///
/// With the default `detents` [0, 1] and `reduceMotion` false, releases are exactly the model's.
///
/// Misuse: a time before the latest frame (`frameClock`) given to `advance(to:)`, `finish(at:)`,
/// `cancel(at:)` or `retarget(to:at:)` is read as that frame's time, so shown progress never
/// goes back (a button's `CACurrentMediaTime()` is earlier than the display link's
/// `targetTimestamp` already shown); a non-finite time, or a target outside the first...last
/// detent, is a programming error and stops the program with a sentence (`precondition`, as
/// for `detents` and `pixelsPerPoint`).
public struct InteractiveTransition: Sendable {
    /// How touch positions become progress: travel, axis, direction, range, edge zone.
    public var mapping: ProgressMapping
    /// The model that decides and completes each release.
    public var model: any ReleaseModel
    /// The release-velocity estimator, fed the samples up to lift-off.
    public var estimator: any VelocityEstimator

    /// What the transition is doing.
    public enum Phase: Sendable {
        /// No touch yet, or a touch that did not start (outside the edge zone).
        case idle
        /// A finger is scrubbing.
        case tracking(Tracking)
        /// A completion is playing (after a release, or started from code), or has come to rest.
        case completing(Animation)
    }

    /// A completion in play: a curve started at `startTime` from the progress and velocity of
    /// that moment, and the time from which it counts as done (the one-pixel rule).
    public struct Animation: Sendable {
        /// When the curve starts, seconds (the samples' clock).
        public var startTime: Double
        /// Progress and velocity as functions of the time since `startTime`.
        public var curve: CompletionCurve
        /// From this time (seconds, the samples' clock) nothing visible moves: progress is the
        /// target exactly and velocity 0 (`CompletionCurve.restTime(tolerance:)`).
        public var endTime: Double
        /// The direction sign in force (+1 / -1), kept for an interrupting touch.
        public var sign: Double
        /// Whether `.completed` has been reported for this animation.
        var completionReported = false

        /// Progress and progress velocity (per second) at `time`: the curve's closed form, the
        /// target exactly from `endTime` on.
        public func state(at time: Double) -> (progress: Double, velocity: Double) {
            if time >= endTime { return (curve.target, 0) }
            let state = curve.state(at: max(0, time - startTime))
            return (state.progress, state.velocity)
        }
    }

    /// A finger scrubbing: where it began, its direction, and its samples so far.
    public struct Tracking: Sendable {
        /// Coordinate at touch-down along the axis.
        package var origin: Double
        /// +1 or -1 once decided, nil before.
        package var sign: Double?
        /// Progress when this touch began (0, or the animated progress it interrupted).
        package var baseProgress: Double
        /// (time, raw progress) of every sample of this touch, for the velocity estimate.
        package var samples: [AxisSample] { ReleaseSamples.mirrored(recorded, at: mirrorMarks) }
        /// The samples as appended. A reversal of a reversible direction does not rewrite them
        /// (a pass over every sample so far, at every reversal, made a zig-zag across
        /// touch-down quadratic): it notes the count of samples it mirrors in `mirrorMarks`, and
        /// `samples` applies the marks (`ReleaseSamples.mirrored`), exactly.
        var recorded: [AxisSample]
        var mirrorMarks: [Int] = []
        /// The newest sample's raw progress (as `samples.last`, without building `samples`).
        var lastPosition: Double? {
            guard let last = recorded.last else { return nil }
            let mirrors = mirrorMarks.reversed().prefix { $0 == recorded.count }.count
            return mirrors % 2 == 0 ? last.position : -last.position
        }
        /// Raw progress at the last `changed` sample.
        package var lastChangedRaw: Double
        /// The newest touch sample of this touch.
        package var lastTouch: TouchSample
    }

    /// A release: what was known, and what the model made of it.
    public struct Release: Hashable, Sendable {
        /// When the finger lifted, seconds (the samples' clock).
        public var time: Double
        /// Progress and velocity (progress per second) at lift-off.
        public var state: ReleaseState
        /// The model's decision and completion curve (toward the chosen detent).
        public var completion: Completion
        /// The direction sign that was in force (+1 / -1), kept for an interrupting touch.
        public var sign: Double
    }

    /// What the transition is doing now.
    public private(set) var phase: Phase = .idle
    /// Every release so far, oldest first.
    public private(set) var releases: [Release] = []

    /// Progress stops, sorted ascending, at least one (default [0, 1]; a sheet uses
    /// [0, 0.5, 1]). A release completes at the detent nearest its projected progress
    /// (`ProjectionRule.nearestDetent`); with [0, 1] the model decides exactly as on its own.
    /// Dragging past the first or last detent is clamped or rubber-banded there, as
    /// `mapping.range` says.
    public var detents: [Double] = [0, 1] {
        didSet {
            if let reason = TransitionSettingRules.detentsProblem(detents) { preconditionFailure("Detents: \(reason); got \(detents).") }
        }
    }
    /// Physical pixels per point of the display (1 by default; 3 on a 3x phone). With the travel
    /// in points (`mapping.travel`), one physical pixel is `1 / (travel * pixelsPerPoint)` of
    /// progress: a completion is done when nothing can move by that much any more.
    /// `TransitionSettingRules` says which values are refused (this traps on them; the lab's `TransitionSettings.validate()` reports them).
    public var pixelsPerPoint: Double = 1 {
        didSet {
            if let reason = TransitionSettingRules.pixelsPerPointProblem(pixelsPerPoint, travel: mapping.travel) {
                preconditionFailure("pixelsPerPoint: \(reason); got \(pixelsPerPoint).")
            }
        }
    }
    /// The fling cap, points per second (default `ReleaseSpeedLimit.platformMaximum`, Flutter's
    /// and Android's 8,000): the estimator's release velocity is clamped to +-(this / the
    /// mapping's travel) progress per second, sign kept (`ReleaseSpeedLimit`); `.infinity` for
    /// no cap. Positive (`TransitionSettings.validate()`; this traps otherwise).
    public var maximumReleaseSpeed: Double = ReleaseSpeedLimit.platformMaximum {
        didSet {
            if let reason = TransitionSettingRules.maximumReleaseSpeedProblem(maximumReleaseSpeed, travel: mapping.travel) {
                preconditionFailure("maximumReleaseSpeed: \(reason); got \(maximumReleaseSpeed).")
            }
        }
    }
    /// The person asked for reduced motion: the same decision, then
    /// `CompletionCurve.reducedMotion` (no overshoot, done in a fixed 0.2 s).
    public var reduceMotion: Bool = false
    /// The spring for completions started from code (`finish(at:)`, `cancel(at:)`,
    /// `retarget(to:at:)`): the model's spring for a `ProjectedSpringModel`, else
    /// `ProjectedSpringModel.defaultSpring`. It starts at the current velocity, whatever the model.
    /// A `ProjectedSpringModel` with a timed `completionShape` re-plans that shape instead.
    public var completionSpring: Spring
    /// Events since the last `advance(to:)`, oldest first.
    var pendingEvents: [TransitionEvent] = []
    /// The latest time given to `advance(to:)`, `finish(at:)`, `cancel(at:)` or
    /// `retarget(to:at:)`, seconds (-infinity before any): an earlier time is read as this one,
    /// so shown progress never goes back (InteractiveTransition+Frames.swift). Samples keep
    /// their own times.
    public internal(set) var frameClock = -Double.infinity

    /// A transition at rest, at progress 0; `completionSpring` is the model's spring for a `ProjectedSpringModel`, else `ProjectedSpringModel.defaultSpring`.
    public init(mapping: ProgressMapping, model: any ReleaseModel, estimator: any VelocityEstimator) {
        self.mapping = mapping
        self.model = model
        self.estimator = estimator
        self.completionSpring = (model as? ProjectedSpringModel)?.spring ?? ProjectedSpringModel.defaultSpring
    }

    /// Displayed progress at `time` (seconds, same clock as the samples).
    public func progress(at time: Double) -> Double {
        switch phase {
        case .idle: return 0
        case .tracking(let tracking): return bounded(tracking.lastPosition ?? tracking.baseProgress)
        case .completing(let animation): return animation.state(at: time).progress
        }
    }

    /// One physical pixel, in progress: `1 / (travel in points * pixelsPerPoint)`.
    public var pixelTolerance: Double { 1 / (mapping.travel * pixelsPerPoint) }

    /// Handles one sample. Returns the release when this sample ended the touch.
    @discardableResult
    public mutating func handle(_ sample: TouchSample) -> Release? {
        let position = mapping.coordinate(of: sample)
        // A touch in progress leaves `phase` while a move or lift-off changes it: its samples
        // then have one owner and grow in place (shared with `phase`, the array was copied at
        // every sample, which made a replay quadratic in the trace's length).
        if sample.phase != .began, var tracking = takeTracking() {
            if sample.phase == .changed {
                let rawNow = raw(position, &tracking)
                tracking.recorded.append(AxisSample(time: sample.time, position: rawNow, isResampled: sample.isResampled))
                tracking.lastChangedRaw = rawNow
                tracking.lastTouch = sample
                phase = .tracking(tracking)
                return nil
            }
            let rawNow = raw(position, &tracking)
            // The lift-off rule of `ReleaseSamples` (Android's and Flutter's trackers): a
            // lift-off that repeats the last position carries no motion and is dropped, and if it
            // comes more than the estimator's `pointerStoppedAfter` (40 ms on Android and Flutter)
            // after that position the pointer had stopped: velocity 0.
            let liftOff = ReleaseSamples.liftOff(sample, after: tracking.lastTouch, stoppedAfter: estimator.pointerStoppedAfter)
            if !liftOff.repeatsPosition {
                tracking.recorded.append(AxisSample(time: sample.time, position: rawNow, isResampled: sample.isResampled))
            }
            // A cancelled touch, or a stopped pointer, releases with velocity 0 (`ReleaseSamples`).
            let stopped = ReleaseSamples.releasesWithoutVelocity(sample, after: tracking.lastTouch, stoppedAfter: estimator.pointerStoppedAfter)
            let velocity = stopped ? 0 : releaseVelocity(tracking)
            let state = ReleaseState(
                progress: bounded(rawNow), velocity: velocity,
                lastChangedProgress: bounded(tracking.lastChangedRaw),
                recognizerCancelled: sample.phase == .cancelled)
            let release = Release(time: sample.time, state: state, completion: completion(for: state), sign: tracking.sign ?? 1)
            releases.append(release)
            if let interval = Self.millisecondLikeInterval(tracking.recorded) {
                pendingEvents.append(.timesLookLikeMilliseconds(medianSampleInterval: interval))
            }
            pendingEvents.append(.released(release))
            start(release.completion.curve, at: release.time, sign: release.sign)
            return release
        }
        switch (phase, sample.phase) {
        case (.completing(let animation), .began):
            // Interruption: take over at the animated progress; the direction stays. A touch
            // after the completion came to rest begins afresh from where it rests.
            reportCompletion(at: sample.time)
            pendingEvents.append(sample.time >= animation.endTime ? .began : .interrupted)
            let base = animation.state(at: sample.time).progress
            phase = .tracking(Tracking(
                origin: position, sign: animation.sign, baseProgress: base,
                recorded: [AxisSample(time: sample.time, position: base)], lastChangedRaw: base, lastTouch: sample))
            return nil
        case (.idle, .began):
            if let zone = mapping.edgeZone, !zone.contains(position) { return nil }
            var sign: Double? = nil
            if case .fixed(let positive) = mapping.direction { sign = positive ? 1 : -1 }
            pendingEvents.append(.began)
            phase = .tracking(Tracking(
                origin: position, sign: sign, baseProgress: 0,
                recorded: [AxisSample(time: sample.time, position: 0)], lastChangedRaw: 0, lastTouch: sample))
            return nil
        default:
            // A sample that does not fit the phase (a move with no touch, a second down while
            // tracking) is ignored, as a recognizer would.
            return nil
        }
    }

    /// The median interval between a touch's samples, seconds, at or above which its times look
    /// like milliseconds (`TransitionEvent.timesLookLikeMilliseconds`): 0.5 s. Digitizers report
    /// every 4 to 17 ms (60 to 240 Hz) and Android's and Flutter's trackers take 40 ms without a
    /// sample for a finger at rest, so a median of half a second is no drag timed in seconds,
    /// while the same drag timed in milliseconds has a median of 4 to 17.
    public static let millisecondsSuspicionInterval = 0.5

    /// The median interval of `samples` (at least 4 samples, so 3 intervals: a tap says nothing)
    /// when it is at least `millisecondsSuspicionInterval`; nil otherwise.
    ///
    /// Every release asks, so the common answer costs one pass and no allocation: a median at
    /// or above the threshold needs at least half the intervals there (the upper middle one
    /// included), and only then are the intervals gathered and sorted.
    static func millisecondLikeInterval(_ samples: [AxisSample]) -> Double? {
        guard samples.count >= 4 else { return nil }
        var atOrAbove = 0
        for i in 1..<samples.count where samples[i].time - samples[i - 1].time >= millisecondsSuspicionInterval {
            atOrAbove += 1
        }
        guard 2 * atOrAbove >= samples.count - 1 else { return nil }
        var intervals = zip(samples, samples.dropFirst()).map { $1.time - $0.time }
        intervals.sort()
        let median = intervals.count % 2 == 1
            ? intervals[intervals.count / 2]
            : 0.5 * (intervals[intervals.count / 2 - 1] + intervals[intervals.count / 2])
        return median >= millisecondsSuspicionInterval && median.isFinite ? median : nil
    }

    /// The model's answer to a release, then the detent and reduce-motion choices: with detents
    /// [0, 1] the model's decision stands (its own threshold); otherwise the detent nearest the
    /// model's projection (or the progress, for models that do not project), and a recognizer
    /// cancelled by the system returns to the first detent. `.finish` means the last detent.
    func completion(for state: ReleaseState) -> Completion {
        var completion = model.release(state)
        if detents != [0, 1] {
            let target = state.recognizerCancelled
                ? detents[0]
                : detents[ProjectionRule.nearestDetent(to: completion.projectedProgress ?? state.progress, in: detents)]
            completion.decision = target == detents[detents.count - 1] ? .finish : .cancel
            if let physics = model as? ProjectedSpringModel, physics.completionShape != .spring {
                // A timed shape's duration depends on the distance: plan it for the detent.
                completion.curve = physics.completionCurve(start: state.progress, startVelocity: state.velocity, target: target)
            } else {
                completion.curve.target = target
            }
        }
        if reduceMotion {
            completion.curve = .reducedMotion(start: completion.curve.start, target: completion.curve.target)
        }
        return completion
    }

    /// The velocity a release of `tracking` starts from, progress per second: the estimator's
    /// (0 before the direction is decided), capped by `maximumReleaseSpeed` over the travel
    /// (`ReleaseSpeedLimit.capped`): the one place an estimate becomes a release velocity.
    func releaseVelocity(_ tracking: Tracking) -> Double {
        guard tracking.sign != nil else { return 0 }
        return ReleaseSpeedLimit.capped(
            estimator.velocity(of: tracking.samples), maximumSpeed: maximumReleaseSpeed, travel: mapping.travel)
    }

    /// Starts playing `curve` at `time`: its end time is its rest time under the one-pixel rule.
    mutating func start(_ curve: CompletionCurve, at time: Double, sign: Double) {
        phase = .completing(Animation(
            startTime: time, curve: curve, endTime: time + curve.restTime(tolerance: pixelTolerance), sign: sign))
    }

    /// Reports `.completed` once, if the animation in play has come to rest by `time`.
    mutating func reportCompletion(at time: Double) {
        guard case .completing(var animation) = phase, !animation.completionReported, time >= animation.endTime else { return }
        animation.completionReported = true
        phase = .completing(animation)
        pendingEvents.append(.completed(progress: animation.curve.target))
    }

    /// Progress for a raw value, clamped or rubber-banded beyond the first and last detents.
    func bounded(_ raw: Double) -> Double { mapping.bounded(raw, in: detents[0]...detents[detents.count - 1]) }

    /// The touch in progress, moved out of `phase` (which is left `.idle`); nil when there is none.
    private mutating func takeTracking() -> Tracking? {
        guard case .tracking(let tracking) = phase else { return nil }
        phase = .idle
        return tracking
    }

    /// Raw (unbounded, linear) progress for a coordinate, deciding the direction if needed.
    func raw(_ position: Double, _ tracking: inout Tracking) -> Double {
        let displacement = position - tracking.origin
        if tracking.sign == nil, let slop = mapping.direction.touchSlop, abs(displacement) >= slop {
            tracking.sign = displacement > 0 ? 1 : -1
        }
        // A reversible direction flips when a fresh touch crosses back over touch-down: raw
        // progress is sign * displacement / travel there, so mirroring the samples keeps them
        // on the new side (and progress continuous through 0).
        if case .reversible = mapping.direction, tracking.baseProgress == 0, let sign = tracking.sign, sign * displacement < 0 {
            tracking.sign = -sign
            tracking.mirrorMarks.append(tracking.recorded.count)
            tracking.lastChangedRaw.negate()
        }
        guard let sign = tracking.sign else { return tracking.baseProgress }
        return tracking.baseProgress + sign * displacement / mapping.travel
    }
}
