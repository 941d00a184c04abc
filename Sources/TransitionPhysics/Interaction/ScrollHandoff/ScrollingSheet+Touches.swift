/// The shared finger: each sample split between the sheet and the content, and the lift-off's
/// owner (ScrollingSheet's rules).
extension ScrollingSheet {
    /// Handles one sample of the finger (points, seconds; in time order, before the frame that
    /// shows it). Returns the sheet's release when this sample lifted the finger (with velocity 0
    /// when the content took the fling). A touch the sheet refuses (its mapping's edge zone)
    /// moves nothing; a second touch-down while a finger is down, or a move with none down, is
    /// ignored.
    @discardableResult
    public mutating func handle(_ sample: TouchSample) -> InteractiveTransition.Release? {
        // Several fingers become one stroke first (the sheet's `multitouch`), so the split sees
        // one finger and the sheet's driver one finger of its own.
        guard let sample = pointers.merge(sample, policy: sheet.multitouch) else { return nil }
        let coordinate = sheet.mapping.coordinate(of: sample)
        guard sample.phase != .began else {
            // A second finger is ignored while the first drives the sheet (a finger that code
            // let go no longer does).
            if touch != nil, case .tracking = sheet.state { return nil }
            touch = nil
            Self.checkDirection(of: sheet)
            if let coast {
                // Caught: the content stops where it is shown (a touch older than the frame
                // shown is taken at it).
                offset = min(max(coast.state(at: max(sample.time, frameTime)).offset, 0), maximumOffset)
                self.coast = nil
            }
            sheet.handle(sheetSample(sample, sheetCoordinate: coordinate, fingerCoordinate: coordinate), axisJudge: .caller)
            guard case .tracking = sheet.state, let sign = sheet.mapping.direction.fixedSign else { return nil }
            touch = SharedTouch(
                origin: coordinate, crossOrigin: sheet.mapping.crossCoordinate(of: sample), sign: sign,
                samples: [AxisSample(time: sample.time, position: 0, isResampled: sample.isResampled)],
                feed: VelocityFeed(
                    [AxisSample(time: sample.time, position: 0, isResampled: sample.isResampled)],
                    reversalDistance: VelocityFeed.reversalDistance(of: sheet.estimator)),
                feedTravel: sheet.mapping.travel, moved: 0,
                sheetMoved: 0, lastMover: .sheet,
                lastMeasured: sample.isResampled ? nil : sample, lastTouch: sample, lastMoveTime: sample.time)
            return nil
        }
        // The touch leaves `self` while this sample changes it, so its samples grow in place.
        guard var touch = self.touch.take() else { return nil }
        // Where the sheet is, as its driver has it now (a layout change since the last sample
        // rescaled it); a finger that code let go (`finish(at:)`, `retarget(to:at:)`...) moves
        // nothing more. (Read without holding the driver's touch, whose samples then grow in place.)
        guard let sheetPosition = sheet.trackedRawProgress else { return nil }
        if sample.phase == .changed, sheet.awaitsAxisJudgement, let lock = sheet.mapping.axisLock {
            // The sheet's axis lock judges the finger's own stroke before anything moves: a
            // stroke mostly across the axis (a carousel in the sheet) moves neither the sheet
            // nor its list.
            let along = abs(coordinate - touch.origin), across = abs(sheet.mapping.crossCoordinate(of: sample) - touch.crossOrigin)
            switch lock.accepts(alongPoints: along, acrossPoints: across) {
            case true?:
                sheet.acceptStroke()
            case false?:
                self.touch = nil
                sheet.refuseStroke(alongPoints: along, acrossPoints: across, at: sample.time)
                return nil
            case nil:
                touch.record(AxisSample(time: sample.time, position: touch.sign * (coordinate - touch.origin), isResampled: sample.isResampled))
                touch.lastTouch = sample
                if !sample.isResampled { touch.lastMeasured = sample }
                self.touch = touch
                return nil
            }
        }
        let travel = sheet.mapping.travel
        let moved = touch.sign * (coordinate - touch.origin)
        let split = policy.split(
            moved - touch.moved, sheetPosition: sheetPosition * travel,
            sheetRange: sheet.gestureLimits.lowerBound * travel...sheet.gestureLimits.upperBound * travel,
            contentOffset: offset, maximumContentOffset: maximumOffset)
        touch.moved = moved
        touch.sheetMoved += split.sheetPoints
        offset = min(max(offset + split.contentPoints, 0), maximumOffset)
        if let mover = split.lastMover { touch.lastMover = mover }
        if coordinate != sheet.mapping.coordinate(of: touch.lastTouch) { touch.lastMoveTime = sample.time }
        let own = sheetSample(sample, sheetCoordinate: touch.origin + touch.sign * touch.sheetMoved, fingerCoordinate: coordinate)
        if sample.phase == .changed {
            touch.record(AxisSample(time: sample.time, position: moved, isResampled: sample.isResampled))
            touch.lastTouch = sample
            if !sample.isResampled { touch.lastMeasured = sample }
            self.touch = touch
            sheet.handle(own, axisJudge: .caller)
            return nil
        }
        // The lift-off: the tracker rules of `ReleaseSamples` along the axis (a lift-off that
        // repeats the last position is dropped; a stopped pointer or a cancelled touch releases
        // with velocity 0), then the one estimate over the finger's samples.
        self.touch = nil
        let lift = alongAxis(sample), previous = alongAxis(touch.lastMeasured ?? touch.lastTouch)
        let stoppedAfter = sheet.estimator.pointerStoppedAfter
        if !ReleaseSamples.liftOff(lift, after: previous, stoppedAfter: stoppedAfter).repeatsPosition {
            touch.record(AxisSample(time: sample.time, position: moved, isResampled: sample.isResampled))
        }
        let velocity = ReleaseSamples.releasesWithoutVelocity(lift, after: previous, stoppedAfter: stoppedAfter)
            ? 0 : fingerVelocity(touch)
        let owner = touch.lastMover
        let release = withSheetVelocity(owner == .sheet ? velocity / travel : 0) { $0.handle(own, axisJudge: .caller) }
        if owner == .content && velocity != 0 {
            // As the sheet's release: from the frame that shows the finger's last position.
            let shown = frameTime >= touch.lastMoveTime
            coast = ContentCoast(
                startTime: shown ? frameTime : sample.time, startOffset: offset, startVelocity: velocity,
                rate: contentDecelerationRate, startsAtNextFrame: !shown)
        }
        return release
    }

