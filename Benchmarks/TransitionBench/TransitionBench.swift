// TEMPORARY (batch branch): the root command is owned by the benchmark issue's branch. It needs
// `subcommands: [ThroughputCommand.self, ...]`; this stand-in only lets
// `transition-bench throughput` run here.
import ArgumentParser

public struct TransitionBenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "transition-bench",
        abstract: "Benchmarks for TransitionPhysics.",
        subcommands: [ThroughputCommand.self])

    public init() {}
}
