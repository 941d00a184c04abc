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
/// The rules a touch follows, whatever came before it:
/// - **Direction.** A `.fixed` direction is the mapping's, always. A direction decided by
///   movement is decided afresh past the touch slop by a touch that begins from rest (idle, or a
///   completion that has come to rest), and a touch that catches a completion in motion keeps
///   the direction that completion moves in (the touch's or code's that started it; one started
///   by code from idle has none, and the catching touch decides it past the slop). The mapping
///   in force when a touch begins is the one it follows.
/// - **A catch.** A touch during a completion takes over at the progress shown at that moment,
///   wherever it is, past an end included: the mapping's clamp or rubber band then applies to
///   further movement only. The view stops under the finger (velocity 0 until it moves), as a
///   scroll view's deceleration stops under a touch.
/// - **Time never goes back.** A touch stamped before the latest frame (`advance(to:)`), as
///   UIKit's touches are (a touch's timestamp precedes the display link's target time), is taken
///   at that frame: it catches what is shown there, and a touch after `.completed` starts from
///   the target. Its own times still feed the velocity estimate.
/// - **No velocity from the slop.** Samples before a direction is decided show no progress, but
///   once it is decided they are mapped with it, so the estimate sees the finger's real motion.
/// - **The first frame after lift-off continues the finger.** A release's completion starts, at
///   the release progress and velocity, at the frame that shows the last position the finger
///   moved to: the latest frame if it already did (a lift-off that repeats the last position a
///   few milliseconds later then does not hold the view still for a frame), else the next
///   `advance(to:)`, which shows that position as a move would have. So the drawn step of the
///   release frame is the finger's step per frame; the curve's start differs by less than one
///   frame interval between frame rates (completions from code start at the time given).
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
    public var estimator: any VelocityEstimator

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
        /// The direction the completion moves the view in, +1 or -1 (the sign of touch
        /// movement along the axis that means progress); nil when none was ever decided (code
        /// moved the view from idle with a direction decided by movement). A touch that catches
        /// the completion in motion keeps it.
        package var sign: Double?
        /// Whether `.completed` has been reported for this animation.
        var completionReported = false
        /// A release's completion whose start is the next frame's time (`advance(to:)` sets
        /// `startTime` and `endTime` then): no frame has shown the release position yet.
        var startsAtNextFrame = false

        /// Progress and progress velocity (travels per second) at `time`: the curve's closed
        /// form, the target exactly from `endTime` on. A release's completion that waits for its
        /// first frame is read as that frame, at `time`, would start it
        /// (`InteractiveTransition.startPendingCompletion(at:)`): the release position until then.
        public func state(at time: Double) -> (progress: Double, velocity: Double) {
            let start = startsAtNextFrame ? min(time, startTime + InteractiveTransition.longestFrameInterval) : startTime
            if time >= endTime - startTime + start { return (curve.target, 0) }
            let state = curve.state(at: max(0, time - start))
            return (state.progress, state.velocity)
        }
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

    /// A release: what was known, and what the model made of it.
    public struct Release: Hashable, Sendable {
        /// When the finger lifted, seconds (the samples' clock).
        public var time: Double
        /// Progress and velocity (travels per second) at lift-off.
        public var state: ReleaseState
        /// The model's decision and completion curve (toward the chosen detent).
        public var completion: Completion
        /// The direction sign that was in force (+1 / -1; +1 when none was decided).
        public var sign: Double
        /// The detent the release goes to.
        public var detent: Detent.ID
        /// `.finish` when it goes to the last detent, `.cancel` to the first, nil to one between
        /// (the words name the two ends only; `detent` names every one).
        public var decision: Decision?
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
    /// `resolvedDetents`' progress values, ascending: the stops the rules work with.
    var stops: [Double] = [0, 1]

    /// Resolves `detents` in the current travel and content length.
    mutating func resolveDetents() {
        resolvedDetents = ResolvedDetent.resolve(detents, in: DetentLayout(travel: mapping.travel, contentLength: contentLength))
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

    /// Handles one sample. Returns the release when this sample ended the touch.
    @discardableResult
    public mutating func handle(_ sample: TouchSample) -> Release? {
        guard let finger = mergeFingers(sample) else { return nil }
        if finger.phase == .began {
            beginStroke(finger)
            return nil
        }
        guard judgeStroke(finger) != .refused else { return nil }
        return moveStroke(finger).release
    }

    /// The one finger several fingers make (`multitouch`, `PointerMerge`), or nil when `sample`
    /// changes nothing the stroke sees. A touch that begins while no stroke is followed starts
    /// one: fingers still listed are ones whose lift-off never came (a host lost it, or code let
    /// the stroke go).
    mutating func mergeFingers(_ sample: TouchSample) -> TouchSample? {
        if sample.phase == .began, !isTracking { pointers.forgetFingers() }
        return pointers.merge(sample, policy: multitouch)
    }

    /// A touch-down of the merged finger: a stroke from idle, or a catch of the completion in
    /// play (in motion or at rest). A touch outside the mapping's edge zone starts nothing; a
    /// touch-down while a finger drives is ignored, as a recognizer would.
    mutating func beginStroke(_ finger: TouchSample, sharedWithContent: Bool = false) {
        defer {
            if sharedWithContent, case .tracking(var tracking) = state {
                tracking.share = (tracking.stroke.baseProgress, 0)
                state = .tracking(tracking)
            }
        }
        let position = mapping.coordinate(of: finger)
        switch state {
        case .completing:
            // A touch is never older than the frame shown: stamped before it, it is taken there.
            let time = max(finger.time, frameClock)
            startPendingCompletion(at: time)
            reportCompletion(at: time)
            guard case .completing(let animation) = state else { return }
            let atRest = time >= animation.endTime
            if atRest, let zone = mapping.edgeZone, !zone.contains(position) { return }
            // Caught in motion: the completion's direction; from rest: decided afresh.
            let sign = mapping.direction.fixedSign ?? (atRest ? nil : animation.sign)
            var tracking = takeOver(at: animation.state(at: time).progress, sign: sign, touch: finger, judged: atRest)
            tracking.touchDownDetent = animation.curve.target
            if atRest {
                reportBeganIfPending(&tracking)
            } else {
                tracking.beganPending = false
                pendingEvents.append(.interrupted)
            }
            state = .tracking(tracking)
        case .idle:
            if let zone = mapping.edgeZone, !zone.contains(position) { return }
            var tracking = takeOver(at: 0, sign: mapping.direction.fixedSign, touch: finger, judged: true)
            tracking.fromIdle = true
            tracking.touchDownDetent = stops[ProjectionRule.nearestDetent(to: 0, in: stops)]
            reportBeganIfPending(&tracking)
            state = .tracking(tracking)
        case .tracking:
            break
        }
    }

    /// What the mapping's `axisLock` makes of a stroke at a sample.
    enum StrokeVerdict {
        /// The stroke drives the view (accepted, or never judged).
        case drives
        /// Not judged yet: it has moved less than the lock's slop; progress does not move.
        case pending
        /// Refused (or no stroke is followed): the view stays, and the stroke's further samples
        /// are ignored.
        case refused
    }

    /// Judges the stroke in progress at the merged finger's `finger` by the mapping's
    /// `axisLock` (`Stroke.judge(_:mapping:)`): an accepted stroke reports `.began`, a refused
    /// one `.refused` and ends.
    mutating func judgeStroke(_ finger: TouchSample) -> StrokeVerdict {
        guard case .tracking(var tracking) = state else { return .refused }
        if tracking.stroke.accepted { return .drives }
        guard let verdict = tracking.stroke.judge(finger, mapping: mapping) else { return .pending }
        guard verdict.drives else {
            state = .idle
            refuse(tracking, at: finger.time, alongPoints: verdict.alongPoints, acrossPoints: verdict.acrossPoints)
            return .refused
        }
        tracking.stroke.accepted = true
        reportBeganIfPending(&tracking)
        state = .tracking(tracking)
        return .drives
    }

    /// What a move or lift-off of the stroke gave.
    struct StrokeStep {
        /// The release, when the sample ended the stroke.
        var release: Release?
        /// At a release, the finger's own velocity, travels per second (capped; 0 for a
        /// cancelled touch or a stopped pointer), whichever moved last; else 0.
        var fingerVelocity = 0.0
        /// When the finger last moved, seconds.
        var lastMoveTime = -Double.infinity
        /// Whether a scroll view sharing the finger moved last (it owns the lift-off's velocity).
        var contentMovedLast = false
    }

    /// Moves (or lifts) the stroke in progress to the merged finger's `finger`. Of a finger a
    /// scroll view shares (`ScrollingSheet`), the view took `sheetPoints` of this movement along
    /// the axis (points, opening positive), and `mover` moved last, if either moved.
    mutating func moveStroke(_ finger: TouchSample, sheetPoints: Double = 0, mover: ScrollHandoffMover? = nil) -> StrokeStep {
        // A touch in progress leaves `state` while a move or lift-off changes it: its samples
        // then have one owner and grow in place (shared with `state`, the array was copied at
        // every sample, which made a replay quadratic in the trace's length).
        guard var tracking = takeTracking() else { return StrokeStep() }
        tracking.share?.sheetPoints += sheetPoints
        if let mover { tracking.contentMovedLast = mover == .content }
        let moved = tracking.stroke.moves(finger)
        let signBefore = tracking.stroke.sign
        let fingerRaw = tracking.stroke.raw(mapping.coordinate(of: finger), mapping: mapping, reversalDistance: reversalDistance)
        if let signBefore, tracking.stroke.sign == -signBefore {
            // A reversible direction flipped: the samples so far were mirrored, and so is this.
            tracking.lastChangedRaw.negate()
        }
        guard finger.phase == .changed else { return release(tracking, at: finger, fingerRaw: fingerRaw) }
        tracking.stroke.record(finger, raw: fingerRaw, severalFingers: pointers.fingers.count > 1)
        tracking.lastChangedRaw = tracking.raw(finger: fingerRaw, travel: mapping.travel)
        if moved { positionShown = false }
        let lastMoveTime = tracking.stroke.lastMoveTime
        state = .tracking(tracking)
        return StrokeStep(lastMoveTime: lastMoveTime)
    }

    /// The estimator's `VelocityFeed.reversalDistance(of:)`.
    var reversalDistance: Double? { VelocityFeed.reversalDistance(of: estimator) }

    /// A touch beginning with `touch` that takes over at the shown `progress`, with the direction
    /// `sign` (nil: decided past the slop). The range's rule applies to movement from there
    /// only: with `.clamp` the limits widen to hold `progress`; with `.rubberBand` the raw
    /// progress is the one the rubber band shows there. A `judged` touch (one from rest) is
    /// judged by the mapping's `axisLock`, if any, before it moves the view.
    func takeOver(at progress: Double, sign: Double?, touch: TouchSample, judged: Bool) -> Tracking {
        let (raw, limits) = mapping.takeOver(showing: progress, within: gestureLimits)
        let stroke = Stroke(
            touch: touch, mapping: mapping, baseProgress: raw, sign: sign, accepted: !judged || mapping.axisLock == nil,
            reversalDistance: reversalDistance)
        var tracking = Tracking(stroke: stroke, limits: limits, lastChangedRaw: raw)
        tracking.beganPending = true
        return tracking
    }

    /// Reports `.began` for a touch from rest once its stroke drives the transition: at once
    /// without an `axisLock`, else when the lock accepts it (or at lift-off, for a stroke too
    /// short to judge); a stroke the lock refuses reports `.refused` only.
    mutating func reportBeganIfPending(_ tracking: inout Tracking) {
        guard tracking.beganPending, tracking.stroke.accepted else { return }
        tracking.beganPending = false
        pendingEvents.append(.began)
    }

    /// Ends a stroke the mapping's `axisLock` refused at `time`: the view stays where it was
    /// (idle at 0, or at rest at its detent) and `.refused` is reported; the rest of the stroke
    /// is ignored.
    mutating func refuse(_ tracking: Tracking, at time: Double, alongPoints: Double, acrossPoints: Double) {
        let progress = shown(tracking)
        pendingEvents.append(.refused(alongAxisPoints: alongPoints, acrossAxisPoints: acrossPoints))
        if tracking.fromIdle && progress == 0 {
            state = .idle
            return
        }
        let target = stops[ProjectionRule.nearestDetent(to: progress, in: stops)]
        if progress == target {
            // At rest where it was: a completion that has already reported itself.
            var animation = restingAnimation(at: progress, time: time)
            animation.completionReported = true
            state = .completing(animation)
        } else {
            // A layout change moved the rest position off its detent meanwhile: settle there.
            start(plannedCurve(from: progress, velocity: 0, to: target), at: max(time, frameClock), sign: mapping.direction.fixedSign)
        }
    }

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

    /// The raw progress the touch in progress shows (before the overdrag rule), or nil when no
    /// finger drives.
    var trackedRawProgress: Double? {
        guard case .tracking(let tracking) = state else { return nil }
        return tracking.raw(travel: mapping.travel)
    }

    /// The stroke in progress, if a finger drives.
    var stroke: Stroke? {
        guard case .tracking(let tracking) = state else { return nil }
        return tracking.stroke
    }

    /// The finger in progress as a scroll view sharing it reads it (`ScrollingSheet`): its
    /// velocity now (travels per second, capped, whichever moved last) and whether the scroll
    /// view moved last; nil when no finger drives.
    var sharedFinger: (velocity: Double, contentMovedLast: Bool)? {
        guard case .tracking(let tracking) = state else { return nil }
        let velocity = tracking.stroke.velocity(estimator, maximumSpeed: maximumReleaseSpeedPointsPerSecond, travel: mapping.travel)
        return (velocity, tracking.contentMovedLast)
    }

    /// Whether a finger is driving the transition.
    var isTracking: Bool {
        if case .tracking = state { return true }
        return false
    }

    /// Shown progress of a touch: its raw progress, clamped or rubber-banded past its limits.
    func shown(_ tracking: Tracking) -> Double { bounded(tracking.raw(travel: mapping.travel), tracking) }

    /// Progress for a raw value of `tracking`, clamped or rubber-banded beyond its limits.
    func bounded(_ raw: Double, _ tracking: Tracking) -> Double { mapping.bounded(raw, in: tracking.limits) }

    /// The touch in progress, moved out of `state` (which is left `.idle`); nil when there is none.
    private mutating func takeTracking() -> Tracking? {
        guard case .tracking(let tracking) = state else { return nil }
        state = .idle
        return tracking
    }
}
