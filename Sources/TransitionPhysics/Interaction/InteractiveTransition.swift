/// A transition driven by touch samples, as an app drives it: samples scrub progress, a release
/// asks the model to decide and complete, and a finger that lands during the completion catches
/// the view where it is shown, with no jump.
///
/// Feed samples in time order with `handle(_:)`; once per display frame call `advance(to:)`
/// (same clock as the samples) for progress, velocity, target and the events since the last
/// frame; finish, cancel, retarget or change the layout from code with `finish(at:)`,
/// `cancel(at:)`, `retarget(to:at:)`, `updateLayout(travel:contentLength:detents:at:)` (see
/// InteractiveTransition+Frames.swift and InteractiveTransition+Layout.swift). Progress is a pure
/// function of time between events, so the frame rate never changes it.
///
/// With the default `detents` [0, 1] and `reduceMotion` false, releases are exactly the model's.
///
/// Two parts, each with its rules. **The touch part** turns device touches into one finger
/// along the axis (`multitouch`, `mapping`):
/// - **Several fingers, one finger.** `MultitouchPolicy` says which finger drives; a finger
///   that lands or lifts re-anchors the driving point, so nothing jumps. A touch that begins
///   while no stroke is followed starts one, whatever fingers never reported their lift-off.
/// - **Direction.** A `.fixed` direction is the mapping's, always. A direction decided by
///   movement is decided afresh past the touch slop by a touch that begins from rest (idle, or a
///   completion that has come to rest), and a touch that catches a completion in motion keeps
///   the direction that completion moves in (the touch's or code's that started it; one started
///   by code from idle has none, and the catching touch decides it past the slop). The mapping
///   in force when a touch begins is the one it follows.
/// - **Axis lock.** A stroke from rest is judged once by the mapping's `axisLock`, on the
///   finger's own movement; a refused stroke reports `.refused` only and moves nothing.
/// - **No velocity from the slop.** Samples before a direction is decided (or the stroke
///   accepted) show no progress, but once it is they are mapped with it, so the estimate sees
///   the finger's real motion.
/// - **One instant, one position.** With several fingers down, samples of one instant are one
///   position of the stroke, the newest.
/// - **Lift-off.** A lift-off that repeats the last measured position is dropped; a cancelled
///   touch, or one that repeats it after the estimator's `pointerStoppedAfter`, releases with
///   velocity 0 (`ReleaseSamples`). The release velocity is the estimator's over the stroke's
///   recent samples, capped by `maximumReleaseSpeedPointsPerSecond`.
///
/// **The state machine** (idle, tracking, completing, at rest) and its frame clock:
/// - **A catch.** A touch during a completion takes over at the progress shown at that moment,
///   wherever it is, past an end included: the mapping's clamp or rubber band then applies to
///   further movement only. The view stops under the finger (velocity 0 until it moves), as a
///   scroll view's deceleration stops under a touch.
/// - **Time never goes back.** A touch stamped before the latest frame (`advance(to:)`), as
///   UIKit's touches are (a touch's timestamp precedes the display link's target time), is taken
///   at that frame: it catches what is shown there, and a touch after `.completed` starts from
///   the target. Its own times still feed the velocity estimate.
/// - **The first frame after lift-off continues the finger.** A release's completion starts, at
///   the release progress and velocity, at the frame that shows the last position the finger
///   moved to: the latest frame if it already did (a lift-off that repeats the last position a
///   few milliseconds later then does not hold the view still for a frame), else the next
///   `advance(to:)`, which shows that position as a move would have. So the drawn step of the
///   release frame is the finger's step per frame; the curve's start differs by less than one
///   frame interval between frame rates (completions from code start at the time given).
/// - **One release decision** (the model's projection, then the system cancel, the
///   `detentPolicy`, the veto and reduced motion, in that order) for every path.
///
/// Misuse: a time before the latest frame given to `advance(to:)`, `finish(at:)`, `cancel(at:)`,
/// `retarget(to:at:)` or `updateLayout(travel:contentLength:detents:at:)` is read as that frame's time, so shown
/// progress never goes back (a button's `CACurrentMediaTime()` is earlier than the display link's
/// `targetTimestamp` already shown); a non-finite time, or a target outside the first...last
/// detent, is a programming error and stops the program with a sentence (`precondition`, as
/// for `detents` and `pixelsPerPoint`).
public struct InteractiveTransition: Sendable {
    /// How touch positions become progress: travel, axis, direction, overdrag, edge zone. A new
    /// `travel` is a layout change (`updateLayout(travel:contentLength:detents:at:)`, at the latest frame); a
    /// new direction, overdrag or edge zone applies from the next touch.
    public var mapping: ProgressMapping {
        didSet {
            if mapping.travel != oldValue.travel && !applyingLayout {
                let old = resolvedDetents
                resolveDetents()
                relayout(travel: oldValue.travel, resolved: old, at: layoutTime)
            }
        }
    }
    /// The model that decides and completes each release.
    public var model: any ReleaseModel
    /// The release-velocity estimator, fed the samples up to lift-off.
    public var estimator: any VelocityEstimator {
        didSet { windowedEstimator = estimator as? any WindowedVelocityEstimator }
    }
    /// `estimator` as a windowed one, when it is (cast once, not at every frame's estimate).
    var windowedEstimator: (any WindowedVelocityEstimator)?

