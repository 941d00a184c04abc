/// One finger along the transition's axis, from touch-down to lift-off: the touch part of the
/// driver, between the merged fingers (`PointerMerge`) and the state machine
/// (`InteractiveTransition`). It carries out the touch part's rules as `InteractiveTransition`'s
/// documentation states them (direction, axis lock, no velocity from the slop, one instant one
/// position, lift-off, the one velocity estimate), each here once, and maps a coordinate to raw
/// progress `baseProgress + sign * (coordinate - origin) / travel` (linear: the overdrag rule is
/// the driver's, with its limits).
struct Stroke: Sendable {
    /// Coordinate at touch-down along the axis, points (the samples' unit).
    var origin: Double
    /// Coordinate at touch-down across the axis, points (`AxisLock`).
    var crossOrigin: Double
    /// Whether the stroke drives: true unless the mapping's `axisLock` has yet to judge a stroke
    /// that began from rest.
    var accepted: Bool
    /// +1 or -1 once decided, nil before: the sign of coordinate movement that means progress.
    var sign: Double?
    /// Raw progress at touch-down (0, the progress a catch took over at, or where a layout
    /// change put it).
    var baseProgress: Double
    /// The samples as appended, raw progress. A reversal of a reversible direction does not
    /// rewrite them (a pass over every sample at every reversal made a zig-zag across touch-down
    /// quadratic): it notes the count of samples it mirrors in `mirrorMarks`, and `samples`
    /// applies the marks (`ReleaseSamples.mirrored`), exactly.
    var recorded: [AxisSample]
    var mirrorMarks: [Int] = []
    /// The measured samples as the velocity estimate reads them (`VelocityFeed`).
    var feed: VelocityFeed
    /// The displacement from `origin` (points) of each sample recorded before the direction was
    /// decided or the stroke accepted: mapped once both are, then emptied.
    var undecided: [Double] = []
    /// The newest touch sample.
    var lastTouch: TouchSample
    /// The newest measured sample (not resampled or predicted): what the lift-off rule compares
    /// with (`ReleaseSamples.lastMovement(in:)`); nil before any.
    var lastMeasured: TouchSample?
    /// When the finger last moved, seconds: the newest sample whose position differs from the
    /// one before it (the touch-down's time before any).
    var lastMoveTime: Double

    /// A stroke beginning with `touch` at `origin` (its coordinate along the axis, points),
    /// showing raw progress `baseProgress`, with direction `sign` (nil: decided past the slop);
    /// `accepted` false while the mapping's `axisLock` is still to judge it. `reversalDistance`
    /// is the estimator's (`VelocityFeed.reversalDistance(of:)`).
    init(
        touch: TouchSample, mapping: ProgressMapping, baseProgress: Double, sign: Double?, accepted: Bool,
        reversalDistance: Double?
    ) {
        let first = AxisSample(time: touch.time, position: baseProgress, isResampled: touch.isResampled)
        origin = mapping.coordinate(of: touch)
        crossOrigin = mapping.crossCoordinate(of: touch)
        self.accepted = accepted
        self.sign = sign
        self.baseProgress = baseProgress
        recorded = [first]
        feed = VelocityFeed([first], reversalDistance: reversalDistance)
        undecided = sign == nil || !accepted ? [0] : []
        lastTouch = touch
        lastMeasured = touch.isResampled ? nil : touch
        lastMoveTime = touch.time
    }

    /// (time, raw progress) of every sample so far, for the velocity estimate.
    var samples: [AxisSample] { ReleaseSamples.mirrored(recorded, at: mirrorMarks) }

    /// The newest sample's raw progress (as `samples.last`, without building `samples`).
    var lastPosition: Double {
        let last = recorded[recorded.count - 1]
        let mirrors = mirrorMarks.reversed().prefix { $0 == recorded.count }.count
        return mirrors % 2 == 0 ? last.position : -last.position
    }

    /// The mapping's `axisLock` on a stroke still to be judged, at `sample`: nil while it has
    /// moved less than the lock's slop (or there is no lock), else whether it drives, with its
    /// movement along and across the axis, points.
    func judge(_ sample: TouchSample, mapping: ProgressMapping) -> (drives: Bool, alongPoints: Double, acrossPoints: Double)? {
        guard !accepted, let lock = mapping.axisLock else { return nil }
        let along = abs(mapping.coordinate(of: sample) - origin), across = abs(mapping.crossCoordinate(of: sample) - crossOrigin)
        return lock.accepts(alongPoints: along, acrossPoints: across).map { ($0, along, across) }
    }

    /// Whether `sample` is at another position than the newest sample.
    func moves(_ sample: TouchSample) -> Bool { sample.x != lastTouch.x || sample.y != lastTouch.y }

