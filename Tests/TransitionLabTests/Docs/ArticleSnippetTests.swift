import Testing
import TransitionLab
import TransitionPhysics

/// The listings print, as examples do; run here their lines are dropped, so `make test` shows
/// only its verdict (this file-private function shadows `Swift.print` for the listings below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// Every ```swift listing of the TransitionLab.docc articles is the body of one function below,
// compiled and run by the tests; `ArticleListingTests` (TransitionPhysicsTests) checks that each
// listing appears here verbatim, so an edited article without an edited test fails.

// TransitionLab.md, listing 1: a recorded release, from touch samples to decision and curve.
func replayARecordedStroke() -> GestureOutcome {
    // A leftward swipe on a 390 pt wide screen: time in seconds, x in points.
    let xs: [Double] = [320, 310, 290, 262, 226, 186, 146]
    var samples = xs.indices.map { i in
        TouchSample(time: Double(i) / 60, x: xs[i], phase: i == 0 ? .began : .changed)
    }
    samples.append(TouchSample(time: 0.105, x: 146, phase: .ended))
    let trace = GestureTrace(id: "swipe", samples: samples, travel: 390)

    let runner = GestureRunner(model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator())
    let outcome = runner.run(trace)
    print(outcome.releaseProgress)      // fraction of the travel at lift-off
    print(outcome.releaseVelocity)      // travel widths per second
    print(outcome.decision)             // .finish or .cancel
    print(outcome.completion.curve)     // a spring from the release progress and velocity
    print(outcome.metrics.completionTime, outcome.metrics.peakAcceleration)  // s, widths/s²
    return outcome
}

@Suite struct ArticleSnippetTests {
    @Test func theReplayedStrokeFinishesWithASpringAndNoVelocityJump() {
        let outcome = replayARecordedStroke()
        #expect(abs(outcome.releaseProgress - 174.0 / 390) < 1e-12)
        #expect(outcome.decision == .finish)
        #expect(outcome.releaseVelocity > 0)
        guard case .spring = outcome.completion.curve.shape else {
            Issue.record("expected a spring completion")
            return
        }
        #expect(outcome.metrics.velocityJump < 1e-12)
        #expect(outcome.metrics.completionTime > 0 && outcome.metrics.completionTime < 1)
    }
}
