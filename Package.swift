// swift-tools-version: 6.0
//
// TransitionPhysics: interactive screen transitions driven by a spring-damper and velocity
// projection, measured against UIKit's linear percent-driven behaviour.
//
// This package is what an app depends on, and it depends on swift-numerics only: an app that
// adds it resolves nothing else (AppResolutionTests). The command-line tools live in a package of
// their own, Benchmarks/ (transition-sweep, transition-bench, with swift-argument-parser), and
// the playground in Playground/; both depend on this one by path.
//
// The folder tree is the map:
//   Sources/TransitionPhysics       the app's library: springs, curves, projection, gestures,
//                                   velocity, release models, the frame driver and its events;
//                                   imports no Foundation, builds for Linux and Apple platforms
//   Sources/TransitionPhysicsUIKit  the thin UIKit adapter (UIKit only; empty on Linux)
//   Sources/TransitionLab           for tools and researchers: the parameter table, built-in model
//                                   kinds and presets, gesture replay and its outcome, completion
//                                   metrics, synthetic gestures
//   Sources/TransitionBatch         the vectorized batch integrator (scalar, SIMD, BLAS backends)
//   Sources/_CBLAS                  system-library shim for the CBLAS of libblas-dev (Linux only)
//   Sources/_NonTemporal            C helper: non-temporal stores for trajectory output
//   Sources/_SIMDKernels            C helper: the batch's elementary functions, AVX2+FMA at run time
//   Sources/TransitionCSV           the one output path: atomic file writer, number format, CSV
//                                   writer (no Foundation); the sweep, traces and bench write through it
//   Sources/TransitionTraces        trace CSV reading and writing (Foundation, kept apart from the core)
// Targets whose names start with an underscore are not API (no stability promise); _NonTemporal
// is a product only because the tools' package calls its stores (ARCHITECTURE.md).
import PackageDescription

let package = Package(
    name: "TransitionPhysics",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // What an app links.
        .library(name: "TransitionPhysics", targets: ["TransitionPhysics"]),
        .library(name: "TransitionPhysicsUIKit", targets: ["TransitionPhysicsUIKit"]),
        // What the tools and researchers link.
        .library(name: "TransitionLab", targets: ["TransitionLab"]),
        .library(name: "TransitionBatch", targets: ["TransitionBatch"]),
        .library(name: "TransitionTraces", targets: ["TransitionTraces"]),
        .library(name: "TransitionCSV", targets: ["TransitionCSV"]),
        // Not API: the tools' package (the throughput runner's bandwidth probe, the behaviour table's
        // outcome chunks) calls its non-temporal stores.
        .library(name: "_NonTemporal", targets: ["_NonTemporal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // MARK: What an app links
        .target(
            name: "TransitionPhysics",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        // The UIKit glue: compiles only where UIKit exists (an empty module on Linux).
        .target(name: "TransitionPhysicsUIKit", dependencies: ["TransitionPhysics"]),

        // MARK: The laboratory
        .target(name: "TransitionLab", dependencies: ["TransitionPhysics"]),
        .systemLibrary(
            name: "_CBLAS",
            pkgConfig: "blas",
            providers: [.apt(["libblas-dev"])]
        ),
        .target(name: "_NonTemporal"),
        // The batch's elementary functions (e^x, sin and cos, floor, sqrt of 16 lanes), compiled for x86-64's baseline and for AVX2+FMA
        // and chosen at run time (a plain `swift build` has no -target-cpu).
        .target(name: "_SIMDKernels"),
        .target(
            name: "TransitionBatch",
            dependencies: [
                "TransitionPhysics",
                "TransitionLab",
                "_NonTemporal",
                "_SIMDKernels",
                .target(name: "_CBLAS", condition: .when(platforms: [.linux])),
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        .target(name: "TransitionCSV"),
        .target(name: "TransitionTraces", dependencies: ["TransitionPhysics", "TransitionLab", "TransitionCSV"]),

        // MARK: Tests (one target per library target; ARCHITECTURE.md, "Where the tests are")
        .testTarget(
            name: "TransitionPhysicsTests",
            // TransitionLab: the tests measure completions with its metrics and replay gestures with its runner.
            dependencies: ["TransitionPhysics", "TransitionLab", .product(name: "RealModule", package: "swift-numerics")],
            // The frame traces' expected files, read by FrameTraceTests from the source tree.
            exclude: ["FrameTraces/Expected"]
        ),
        .testTarget(name: "TransitionLabTests", dependencies: ["TransitionLab", "TransitionPhysics"]),
        .testTarget(name: "TransitionBatchTests", dependencies: ["TransitionBatch", "TransitionLab", "TransitionPhysics"]),
        .testTarget(name: "TransitionCSVTests", dependencies: ["TransitionCSV", "TransitionLab"]),  // TransitionLab: SplitMix64
        // TransitionLab: the axis tests replay traces with its GestureRunner.
        .testTarget(name: "TransitionTracesTests", dependencies: ["TransitionTraces", "TransitionPhysics", "TransitionCSV", "TransitionLab"]),
        // The package as a whole, read from outside: what its libraries may do, what an app resolves.
        .testTarget(name: "PackageTests"),
    ],
    swiftLanguageModes: [.v6]
)
