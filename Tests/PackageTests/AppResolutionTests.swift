import Foundation
import Testing

/// An app that adds this package resolves swift-numerics and nothing else: the tools'
/// dependencies live in Benchmarks/Package.swift, the playground's in Playground/Package.swift.
/// This makes a throwaway app package from the README's "Use in an app" manifest (depending on
/// this checkout by path, linking both app products) with the README's library example as its
/// main.swift, resolves it as SwiftPM does for an app (github.com addresses come from the
/// machine's package mirror, so no network is needed), reads what was resolved, then builds and
/// runs it as pasted.
@Suite struct AppResolutionTests {
    /// The package root (this file is Tests/PackageTests/AppResolutionTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README's "Use in an app" manifest and its library example, as a user pastes them:
    /// the ```swift block that starts with the tools-version line, with the clone's path put where
    /// the README says "../TransitionPhysics", and the block that starts with
    /// `import TransitionPhysics`.
    static func readmeApp(root: URL) throws -> (manifest: String, main: String) {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let manifest = try #require(blocks.first { $0.hasPrefix("// swift-tools-version") })
        let main = try #require(blocks.first { $0.hasPrefix("import TransitionPhysics\n") })
        #expect(manifest.contains("path: \"../TransitionPhysics\""), "the template's active dependency is the clone beside the app")
        return (manifest.replacingOccurrences(of: "path: \"../TransitionPhysics\"", with: "path: \"\(root.path)\""), main)
    }

    /// Runs `swift` with `arguments` in `folder`; its standard output, or a failure with both streams.
    static func swift(_ arguments: [String], in folder: URL, mergingStandardError: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: stdout, as: UTF8.self) + (mergingStandardError ? String(decoding: stderr, as: UTF8.self) : "")
        guard process.terminationStatus == 0 else {
            throw ResolutionFailure(
                description: "swift \(arguments.joined(separator: " ")) exited \(process.terminationStatus):\n"
                    + text + String(decoding: stderr, as: UTF8.self))
        }
        return text
    }

    struct ResolutionFailure: Error, CustomStringConvertible { var description: String }

    /// The identities of every package in a `show-dependencies --format json` tree, below the app.
    static func identities(_ node: [String: Any]) -> [String] {
        let children = node["dependencies"] as? [[String: Any]] ?? []
        return children.flatMap { child in [(child["identity"] as? String ?? "?")] + identities(child) }
    }

    @Test func theReadmesAppBuildsAndResolvesSwiftNumericsAndNothingElse() throws {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("throwaway-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: app) }
        let (manifest, main) = try Self.readmeApp(root: Self.root)
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try main.write(to: app.appendingPathComponent("Sources/MyApp/main.swift"), atomically: true, encoding: .utf8)

        _ = try Self.swift(["package", "resolve"], in: app)
        let json = try Self.swift(["package", "show-dependencies", "--format", "json"], in: app)
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        // A path dependency's identity is its folder's name (the clone's, whatever it is called).
        let resolved = Set(Self.identities(tree))
        #expect(resolved == [Self.root.lastPathComponent.lowercased(), "swift-numerics"], "an app resolved \(resolved.sorted())")

        // What was checked out, whatever the tree says: one folder, swift-numerics.
        let checkouts = try FileManager.default.contentsOfDirectory(atPath: app.appendingPathComponent(".build/checkouts").path)
        #expect(checkouts == ["swift-numerics"], "checked out \(checkouts.sorted())")

        // As pasted, it builds with no warning and runs the example.
        let build = try Self.swift(["build"], in: app, mergingStandardError: true)
        #expect(!build.contains("warning:"), "the app's build warned:\n\(build)")
        let output = try Self.swift(["run", "--skip-build", "MyApp"], in: app)
        #expect(output.contains("finish") && output.contains("cancel") && output.contains("completed"), "the example printed:\n\(output)")
    }
}
