import Testing
@testable import TransitionPhysics

/// Flutter's CupertinoPageRoute back swipe (route.dart `_CupertinoBackGestureController.dragEnd`),
/// with our progress p = 1 - controller.value.
@Suite struct FlutterBackSwipeModelTests {
    @Test func flingSignDecidesAtOrAboveOneWidthPerSecond() {
        let model = FlutterBackSwipeModel()
        #expect(model.decide(ReleaseState(progress: 0.1, velocity: 1.0)) == .finish)   // |v| >= 1: sign
        #expect(model.decide(ReleaseState(progress: 0.9, velocity: -1.0)) == .cancel)
        #expect(model.decide(ReleaseState(progress: 0.1, velocity: 0.999)) == .cancel) // below: position
        #expect(model.decide(ReleaseState(progress: 0.5, velocity: 0)) == .finish)      // value 0.5 is not > 0.5
        #expect(model.decide(ReleaseState(progress: 0.4999, velocity: -0.5)) == .cancel)
    }

    @Test func durationsAreFlutterMillisecondsFloored() {
        let model = FlutterBackSwipeModel()
        // complete: floor(800 (1 - p)) ms; cancel: min(floor(800 p), 300) ms.
        #expect(model.completionDuration(progress: 0.3, decision: .finish) == 560.0 / 1000)
        #expect(model.completionDuration(progress: 0.123, decision: .finish) == 701.0 / 1000)   // 701.6 floored
        #expect(model.completionDuration(progress: 0.2, decision: .cancel) == 160.0 / 1000)
        #expect(model.completionDuration(progress: 0.7, decision: .cancel) == 300.0 / 1000)    // capped
        let completion = model.release(ReleaseState(progress: 0.3, velocity: 2))
        #expect(completion.decision == .finish)
        #expect(completion.curve.fixedDuration == 0.56)
        // The curve is fastLinearToSlowEaseIn over that time: velocity comes from the curve only.
        let expected = 0.7 * UnitCurve.fastLinearToSlowEaseIn.value(at: 0.1 / 0.56) + 0.3
        #expect(abs(completion.curve.progress(at: 0.1) - expected) <= 1e-15)
    }
}
