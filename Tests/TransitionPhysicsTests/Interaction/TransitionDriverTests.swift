import Testing
import TransitionLab
@testable import TransitionPhysics

/// The frame driver on synthetic clocks: events, continuity, frame-rate independence, the
/// one-pixel rule, detents and reduce motion.
@Suite struct TransitionDriverTests {
    static let travel = 400.0   // points

    static func transition(model: any ReleaseModel = ProjectedSpringModel()) -> InteractiveTransition {
        InteractiveTransition(
            mapping: ProgressMapping(travel: travel, toward: .right), model: model,
            estimator: LastTwoPointsEstimator())
    }

    /// A steady drag at 60 Hz from x = 0 at `speed` points per second, lifted 4 ms after the
    /// last move (the lift-off repeats the last position).
    static func drag(speed: Double, frames: Int, t0: Double = 0, x0: Double = 0) -> [TouchSample] {
        var samples = [TouchSample(time: t0, x: x0, phase: .began)]
        for i in 1...frames {
            samples.append(TouchSample(time: t0 + Double(i) / 60, x: x0 + speed * Double(i) / 60, phase: .changed))
        }
        samples.append(TouchSample(time: samples.last!.time + 0.004, x: samples.last!.x, phase: .ended))
        return samples
    }

    /// Something done at a time: a sample, or a call from code.
    enum Action { case sample(TouchSample), finish, cancel, retarget(Double) }

    struct Run {
        var frames: [(time: Double, update: TransitionUpdate)] = []
        var events: [(frame: Double, name: String)] { frames.flatMap { f in f.update.events.map { (f.time, $0.name) } } }
    }

    /// Drives `transition` frame by frame: before each frame, the actions due by then, in order.
    static func drive(_ transition: inout InteractiveTransition, frames: [Double], actions: [(time: Double, action: Action)]) -> Run {
        var run = Run()
        var pending = actions[...]
        for frame in frames {
            while let next = pending.first, next.time <= frame {
                pending.removeFirst()
                switch next.action {
                case .sample(let sample): transition.handle(sample)
                case .finish: transition.finish(at: next.time)
                case .cancel: transition.cancel(at: next.time)
                case .retarget(let target): transition.retarget(to: target, at: next.time)
                }
            }
            run.frames.append((frame, transition.advance(to: frame)))
        }
        return run
    }

    static func frames(hz: Double, until end: Double = 2) -> [Double] {
        (0...Int(end * hz)).map { Double($0) / hz }
    }

    // MARK: Events