    /// What the transition is doing.
    public enum Phase: Sendable {
        /// No touch yet, or a touch that did not start (outside the edge zone).
        case idle
        /// A finger is scrubbing.
        case tracking
        /// A completion is playing (after a release, or started from code).
        case completing(Animation)
        /// The completion has come to rest at its target and reported `.completed`: nothing
        /// moves until a finger or code starts something new.
        case atRest(Animation)
    }

    /// A finger scrubbing: its stroke (the touch part, `Stroke`) and what the driver adds to it.
    struct Tracking: Sendable {
        /// The finger along the axis: origin, direction, axis lock, samples, lift-off rules.
        var stroke: Stroke
        /// Where the mapping's clamp or rubber band applies: the first...last detent, widened to
        /// hold the progress this touch caught (or a layout change left it at), so that only
        /// further movement past the ends is clamped or rubber-banded.
        var limits: ClosedRange<Double>
        /// Raw progress the view showed at the last `changed` sample.
        var lastChangedRaw: Double
        /// Whether this touch began from idle (nothing had begun): a refused stroke returns there.
        var fromIdle = false
        /// The detent the view rested at or was going to when this touch began: where a
        /// recognizer the system cancels returns it (UIKit returns a cancelled sheet drag there).
        var touchDownDetent: Double = 0
        /// Whether `.began` waits for the mapping's `axisLock` to accept the stroke (a stroke it
        /// refuses reports `.refused` only).
        var beganPending = false
        /// For a finger a scroll view shares (`ScrollingSheet`): the raw progress the view took
        /// over at and the points of the finger's movement the view took since (the sum of the
        /// split's sheet parts, opening positive), the rest being the scroll view's; nil for a
        /// finger of its own, whose stroke the view follows.
        var share: (base: Double, sheetPoints: Double)?
        /// Whether the scroll view sharing the finger moved last: it then owns the lift-off, and
        /// the view releases (and tracks) with velocity 0.
        var contentMovedLast = false
        /// Whether the stroke is the system's back gesture (`backStarted(_:)`): it ends by
        /// `backInvoked(at:)` or `backCancelled(at:)`, which say where it goes.
        var systemBack = false
        /// Where the system's back gesture ends (`backInvoked(at:)`: the last detent,
        /// `backCancelled(at:)`: where it began), set just before its release; nil for a finger.
        var systemBackTarget: Double?

        /// Raw progress the view shows (before the overdrag rule): the stroke's, or its share of
        /// a shared finger.
        func raw(travel: Double) -> Double { raw(finger: stroke.lastPosition, travel: travel) }

        /// Raw progress the view shows with the finger at raw progress `finger`.
        func raw(finger: Double, travel: Double) -> Double {
            guard let share else { return finger }
            return share.base + share.sheetPoints / travel
        }
    }

    /// What the driver holds: nothing, a touch, or a completion.
    enum State: Sendable {
        case idle
        case tracking(Tracking)
        case completing(Animation)
    }

    /// What the driver holds now.
    var state: State = .idle
    /// What the transition is doing now.
    public var phase: Phase {
        switch state {
        case .idle: return .idle
        case .tracking: return .tracking
        case .completing(let animation):
            return animation.completionReported ? .atRest(animation) : .completing(animation)
        }
    }
    /// The newest releases, oldest first: at most `keptReleases` (each one is also the payload
    /// of its `.released` event, for an app that keeps them all).
    public internal(set) var releases: [Release] = []
    /// How many releases `releases` keeps: 16.
    static let keptReleases = 16

