/// A release: the lift-off rule, the velocity estimate, the model's decision, the detent it
/// settles at (`detentPolicy`, `refusesDetent`) and the completion's first frame.
extension InteractiveTransition {
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

    /// The lift-off (or cancellation) `sample` of `tracking` at the finger's raw progress
    /// `fingerRaw`: the release, its events, and the completion started. With
    /// `coastIntoContent` (a scroll view sharing the finger can take a fling on), a release
    /// settling at the last detent whose coast at that rate would pass it coasts there instead
    /// (`coastingIntoContent(_:state:rate:)`).
    mutating func release(
        _ tracking: Tracking, at sample: TouchSample, fingerRaw: Double, coastIntoContent: DecelerationRate? = nil
    ) -> StrokeStep {
        var tracking = tracking
        // The lift-off rules of `Stroke.lift` (Android's and Flutter's trackers): a lift-off
        // that repeats the last position is dropped, and a cancelled touch or a pointer stopped
        // for longer than the estimator's `pointerStoppedAfter` (40 ms on Android and Flutter)
        // releases with velocity 0.
        let lift = tracking.stroke.lift(sample, raw: fingerRaw, stoppedAfter: estimator.pointerStoppedAfter)
        if lift.moved { positionShown = false }
        let fingerVelocity = lift.withoutVelocity ? 0 : tracking.stroke.velocity(
            estimator, windowed: windowedEstimator, maximumSpeed: maximumReleaseSpeedPointsPerSecond, travel: mapping.travel)
        // A scroll view that shares the finger and moved last owns its velocity (`ScrollingSheet`).
        let velocity = tracking.contentMovedLast ? 0 : fingerVelocity
        let rawNow = tracking.raw(finger: fingerRaw, travel: mapping.travel)
        let state = ReleaseState(
            progress: bounded(rawNow, tracking), velocity: velocity,
            lastChangedProgress: bounded(tracking.lastChangedRaw, tracking),
            recognizerCancelled: sample.phase == .cancelled)
        var (completion, refusedDetent) = settledCompletion(for: state, touchDownDetent: tracking.touchDownDetent)
        if let rate = coastIntoContent { completion = coastingIntoContent(completion, state: state, rate: rate) }
        if let target = tracking.systemBackTarget {
            // The system decided (a predictive back committed or cancelled): that end, from the
            // release progress at the velocity the system's progress had.
            completion = Completion(
                decision: target == stops[stops.count - 1] ? .finish : .cancel, projectedProgress: nil,
                curve: plannedCurve(from: state.progress, velocity: state.velocity, to: target))
            completion.detent = detentID(at: target)
            refusedDetent = nil
        }
        let release = Release(
            time: sample.time, state: state, completion: completion, sign: tracking.stroke.sign ?? 1, detent: completion.detent ?? detentID(at: completion.curve.target),
            decision: end(at: completion.curve.target))
        if releases.count == Self.keptReleases { releases.removeFirst() }
        releases.append(release)
        if tracking.beganPending {
            // A stroke too short for the axis lock to judge still began before it released.
            pendingEvents.append(.began)
        }
        if let refusedDetent { pendingEvents.append(.detentRefused(refusedDetent)) }
        if let interval = Self.millisecondLikeInterval(tracking.stroke.recorded) {
            pendingEvents.append(.timesLookLikeMilliseconds(medianSampleInterval: interval))
        }
        pendingEvents.append(.released(release))
        // The completion continues the finger from the frame that shows its last position: the
        // latest frame, if it already showed the last move (a lift-off that repeats the last
        // position some milliseconds later then does not hold the view for a frame), else the
        // next frame, which shows that position as a move would have (`advance(to:)` fixes the
        // start). Until that frame, the lift-off's time stands in.
        if frameClock >= tracking.stroke.lastMoveTime && positionShown {
            start(release.completion.curve, at: frameClock, sign: tracking.stroke.sign)
        } else {
            start(release.completion.curve, at: sample.time, sign: tracking.stroke.sign)
            if case .completing(var animation) = self.state {
                animation.startsAtNextFrame = true
                self.state = .completing(animation)
            }
        }
        return StrokeStep(
            release: release, fingerVelocity: fingerVelocity, lastMoveTime: tracking.stroke.lastMoveTime,
            contentMovedLast: tracking.contentMovedLast)
    }

    /// `completion` of a release in `state`, or, when it settles at the last detent moving
    /// toward it and a scroll view's coast at `rate` from the release would pass that detent, that
    /// coast (`CompletionCurve.Shape.decay`, to where it would stop): the sheet and its content
    /// then move as one scroll, and `ScrollingSheet` hands the content the velocity the coast
    /// has when it reaches the detent, (coast end - last detent) / tau, so the content scrolls
    /// exactly the part of the coast past the detent. Reduce motion keeps its own curve.
    func coastingIntoContent(_ completion: Completion, state: ReleaseState, rate: DecelerationRate) -> Completion {
        let last = stops[stops.count - 1]
        guard !reduceMotion, completion.curve.target == last, state.velocity > 0, state.progress <= last else { return completion }
        let end = state.progress + rate.projectedDistance(initialVelocity: state.velocity, form: .continuous)
        guard end > last, end.isFinite else { return completion }
        var coasting = completion
        coasting.curve = CompletionCurve(shape: .decay(rate), start: state.progress, startVelocity: state.velocity, target: end)
        coasting.projectedProgress = end
        return coasting
    }

    /// The median interval between a touch's samples, seconds, at or above which its times look
    /// like milliseconds (`TransitionEvent.timesLookLikeMilliseconds`): 0.5 s. Digitizers report
    /// every 4 to 17 ms (60 to 240 Hz) and Android's and Flutter's trackers take 40 ms without a
    /// sample for a finger at rest, so a median of half a second is no drag timed in seconds,
    /// while the same drag timed in milliseconds has a median of 4 to 17.
    static let millisecondsSuspicionInterval = 0.5

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

    /// The one release decision of this transition (`ReleaseDecision`): its detents, policy,
    /// veto and reduce motion.
    var releaseDecision: ReleaseDecision {
        ReleaseDecision(
            detents: resolvedDetents, stops: stops, policy: detentPolicy, refuses: refusesDetent, reduceMotion: reduceMotion,
            travel: mapping.travel)
    }

    /// The model's answer to a release in `state`, settled by `ReleaseDecision`: the completion
    /// toward the chosen detent and the detent the veto refused, if any.
    func settledCompletion(for state: ReleaseState, touchDownDetent: Double? = nil) -> (completion: Completion, refusedDetent: Detent.ID?) {
        let settled = releaseDecision.settle(state, model: model, touchDownDetent: touchDownDetent)
        return (settled.completion, settled.refused)
    }

    /// `.finish` for the last detent's progress, `.cancel` for the first's, nil between.
    func end(at progress: Double) -> Decision? {
        progress == stops[stops.count - 1] ? .finish : progress == stops[0] ? .cancel : nil
    }

    /// The completion a release in `state` gets (`settledCompletion(for:)`).
    func completion(for state: ReleaseState) -> Completion { settledCompletion(for: state).completion }
}