    @Test func eachEventOnceAndInOrder() {
        var transition = Self.transition()
        let first = Self.drag(speed: 600, frames: 10).map { (time: $0.time, action: Action.sample($0)) }
        // A second finger lands 50 ms into the completion and drags back, then code finishes.
        let land = first.last!.time + 0.05
        let second = Self.drag(speed: -900, frames: 6, t0: land, x0: 300).map { (time: $0.time, action: Action.sample($0)) }
        let actions = first + second + [(time: second.last!.time + 0.03, action: Action.retarget(0.5)), (time: second.last!.time + 0.06, action: .finish)]
        let run = Self.drive(&transition, frames: Self.frames(hz: 60), actions: actions)
        #expect(run.events.map(\.name) == [
            "began", "releaseDetentChanged", "released", "interrupted", "releaseDetentChanged", "released", "retargeted", "retargeted",
            "completed",
        ])
        // Completed once, at the last detent, and the frames after it report rest.
        guard case .completed(let progress)? = run.frames.flatMap(\.update.events).last else { Issue.record("no completion"); return }
        #expect(progress == 1)
        let completedAt = run.events.last!.frame
        for frame in run.frames where frame.time >= completedAt {
            #expect(frame.update.isAtRest && frame.update.progress == 1 && frame.update.velocity == 0)
        }
        // A touch after rest begins afresh (not an interruption).
        transition.handle(TouchSample(time: 3, x: 0, phase: .began))
        #expect(transition.advance(to: 3).events.map(\.name) == ["began"])
    }

    // MARK: Continuity (velocity and progress jump 0)

    @Test func releaseStartsAtTheFingersProgressAndVelocity() {
        var transition = Self.transition()
        var release: InteractiveTransition.Release?
        for sample in Self.drag(speed: 600, frames: 10) { release = transition.handle(sample) ?? release }
        let update = transition.advance(to: release!.time)
        #expect(update.progress == release!.state.progress)
        #expect(update.velocity == release!.state.velocity)
        #expect(release!.state.velocity == 1.5)   // 600 pt/s over 400 pt
    }

    @Test func interruptionTakesOverWithNoJump() {
        var transition = Self.transition()
        for sample in Self.drag(speed: 600, frames: 10) { transition.handle(sample) }
        let landing = 10.0 / 60 + 0.004 + 0.07
        let shown = transition.advance(to: landing).progress
        transition.handle(TouchSample(time: landing, x: 123, phase: .began))
        let update = transition.advance(to: landing)
        #expect(update.progress == shown)
        // Caught and still: a release now would settle at the nearest detent, not the finish.
        #expect(update.events.map(\.name) == ["interrupted", "releaseDetentChanged"])
    }

    @Test(arguments: ["finish", "cancel", "retarget"])
    func controlFromCodeKeepsProgressAndVelocity(_ call: String) {
        var transition = Self.transition()
        for sample in Self.drag(speed: 600, frames: 10) { transition.handle(sample) }
        let time = 10.0 / 60 + 0.004 + 0.05
        let before = transition.advance(to: time)
        #expect(before.velocity != 0)
        switch call {
        case "finish": transition.finish(at: time)
        case "cancel": transition.cancel(at: time)
        default: transition.retarget(to: 0.25, at: time)
        }
        let after = transition.advance(to: time)
        #expect(after.progress == before.progress)
        #expect(after.velocity == before.velocity)
        #expect(after.target == ["finish": 1, "cancel": 0, "retarget": 0.25][call]!)
        #expect(after.events.map(\.name) == ["retargeted"])
    }

    @Test func finishFromCodeWhileDraggingKeepsTheFingersVelocity() {
        var transition = Self.transition()
        let samples = Self.drag(speed: 600, frames: 10).dropLast()   // still down
        for sample in samples { transition.handle(sample) }
        let time = samples.last!.time
        let before = transition.advance(to: time)
        #expect(before.velocity == 1.5)
        transition.finish(at: time)
        let after = transition.advance(to: time)
        #expect(after.progress == before.progress && after.velocity == before.velocity)
        transition.handle(TouchSample(time: time + 0.01, x: 0, phase: .ended))   // ignored: let go
        #expect(transition.releases.isEmpty)
    }

    // MARK: Frame-rate independence

    /// Completions started from code are curves from the time given: every frame schedule (60,
    /// 120, 240 Hz, jittered, dropped frames) shows the same progress at the same times and
    /// reports `.completed` in the interval that holds the end time.
    @Test func sameProgressAtTheSameTimesAndCompletionInTheSameInterval() {
        let actions: [(time: Double, action: Action)] = [(0.1, .retarget(0.6)), (0.25, .finish), (0.4, .retarget(0.3))]
        let checkpoints = (0...60).map { Double($0) * 0.025 }
        var reference: [Double: Double]? = nil
        var endTime: Double? = nil
        for (index, schedule) in Self.schedules.enumerated() {
            var transition = Self.transition()
            let frames = Array(Set(schedule + checkpoints)).sorted()
            let run = Self.drive(&transition, frames: frames, actions: actions)
            var shown: [Double: Double] = [:]
            for frame in run.frames where checkpoints.contains(frame.time) { shown[frame.time] = frame.update.progress }
            if let reference {
                for (time, progress) in shown { #expect(progress == reference[time]!, "schedule \(index) at \(time)") }
            } else {
                reference = shown
            }
            // At rest after its `.completed`, the phase says so and keeps the completion.
            guard case .atRest(let animation) = transition.phase else { Issue.record("not at rest"); continue }
            if let endTime { #expect(animation.endTime == endTime) } else { endTime = animation.endTime }
            let completed = run.frames.firstIndex { $0.update.events.contains { $0.name == "completed" } }!
            #expect(run.frames[completed].time >= animation.endTime)
            #expect(run.frames[completed - 1].time < animation.endTime)
        }
    }

    /// Frame schedules: 60, 120 and 240 Hz, 120 Hz with up to 4 ms of jitter, 60 Hz with frames dropped.
    static var schedules: [[Double]] {
        var generator = Xoshiro256StarStar(seed: 7)
        let jittered = (0...300).map { Double($0) / 120 + generator.uniform() * 0.004 }
        let dropped = Self.frames(hz: 60).enumerated().filter { $0.offset % 7 != 3 && $0.offset % 11 != 5 }.map(\.element)
        return [Self.frames(hz: 60), Self.frames(hz: 120), Self.frames(hz: 240), jittered, dropped]
    }

    /// With touches, every schedule shows each release's curve from the frame that first shows
    /// the release position (less than a frame interval after the lift-off, or the latest frame
    /// when it already showed the last move), with no jump in progress, and reports the events in
    /// order and `.completed` in the interval that holds the end time.
    @Test func touchReleasesStartAtTheFrameThatShowsThem() {
        let drag = Self.drag(speed: 500, frames: 12).map { (time: $0.time, action: Action.sample($0)) }
        let land = drag.last!.time + 0.06
        let back = Self.drag(speed: -700, frames: 5, t0: land, x0: 50).map { (time: $0.time, action: Action.sample($0)) }
        let actions = drag + back + [(time: back.last!.time + 0.045, action: Action.retarget(0.8))]
        for (index, schedule) in Self.schedules.enumerated() {
            var transition = Self.transition()
            var pending = actions[...]
            var previous: (time: Double, progress: Double)? = nil
            var names: [String] = []
            for frame in schedule {
                var released = false
                while let next = pending.first, next.time <= frame {
                    pending.removeFirst()
                    switch next.action {
                    case .sample(let sample): released = transition.handle(sample) != nil || released
                    case .retarget(let target): transition.retarget(to: target, at: next.time)
                    default: break
                    }
                }
                let update = transition.advance(to: frame)
                names += update.events.map(\.name)
                if released, let previous, case .completing(let animation) = transition.phase {
                    let lift = transition.releases.last!.time, gap = frame - previous.time
                    let release = transition.releases.last!
                    #expect(animation.startTime <= lift + gap + 1e-12)
                    // The curve starts at the frame that shows the release position: the latest
                    // one, if it already did, else this one.
                    if animation.startTime == previous.time {
                        #expect(previous.progress == release.state.progress, "schedule \(index)")
                    } else {
                        #expect(animation.startTime == frame && update.progress == release.state.progress, "schedule \(index)")
                    }
                    #expect(update.progress == animation.curve.progress(at: frame - animation.startTime))
                }
                previous = (frame, update.progress)
            }
            #expect(
                names == ["began", "releaseDetentChanged", "released", "interrupted", "releaseDetentChanged", "released", "retargeted", "completed"],
                "schedule \(index)")
        }
    }

    // MARK: One physical pixel

    @Test(arguments: [1.0, 3.0])
    func completesWhenNothingMovesByAPixel(pixelsPerPoint: Double) {
        var transition = Self.transition()
        transition.pixelsPerPoint = pixelsPerPoint
        for sample in Self.drag(speed: 900, frames: 8) { transition.handle(sample) }
        let releaseFrame = transition.advance(to: transition.releases[0].time)   // fixes the completion's start
        guard case .completing(let animation) = transition.phase, case .spring(let spring, _) = animation.curve.shape else {
            Issue.record("no spring"); return
        }
        let pixel = 1 / (Self.travel * pixelsPerPoint)
        #expect(transition.pixelTolerance == pixel)
        let duration = animation.endTime - animation.startTime
        func amplitude(_ t: Double) -> Double {
            let s = spring.state(initialDisplacement: animation.curve.start - animation.curve.target, initialVelocity: animation.curve.startVelocity, time: t)
            return spring.energyAmplitude(displacement: s.displacement, velocity: s.velocity)
        }
        // The end is when the motion is last a pixel from the target (within a microsecond, for
        // the tolerance lowered by 2^-20 of itself), no later than the energy bound (the largest
        // displacement the spring can still reach) says.
        let resolution = 1e-5
        #expect(abs(animation.curve.progress(at: duration - resolution) - animation.curve.target) >= pixel * (1 - 1e-6))
        #expect(abs(animation.curve.progress(at: duration) - animation.curve.target) < pixel)
        #expect(amplitude(duration) <= pixel * 2)
        #expect(duration <= spring.restTime(
            initialDisplacement: animation.curve.start - animation.curve.target, initialVelocity: animation.curve.startVelocity,
            tolerance: pixel))
        // The unsnapped motion after the end stays within a pixel; the shown one is the target.
        for i in 0...400 {
            let t = duration + Double(i) * 0.005
            #expect(abs(animation.curve.progress(at: t) - animation.curve.target) <= pixel)
            #expect(animation.state(at: animation.startTime + t) == (animation.curve.target, 0))
        }
        #expect(releaseFrame.events.map(\.name) == ["began", "released"])
        #expect(transition.advance(to: animation.endTime).events.map(\.name) == ["completed"])
    }

    @Test func threeXTakesLongerThanOneX() {
        func end(_ scale: Double) -> Double {
            var transition = Self.transition()
            transition.pixelsPerPoint = scale
            for sample in Self.drag(speed: 900, frames: 8) { transition.handle(sample) }
            guard case .completing(let animation) = transition.phase else { return .nan }
            return animation.endTime
        }
        #expect(end(3) > end(1))
    }

    // MARK: Detents

    /// The default model projects `velocity * 0.998 / 0.002 / 1000 = 0.499 s * velocity` (the
    /// discrete form at UIScrollView's normal rate).
    static let secondsOfCoasting = 0.998 / (1 - 0.998) / 1000

    @Test(arguments: [
        // (progress, velocity per s, hand-computed projection, expected detent)
        (0.3, 0.2, 0.3 + 0.2 * 0.499, 0.5),     // 0.3998: nearest 0.5
        (0.3, -0.2, 0.3 - 0.2 * 0.499, 0.0),    // 0.2002: nearest 0
        (0.3, 1.0, 0.3 + 1.0 * 0.499, 1.0),     // 0.799: past 0.75, skips 0.5
        (0.9, -1.5, 0.9 - 1.5 * 0.499, 0.0),    // 0.1515: skips 0.5 going down
        (0.6, 0.0, 0.6, 0.5),                   // no velocity: nearest to progress
        (0.5, 0.5, 0.5 + 0.5 * 0.499, 0.5),     // 0.7495: just short of halfway to 1
    ] as [(Double, Double, Double, Double)])
    func nearestDetentToTheProjection(_ release: (Double, Double, Double, Double)) {
        let (progress, velocity, projected, expected) = release
        var transition = Self.transition()
        transition.detents = [0, 0.5, 1]
        let completion = transition.completion(for: ReleaseState(progress: progress, velocity: velocity))
        #expect(abs(completion.projectedProgress! - projected) < 1e-12)
        #expect(abs(Self.secondsOfCoasting - 0.499) < 1e-15)
        let nearest = expected
        #expect(completion.curve.target == expected)
        #expect(completion.curve.start == progress && completion.curve.startVelocity == velocity)
        #expect(completion.decision == (nearest == 1 ? .finish : .cancel))
    }

    @Test func detentRuleHandCases() {
        let sheet = [0, 0.5, 1.0]
        #expect(ProjectionRule.nearestDetent(to: 0.25, in: sheet) == 1)    // halfway goes up
        #expect(ProjectionRule.nearestDetent(to: 0.2499, in: sheet) == 0)
        #expect(ProjectionRule.nearestDetent(to: 0.75, in: sheet) == 2)
        #expect(ProjectionRule.nearestDetent(to: -3, in: sheet) == 0)
        #expect(ProjectionRule.nearestDetent(to: 7, in: sheet) == 2)
        #expect(ProjectionRule.nearestDetent(to: 0.3, in: [0.4]) == 0)
    }

    @Test func twoDetentsAreTheModelBitForBit() {
        let models: [ProjectedSpringModel] = [
            ProjectedSpringModel(), ProjectedSpringModel(threshold: 0.3, minFlingVelocity: 0.2, overshoot: .clamp),
        ]
        var generator = Xoshiro256StarStar(seed: 3)
        for model in models {
            let transition = Self.transition(model: model)
            for _ in 0..<2000 {
                let state = ReleaseState(
                    progress: generator.uniform(), velocity: (generator.uniform() - 0.5) * 8,
                    recognizerCancelled: generator.uniform() < 0.1)
                let ours = transition.completion(for: state), theirs = model.release(state)
                #expect(ours.decision == theirs.decision && ours.curve == theirs.curve)
                #expect(ours.projectedProgress == theirs.projectedProgress)
            }
        }
        // And the nearest of [0, 1] is the model's decision at its default threshold 0.5.
        for projected in [-1, 0, 0.4999999999999999, 0.5, 0.5000000000000001, 1, 2] {
            let decision = ProjectionRule.decision(projectedProgress: projected, threshold: 0.5, recognizerCancelled: false)
            #expect(Double(ProjectionRule.nearestDetent(to: projected, in: [0, 1])) == decision.targetProgress)
        }
    }

    @Test(arguments: ["physics", "classic"])
    func twoDetentsShowTheModelsCurveFrameByFrame(_ name: String) {
        let model: any ReleaseModel = name == "physics" ? ProjectedSpringModel() : ClassicPercentDrivenModel()
        var transition = Self.transition(model: model)
        var release: InteractiveTransition.Release?
        for sample in Self.drag(speed: 700, frames: 9) { release = transition.handle(sample) ?? release }
        let curve = model.release(release!.state).curve
        #expect(release!.completion.curve == curve)
        // No frame showed the last move yet: the first frame does, and the curve starts there.
        let first = Self.frames(hz: 240, until: 1).first { $0 >= release!.time }!
        #expect(transition.advance(to: first).progress == release!.state.progress)
        guard case .completing(let animation) = transition.phase else { Issue.record("not completing"); return }
        #expect(animation.startTime == first)
        if let duration = curve.fixedDuration {
            // The last pixel is reached before the timed curve's end.
            #expect(animation.endTime == first + curve.restTime(tolerance: transition.pixelTolerance))
            #expect(animation.endTime < first + duration)
        }
        for frame in Self.frames(hz: 240, until: 1) where frame >= first && frame < animation.endTime {
            let update = transition.advance(to: frame)
            #expect(update.progress == curve.progress(at: frame - first))
            #expect(update.velocity == curve.velocity(at: frame - first))
        }
    }

    @Test func draggingPastTheOuterDetentsRubberBands() {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 400, direction: .fixed(positive: true), overdrag: .rubberBand),
            model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        transition.detents = [0.2, 0.5, 0.8]
        transition.retarget(to: 0.2, at: 0)
        transition.handle(TouchSample(time: 1, x: 0, phase: .began))      // at rest at 0.2
        transition.handle(TouchSample(time: 1.1, x: 280, phase: .changed))   // raw 0.9: 0.1 past 0.8
        #expect(transition.advance(to: 1.1).progress == 0.8 + RubberBand.offset(0.1, dimension: 1))
        transition.handle(TouchSample(time: 1.2, x: 120, phase: .changed))   // raw 0.5: inside
        #expect(transition.advance(to: 1.2).progress == 0.5)
    }

    // MARK: Reduce motion

    @Test func reduceMotionKeepsTheDecisionWithNoOvershootInAFixedTime() {
        for speed in [-900.0, -100, 100, 900, 3000] {
            var plain = Self.transition(), reduced = Self.transition()
            reduced.reduceMotion = true
            var releases: [InteractiveTransition.Release] = []
            for sample in Self.drag(speed: speed, frames: 8, x0: 200) {
                plain.handle(sample)
                if let release = reduced.handle(sample) { releases.append(release) }
            }
            let release = releases[0]
            #expect(release.completion.decision == plain.releases[0].completion.decision)
            guard case .completing(let animation) = reduced.phase else { Issue.record("not completing"); continue }
            // Done at the last pixel, within the fixed time.
            #expect(animation.endTime == animation.startTime + animation.curve.restTime(tolerance: reduced.pixelTolerance))
            #expect(animation.endTime <= animation.startTime + CompletionCurve.reducedMotionDuration)
            let (start, target) = (release.state.progress, animation.curve.target)
            var previous = start
            for i in 0...240 {
                let shown = reduced.advance(to: release.time + Double(i) / 1000).progress
                #expect(min(start, target) <= shown && shown <= max(start, target))
                #expect(target > start ? shown >= previous : shown <= previous)   // monotone
                previous = shown
            }
            #expect(reduced.advance(to: release.time + 0.2).progress == target)
        }
    }

    // MARK: The spring's rest time

    @Test(arguments: [0.5, 1.0, 1.8])
    func restTimeIsWhereTheEnergyBoundMeetsTheTolerance(dampingRatio: Double) {
        let spring = Spring(response: 0.3, dampingRatio: dampingRatio)
        let spring2 = dampingRatio > 1 ? Spring(mass: 1, stiffness: spring.stiffness, damping: 2 * dampingRatio * spring.stiffness.squareRoot(), allowOverDamping: true) : spring
        for (x0, v0) in [(-0.7, 2.0), (0.3, 0.0), (0.0, -4.0)] {
            let tolerance = 1.0 / 1200
            let t = spring2.restTime(initialDisplacement: x0, initialVelocity: v0, tolerance: tolerance)
            func amplitude(_ t: Double) -> Double {
                let s = spring2.state(initialDisplacement: x0, initialVelocity: v0, time: t)
                return spring2.energyAmplitude(displacement: s.displacement, velocity: s.velocity)
            }
            #expect(amplitude(t) <= tolerance && amplitude(t * (1 - 1e-9)) > tolerance)
            #expect(t >= spring2.settlingTime(initialDisplacement: x0, initialVelocity: v0, tolerance: tolerance))
        }
        #expect(spring.restTime(initialDisplacement: 1e-4, initialVelocity: 0, tolerance: 1e-3) == 0)
    }
}
