/// A transition driven by touch samples, as an app drives it: samples scrub progress, a release
/// asks the model to decide and complete, and a finger that lands during the completion takes
/// over at the current animated progress with no jump.
///
/// Feed samples in time order with `handle(_:)`; read progress at any time with `progress(at:)`.
public struct InteractiveTransition: Sendable {
    public var mapping: ProgressMapping
    public var model: any ReleaseModel
    public var estimator: any VelocityEstimator

    /// What the transition is doing.
    public enum Phase: Sendable {
        /// No touch yet, or a touch that did not start (outside the edge zone).
        case idle
        /// A finger is scrubbing.
        case tracking(Tracking)
        /// Released: the completion is playing since `releaseTime`.
        case completing(release: Release)
    }

    public struct Tracking: Sendable {
        /// Coordinate at touch-down along the axis.
        public var origin: Double
        /// +1 or -1 once decided, nil before.
        public var sign: Double?
        /// Progress when this touch began (0, or the animated progress it interrupted).
        public var baseProgress: Double
        /// (time, raw progress) of every sample of this touch, for the velocity estimate.
        public var samples: [AxisSample] { ReleaseSamples.mirrored(recorded, at: mirrorMarks) }
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
        public var lastChangedRaw: Double
        /// The newest touch sample of this touch.
        public var lastTouch: TouchSample
    }

    /// A release: what was known, and what the model made of it.
    public struct Release: Sendable {
        public var time: Double
        public var state: ReleaseState
        public var completion: Completion
        /// The direction sign that was in force (+1 / -1), kept for an interrupting touch.
        public var sign: Double
    }

    public private(set) var phase: Phase = .idle
    /// Every release so far, oldest first.
    public private(set) var releases: [Release] = []

    public init(mapping: ProgressMapping, model: any ReleaseModel, estimator: any VelocityEstimator) {
        self.mapping = mapping
        self.model = model
        self.estimator = estimator
    }

    /// Displayed progress at `time` (seconds, same clock as the samples).
    public func progress(at time: Double) -> Double {
        switch phase {
        case .idle: return releases.last.map { $0.completion.curve.progress(at: max(0, time - $0.time)) } ?? 0
        case .tracking(let tracking): return mapping.bounded(tracking.lastPosition ?? tracking.baseProgress)
        case .completing(let release): return release.completion.curve.progress(at: max(0, time - release.time))
        }
    }

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
                tracking.recorded.append(AxisSample(time: sample.time, position: rawNow))
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
            if !liftOff.repeatsPosition { tracking.recorded.append(AxisSample(time: sample.time, position: rawNow)) }
            let velocity = tracking.sign == nil || liftOff.pointerStopped ? 0 : estimator.velocity(of: tracking.samples)
            let state = ReleaseState(
                progress: mapping.bounded(rawNow), velocity: velocity,
                lastChangedProgress: mapping.bounded(tracking.lastChangedRaw),
                recognizerCancelled: sample.phase == .cancelled)
            let release = Release(time: sample.time, state: state, completion: model.release(state), sign: tracking.sign ?? 1)
            releases.append(release)
            phase = .completing(release: release)
            return release
        }
        switch (phase, sample.phase) {
        case (.completing(let release), .began):
            // Interruption: take over at the animated progress; the direction stays.
            let base = release.completion.curve.progress(at: max(0, sample.time - release.time))
            phase = .tracking(Tracking(
                origin: position, sign: release.sign, baseProgress: base,
                recorded: [AxisSample(time: sample.time, position: base)], lastChangedRaw: base, lastTouch: sample))
            return nil
        case (.idle, .began):
            if let zone = mapping.edgeZone, !zone.contains(position) { return nil }
            var sign: Double? = nil
            if case .fixed(let positive) = mapping.direction { sign = positive ? 1 : -1 }
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

    /// The touch in progress, moved out of `phase` (which is left `.idle`); nil when there is none.
    private mutating func takeTracking() -> Tracking? {
        guard case .tracking(let tracking) = phase else { return nil }
        phase = .idle
        return tracking
    }

    /// Raw (unbounded, linear) progress for a coordinate, deciding the direction if needed.
    private func raw(_ position: Double, _ tracking: inout Tracking) -> Double {
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
