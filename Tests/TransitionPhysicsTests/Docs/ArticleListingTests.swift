import Foundation
import Testing

// Every ```swift block of the DocC articles must appear verbatim (at some indentation) in its
// catalog's snippet test files (the catalog's ArticleSnippetTests.swift and any other
// *SnippetTests.swift beside it), where it is compiled and run, or, for a UIKit listing, in the
// UIKit examples (docs/examples/UIKitExamples, compiled for the iOS Simulator by Apple CI):
// editing a listing without editing the compiled code fails here. docs/uikit-adapter.md's
// listings must all be UIKit examples.

@Suite struct ArticleListingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of a Markdown text, each as its lines.
    static func swiftBlocks(_ markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Whether `block` appears in `source` as consecutive lines, all indented alike.
    static func contains(_ source: String, _ block: [String]) -> Bool {
        ["", "    ", "        "].contains { indent in
            let text = block.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
            return source.contains("\n" + text + "\n")
        }
    }

    @Test(arguments: [
        ("Sources/TransitionPhysics/TransitionPhysics.docc", "Tests/TransitionPhysicsTests/Docs/ArticleSnippetTests.swift"),
        ("Sources/TransitionLab/TransitionLab.docc", "Tests/TransitionLabTests/Docs/ArticleSnippetTests.swift"),
        ("Sources/TransitionBatch/TransitionBatch.docc", "Tests/TransitionBatchTests/Docs/ArticleSnippetTests.swift"),
    ])
    func everyListingIsTestedCode(catalog: String, snippets: String) throws {
        // The catalog's snippet file and its neighbours named *SnippetTests.swift (an article's
        // own file, such as ScrollHandoffArticleSnippetTests.swift).
        let snippetFolder = Self.root.appendingPathComponent(snippets).deletingLastPathComponent()
        let snippetFiles = try FileManager.default.contentsOfDirectory(atPath: snippetFolder.path)
            .filter { $0.hasSuffix("SnippetTests.swift") }.sorted()
        #expect(snippetFiles.contains(Self.root.appendingPathComponent(snippets).lastPathComponent))
        let source = try snippetFiles.map {
            try String(contentsOf: snippetFolder.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n") + "\n" + Self.uikitExamples()
        let folder = Self.root.appendingPathComponent(catalog)
        let articles = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        #expect(!articles.isEmpty)
        var listings = 0
        for article in articles.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(article), encoding: .utf8)
            for (i, block) in Self.swiftBlocks(text).enumerated() {
                listings += 1
                #expect(Self.contains(source, block), "\(catalog)/\(article): listing \(i + 1) is not in \(snippets)")
            }
        }
        #expect(listings > 0)
    }

    /// The sources of the UIKit examples' package, joined.
    static func uikitExamples() throws -> String {
        let folder = root.appendingPathComponent("docs/examples/UIKitExamples/Sources/UIKitExamples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func everyUIKitAdapterListingIsACompiledExample() throws {
        let source = try Self.uikitExamples()
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/uikit-adapter.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(text)
        #expect(blocks.count >= 6)
        for (i, block) in blocks.enumerated() {
            #expect(Self.contains(source, block), "docs/uikit-adapter.md: listing \(i + 1) is not in docs/examples/UIKitExamples")
        }
    }

    @Test func theCatalogsHaveTheArticlesTheReadmeLinks() {
        let files = [
            "Sources/TransitionPhysics/TransitionPhysics.docc/GettingStarted.md",
            "Sources/TransitionPhysics/TransitionPhysics.docc/ReplacingPercentDrivenTransition.md",
            "Sources/TransitionPhysics/TransitionPhysics.docc/ChoosingASpring.md",
            "Sources/TransitionPhysics/TransitionPhysics.docc/DetentsAndRetargeting.md",
            "Sources/TransitionLab/TransitionLab.docc/SweepsAtScale.md",
            "Sources/TransitionLab/TransitionLab.docc/HowTheBenchmarkMeasures.md",
            "Sources/TransitionBatch/TransitionBatch.docc/SimulatingMillionsOfReleases.md",
        ]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path), "\(file) missing")
        }
    }
}
