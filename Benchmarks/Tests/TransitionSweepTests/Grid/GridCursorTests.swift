import Testing
import TransitionSweep

/// `SweepGrid.Cursor` steps through rows as `SweepGrid.point(_:)` numbers them (the definition):
/// from every starting row, across variant, velocity, progress and model-block boundaries.
@Suite struct GridCursorTests {
    static let grids: [[String]] = [
        // Three models of 1, many and 1 variants: blocks of different shapes back to back.
        ["--model", "classic,physics,cupertino", "--release-progress", "0,0.5,1", "--release-velocity", "-1,0,2,3",
         "--response", "0.2,0.5", "--damping-ratio", "0.5,1,2", "--duration", "0.2,0.3"],
        // One model, one variant: the cursor steps velocity then progress only.
        ["--model", "physics", "--release-progress", "0.1,0.9", "--release-velocity", "0.5"],
        // One progress and one velocity: every step changes variant or block.
        ["--model", "physics,classic", "--release-progress", "0.3", "--release-velocity", "1", "--overshoot", "allow,clamp"],
    ]

    @Test(arguments: grids)
    func cursorMatchesPointForEveryStart(flags: [String]) throws {
        let command = try #require(try TransitionSweepCommand.parseAsRoot(flags) as? RunCommand)
        let grid = try command.plan(environment: [:]).grid
        for start in 0..<grid.rowCount {
            var cursor = grid.cursor(from: start)
            for row in start..<grid.rowCount {
                let expected = grid.point(row)
                #expect(cursor.point == expected, "from \(start), row \(row)")
                if cursor.point != expected { return }
                cursor.advance()
            }
        }
    }
}
