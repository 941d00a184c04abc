import Testing
@testable import TransitionPhysics

/// What a touch does whatever came before it: the direction after any completion, a catch
/// wherever the view is shown, a touch stamped before the frame shown, the slop's samples.
/// Each reproduction of a misbehaviour an app met is a test here.
@Suite struct TouchRulesTests {
    /// How a completion before the touch starts.
    enum Start: CaseIterable { case release, finish, cancel, retarget }

    /// A transition of `travel` points along `axis` with `direction`, detents [0, 0.5, 1].
    static func sheet(axis: TouchAxis, direction: ProgressMapping.Direction, travel: Double = 800) -> InteractiveTransition {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: travel, axis: axis, direction: direction), estimator: LastTwoPointsEstimator())
        transition.detents = [0, 0.5, 1]
        return transition
    }

    /// A sample at `position` along `axis`.
    static func sample(_ time: Double, _ position: Double, _ phase: TouchPhase, axis: TouchAxis) -> TouchSample {
        axis == .x ? TouchSample(time: time, x: position, phase: phase) : TouchSample(time: time, y: position, phase: phase)
    }

    /// Brings `transition` to a completion started by `start`, at time 0 (a release: a slow drag
    /// of 0.3 of the travel along +progress that comes to rest at 0.5, lifted at t = 0.5).
    static func complete(_ transition: inout InteractiveTransition, by start: Start, axis: TouchAxis) {
        switch start {
        case .finish: transition.finish(at: 0)
        case .cancel: transition.cancel(at: 0)
        case .retarget: transition.retarget(to: 0.5, at: 0)
        case .release:
            // Along +progress: the fixed direction's sign, or + for a decided one.
            let sign = transition.mapping.direction.fixedSign ?? 1
            let travel = transition.mapping.travel
            transition.handle(sample(-0.5, 1000, .began, axis: axis))
            for i in 1...10 { transition.handle(sample(-0.5 + Double(i) * 0.04, 1000 + sign * travel * 0.045 * Double(i), .changed, axis: axis)) }
            transition.handle(sample(0.5, 1000 + sign * travel * 0.45, .ended, axis: axis))   // at rest: velocity 0
        }
    }

    // MARK: Direction

    /// Both axes x both fixed directions and a decided one x every way a completion starts x a
    /// drag each way, from rest: a fixed direction is the mapping's, a decided one is the drag's.
    @Test(arguments: [TouchAxis.x, .y])
    func aTouchFromRestFollowsTheMapping(axis: TouchAxis) {
        let directions: [ProgressMapping.Direction] = [.fixed(positive: true), .fixed(positive: false), .decidedByFirstMovement(touchSlop: 10)]
        for direction in directions {
            for start in Start.allCases {
                for drag in [1.0, -1.0] {
                    var transition = Self.sheet(axis: axis, direction: direction)
                    Self.complete(&transition, by: start, axis: axis)
                    #expect(transition.advance(to: 5).isAtRest)
                    let rest = transition.progress(at: 5)
                    transition.handle(Self.sample(6, 300, .began, axis: axis))
                    transition.handle(Self.sample(6.1, 300 + drag * 100, .changed, axis: axis))
                    let shown = transition.advance(to: 6.1).progress
                    // Progress moves by 100 pt of travel: toward +progress when the drag goes the
                    // mapping's way (always, for a decided direction), clamped to [0, 1].
                    let sign = direction.fixedSign.map { $0 * drag } ?? 1
                    let expected = min(max(rest + sign * 100 / 800, 0), 1)
                    #expect(abs(shown - expected) < 1e-12, "\(axis) \(direction) \(start) drag \(drag): \(shown), want \(expected)")
                }
            }
        }
    }

    /// The sheet an app met: presented at the middle detent by `retarget`, at rest, flicked up
    /// (y decreasing, the mapping's +progress) goes up, and releases toward the top detent.
    @Test func aSheetMovedByCodeThenFlickedUpOpens() {
        var transition = Self.sheet(axis: .y, direction: .fixed(positive: false))
        transition.retarget(to: 0.5, at: 0)
        #expect(transition.advance(to: 2).isAtRest)
        let ys: [Double] = [500, 492, 470, 436, 392]
        for (i, y) in ys.enumerated() { transition.handle(TouchSample(time: 3 + Double(i) / 120, y: y, phase: i == 0 ? .began : .changed)) }
        let shown = transition.advance(to: 3 + 4.0 / 120).progress
        #expect(shown == 0.5 + 108.0 / 800)
        let release = transition.handle(TouchSample(time: 3 + 5.0 / 120, y: 392, phase: .ended))!
        #expect(release.state.velocity > 0 && release.detent == 1)
        #expect(release.completion.decision == .finish)
    }

    /// Catching a completion in motion keeps its direction when the mapping decides by
    /// movement (the completion of a page turned left goes on being a left turn); a completion
    /// started by code from idle has none, and the catching drag decides it.
    @Test func aCatchInMotionKeepsTheCompletionsDirection() {
        // A left flick (decided -1) released at 0.3, caught mid-flight, dragged further left.
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 400), estimator: LastTwoPointsEstimator())
        transition.handle(TouchSample(time: 0, x: 300, phase: .began))
        for i in 1...6 { transition.handle(TouchSample(time: Double(i) / 60, x: 300 - 20 * Double(i), phase: .changed)) }
        transition.handle(TouchSample(time: 0.104, x: 180, phase: .ended))
        _ = transition.advance(to: 0.11)
        let caught = transition.advance(to: 0.15).progress
        transition.handle(TouchSample(time: 0.15, x: 100, phase: .began))
        transition.handle(TouchSample(time: 0.17, x: 60, phase: .changed))
        #expect(abs(transition.advance(to: 0.17).progress - (caught + 40.0 / 400)) < 1e-12)
        // From idle, code moves it; a drag to the right catches it and decides +1 past the slop.
        var coded = InteractiveTransition(mapping: ProgressMapping(travel: 400), estimator: LastTwoPointsEstimator())
        coded.retarget(to: 1, at: 0)
        let shown = coded.advance(to: 0.05).progress
        coded.handle(TouchSample(time: 0.05, x: 100, phase: .began))
        coded.handle(TouchSample(time: 0.07, x: 105, phase: .changed))   // inside the slop: holds
        #expect(coded.advance(to: 0.07).progress == shown)
        coded.handle(TouchSample(time: 0.09, x: 140, phase: .changed))
        #expect(abs(coded.advance(to: 0.09).progress - (shown + 40.0 / 400)) < 1e-12)
    }

    /// The default mapping after a right swipe cancelled to rest at 0: a 100 pt left drag turns
    /// the other way, as on a fresh transition (0.256 of a 390 pt travel).
    @Test func aDecidedDirectionIsDecidedAfreshAfterRest() {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390), estimator: LastTwoPointsEstimator())
        transition.handle(TouchSample(time: 0, x: 100, phase: .began))
        transition.handle(TouchSample(time: 0.1, x: 140, phase: .changed))
        transition.handle(TouchSample(time: 0.5, x: 140, phase: .ended))   // rested: cancels
        #expect(transition.releases[0].completion.decision == .cancel)
        #expect(transition.advance(to: 3).isAtRest)
        transition.handle(TouchSample(time: 4, x: 300, phase: .began))
        transition.handle(TouchSample(time: 4.1, x: 200, phase: .changed))
        #expect(abs(transition.advance(to: 4.1).progress - 100.0 / 390) < 1e-12)
        // A direction changed between gestures takes effect at the next touch.
        transition.handle(TouchSample(time: 4.5, x: 200, phase: .ended))
        #expect(transition.advance(to: 8).isAtRest)
        let rest = transition.progress(at: 8)
        transition.mapping.direction = .fixed(positive: true)
        transition.handle(TouchSample(time: 9, x: 300, phase: .began))
        transition.handle(TouchSample(time: 9.1, x: 200, phase: .changed))   // against the fixed direction
        #expect(transition.advance(to: 9.1).progress == max(rest - 100.0 / 390, 0))
    }

    // MARK: A catch wherever the view is

    /// A spring that overshoots past 1, caught there: the touch takes over at the shown
    /// progress (1.1627, not 1.0 or 1.0821), with either overdrag rule.
    @Test(arguments: [ProgressMapping.Overdrag.clamp, .rubberBand])
    func catchingAnOvershootDoesNotJump(overdrag: ProgressMapping.Overdrag) {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 390, direction: .fixed(positive: true), overdrag: overdrag),
            model: ProjectedSpringModel(spring: Spring(response: 0.3, dampingRatio: 0.5)), estimator: LastTwoPointsEstimator())
        transition.finish(at: 0)
        let shown = transition.advance(to: 0.17).progress
        #expect(abs(shown - 1.1627) < 1e-4)
        transition.handle(TouchSample(time: 0.17, x: 200, phase: .began))
        let caught = transition.advance(to: 0.17)
        #expect(abs(caught.progress - shown) < 1e-12)
        #expect(caught.events.map(\.name) == ["interrupted"])
        #expect(caught.velocity == 0)   // the view stops under the finger
        // Moving back in moves the view by the finger's movement (no jump, no lost points).
        transition.handle(TouchSample(time: 0.19, x: 180, phase: .changed))
        let back = transition.advance(to: 0.19).progress
        switch overdrag {
        case .clamp: #expect(abs(back - (shown - 20.0 / 390)) < 1e-12)
        case .rubberBand:
            #expect(back < shown && back > 1)
            // Further out is rubber-banded from where the view was caught, never past its reach.
            transition.handle(TouchSample(time: 0.21, x: 600, phase: .changed))
            let out = transition.advance(to: 0.21).progress
            #expect(out > shown && out < 2)
        }
    }

    /// UIKit's touch is stamped before the display link's frame already shown: it is taken at
    /// that frame (0.619 shown, 0.619 caught, not the 0.521 of its own time).
    @Test func aTouchStampedBeforeTheFrameShownIsTakenAtThatFrame() {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 390, toward: .right), estimator: LastTwoPointsEstimator())
        transition.finish(at: 0)
        let shown = transition.advance(to: 0.1).progress
        #expect(abs(shown - 0.619) < 1e-3)
        transition.handle(TouchSample(time: 0.0833, x: 100, phase: .began))
        #expect(transition.advance(to: 0.1).progress == shown)
        // After .completed, a touch stamped before that frame begins at the target.
        var done = InteractiveTransition(
            mapping: ProgressMapping(travel: 390, toward: .right), estimator: LastTwoPointsEstimator())
        done.finish(at: 0)
        guard case .completing(let animation) = done.phase else { Issue.record("not completing"); return }
        let frame = animation.endTime + 0.001
        #expect(done.advance(to: frame).events.map(\.name) == ["retargeted", "completed"])
        done.handle(TouchSample(time: animation.endTime - 0.05, x: 100, phase: .began))
        let update = done.advance(to: frame)
        #expect(update.progress == 1 && update.events.map(\.name) == ["began"])
    }

    // MARK: No velocity from the slop

    /// A steady 39 pt/s drag on a sheet with detents [0, 0.25, 1]: decided by movement, it
    /// releases with the velocity of the same motion with the direction fixed, to the same detent.
    @Test func theSlopIsNoVelocity() {
        func release(_ direction: ProgressMapping.Direction) -> InteractiveTransition.Release {
            var transition = InteractiveTransition(
                mapping: ProgressMapping(travel: 390, direction: direction), estimator: LeastSquaresVelocityEstimator.dropTolerant)
            transition.detents = [0, 0.25, 1]
            for i in 0...30 {
                transition.handle(TouchSample(time: Double(i) / 60, x: 100 + 39 * Double(i) / 60, phase: i == 0 ? .began : .changed))
            }
            return transition.handle(TouchSample(time: 30.0 / 60 + 0.004, x: 100 + 39 * 30.0 / 60, phase: .ended))!
        }
        let decided = release(.decidedByFirstMovement(touchSlop: 10)), fixed = release(.fixed(positive: true))
        #expect(abs(fixed.state.velocity - 0.1) < 1e-9)
        #expect(abs(decided.state.velocity - fixed.state.velocity) < 1e-12)
        #expect(decided.detent == fixed.detent)
    }
}

