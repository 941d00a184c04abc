import Foundation
import Testing
import TransitionBench
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// `transition-bench traces`: each statistic on four hand-made strokes whose values are worked
/// out below, its refusals, and its help's units.
@Suite struct TracesCommandTests {
    /// S1 lifts at a new position 10 ms after its last move; S2 starts with a 50 ms interval,
    /// has two samples in one millisecond at different positions and lifts 1 ms after a move it
    /// repeats, going toward lower x; S3 has 3 samples, passes half the travel (250 of 400 px)
    /// and lifts 60 ms after a move it repeats (rested); S4 first moves 30 px down and 2 px along
    /// its axis (refused by a 10 px lock at ratio 1), then 81 px along it in all, and lifts 10 ms
    /// after a move it repeats.
    static let csv = """
        trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent
        S1,u1,d1,0,100,500,down,400,finish
        S1,u1,d1,17,110,500,move,400,finish
        S1,u1,d1,34,130,500,move,400,finish
        S1,u1,d1,51,160,500,move,400,finish
        S1,u1,d1,61,170,500,up,400,finish
        S2,u1,d1,0,300,500,down,400,finish
        S2,u1,d1,50,280,500,move,400,finish
        S2,u1,d1,50,270,500,move,400,finish
        S2,u1,d1,51,270,500,up,400,finish
        S3,u1,d1,0,100,500,down,400,finish
        S3,u1,d1,20,350,500,move,400,finish
        S3,u1,d1,80,350,500,up,400,finish
        S4,u1,d1,0,100,500,down,400,finish
        S4,u1,d1,20,102,530,move,400,finish
        S4,u1,d1,40,181,540,move,400,finish
        S4,u1,d1,50,181,540,up,400,finish

        """

    @Test func statisticsOfHandMadeStrokes() throws {
        let file = try HandMadeTraces.write(Self.csv, name: "stats.csv")
        let command = try TracesCommand.parse(["--traces", file.path])
        var notes: [String] = []
        let output = try command.report(currentDirectory: file.deletingLastPathComponent()) { notes.append($0) }
        #expect(notes.isEmpty)
        // Intervals 17 17 17 10 | 50 0 1 | 20 60 | 20 20 10: median 17, two of 12 over 40 ms;
        // after each stroke's first interval, one (60) of 8.
        for line in [
            "stats.csv: 4 strokes",
            "sample interval, ms: median 17 of 12",
            "intervals over 40 ms: 16.7% of all; 12.5% of those after the first (touch-down's)",
            "strokes with two samples in one millisecond at different positions: 1",
            "strokes with at most 3 samples (touch-down and lift-off counted): 1",
            // Durations 61, 51, 80, 50; travels 0.175, 0.075, 0.625, 0.2025.
            "stroke duration, touch-down to lift-off, ms: median 56",
            "travel, touch-down to lift-off, fraction of the travel: median 0.189; past half: 25.0%",
            "strokes toward lower x or y along their axis: 25.0%",
            "largest device share: device d1, 100.0%",
            "lift-off at a new position: 1 (25.0% of 4 ups), median 10 ms after the sample before",
            "lift-off repeating a sample at most 25 ms before: 2, median 5.5 ms after it",
            "lift-off repeating an older sample: 1",
            "new position / (new position + repeating): 0.333",
            "meant to finish: 4;",
            "axis lock 10 units, ratio 1: refused 1 (25.0% of those meant to finish)",
        ] {
            #expect(output.contains(line), "\(line)\n\(output)")
        }
        // The finish counts are the lab's replay's (ProjectedSpringModel(), the default estimator).
        let traces = try TraceReader.read(contentsOf: file)
        let runner = GestureRunner(model: ProjectedSpringModel())
        let finished = traces.filter { runner.run($0).completion.decision == .finish }.count
        #expect(output.contains("finished without a lock: \(finished)\n"))
        // A longer repeat window counts S3's up as repeating a move, not as rested.
        let wide = try TracesCommand.parse(["--traces", file.path, "--lift-off-repeat", "100"])
        let widened = try wide.report(currentDirectory: file.deletingLastPathComponent()) { _ in }
        #expect(widened.contains("lift-off repeating a sample at most 100 ms before: 3, median 10 ms after it"))
        #expect(widened.contains("lift-off repeating an older sample: 0"))
    }

    @Test func usageErrors() {
        for arguments in [["--lift-off-repeat", "-1"], ["--lift-off-repeat", "nan"], ["--long-interval", "inf"],
                          ["--lock-slop", "0"], ["--lock-ratios", "1,,2"], ["--lock-ratios", "0"], ["--lock-ratios", "x"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try TracesCommand.parse(arguments) }
        }
    }

    @Test func brokenFileExitsWithDataError() throws {
        let broken = try HandMadeTraces.write(HandMadeTraces.header + "\nA,u1,d1,0,1,2,move,400,finish\n", name: "broken-stats.csv")
        let command = try TracesCommand.parse(["--traces", broken.path])
        let error = try #require(throws: BehaviorError.self) {
            try command.report(currentDirectory: broken.deletingLastPathComponent()) { _ in }
        }
        #expect(error.exitStatus == .dataError)
    }

    @Test func helpNamesUnitsAndRootHasTraces() {
        let help = TracesCommand.helpMessage()
        for unit in ["milliseconds (ms)", "travels per second (travels/s)", "<ms>", "<units>"] {
            #expect(help.contains(unit), "\(unit)")
        }
        #expect(TransitionBenchCommand.configuration.subcommands.contains { $0.configuration.commandName == "traces" })
    }
}