    /// The sample the sheet's driver gets for `sample`: at `sheetCoordinate` along the axis (the
    /// finger moved by the sheet's part only), and the finger's own coordinate along the other
    /// axis, which the mapping never reads: so the driver's lift-off rules (did the finger move,
    /// when did it stop) see the shared finger's movement, while its progress sees the sheet's.
    /// The driver's `axisLock` therefore does not judge these samples: `handle(_:)` judges the
    /// finger's own (`InteractiveTransition.AxisJudge.caller`).
    func sheetSample(_ sample: TouchSample, sheetCoordinate: Double, fingerCoordinate: Double) -> TouchSample {
        let (x, y) = sheet.mapping.axis == .x ? (sheetCoordinate, fingerCoordinate) : (fingerCoordinate, sheetCoordinate)
        return TouchSample(time: sample.time, x: x, y: y, phase: sample.phase, isResampled: sample.isResampled)
    }

    /// `sample` with its coordinate along the sheet's axis only, for the lift-off rules.
    func alongAxis(_ sample: TouchSample) -> TouchSample {
        TouchSample(time: sample.time, x: sheet.mapping.coordinate(of: sample), phase: sample.phase, isResampled: sample.isResampled)
    }

    /// The finger's velocity, points per second (positive opening): the sheet's estimator over
    /// all of the finger's samples in travels, the unit the sheet's driver feeds it (so its
    /// distance thresholds, such as `VelocityWindow.reversalDistance`, mean what they mean for a
    /// plain sheet on the same finger), capped by the sheet's `maximumReleaseSpeedPointsPerSecond`.
    func fingerVelocity(_ touch: SharedTouch) -> Double {
        let travel = sheet.mapping.travel
        let estimate = touch.feedTravel == travel
            ? touch.feed.velocity(sheet.estimator)
            : sheet.estimator.velocity(of: touch.samples.map {
                AxisSample(time: $0.time, position: $0.position / travel, isResampled: $0.isResampled)
            })
        guard estimate.isFinite else { return 0 }
        return ReleaseSpeedLimit.capped(estimate, maximumSpeed: sheet.maximumReleaseSpeedPointsPerSecond, travel: travel) * travel
    }

    /// Runs `body` on the sheet with its estimator answering `velocity` (travels per second),
    /// then gives the sheet its own estimator back.
    mutating func withSheetVelocity<Result>(_ velocity: Double, _ body: (inout InteractiveTransition) -> Result) -> Result {
        let estimator = sheet.estimator
        sheet.estimator = SharedFingerVelocity(velocity: velocity, pointerStoppedAfter: estimator.pointerStoppedAfter)
        let result = body(&sheet)
        sheet.estimator = estimator
        return result
    }
}

extension SharedTouch {
    /// Records the finger's next sample (points since touch-down), in `samples` and, in travels,
    /// in `feed`.
    mutating func record(_ sample: AxisSample) {
        samples.append(sample)
        feed.append(AxisSample(time: sample.time, position: sample.position / feedTravel, isResampled: sample.isResampled))
    }
}
