import Foundation
import Testing
import TransitionPhysics

/// The listings print, as examples do; run here their lines are dropped, so `make test` shows
/// only its verdict (this file-private function shadows `Swift.print` for the listings below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// The README's library example is the body of `readmeExample()` between the markers, compiled
// and run here. `readmeShowsThisExample` checks that README.md shows exactly those lines
// (after its `import TransitionPhysics` line), so the two cannot drift.

func readmeExample() -> InteractiveTransition {
    // README-EXAMPLE-BEGIN
    // A back swipe (an interactive pop) follows the finger to the right only: a quick, short
    // flick on a 390 pt wide screen, 60 Hz samples, time in seconds, x in points. It travels
    // only 0.27 of the width before the finger lifts.
    let xs: [Double] = [90, 94, 106, 128, 158, 195]
    var samples = xs.indices.map { i in
        TouchSample(time: Double(i) / 60, x: xs[i], phase: i == 0 ? .began : .changed)
    }
    samples.append(TouchSample(time: 0.087, x: 195, phase: .ended))  // lift-off repeats the last x

    var transition = InteractiveTransition(
        mapping: ProgressMapping(travel: 390, toward: .right))  // a back swipe
    transition.pixelsPerPoint = 3                           // done within a pixel of a 3x screen

    // Hand samples over as they come and call advance(to:) once per display frame.
    var pending = samples[...]
    for frameTime in stride(from: 0.0, through: 2, by: 1.0 / 120) {   // a 120 Hz display link
        while let sample = pending.first, sample.time <= frameTime { transition.handle(sample); pending.removeFirst() }
        let frame = transition.advance(to: frameTime)       // progress, velocity, target, events
        for event in frame.events { print(frameTime, event.name) }   // began, releaseDetentChanged, released, completed
        if frame.isAtRest { break }                       // progress is exactly 1 now
    }

    let release = transition.releases[0]
    print(release.state.progress, release.state.velocity)   // 0.27 of the width, travels/s
    print(release.completion.decision)                       // finish: the flick coasts past 0.5
    print(release.completion.curve.velocity(at: 0))          // the finger's velocity: no jump
    print(ClassicPercentDrivenModel().release(release.state).decision)   // cancel: 0.27 < 0.5
    // README-EXAMPLE-END
    return transition
}

@Suite struct ReadmeExampleTests {
    @Test func theExampleDoesWhatTheReadmeSays() {
        var transition = readmeExample()
        let release = transition.releases[0]
        #expect(abs(release.state.progress - 105.0 / 390) < 1e-12)     // 0.27 of the width
        #expect(release.state.velocity > 3)                              // over 3 widths/s rightward
        #expect(release.completion.decision == .finish)
        #expect(release.completion.projectedProgress! >= 0.5)
        #expect(abs(release.completion.curve.velocity(at: 0) - release.state.velocity) < 1e-12)   // no jump
        #expect(ClassicPercentDrivenModel().release(release.state).decision == .cancel)
        // The frame loop came to rest exactly at 1.
        let rest = transition.advance(to: 2)
        #expect(rest.isAtRest && rest.progress == 1 && rest.velocity == 0 && rest.events.isEmpty)
    }

    /// "Use in an app" states the minimum platforms of Package.swift, in words and in the
    /// manifest listing, and the products it names exist.
    @Test func readmeStatesThePackagesPlatformsAndProducts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let platformsLine = try #require(manifest.split(separator: "\n").first { $0.contains("platforms:") })
        let names = ["macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"]
        var words: [String] = []
        var rest = platformsLine[...]
        while let dot = rest.range(of: ".") {
            let name = rest[dot.upperBound...].prefix { $0.isLetter }
            rest = rest[dot.upperBound...]
            guard let word = names[String(name)], let version = rest.range(of: "(.v") else { continue }
            let number = rest[version.upperBound...].prefix { $0.isNumber || $0 == "_" }.replacingOccurrences(of: "_", with: ".")
            words.append("\(word) \(number)")
            rest = rest[version.upperBound...]
        }
        #expect(words == ["macOS 13", "iOS 16", "tvOS 16", "watchOS 9", "visionOS 1"], "read \(words) from \(platformsLine)")
        let stated = words.dropLast().joined(separator: ", ") + " or " + words.last!
        #expect(readme.replacingOccurrences(of: "\n", with: " ").contains("needs \(stated)"), "README.md must state: needs \(stated)")
        #expect(readme.contains("platforms: [.iOS(.v16), .macOS(.v13)]"))
        #expect(readme.components(separatedBy: "\n").count < 200, "README.md must stay under 200 lines")
        for product in ["TransitionPhysics", "TransitionPhysicsUIKit"] {
            #expect(manifest.contains(".library(name: \"\(product)\""))
            #expect(readme.contains(".product(name: \"\(product)\", package: \"TransitionPhysics\")"))
        }
        #expect(manifest.contains("name: \"TransitionPhysics\","), "the package name README's package: argument uses")
    }

    @Test func readmeShowsThisExample() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: testFile, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(where: { $0.contains("README-EXAMPLE-BEGIN") }),
            let end = lines.firstIndex(where: { $0.contains("README-EXAMPLE-END") })
        else {
            Issue.record("markers missing")
            return
        }
        let body = lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
        let expected = "```swift\nimport TransitionPhysics\n\n" + body.joined(separator: "\n") + "\n```"
        #expect(readme.contains(expected), "README.md must show the example exactly as in \(testFile.lastPathComponent)")
    }
}
