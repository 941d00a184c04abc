import Foundation
import Testing

/// An app that adds this package resolves swift-numerics and nothing else (issue 31): the tools'
/// dependencies (swift-argument-parser, swift-crypto) live in Benchmarks/Package.swift, the
/// playground's in Playground/Package.swift. This makes a throwaway app package beside nothing,
/// depending on this checkout by path and linking both app products, resolves it as SwiftPM does
/// for an app (github.com addresses come from the machine's package mirror, so no network is
/// needed), and reads what was resolved.
@Suite struct AppResolutionTests {
    /// The package root (this file is Tests/PackageTests/AppResolutionTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The app's manifest: an executable linking the library and the UIKit adapter.
    static func manifest(root: URL) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "ThrowawayApp",
            platforms: [.macOS(.v13), .iOS(.v16)],
            dependencies: [.package(name: "TransitionPhysics", path: "\(root.path)")],
            targets: [
                .executableTarget(
                    name: "ThrowawayApp",
                    dependencies: [
                        .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                        .product(name: "TransitionPhysicsUIKit", package: "TransitionPhysics"),
                    ]
                )
            ]
        )
        """
    }

    /// Runs `swift` with `arguments` in `folder`; its standard output, or a failure with both streams.
    static func swift(_ arguments: [String], in folder: URL) throws -> String {
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
        let text = String(decoding: stdout, as: UTF8.self)
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

    @Test func anAppResolvesSwiftNumericsAndNothingElse() throws {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("throwaway-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sources/ThrowawayApp"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: app) }
        try Self.manifest(root: Self.root).write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import TransitionPhysics\nprint(ProjectedSpringModel().name)\n".write(
            to: app.appendingPathComponent("Sources/ThrowawayApp/main.swift"), atomically: true, encoding: .utf8)

        _ = try Self.swift(["package", "resolve"], in: app)
        let json = try Self.swift(["package", "show-dependencies", "--format", "json"], in: app)
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        // A path dependency's identity is its folder's name (the clone's, whatever it is called).
        let resolved = Set(Self.identities(tree))
        #expect(resolved == [Self.root.lastPathComponent.lowercased(), "swift-numerics"], "an app resolved \(resolved.sorted())")

        // What was checked out, whatever the tree says: one folder, swift-numerics.
        let checkouts = try FileManager.default.contentsOfDirectory(atPath: app.appendingPathComponent(".build/checkouts").path)
        #expect(checkouts == ["swift-numerics"], "checked out \(checkouts.sorted())")
    }
}
