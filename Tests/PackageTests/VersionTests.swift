import Foundation
import Testing

/// The package's version is defined once (`LibraryVersion.current` in
/// Sources/TransitionPhysics/Version.swift); CHANGELOG.md's newest version heading and the README's
/// version requirement name the same version, and it is semantic (major.minor.patch).
@Suite struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first string literal after `marker` in `text`.
    static func literal(after marker: String, in text: String) -> String? {
        guard let start = text.range(of: marker)?.upperBound,
              let open = text[start...].firstIndex(of: "\""),
              let close = text[text.index(after: open)...].firstIndex(of: "\"") else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    @Test func theVersionIsSemanticAndNamedAlikeEverywhere() throws {
        let version = try #require(Self.literal(after: "static let current", in: try Self.text("Sources/TransitionPhysics/Version.swift")))
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(version) is not major.minor.patch")

        let changelog = try Self.text("CHANGELOG.md")
        // An `## Unreleased` heading on top collects what is merged but not yet released.
        let newest = try #require(
            changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" }, "CHANGELOG.md has no version heading")
        #expect(newest.dropFirst(3).split(separator: " ").first.map(String.init) == version,
                "CHANGELOG.md's newest heading, \(newest), is not \(version)")

        let readme = try Self.text("README.md")
        let requirement = try #require(Self.literal(after: "TransitionPhysics.git\", from:", in: readme), "the README's template has no version requirement")
        #expect(requirement == version, "the README asks for from: \(requirement), the package is \(version)")
        #expect(!readme.contains("branch: \"main\""), "a package that depends on a branch cannot be depended on by version")
    }

    @Test func theSweepCarriesThePackagesVersion() throws {
        let sweep = try Self.text("Benchmarks/Sources/TransitionSweep/Commands/TransitionSweepCommand.swift")
        #expect(sweep.contains("static let version = LibraryVersion.current"))
    }
}
