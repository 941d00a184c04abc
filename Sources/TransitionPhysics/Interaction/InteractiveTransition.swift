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

    /// A finger scrubbing: where it began, its direction, and its samples so far.
    struct Tracking: Sendable {
        /// Coordinate at touch-down along the axis, the samples' unit.
        var origin: Double
        /// Coordinate at touch-down across the axis, the samples' unit (`AxisLock`).
        var crossOrigin: Double
        /// Whether the stroke drives the transition: true unless the mapping's `axisLock` has
        /// yet to judge a stroke that began from rest (progress does not move until it has).
        var accepted: Bool
        /// +1 or -1 once decided, nil before.
        var sign: Double?
        /// Raw progress when this touch began (0, the progress it caught, or where a layout
        /// change put it).
        var baseProgress: Double
        /// Where the mapping's clamp or rubber band applies: the first...last detent, widened to
        /// hold the progress this touch caught (or a layout change left it at), so that only
        /// further movement past the ends is clamped or rubber-banded.
        var limits: ClosedRange<Double>
        /// (time, raw progress) of every sample of this touch, for the velocity estimate.
        var samples: [AxisSample] { ReleaseSamples.mirrored(recorded, at: mirrorMarks) }
        /// The samples as appended. A reversal of a reversible direction does not rewrite them
        /// (a pass over every sample so far, at every reversal, made a zig-zag across
        /// touch-down quadratic): it notes the count of samples it mirrors in `mirrorMarks`, and
        /// `samples` applies the marks (`ReleaseSamples.mirrored`), exactly.
        var recorded: [AxisSample]
        var mirrorMarks: [Int] = []
        /// The measured samples as the velocity estimate reads them, kept so that a frame's
        /// estimate costs the same however long the finger has been down (`VelocityFeed`).
        var feed: VelocityFeed
        /// The displacement from `origin` (the samples' unit) of each sample recorded before the
        /// direction was decided: they are mapped with the direction once it is (no velocity
        /// from the slop), and this is emptied.
        var undecided: [Double] = []
        /// The newest sample's raw progress (as `samples.last`, without building `samples`).
        var lastPosition: Double? {
            guard let last = recorded.last else { return nil }
            let mirrors = mirrorMarks.reversed().prefix { $0 == recorded.count }.count
            return mirrors % 2 == 0 ? last.position : -last.position
        }
        /// Raw progress at the last `changed` sample.
        var lastChangedRaw: Double
        /// The newest touch sample of this touch.
        var lastTouch: TouchSample
        /// The newest measured sample of this touch (not resampled or predicted): what the
        /// lift-off rule compares with (`ReleaseSamples.lastMovement(in:)`); nil before any.
        var lastMeasured: TouchSample?
        /// When the view last moved under this touch, seconds: the newest sample whose
        /// position differs from the one before it (the touch-down's time before any).
        var lastMoveTime: Double
        /// Whether this touch began from idle (nothing had begun): a refused stroke returns there.
        var fromIdle = false
        /// The detent the view rested at or was going to when this touch began: where a
        /// recognizer the system cancels returns it (UIKit returns a cancelled sheet drag there).
        var touchDownDetent: Double = 0
        /// Whether `.began` waits for the mapping's `axisLock` to accept the stroke (a stroke it
        /// refuses reports `.refused` only).
        var beganPending = false
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
    public mutating func handle(_ sample: TouchSample) -> Release? { handle(sample, axisJudge: .driver) }

    /// Who judges a stroke from rest with the mapping's `axisLock`.
    enum AxisJudge {
        /// The driver, from the samples it is handed.
        case driver
        /// The caller, from the finger's own samples (`ScrollingSheet`, whose sheet sees only its
        /// part of the finger): it calls `acceptStroke()` or `refuseStroke(alongPoints:acrossPoints:at:)`.
        case caller
    }

    /// `handle(_:)`, with the mapping's `axisLock` judged as `axisJudge` says.
    @discardableResult
    mutating func handle(_ sample: TouchSample, axisJudge: AxisJudge) -> Release? {
        // A touch that begins while no stroke is followed starts one: fingers still listed are
        // ones whose lift-off never came (a host lost it, or code let the stroke go).
        if sample.phase == .began, !isTracking { pointers.forgetFingers() }
        // Several fingers become one stroke (`multitouch`); one finger passes through unchanged.
        guard let sample = pointers.merge(sample, policy: multitouch) else { return nil }
        let position = mapping.coordinate(of: sample)
        // A touch in progress leaves `state` while a move or lift-off changes it: its samples
        // then have one owner and grow in place (shared with `state`, the array was copied at
        // every sample, which made a replay quadratic in the trace's length).
        if sample.phase != .began, var tracking = takeTracking() {
            let moved = sample.x != tracking.lastTouch.x || sample.y != tracking.lastTouch.y
            if !tracking.accepted, axisJudge == .driver, let lock = mapping.axisLock {
                let along = abs(position - tracking.origin), across = abs(mapping.crossCoordinate(of: sample) - tracking.crossOrigin)
                switch lock.accepts(alongPoints: along, acrossPoints: across) {
                case true?:
                    tracking.accepted = true
                    reportBeganIfPending(&tracking)
                case false?:
                    refuse(tracking, at: sample.time, alongPoints: along, acrossPoints: across)
                    return nil
                case nil: break
                }
            }
            if sample.phase == .changed {
                let rawNow = raw(position, &tracking)
                let axisSample = AxisSample(time: sample.time, position: rawNow, isResampled: sample.isResampled)
                if pointers.fingers.count > 1, tracking.undecided.isEmpty, tracking.mirrorMarks.last != tracking.recorded.count,
                   let last = tracking.recorded.last, last.time == sample.time, last.isResampled == sample.isResampled {
                    // Several fingers' samples of one instant (a host reports each finger on its
                    // own): one position of the stroke at that time, the newest.
                    tracking.recorded[tracking.recorded.count - 1] = axisSample
                    tracking.feed.replaceLast(with: axisSample)
                } else {
                    tracking.recorded.append(axisSample)
                    tracking.feed.append(axisSample)
                }
                tracking.lastChangedRaw = rawNow
                if moved {
                    tracking.lastMoveTime = sample.time
                    positionShown = false
                }
                tracking.lastTouch = sample
                if !sample.isResampled { tracking.lastMeasured = sample }
                state = .tracking(tracking)
                return nil
            }
            return release(tracking, at: sample, position: position, moved: moved)
        }
        switch (state, sample.phase) {
        case (.completing, .began):
            // A touch is never older than the frame shown: stamped before it, it is taken there.
            let time = max(sample.time, frameClock)
            startPendingCompletion(at: time)
            reportCompletion(at: time)
            guard case .completing(let animation) = state else { return nil }
            let atRest = time >= animation.endTime
            if atRest, let zone = mapping.edgeZone, !zone.contains(position) { return nil }
            // Caught in motion: the completion's direction; from rest: decided afresh.
            let sign = mapping.direction.fixedSign ?? (atRest ? nil : animation.sign)
            var tracking = takeOver(at: animation.state(at: time).progress, origin: position, sign: sign, touch: sample, judged: atRest)
            tracking.touchDownDetent = animation.curve.target
            if atRest {
                reportBeganIfPending(&tracking)
            } else {
                tracking.beganPending = false
                pendingEvents.append(.interrupted)
            }
            state = .tracking(tracking)
            return nil
        case (.idle, .began):
            if let zone = mapping.edgeZone, !zone.contains(position) { return nil }
            var tracking = takeOver(at: 0, origin: position, sign: mapping.direction.fixedSign, touch: sample, judged: true)
            tracking.fromIdle = true
            tracking.touchDownDetent = stops[ProjectionRule.nearestDetent(to: 0, in: stops)]
            reportBeganIfPending(&tracking)
            state = .tracking(tracking)
            return nil
        default:
            // A sample that does not fit the phase (a move with no touch, a second down while
            // tracking) is ignored, as a recognizer would.
            return nil
        }
    }

    /// A touch beginning at `origin` (the samples' unit) that takes over at the shown `progress`,
    /// with the direction `sign` (nil: decided past the slop). The range's rule applies to
    /// movement from there only: with `.clamp` the limits widen to hold `progress`; with
    /// `.rubberBand` the raw progress is the one the rubber band shows there.
    /// A `judged` touch (one from rest) is judged by the mapping's `axisLock`, if any, before it
    /// moves the view.
    func takeOver(at progress: Double, origin: Double, sign: Double?, touch: TouchSample, judged: Bool) -> Tracking {
        let (raw, limits) = mapping.takeOver(showing: progress, within: gestureLimits)
        let accepted = !judged || mapping.axisLock == nil
        let first = AxisSample(time: touch.time, position: raw, isResampled: touch.isResampled)
        var tracking = Tracking(
            origin: origin, crossOrigin: mapping.crossCoordinate(of: touch), accepted: accepted, sign: sign,
            baseProgress: raw, limits: limits,
            recorded: [first], feed: VelocityFeed([first], reversalDistance: VelocityFeed.reversalDistance(of: estimator)),
            undecided: sign == nil || !accepted ? [0] : [], lastChangedRaw: raw, lastTouch: touch,
            lastMeasured: touch.isResampled ? nil : touch, lastMoveTime: touch.time)
        tracking.beganPending = true
        return tracking
    }

    /// Reports `.began` for a touch from rest once its stroke drives the transition: at once
    /// without an `axisLock`, else when the lock accepts it (or at lift-off, for a stroke too
    /// short to judge); a stroke the lock refuses reports `.refused` only.
    mutating func reportBeganIfPending(_ tracking: inout Tracking) {
        guard tracking.beganPending, tracking.accepted else { return }
        tracking.beganPending = false
        pendingEvents.append(.began)
    }

    /// Whether the touch in progress waits for its caller to judge it by the mapping's `axisLock`
    /// (`AxisJudge.caller`): progress does not move until it does.
    var awaitsAxisJudgement: Bool {
        guard case .tracking(let tracking) = state else { return false }
        return !tracking.accepted
    }

    /// The caller's `axisLock` accepted the touch in progress: it drives from now on (its
    /// samples so far are mapped, and `.began` is reported).
    mutating func acceptStroke() {
        guard var tracking = takeTracking() else { return }
        tracking.accepted = true
        reportBeganIfPending(&tracking)
        state = .tracking(tracking)
    }

    /// The caller's `axisLock` refused the touch in progress at `time` (seconds) after it moved
    /// `alongPoints` along the axis and `acrossPoints` across: as the driver's own refusal.
    mutating func refuseStroke(alongPoints: Double, acrossPoints: Double, at time: Double) {
        guard let tracking = takeTracking() else { return }
        refuse(tracking, at: time, alongPoints: alongPoints, acrossPoints: acrossPoints)
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

    /// The raw progress of the touch in progress (its newest sample's, before the overdrag
    /// rule), or nil when no finger drives.
    var trackedRawProgress: Double? {
        guard case .tracking(let tracking) = state else { return nil }
        return tracking.lastPosition ?? tracking.baseProgress
    }

    /// Whether a finger is driving the transition.
    var isTracking: Bool {
        if case .tracking = state { return true }
        return false
    }

    /// Shown progress of a touch: its newest raw progress, clamped or rubber-banded past its limits.
    func shown(_ tracking: Tracking) -> Double { bounded(tracking.lastPosition ?? tracking.baseProgress, tracking) }

    /// Progress for a raw value of `tracking`, clamped or rubber-banded beyond its limits.
    func bounded(_ raw: Double, _ tracking: Tracking) -> Double { mapping.bounded(raw, in: tracking.limits) }

    /// The touch in progress, moved out of `state` (which is left `.idle`); nil when there is none.
    private mutating func takeTracking() -> Tracking? {
        guard case .tracking(let tracking) = state else { return nil }
        state = .idle
        return tracking
    }

    /// Raw (unbounded, linear) progress for a coordinate, deciding the direction if needed.
    func raw(_ position: Double, _ tracking: inout Tracking) -> Double {
        let displacement = position - tracking.origin
        if tracking.sign == nil, tracking.accepted, let slop = mapping.direction.touchSlop, abs(displacement) >= slop {
            tracking.sign = displacement > 0 ? 1 : -1
        }
        if let sign = tracking.sign, tracking.accepted {
            if !tracking.undecided.isEmpty {
                // The samples before the decision (the direction's, or the axis lock's) showed
                // no progress; for the velocity estimate they are mapped now, as if it had been
                // known from touch-down.
                for (i, undecided) in tracking.undecided.enumerated() {
                    tracking.recorded[i].position = tracking.baseProgress + sign * undecided / mapping.travel
                }
                tracking.undecided.removeAll()
                tracking.feed = VelocityFeed(tracking.samples, reversalDistance: VelocityFeed.reversalDistance(of: estimator))
            }
        } else {
            tracking.undecided.append(displacement)
        }
        // A reversible direction flips when a fresh touch crosses back over touch-down: raw
        // progress is sign * displacement / travel there, so mirroring the samples keeps them
        // on the new side (and progress continuous through 0).
        if case .reversible = mapping.direction, tracking.baseProgress == 0, let sign = tracking.sign, sign * displacement < 0 {
            tracking.sign = -sign
            tracking.mirrorMarks.append(tracking.recorded.count)
            tracking.feed.mirror()
            tracking.lastChangedRaw.negate()
        }
        guard let sign = tracking.sign, tracking.accepted else { return tracking.baseProgress }
        return tracking.baseProgress + sign * displacement / mapping.travel
    }
}
