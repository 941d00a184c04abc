import Testing
@testable import TransitionBatch
import TransitionPhysics

/// The visual-completion twin's error argument, in code (`PhasorErrorBudget`): today's limits fit
/// the margins with the stated safety factor, and the check refuses limits the argument does not
/// cover, so a change of the rule's grid or of the carried range fails here (and traps at the
/// twin's first block) instead of silently outgrowing the margins.
@Suite struct PhasorErrorBudgetTests {
    @Test func todaysLimitsFitTheMargins() {
        #expect(PhasorErrorBudget.errorsFit())
        #expect(PhasorErrorBudget.maximumScanSteps == Double(VisualCompletionBlock.mostScanSteps))
        // The argument's stated figures: the carried phasor under 2^-35, the instants under 2^-36.
        #expect(PhasorErrorBudget.carriedError() < 0x1p-35)
        #expect(PhasorErrorBudget.instantError() < 0x1p-36)
    }

    @Test func limitsBeyondTheArgumentAreRefused() {
        // A scan grid 256 times finer, or phases carried 1,024 times further, outgrow the margin.
        #expect(!PhasorErrorBudget.errorsFit(maximumScanSteps: 0x1p20))
        #expect(!PhasorErrorBudget.errorsFit(maximumPhase: 0x1p22))
        // The largest grid the margin covers today is a few times today's.
        #expect(PhasorErrorBudget.errorsFit(maximumScanSteps: 0x1p13))
    }
}