/// What an app reads: defaults, descriptions that name the detent, the completion spring.
@Suite struct DriverReadingTests {
    @Test func completionSpringFollowsTheModelUntilSet() {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390))
        #expect(transition.completionSpring == ProjectedSpringModel.defaultSpring)
        transition.model = ProjectedSpringModel(spring: .snappy)
        #expect(transition.completionSpring == .snappy)
        transition.completionSpring = .bouncy
        transition.model = ProjectedSpringModel(spring: .smooth)
        #expect(transition.completionSpring == .bouncy)
    }

    @Test func aReleaseNamesItsDetentWithNoNegativeZero() {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 800, toward: .up), estimator: LastTwoPointsEstimator())
        transition.detents = [0, 0.5, 1]
        transition.handle(TouchSample(time: 0, y: 700, phase: .began))
        transition.handle(TouchSample(time: 0.1, y: 300, phase: .changed))
        transition.handle(TouchSample(time: 0.2, y: 300, phase: .changed))
        let release = transition.handle(TouchSample(time: 0.3, y: 300, phase: .ended))!   // at rest: velocity 0
        #expect(release.detent == 0.5)
        #expect(TransitionEvent.released(release).description == "released(to detent 0.5 from progress 0.5 at 0.0 travels/s)")
        #expect(TransitionEvent.completed(progress: -0.0).description == "completed(progress 0.0)")
        #expect(TransitionEvent.layoutChanged(travel: 390, detents: [0, 0.5, 1]).description
            == "layoutChanged(travel 390.0 pt, detents [0.0, 0.5, 1.0])")
    }

    @Test func aVerticalSampleNeedsNoX() {
        let sample = TouchSample(time: 0.1, y: 640, phase: .changed)
        #expect(sample.x == 0 && sample.y == 640)
        #expect(ProgressMapping(travel: 800, axis: .y).coordinate(of: sample) == 640)
    }
}

/// The pointer-stopped clock runs from the last measured sample, as Android's: resampled or
/// predicted samples after it are no movement.
@Suite struct PointerStoppedClockTests {
    @Test func resampledSamplesDoNotRestartTheClock() {
        func release(resampled: Bool) -> InteractiveTransition.Release {
            var transition = InteractiveTransition(
                mapping: ProgressMapping(travel: 400, toward: .right), estimator: LeastSquaresVelocityEstimator())
            for i in 0...6 { transition.handle(TouchSample(time: Double(i) / 60, x: 100 + 12 * Double(i), phase: i == 0 ? .began : .changed)) }
            // Two frame-time samples at the last position 20 and 40 ms later, then the lift-off
            // there 60 ms after the last measured move: the finger had stopped.
            for t in [0.12, 0.14] { transition.handle(TouchSample(time: t, x: 172, phase: .changed, isResampled: resampled)) }
            return transition.handle(TouchSample(time: 0.16, x: 172, phase: .ended))!
        }
        #expect(release(resampled: true).state.velocity == 0)
        // Measured, the same samples are the finger seen still 20 ms before lifting: not stopped.
        #expect(release(resampled: false).state.velocity != 0)
    }
}
