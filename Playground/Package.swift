// swift-tools-version: 6.0
//
// transition-playground: a local web page that drags two cards and completes the same flick with
// the classic percent-driven model and with ours, computed by the library's InteractiveTransition.
// A package of its own so the library's users never resolve a web framework.
//
//   Sources/PlaygroundServer        the app (routes, request validation, the replay) and the page
//                                   (Public/: static HTML, CSS and JavaScript modules, a resource)
//   Sources/transition-playground   the executable: flags, then runs the app
//   Tests/PlaygroundServerTests     API tests against the app (HummingbirdTesting)
//   Tests/js                        the page's modules with no DOM under node:test (make playground-js)
//   Tests/browser                   the headless Chromium test (Selenium), run by make playground-test
import PackageDescription

let package = Package(
    name: "TransitionPlayground",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "transition-playground", targets: ["transition-playground"]),
    ],
    dependencies: [
        .package(name: "TransitionPhysics", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "PlaygroundServer",
            dependencies: [
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionLab", package: "TransitionPhysics"),
                .product(name: "TransitionTraces", package: "TransitionPhysics"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [.copy("Public")]
        ),
        .executableTarget(
            name: "transition-playground",
            dependencies: [
                "PlaygroundServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "PlaygroundServerTests",
            dependencies: [
                "PlaygroundServer",
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionLab", package: "TransitionPhysics"),
                .product(name: "TransitionTraces", package: "TransitionPhysics"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
