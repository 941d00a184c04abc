// swift-tools-version: 6.0
//
// TransitionPhysics: interactive screen transitions driven by a spring-damper and velocity
// projection, measured against UIKit's linear percent-driven behaviour.
//
// The folder tree is the map:
//   Sources/TransitionPhysics   the numeric core (springs, curves, projection, gestures, release
//                               models); imports no Foundation, builds for Linux and Apple platforms
//   Sources/TransitionPhysicsUIKit  the thin UIKit adapter (UIKit only; empty on Linux)
//   Sources/TransitionBatch     the vectorized batch integrator (scalar, SIMD, BLAS backends)
//   Sources/_CBLAS              system-library shim for the CBLAS of libblas-dev (Linux only)
//   Sources/_NonTemporal        C helper: non-temporal stores for trajectory output
//   Sources/_SIMDKernels        C helper: the batch's elementary functions, AVX2+FMA chosen at run time
//   Sources/TransitionCSV       the one output path: atomic file writer, number format, CSV
//                               writer (no Foundation); the sweep, traces and bench write through it
//   Sources/TransitionTraces    trace CSV reading and writing (uses Foundation, kept apart from the core)
//   Sources/TransitionSweep     the `transition-sweep` command (library, so tests call `parse`;
//                               swift-crypto's SHA-256 for the shard records)
//   Sources/transition-sweep    its one-line executable
//   Benchmarks/                 the `transition-bench` runner (behaviour and throughput)
// Targets whose names start with an underscore are not API.
import PackageDescription

let package = Package(
    name: "TransitionPhysics",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "TransitionPhysics", targets: ["TransitionPhysics"]),
        .library(name: "TransitionPhysicsUIKit", targets: ["TransitionPhysicsUIKit"]),
        .library(name: "TransitionBatch", targets: ["TransitionBatch"]),
        .library(name: "TransitionTraces", targets: ["TransitionTraces"]),
        .executable(name: "transition-sweep", targets: ["transition-sweep"]),
        .executable(name: "transition-bench", targets: ["transition-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The shard record's SHA-256 of its file (`ShardRecord`): a well-kept digest, not our own.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // `make docs`: the DocC catalogs into a static site (swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Library
        .target(
            name: "TransitionPhysics",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        // The UIKit glue: compiles only where UIKit exists (an empty module on Linux).
        .target(name: "TransitionPhysicsUIKit", dependencies: ["TransitionPhysics"]),
        .systemLibrary(
            name: "_CBLAS",
            pkgConfig: "blas",
            providers: [.apt(["libblas-dev"])]
        ),
        .target(name: "_NonTemporal"),
        // The closed form's elementary functions, compiled for x86-64's baseline and for AVX2+FMA
        // and chosen at run time (a plain `swift build` has no -target-cpu).
        .target(name: "_SIMDKernels"),
        .target(
            name: "TransitionBatch",
            dependencies: [
                "TransitionPhysics",
                "_NonTemporal",
                "_SIMDKernels",
                .target(name: "_CBLAS", condition: .when(platforms: [.linux])),
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        .target(name: "TransitionCSV"),
        .target(name: "TransitionTraces", dependencies: ["TransitionPhysics", "TransitionCSV"]),

        // MARK: Command-line tools
        .target(
            name: "TransitionSweep",
            dependencies: [
                "TransitionPhysics",
                "TransitionBatch",
                "TransitionCSV",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(name: "transition-sweep", dependencies: ["TransitionSweep"]),
        .target(
            name: "TransitionBench",
            dependencies: [
                "TransitionPhysics",
                "TransitionBatch",
                "TransitionTraces",
                "TransitionSweep",
                "TransitionCSV",
                "_NonTemporal",  // the write-bandwidth probe (MemoryProbe)
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/TransitionBench"
        ),
        .executableTarget(
            name: "transition-bench",
            dependencies: ["TransitionBench", "TransitionSweep"],  // TransitionSweep: CommandProcess
            path: "Benchmarks/transition-bench"
        ),

        // MARK: Tests
        .testTarget(
            name: "TransitionPhysicsTests",
            dependencies: ["TransitionPhysics", .product(name: "RealModule", package: "swift-numerics")]
        ),
        .testTarget(name: "TransitionBatchTests", dependencies: ["TransitionBatch", "TransitionPhysics"]),
        .testTarget(name: "TransitionCSVTests", dependencies: ["TransitionCSV"]),
        .testTarget(name: "TransitionTracesTests", dependencies: ["TransitionTraces", "TransitionPhysics", "TransitionCSV"]),
        .testTarget(name: "TransitionSweepTests", dependencies: ["TransitionSweep", "TransitionPhysics", "TransitionBatch", "TransitionCSV"]),
        .testTarget(
            name: "TransitionBenchTests", dependencies: ["TransitionBench", "TransitionPhysics", "TransitionTraces", "TransitionCSV"]),
    ],
    swiftLanguageModes: [.v6]
)
