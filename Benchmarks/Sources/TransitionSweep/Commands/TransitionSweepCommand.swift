import ArgumentParser

/// `transition-sweep`: evaluates release models over a grid of releases and parameters and
/// writes one CSV row per grid point. Subcommands: `run` (the default) and `merge`.
public struct TransitionSweepCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "transition-sweep",
        abstract: "Sweep release models over a grid of releases and parameters; write CSV.",
        discussion: """
            `transition-sweep [run] [options]` writes the grid (see `transition-sweep run --help` \
            for every flag, its unit and default); `transition-sweep merge` joins shard files.

            Exit status: 0 success; 64 bad input (flag and value named, no file created); \
            65 shard files that do not fit together or do not make a complete set (the file and line, or the missing shards, named); 66 an input file (spec, shard, shard record) cannot be opened or read, or is not a regular file; \
            73 an output file cannot be created; 74 a read or write error; \
            128 + N stopped by signal N. After any failure no partial output file is left and \
            an earlier file at the target is untouched.
            """,
        subcommands: [RunCommand.self, MergeCommand.self],
        defaultSubcommand: RunCommand.self
    )

    public init() {}
}