    /// Raw (unbounded, linear) progress for a coordinate along the axis (points), deciding the
    /// direction if needed.
    mutating func raw(_ position: Double, mapping: ProgressMapping, reversalDistance: @autoclosure () -> Double?) -> Double {
        let displacement = position - origin
        if sign == nil, accepted, let slop = mapping.direction.touchSlop, abs(displacement) >= slop {
            sign = displacement > 0 ? 1 : -1
        }
        if let sign, accepted {
            if !undecided.isEmpty {
                // The samples before the decision (the direction's, or the axis lock's) showed
                // no progress; for the velocity estimate they are mapped now, as if it had been
                // known from touch-down.
                for (i, undecided) in undecided.enumerated() {
                    recorded[i].position = baseProgress + sign * undecided / mapping.travel
                }
                undecided.removeAll()
                feed = VelocityFeed(samples, reversalDistance: reversalDistance())
            }
        } else {
            undecided.append(displacement)
        }
        // A reversible direction flips when a fresh touch crosses back over touch-down: raw
        // progress is sign * displacement / travel there, so mirroring the samples keeps them
        // on the new side (and progress continuous through 0).
        if case .reversible = mapping.direction, baseProgress == 0, let sign, sign * displacement < 0 {
            self.sign = -sign
            mirrorMarks.append(recorded.count)
            feed.mirror()
        }
        guard let sign, accepted else { return baseProgress }
        return baseProgress + sign * displacement / mapping.travel
    }

    /// Records a move `sample` at raw progress `raw`. With `severalFingers` down, a sample at the
    /// newest one's instant replaces it (one instant, one position).
    mutating func record(_ sample: TouchSample, raw: Double, severalFingers: Bool) {
        let axisSample = AxisSample(time: sample.time, position: raw, isResampled: sample.isResampled)
        if severalFingers, undecided.isEmpty, mirrorMarks.last != recorded.count,
           let last = recorded.last, last.time == sample.time, last.isResampled == sample.isResampled {
            recorded[recorded.count - 1] = axisSample
            feed.replaceLast(with: axisSample)
        } else {
            recorded.append(axisSample)
            feed.append(axisSample)
        }
        if moves(sample) { lastMoveTime = sample.time }
        lastTouch = sample
        if !sample.isResampled { lastMeasured = sample }
    }

    /// Records the lift-off (or cancellation) `sample` at raw progress `raw` by the tracker rules
    /// of `ReleaseSamples` (Android's and Flutter's): a lift-off that repeats the last measured
    /// position carries no motion and is dropped (a resampled or predicted sample is no
    /// movement). Returns whether the release has velocity 0 whatever the samples: a cancelled
    /// touch, or a lift-off that repeats the position more than `stoppedAfter` seconds later.
    mutating func lift(_ sample: TouchSample, raw: Double, stoppedAfter: Double) -> (withoutVelocity: Bool, moved: Bool) {
        let previous = lastMeasured ?? lastTouch
        if !ReleaseSamples.liftOff(sample, after: previous, stoppedAfter: stoppedAfter).repeatsPosition {
            let lift = AxisSample(time: sample.time, position: raw, isResampled: sample.isResampled)
            recorded.append(lift)
            feed.append(lift)
        }
        let moved = moves(sample)
        if moved { lastMoveTime = sample.time }
        return (ReleaseSamples.releasesWithoutVelocity(sample, after: previous, stoppedAfter: stoppedAfter), moved)
    }

    /// Whether the finger has rested by `time` (seconds): no sample for more than `stoppedAfter`
    /// seconds since its last one (`ReleaseSamples.pointerStopped(since:at:stoppedAfter:)`), so
    /// that a lift-off at its position then would release with velocity 0.
    func hasStopped(at time: Double, stoppedAfter: Double) -> Bool {
        ReleaseSamples.pointerStopped(since: (lastMeasured ?? lastTouch).time, at: time, stoppedAfter: stoppedAfter)
    }

    /// The velocity the stroke would release with now, travels per second: the estimator's over
    /// the samples (0 before the direction is decided; `windowed` is `estimator` cast to a
    /// windowed estimator, or nil), capped at `maximumSpeed` points per
    /// second over `travel` (`ReleaseSpeedLimit.capped`): the one place an estimate becomes a
    /// release velocity.
    func velocity(
        _ estimator: any VelocityEstimator, windowed: (any WindowedVelocityEstimator)?, maximumSpeed: Double, travel: Double
    ) -> Double {
        guard sign != nil else { return 0 }
        return ReleaseSpeedLimit.capped(feed.velocity(estimator, windowed: windowed), maximumSpeed: maximumSpeed, travel: travel)
    }

    /// Rescales the stroke for a layout change: every raw progress `p` becomes `p * scale +
    /// offset`, so the velocity estimate never mixes two scales.
    mutating func rescale(by scale: Double, offset: Double, reversalDistance: Double?) {
        recorded = samples.map { AxisSample(time: $0.time, position: $0.position * scale + offset, isResampled: $0.isResampled) }
        mirrorMarks = []
        feed = VelocityFeed(recorded, reversalDistance: reversalDistance)
        baseProgress = baseProgress * scale + offset
    }
}
