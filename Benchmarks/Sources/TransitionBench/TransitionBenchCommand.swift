import ArgumentParser

/// `transition-bench`: the benchmark runner. Subcommands measure behaviour (what people get:
/// decisions, velocity jumps, completion times) and throughput (how fast the integrators run).
public struct TransitionBenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "transition-bench",
        abstract: "Benchmarks for TransitionPhysics: release behaviour on recorded and synthetic gestures, and integrator throughput.",
        subcommands: [
            BehaviorCommand.self,
            ThroughputCommand.self,
            EstimatorsCommand.self,
            BehaviorMergeCommand.self,
            FramesCommand.self,
            TracesCommand.self,
        ])

    public init() {}
}