    /// The stops a release settles at (default [0, 1], the fraction detents 0 and 1; a sheet
    /// uses [0, 0.5, 1], or detents in points or sized by content: `Detent`), in any order: the
    /// driver resolves them in the current layout (`resolvedDetents`: the active ones, ascending,
    /// those at one position merged into the first given). A release completes at the detent
    /// nearest its projected progress (`ProjectionRule.nearestDetent`); with [0, 1] the model
    /// decides exactly as on its own. Dragging past the first or last detent is clamped or
    /// rubber-banded there, as `mapping.overdrag` says. A new value is a layout change
    /// (`updateLayout(travel:contentLength:detents:at:)` at the latest frame): a view resting on
    /// or going to a detent stays with it, by identity, at its new position; one whose detent is
    /// gone or inactive goes to the nearest active one.
    public var detents: [Detent] = [0, 1] {
        didSet {
            if !applyingLayout {
                let old = resolvedDetents
                resolveDetents()
                relayout(travel: mapping.travel, resolved: old, at: layoutTime)
            }
        }
    }
    /// The detents in the current layout: the active ones, ascending by progress, never empty
    /// (a fraction detent 0 stands in when none is active).
    public internal(set) var resolvedDetents: [ResolvedDetent] = ResolvedDetent.resolve([0, 1], in: DetentLayout(travel: 1))
    /// The content's length along the axis, points, as last reported
    /// (`updateLayout(travel:contentLength:detents:at:)`): what content-sized detents resolve against.
    var contentLength: Double?
    /// The keyboard's height over the travel's start, points, as last reported
    /// (`updateKeyboard(height:duration:curve:at:)`; 0: none).
    var keyboardHeight = 0.0
    /// A keyboard change's curve and duration (seconds) for the layout change in progress, if any
    /// (`relayout`).
    var layoutCurve: (curve: KeyboardCurve, duration: Double)?
    /// What a keyboard does to the sheet: lifts its detents above it (default) or opens it to
    /// its last detent when it appears (`KeyboardPolicy`). Applies from the next keyboard change.
    public var keyboardPolicy: KeyboardPolicy = .liftsDetents
    /// `resolvedDetents`' progress values, ascending: the stops the rules work with.
    var stops: [Double] = [0, 1]

    /// Resolves `detents` in the current travel and content length.
    mutating func resolveDetents() {
        let lift = keyboardPolicy == .liftsDetents ? keyboardHeight : 0
        resolvedDetents = ResolvedDetent.resolve(
            detents, in: DetentLayout(travel: mapping.travel, contentLength: contentLength, keyboardHeight: lift))
        stops = resolvedDetents.map(\.progress)
    }

    /// The identity of the resolved detent at `progress` (a stop), or of the nearest one.
    func detentID(at progress: Double) -> Detent.ID {
        resolvedDetents[ProjectionRule.nearestDetent(to: progress, in: stops)].id
    }
    /// Physical pixels per point of the display (1 by default; 3 on a 3x phone). With the travel
    /// in points (`mapping.travel`), one physical pixel is `1 / (travel * pixelsPerPoint)` of
    /// progress: a completion is done when nothing can move by that much any more; a running
    /// completion's end is recomputed when this changes.
    /// `TransitionSettingRules` says which values are refused (this traps on them; the lab's `TransitionSettings.validate()` reports them).
    public var pixelsPerPoint: Double = 1 {
        didSet {
            if let reason = TransitionSettingRules.pixelsPerPointProblem(pixelsPerPoint, travel: mapping.travel) {
                preconditionFailure("pixelsPerPoint: \(reason); got \(pixelsPerPoint).")
            }
            recomputeEndTime()
        }
    }
    /// The fling cap, points per second (default `ReleaseSpeedLimit.platformMaximum`, Flutter's
    /// and Android's 8,000): the estimator's release velocity is clamped to +-(this / the
    /// mapping's travel) travels per second, sign kept (`ReleaseSpeedLimit`); `.infinity` for
    /// no cap. Positive (`TransitionSettings.validate()`; this traps otherwise).
    public var maximumReleaseSpeedPointsPerSecond: Double = ReleaseSpeedLimit.platformMaximum {
        didSet {
            if let reason = TransitionSettingRules.maximumReleaseSpeedProblem(maximumReleaseSpeedPointsPerSecond, travel: mapping.travel) {
                preconditionFailure("maximumReleaseSpeedPointsPerSecond: \(reason); got \(maximumReleaseSpeedPointsPerSecond).")
            }
        }
    }
    /// How a release picks among several detents (default `.nearestToProjection`, the detent
    /// nearest the projection); see `DetentPolicy`. Its thresholds must lie within 0...1 (this
    /// stops with a sentence otherwise).
    public var detentPolicy: DetentPolicy = .nearestToProjection {
        didSet { if let reason = detentPolicy.problem { preconditionFailure("detentPolicy: \(reason).") } }
    }
    /// An app's veto, by detent identity: returns true for a detent a gesture may not settle at now (a sheet with
    /// unsaved changes refuses 0, its dismissal; Compose's `confirmValueChange`, UIKit's
    /// `isModalInPresentation`). Dragging past the allowed detents meets the mapping's overdrag
    /// there (`.rubberBand`: the sheet gives and comes back, as iOS's sheets do), a release that
    /// would settle at a refused detent settles at the allowed detent nearest to it and reports
    /// `.detentRefused` (UIKit's `presentationControllerDidAttemptToDismiss`), and
    /// `step(_:at:)` skips it. Asked at each touch-down and release; nil (the default): none.
    /// Code's own `finish(at:)`, `cancel(at:)` and `retarget(to:at:)` are not vetoed.
    public var refusesDetent: (@Sendable (_ detent: Detent.ID) -> Bool)?
    /// Which finger drives when samples come from several (`TouchSample.pointer`); default
    /// `.latestPointer` (Android's and Flutter's). Samples without a pointer id are one finger.
    public var multitouch: MultitouchPolicy = .latestPointer
    /// The fingers down, merged into the one stroke the driver follows.
    var pointers = PointerMerge()
    /// The person asked for reduced motion: the same decision, then
    /// `CompletionCurve.reducedMotion` (no overshoot, done in a fixed 0.2 s).
    public var reduceMotion: Bool = false
    /// The spring for completions started from code (`finish(at:)`, `cancel(at:)`,
    /// `retarget(to:at:)`) and by layout changes: the current model's spring for a
    /// `ProjectedSpringModel` (it follows `model`), else `ProjectedSpringModel.defaultSpring`,
    /// until you set one, which then stays. It starts at the current velocity, whatever the
    /// model. A `ProjectedSpringModel` with a timed `completionShape` re-plans that shape instead.
    public var completionSpring: Spring {
        get { completionSpringOverride ?? (model as? ProjectedSpringModel)?.spring ?? ProjectedSpringModel.defaultSpring }
        set { completionSpringOverride = newValue }
    }
    /// The spring an app set for completions from code, if any.
    var completionSpringOverride: Spring?
    /// Events since the last `advance(to:)`, oldest first.
    var pendingEvents: [TransitionEvent] = []
    /// The touch in progress's detents the frames have shown the view pass, and the detent a
    /// release would settle at (`TransitionEvent.detentCrossed`, `.releaseDetentChanged`), since
    /// its touch-down (set by `takeOver`). Kept beside the touch (`Tracking`), not in it: the
    /// touch is read by value several times a frame, and its arrays' references are counted on
    /// each read.
    var crossings: DetentCrossings?
    /// The latest time given to `advance(to:)`, `finish(at:)`, `cancel(at:)`,
    /// `retarget(to:at:)` or `updateLayout(travel:contentLength:detents:at:)`, seconds (-infinity before any):
    /// an earlier time, or a touch stamped earlier, is read as this one, so shown progress never
    /// goes back (InteractiveTransition+Frames.swift).
    var frameClock = -Double.infinity
    /// Whether a frame (`advance(to:)`) has shown the newest position a touch moved to: false
    /// from a sample that moves until the next frame. A release starts its completion at the
    /// latest frame only if it has (else at the next frame, which shows the release position).
    var positionShown = true
        /// True while `updateLayout(travel:contentLength:detents:at:)` sets `mapping` and `detents` (their
    /// observers then leave the change to it).
    var applyingLayout = false

