import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The recommended velocity estimator on the recorded BioIdent page turns (60 Hz Android, dropped
/// frames), where every stroke was meant to finish: the projected spring still finishes them.
@Suite("Recorded page turns under the recommended estimator")
struct RecordedEstimatorTests {
    typealias Fx = TraceFixtures

    @Test("ProjectedSpringModel() finishes at least 98% of the recorded page turns with .recommended",
          .enabled(if: Fx.sharedDataURL != nil, Fx.recordedSwipesAbsent))
    func recordedFinishRate() throws {
        let traces = try TraceReader.read(contentsOf: try #require(Fx.sharedDataURL))
        let recommended = try #require(EstimatorAccuracy.finishedRate(of: LeastSquaresVelocityEstimator.recommended, on: traces))
        #expect(recommended >= 0.98, "recommended: \(recommended)")
        // Flutter's tracker, for scale: the set is not one any estimator finishes.
        let flutter = try #require(EstimatorAccuracy.finishedRate(of: LeastSquaresVelocityEstimator(), on: traces))
        #expect(flutter < 0.85, "Flutter's tracker: \(flutter)")
    }
}
