import Foundation
import Testing

/// `TransitionEvent` can gain kinds in a minor version without breaking an app that switches over
/// the events as its documentation says (with `@unknown default`). This builds a throwaway app
/// whose main.swift runs the example in TransitionEvent's doc comment (the switch, as an app
/// copies it) against a copy of the library: first as it is, with no warning; then with one
/// kind added to the copy's `TransitionEvent`, where the same app still compiles (Swift warns and
/// names the new case) and runs; and, as a check of the check, the app without its
/// `@unknown default` line fails to compile against that copy.
@Suite struct NewEventKindTests {
    static let root = AppResolutionTests.root
    static let eventFile = "Sources/TransitionPhysics/Interaction/TransitionEvent.swift"
    static let addedCase = "addedInALaterVersion"

    /// The ```swift example in TransitionEvent's doc comment, without its `///` prefixes.
    static func documentedSwitch(in source: String) throws -> String {
        let lines = source.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "/// ```swift"), "TransitionEvent's doc has no ```swift example")
        let end = try #require(lines[(start + 1)...].firstIndex(of: "/// ```"), "the example is not closed")
        return lines[(start + 1)..<end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
    }

    /// The copy's TransitionEvent.swift with one more case, which the library's own switches
    /// over `self` in that file handle (a trap: nothing makes the event).
    static func addingACase(to source: String) throws -> String {
        var lines: [String] = []
        var declared = false
        for line in source.components(separatedBy: "\n") {
            lines.append(line)
            if line.hasPrefix("public enum TransitionEvent") {
                lines.append("    case \(addedCase)")
                declared = true
            } else if line.trimmingCharacters(in: .whitespaces) == "switch self {" {
                lines.append("        case .\(addedCase): fatalError(\"a kind added by NewEventKindTests\")")
            }
        }
        #expect(declared, "TransitionEvent's declaration line was not found")
        return lines.joined(separator: "\n")
    }

    /// An app's main.swift: a flick driven frame by frame, each frame's events through `switch`.
    static func main(switch example: String) -> String {
        """
        import TransitionPhysics

        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, toward: .right))
        let xs: [Double] = [90, 94, 106, 128, 158, 195]
        for (i, x) in xs.enumerated() {
            transition.handle(TouchSample(time: Double(i) / 60, x: x, phase: i == 0 ? .began : .changed))
        }
        transition.handle(TouchSample(time: 0.087, x: 195, phase: .ended))
        for frameTime in stride(from: 0.1, through: 2, by: 1.0 / 120) {
            let frame = transition.advance(to: frameTime)
        \(example)
            if frame.isAtRest { break }
        }

        """
    }

    /// The lines of a build's output that are about the app's own main.swift.
    static func appDiagnostics(_ output: String) -> [String] {
        output.components(separatedBy: "\n").filter { $0.contains("main.swift:") && ($0.contains("warning:") || $0.contains("error:")) }
    }

    @Test func anAppsSwitchWithUnknownDefaultKeepsCompilingWhenAKindIsAdded() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("new-event-kind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let library = work.appendingPathComponent("TransitionPhysics"), app = work.appendingPathComponent("MyApp")
        let files = FileManager.default

        // The library's copy: its sources and a manifest with the one product an app links.
        try files.createDirectory(at: library.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try files.copyItem(
            at: Self.root.appendingPathComponent("Sources/TransitionPhysics"), to: library.appendingPathComponent("Sources/TransitionPhysics"))
        let catalog = library.appendingPathComponent("Sources/TransitionPhysics/TransitionPhysics.docc")
        if files.fileExists(atPath: catalog.path) { try files.removeItem(at: catalog) }  // articles: not the app's concern
        try """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "TransitionPhysics",
                platforms: [.macOS(.v13), .iOS(.v16)],
                products: [.library(name: "TransitionPhysics", targets: ["TransitionPhysics"])],
                dependencies: [.package(url: "https://github.com/apple/swift-numerics", from: "1.1.1")],
                targets: [.target(name: "TransitionPhysics", dependencies: [.product(name: "RealModule", package: "swift-numerics")])]
            )

            """.write(to: library.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        // The app, switching as the documentation shows.
        let eventSource = try String(contentsOf: Self.root.appendingPathComponent(Self.eventFile), encoding: .utf8)
        let example = try Self.documentedSwitch(in: eventSource)
        #expect(example.contains("@unknown default"), "the documented switch has no @unknown default:\n\(example)")
        try files.createDirectory(at: app.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
        try """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "MyApp",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(name: "TransitionPhysics", path: "../TransitionPhysics")],
                targets: [.executableTarget(name: "MyApp", dependencies: [.product(name: "TransitionPhysics", package: "TransitionPhysics")])]
            )

            """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let mainFile = app.appendingPathComponent("Sources/MyApp/main.swift")
        try Self.main(switch: example).write(to: mainFile, atomically: true, encoding: .utf8)

        // As released: it builds with no warning about the switch, and runs.
        let before = try AppResolutionTests.swift(["build"], in: app, mergingStandardError: true)
        #expect(Self.appDiagnostics(before) == [], "the documented switch drew diagnostics:\n\(before)")
        let ran = try AppResolutionTests.swift(["run", "--skip-build", "MyApp"], in: app)
        #expect(ran.contains("going to") && ran.contains("at rest at"), "the app printed:\n\(ran)")

        // One kind more in the library: the same app still compiles (a warning names the new
        // case) and runs.
        let eventCopy = library.appendingPathComponent(Self.eventFile)
        try Self.addingACase(to: eventSource).write(to: eventCopy, atomically: true, encoding: .utf8)
        let after = try AppResolutionTests.swift(["build"], in: app, mergingStandardError: true)
        let warnings = Self.appDiagnostics(after)
        // (The compiler reports it twice: once emitting the module, once compiling the file.)
        #expect(!warnings.isEmpty && warnings.allSatisfy { $0.contains("warning: switch must be exhaustive") }, "after a kind was added:\n\(after)")
        #expect(after.contains("add missing case: '.\(Self.addedCase)'"), "the warning does not name the new kind:\n\(after)")
        let ranAfter = try AppResolutionTests.swift(["run", "--skip-build", "MyApp"], in: app)
        #expect(ranAfter == ran, "the app printed other events after a kind was added:\n\(ranAfter)")

        // Without @unknown default, the same addition breaks the app's build.
        let exhaustiveOnly = example.components(separatedBy: "\n").filter { !$0.contains("@unknown default") }.joined(separator: "\n")
        try Self.main(switch: exhaustiveOnly).write(to: mainFile, atomically: true, encoding: .utf8)
        var failure = ""
        do {
            _ = try AppResolutionTests.swift(["build"], in: app, mergingStandardError: true)
        } catch let error as AppResolutionTests.ResolutionFailure {
            failure = error.description
        }
        #expect(Self.appDiagnostics(failure).contains { $0.contains("error: switch must be exhaustive") },
                "an exhaustive switch without @unknown default built against the added kind:\n\(failure)")
    }
}