    /// A transition at rest, at progress 0, following `mapping`: by default the projected spring
    /// (`ProjectedSpringModel()`) and the recommended velocity estimator, the pair measured best
    /// on recorded and synthetic gestures (README, docs/behaviour.md).
    public init(
        mapping: ProgressMapping, model: any ReleaseModel = ProjectedSpringModel(),
        estimator: any VelocityEstimator = LeastSquaresVelocityEstimator.recommended
    ) {
        self.mapping = mapping
        self.model = model
        self.estimator = estimator
        self.windowedEstimator = estimator as? any WindowedVelocityEstimator
    }

    /// Displayed progress at `time` (seconds, same clock as the samples).
    public func progress(at time: Double) -> Double {
        switch state {
        case .idle: return 0
        case .tracking(let tracking): return shown(tracking)
        case .completing(let animation): return animation.state(at: time).progress
        }
    }

    /// One physical pixel, in progress: `1 / (travel in points * pixelsPerPoint)`.
    public var pixelTolerance: Double { 1 / (mapping.travel * pixelsPerPoint) }

    /// Starts playing `curve` at `time`: its end time is its rest time under the one-pixel rule.
    mutating func start(_ curve: CompletionCurve, at time: Double, sign: Double?) {
        state = .completing(Animation(
            startTime: time, curve: curve, endTime: time + curve.restTime(tolerance: pixelTolerance), sign: sign))
    }

    /// The running completion's end time again, under the current one-pixel tolerance.
    mutating func recomputeEndTime() {
        guard case .completing(var animation) = state, !animation.completionReported else { return }
        animation.endTime = animation.startTime + animation.curve.restTime(tolerance: pixelTolerance)
        state = .completing(animation)
    }

    /// Reports `.completed` once, if the animation in play has come to rest by `time`.
    mutating func reportCompletion(at time: Double) {
        guard case .completing(var animation) = state, !animation.completionReported, time >= animation.endTime else { return }
        animation.completionReported = true
        state = .completing(animation)
        pendingEvents.append(.completed(progress: animation.curve.target))
    }
}
