import Foundation
import Testing

/// The library products an app links have no process-wide side effects and no private runtime
/// symbols: no signal handler, no exit, no exit status, no `@_silgen_name`. The
/// commands own that policy (TransitionSweep's `CommandProcess`). This reads the sources.
@Suite struct LibraryHygieneTests {
    /// The package root (this file is Tests/PackageTests/LibraryHygieneTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The targets behind the library products (TransitionPhysics, TransitionPhysicsUIKit,
    /// TransitionLab, TransitionBatch, TransitionTraces, TransitionCSV) and everything they link:
    /// every folder under Sources/. The commands' own targets, which may install handlers and
    /// choose exit statuses, are in the tools' package (Benchmarks/Sources).
    static let libraryTargets = [
        "TransitionPhysics", "TransitionPhysicsUIKit", "TransitionLab", "TransitionBatch", "TransitionTraces",
        "TransitionCSV", "_CBLAS", "_NonTemporal", "_SIMDKernels",
    ]

    /// A forbidden construct: a call of signal, _exit or exit (not as part of a longer name such
    /// as pthread_cond_signal), sigaction, @_silgen_name, exitCode.
    static let forbidden = try! NSRegularExpression(
        pattern: #"(^|[^A-Za-z0-9_])(signal|_exit|exit)\s*\(|sigaction|@_silgen_name|\bexitCode\b"#,
        options: [.anchorsMatchLines])

    /// "path:line: text" of every forbidden construct in `text`.
    static func violations(in text: String, path: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            if forbidden.firstMatch(in: line, range: range) != nil {
                found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test func everySourceFolderIsClassified() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        #expect(Set(folders) == Set(Self.libraryTargets), "a new target under Sources/ is a library's: a command belongs in Benchmarks/")
    }

    @Test func libraryProductsInstallNoHandlerAndCallNoPrivateSymbol() throws {
        var found: [String] = []
        var files = 0
        for target in Self.libraryTargets {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            guard let walk = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let relative as String in walk where [".swift", ".c", ".h", ".modulemap"].contains(where: relative.hasSuffix) {
                let path = "Sources/\(target)/\(relative)"
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                files += 1
                found += Self.violations(in: text, path: path)
            }
        }
        #expect(files > 50)
        #expect(found == [], "\(found.joined(separator: "\n"))")
    }

    /// The pattern finds what it must and passes what it must (a check of the check).
    @Test func thePatternCatchesTheForbiddenAndOnlyThat() {
        for bad in [
            "signal(SIGXFSZ, SIG_IGN)", "  _exit(128 + n)", "exit(1)", "Foundation.exit(2)", "var action = sigaction()",
            #"@_silgen_name("swift_float64ToString")"#, "public var exitCode: Int32", "if x { _exit (3) }",
        ] {
            #expect(Self.violations(in: bad, path: "x").count == 1, "\(bad)")
        }
        for fine in ["pthread_cond_signal(variable)", "func wakeOne()", "onExit()", "exitStatus(3)", "// exit 128 + N", "isExitCodeLike"] {
            #expect(Self.violations(in: fine, path: "x") == [], "\(fine)")
        }
    }
}
