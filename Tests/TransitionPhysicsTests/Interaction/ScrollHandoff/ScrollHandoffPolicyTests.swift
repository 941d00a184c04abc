import Testing
import TransitionLab
@testable import TransitionPhysics

/// The arbiter alone: each policy's rule, the rules they share, and no lost points, in points
/// (a sheet of 800 pt with detents at 200, 400 and 800 pt; content scrolling 0...1000 pt).
@Suite struct ScrollHandoffPolicyTests {
    static let range = 200.0...800.0

    static func split(
        _ policy: ScrollHandoffPolicy, _ movement: Double, sheet: Double, content: Double, maximum: Double = 1000
    ) -> ScrollHandoffSplit {
        policy.split(movement, sheetPosition: sheet, sheetRange: range, contentOffset: content, maximumContentOffset: maximum)
    }

    @Test func sheetFirstOpensTheSheetToItsLastDetentThenScrolls() {
        let up = Self.split(.sheetFirst, 500, sheet: 400, content: 0)
        #expect(up.sheetPoints == 400 && up.contentPoints == 100 && up.lastMover == .content)
        // Even with scrolled content, the sheet opens first.
        let scrolled = Self.split(.sheetFirst, 50, sheet: 400, content: 300)
        #expect(scrolled.sheetPoints == 50 && scrolled.contentPoints == 0 && scrolled.lastMover == .sheet)
    }

    @Test func contentFirstScrollsToItsBottomEdgeThenOpensTheSheet() {
        let up = Self.split(.contentFirst, 500, sheet: 400, content: 700)
        #expect(up.contentPoints == 300 && up.sheetPoints == 200 && up.lastMover == .sheet)
        let atTop = Self.split(.contentFirst, 50, sheet: 400, content: 0)
        #expect(atTop.contentPoints == 50 && atTop.sheetPoints == 0)
    }

    @Test func sheetAtContentTopMovesTheSheetOnlyWhileTheContentIsAtItsTopEdge() {
        let atTop = Self.split(.sheetAtContentTop, 500, sheet: 400, content: 0)
        #expect(atTop.sheetPoints == 400 && atTop.contentPoints == 100)
        let scrolled = Self.split(.sheetAtContentTop, 50, sheet: 400, content: 300)
        #expect(scrolled.sheetPoints == 0 && scrolled.contentPoints == 50 && scrolled.lastMover == .content)
    }

    @Test(arguments: ScrollHandoffPolicy.allCases)
    func closingScrollsTheContentBackToItsTopEdgeFirst(policy: ScrollHandoffPolicy) {
        let down = Self.split(policy, -500, sheet: 800, content: 300)
        #expect(down.contentPoints == -300 && down.sheetPoints == -200 && down.lastMover == .sheet)
        let withinContent = Self.split(policy, -100, sheet: 800, content: 300)
        #expect(withinContent.contentPoints == -100 && withinContent.sheetPoints == 0 && withinContent.lastMover == .content)
    }

    @Test(arguments: ScrollHandoffPolicy.allCases)
    func aStretchedSheetReturnsToItsDetentFirst(policy: ScrollHandoffPolicy) {
        // Stretched 30 pt above its last detent (rubber band), content scrolled: back to 800 first.
        let above = Self.split(policy, -50, sheet: 830, content: 300)
        #expect(above.sheetPoints == -30 && above.contentPoints == -20)
        // Stretched 30 pt below its first detent: up to 200 first.
        let below = Self.split(policy, 50, sheet: 170, content: 300)
        #expect(below.sheetPoints - 30 == (policy == .sheetFirst ? 20 : 0))
        #expect(below.sheetPoints + below.contentPoints == 50)
    }

    @Test(arguments: ScrollHandoffPolicy.allCases)
    func whatNeitherCanTakeGoesToTheSheet(policy: ScrollHandoffPolicy) {
        let up = Self.split(policy, 300, sheet: 800, content: 1000)
        #expect(up.sheetPoints == 300 && up.contentPoints == 0 && up.lastMover == .sheet)
        let down = Self.split(policy, -300, sheet: 200, content: 0)
        #expect(down.sheetPoints == -300 && down.contentPoints == 0)
        let fits = Self.split(policy, 300, sheet: 800, content: 0, maximum: -40)   // content shorter than its viewport
        #expect(fits.sheetPoints == 300 && fits.contentPoints == 0)
    }

    /// Seeded random states and movements, stretched sheets and offsets outside the range included:
    /// the parts sum to the movement to rounding, share its sign, and the content stays in range.
    @Test(arguments: ScrollHandoffPolicy.allCases)
    func noPointIsLost(policy: ScrollHandoffPolicy) {
        var random = SplitMix64(seed: 0x5eed)
        func next() -> Double { Double.random(in: 0..<1, using: &random) }
        for _ in 0..<20_000 {
            let movement = (next() - 0.5) * 2000 * (next() < 0.05 ? 1e12 : 1)
            let sheet = next() * 1000 - 100, content = next() * 1200 - 100, maximum = next() * 1100 - 100
            let parts = policy.split(movement, sheetPosition: sheet, sheetRange: Self.range, contentOffset: content, maximumContentOffset: maximum)
            #expect(abs(parts.sheetPoints + parts.contentPoints - movement) <= 1e-12 * max(1, abs(movement)))
            #expect(parts.sheetPoints * movement >= 0 && parts.contentPoints * movement >= 0)
            let after = min(max(content, 0), max(0, maximum)) + parts.contentPoints
            #expect(after >= -1e-9 && after <= max(0, maximum) + 1e-9)
        }
        #expect(policy.split(0, sheetPosition: 400, sheetRange: Self.range, contentOffset: 10, maximumContentOffset: 100)
            == ScrollHandoffSplit(sheetPoints: 0, contentPoints: 0, lastMover: nil))
    }
}
