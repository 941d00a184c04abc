import Testing
import TransitionLab
import TransitionPhysics

@Suite struct ReleaseOutcomeTests {
    /// The behaviour benchmark holds 128 MiB of outcomes per chunk and reads each back for the
    /// table: the fields are stored so that the two one-byte cases fill the optional's padding.
    @Test func anOutcomeTakesSeventyTwoBytes() {
        #expect(MemoryLayout<ReleaseOutcome>.stride == 72)
    }

    /// Not started: a cancel at progress 0 with velocity 0, nothing to complete, no projection.
    @Test func notStartedIsACancelWithNothingToComplete() {
        let o = ReleaseOutcome.notStarted
        #expect(!o.started && o.decision == .cancel && o.projectedProgress == nil)
        #expect([o.releaseProgress, o.releaseVelocity, o.completionTime, o.visualCompletionTime, o.velocityJump, o.overshoot, o.peakAcceleration] == [0, 0, 0, 0, 0, 0, 0])
    }
}
