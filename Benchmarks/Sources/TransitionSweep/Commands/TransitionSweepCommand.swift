import ArgumentParser
import TransitionPhysics

/// `transition-sweep`: evaluates release models over a grid of releases and parameters and
/// writes one CSV row per grid point. Subcommands: `run` (the default) and `merge`.
public struct TransitionSweepCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "transition-sweep",
        abstract: "Sweep release models over a grid of releases and parameters; write CSV.",
        discussion: """
            `transition-sweep [run] [options]` writes the grid (see `transition-sweep run --help` \
            for every flag, its unit and default); `transition-sweep merge` joins shard files.

            Exit status: \(ExitStatus.helpText())
            """,
        version: "transition-sweep \(version)",
        subcommands: [RunCommand.self, MergeCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// The tool's version, which each shard record carries (`RunIdentity.tool`): the package's
    /// (`LibraryVersion.current`, raised with any change to what a row holds), so shards
    /// of two versions are never merged.
    public static let version = LibraryVersion.current

    public init() {}
}
