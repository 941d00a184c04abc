import Foundation
import Testing
import ToolTestSupport
import TransitionLab
@testable import TransitionBench

/// `behavior --detent-policies`: the hand-made traces' detents worked out by hand, and the flag
/// refused where its table cannot go.
@Suite struct DetentPolicyComparisonTests {
    /// HandMadeTraces' releases (progress, widths/s): A 0.625 at 0 and B 0.3 at 5 (meant to
    /// finish), C 0.15 at -2.5 and D 0.4 at 0 (meant to cancel). The projected spring projects
    /// v * 0.499 s (normal deceleration): B to about 2.8, C to about -1.1, A and D where they are.
    /// Detents 0, 0.5, 1:
    /// - nearest: A 0.5 (0.625 < 0.75), B 1, C 0, D 0.5 (0.4 >= 0.25);
    /// - one per fling: B stops at 0.5, the first detent above 0.3; the rest as nearest;
    /// - gap 0.25: A goes up (0.625 >= 0.5 + 0.25 * 0.5), the rest as nearest;
    /// - gap 0.75: A stays at 0.5 (0.625 < 0.875), D goes up (0.4 >= 0.375): as nearest.
    ///
    /// The platforms' rules (400 px read as points; 0 expanded, 0.5 collapsed or the middle, 1):
    /// - android-sheet: A at rest is not half the peek below collapsed (0.125 / 0.5 = 0.25), so
    ///   the nearer of expanded and collapsed, 0.5; B moves down from above collapsed: 0.5; C
    ///   moves up: 0; D at rest nearer collapsed: 0.5;
    /// - compose-anchored: A and D at rest go to the nearest, 0.5; B (fast) to the next anchor
    ///   up, 0.5; C (fast) down to 0;
    /// - floatingpanel: A's segment is 0.5 to 1 and it passed 0.25 of it: 0.5; B's projection is
    ///   held to the next segment and passes 0.5: 0.5; C projects past 0: 0; D passed 0.8 of 0
    ///   to 0.5: 0.5;
    /// - android-pager (the detents as pages): A at rest is 0.25 into the page at 0.5, short of
    ///   0.6: 0.5; B is a fling (120 px, 2,000 px/s) on the page at 0: one page, 0.5; C is a
    ///   fling back: 0; D at rest is 0.8 into the page at 0: 0.5.
    @Test func handMadeTracesSettleWhereWorkedOut() throws {
        let url = try HandMadeTraces.write(HandMadeTraces.csv)
        let sets = try TraceSources.recorded([url])
        let rows = DetentPolicyComparison.rows(sets, settings: ReplaySettings())
        #expect(rows.map(\.policy) == ["nearest", "one-per-fling", "gap 0.25", "gap 0.75", "android-sheet", "compose-anchored", "floatingpanel", "android-pager"])
        #expect(rows.map(\.finishAt) == [[0, 1, 1], [0, 2, 0], [0, 0, 2], [0, 1, 1], [0, 2, 0], [0, 2, 0], [0, 2, 0], [0, 2, 0]])
        #expect(rows.map(\.cancelAt) == [[1, 1, 0], [1, 1, 0], [1, 1, 0], [1, 1, 0], [1, 1, 0], [1, 1, 0], [1, 1, 0], [1, 1, 0]])
        let table = DetentPolicyComparison.table(rows)
        #expect(table.contains("hand.csv  one-per-fling            2   0.0 100.0 0.0        2 50.0  50.0 0.0"), "\(table)")
        #expect(table.contains("hand.csv  compose-anchored         2   0.0 100.0 0.0        2 50.0  50.0 0.0"), "\(table)")
        #expect(table.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    @Test func theFlagNeedsTheTextTableAndOneRun() throws {
        for flags in [["--format", "csv"], ["--format", "json"], ["--shard", "1/2", "--format", "csv", "--output", "/tmp/never.csv"]] {
            let result = try Binary.run(
                ["behavior", "--no-recorded", "--synthetic", "10", "--detent-policies"] + flags, executable: Binary.benchURL)
            #expect(result.status == 64 && result.stderr.contains("--detent-policies"), "\(flags): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let result = try Binary.run(["behavior", "--no-recorded", "--synthetic", "200", "--builtin", "physics", "--detent-policies"], executable: Binary.benchURL)
        #expect(result.status == 0)
        #expect(result.text.contains("Detent policies: a sheet with detents 0, 0.5, 1"))
        #expect(result.text.contains("synthetic  one-per-fling"))
    }
}
