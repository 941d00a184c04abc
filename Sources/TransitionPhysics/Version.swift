/// The package's version, defined here once: `TransitionPhysics` and `TransitionPhysicsUIKit`
/// follow semantic versioning (a major version for a removed or changed public declaration, a
/// minor one for an addition), and CHANGELOG.md's newest heading names this version
/// (`VersionTests` checks both, and the README's version requirement). `make api-check` holds
/// the public API to it against the last release (CONTRIBUTING.md, "Cutting a version").
///
/// Not named `TransitionPhysicsVersion`: the symbol graph, and so the documentation and the
/// checked-in API listing, leaves out a module's `<Module>Version...` symbols (the names of the
/// version constants Apple frameworks export).
public enum LibraryVersion {
    /// The version as `major.minor.patch`.
    public static let current = "3.0.0"
}
