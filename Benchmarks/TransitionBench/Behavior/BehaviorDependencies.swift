import Foundation
import TransitionPhysics
import TransitionTraces

/// The three places where the behaviour benchmark meets code from other branches. Each body is
/// one line: at merge, delete `TemporaryStandIns.swift` and swap the line for the real call
/// shown in its comment.
enum BehaviorDependencies {
    /// The release-velocity estimator every model uses (the library's default).
    static func defaultEstimator() -> any VelocityEstimator {
        LeastSquaresVelocityEstimator()
    }

    /// Reads one trace file; a broken file throws an error whose description names the file,
    /// line, column and reason.
    static func readTraces(contentsOf url: URL) throws -> [GestureTrace] {
        try TraceReader.read(contentsOf: url)
    }

    /// The labelled synthetic corpus (every family, both directions); `trace.family` names the family.
    static func syntheticCorpus(seed: UInt64, count: Int) -> [GestureTrace] {
        SyntheticGestureGenerator(seed: seed).corpus(count: count)
    }

    /// Says which implementations are in use (printed on standard error with the timing).
    static let provenance = "estimator: LeastSquaresVelocityEstimator (degree 2, 100 ms); reader: TraceReader; synthetic: SyntheticGestureGenerator"
}
