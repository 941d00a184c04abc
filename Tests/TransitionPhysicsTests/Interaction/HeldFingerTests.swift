import Testing
@testable import TransitionPhysics

/// A finger that moves fast, then holds still: UIKit sends no move for a still touch, so no
/// sample comes. Once it has rested longer than the estimator's `pointerStoppedAfter` (0.1 s for
/// `LeastSquaresVelocityEstimator.recommended`, the default; 40 ms on Android and Flutter), a
/// frame reports what a lift-off there would release with (velocity 0, and the target of a
/// release at rest), not its last movement's speed, and code that takes the sheet from the
/// finger starts from rest: the view does not leap from under a still finger.
@Suite struct HeldFingerTests {
    /// A flick of 0.2 s at 2 travels per second from rest (to progress 0.4) (frames and touches at 120 Hz),
    /// then the finger held still, frames going on.
    static func heldAfterFlick(hz: Double = 120) -> (transition: InteractiveTransition, lastMove: Double) {
        let travel = 600.0
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: travel, toward: .up))
        transition.detents = [0, 0.5, 1]
        transition.pixelsPerPoint = 3
        let start = 700.0
        var time = 0.0
        transition.handle(TouchSample(time: time, y: start, phase: .began))
        _ = transition.advance(to: time)
        for i in 1...Int(0.2 * hz) {
            time = Double(i) / hz
            transition.handle(TouchSample(time: time, y: start - 2 * travel * time, phase: .changed))
            _ = transition.advance(to: time)
        }
        return (transition, time)
    }

    @Test("frames of a held finger report its speed until it has rested pointerStoppedAfter, then 0 and a release at rest's target")
    func heldFingerReadsZero() {
        var (transition, lastMove) = Self.heldAfterFlick()
        let stoppedAfter = transition.estimator.pointerStoppedAfter
        let moving = transition.advance(to: lastMove + stoppedAfter)
        #expect(moving.velocity > 1.5, "\(stoppedAfter) s after the last move the finger still counts as moving: \(moving.velocity)")
        #expect(moving.target == 1, "a release now flings to the top: \(moving.target)")
        let held = transition.advance(to: lastMove + stoppedAfter + 0.001)
        #expect(held.velocity == 0, "a finger still for longer moves nothing: \(held.velocity) travels/s")
        #expect(held.progress == moving.progress)
        // What a lift-off there releases with: the same target.
        #expect(held.target == 0.5, "held at \(held.progress): a release at rest settles at the nearest detent, \(held.target)")
        #expect(held.events.contains(.releaseDetentChanged(0.5)), "the release detent changes as the finger rests: \(held.events)")
        var lifted = transition
        let release = lifted.handle(TouchSample(time: lastMove + stoppedAfter + 0.001, y: 700 - 2 * 600 * lastMove, phase: .ended))
        #expect(release?.state.velocity == 0 && release?.completion.curve.target == held.target)
    }

    @Test("code that takes the view from a held finger starts it from rest, at 60 and 120 Hz")
    func retargetFromHeldFingerStartsAtRest() {
        for hz in [60.0, 120.0] {
            var (transition, lastMove) = Self.heldAfterFlick(hz: hz)
            let held = transition.advance(to: lastMove + 0.3)
            transition.retarget(to: 1, at: lastMove + 0.3)
            let first = transition.advance(to: lastMove + 0.3)
            #expect(first.progress == held.progress && first.velocity == 0, "\(hz) Hz: the retarget started at \(first.velocity) travels/s")
            let next = transition.advance(to: lastMove + 0.3 + 1 / hz)
            // From rest, the spring's first frame moves less than the flick did per frame (2
            // travels/s); started at the flick's speed it would move more.
            #expect(next.progress - held.progress < 2 / hz, "\(hz) Hz: the view leapt \((next.progress - held.progress) * 600) pt in a frame")
        }
    }
}
