// swift-tools-version: 6.0
//
// The UIKit listings of docs/uikit-adapter.md and of the DocC article "Replacing a percent-driven
// transition", as compiled code: a package of its own (apps never see it), depending on the
// library by path. Apple CI (.github/workflows/apple.yml) builds it for the iOS Simulator in
// Swift 6 language mode; on Linux and macOS the sources are empty (`#if canImport(UIKit)`).
// Tests/TransitionPhysicsTests/Docs/ArticleListingTests.swift checks every listing appears
// verbatim in Sources/UIKitExamples, so the documents cannot drift from what CI compiles.
import PackageDescription

let package = Package(
    name: "UIKitExamples",
    platforms: [.iOS(.v16)],
    products: [.library(name: "UIKitExamples", targets: ["UIKitExamples"])],
    dependencies: [.package(name: "TransitionPhysics", path: "../../..")],
    targets: [
        .target(
            name: "UIKitExamples",
            dependencies: [
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionPhysicsUIKit", package: "TransitionPhysics"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
