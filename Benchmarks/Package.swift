// swift-tools-version: 6.0
//
// The tools: `transition-sweep` (the parameter-sweep CLI) and `transition-bench` (the benchmark
// runner), a package of their own (as swift-nio keeps its benchmarks in Benchmarks/Package.swift)
// so that their dependencies, swift-argument-parser and swift-crypto, never reach an app that
// depends on the library package at the top level. `make release` builds them here and links
// them into the top level's .build/release, where scripts and users call them.
//
//   Sources/TransitionSweep    the `transition-sweep` command (a library, so tests call `parse`)
//   Sources/transition-sweep   its one-line executable
//   Sources/TransitionBench    the `transition-bench` runner (behaviour and throughput)
//   Sources/transition-bench   its one-line executable
import PackageDescription

let package = Package(
    name: "TransitionPhysicsTools",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "transition-sweep", targets: ["transition-sweep"]),
        .executable(name: "transition-bench", targets: ["transition-bench"]),
    ],
    dependencies: [
        .package(name: "TransitionPhysics", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The shard record's SHA-256 of its file (`ShardRecord`): a well-kept digest, not our own.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .target(
            name: "TransitionSweep",
            dependencies: [
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionLab", package: "TransitionPhysics"),
                .product(name: "TransitionBatch", package: "TransitionPhysics"),
                .product(name: "TransitionCSV", package: "TransitionPhysics"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(name: "transition-sweep", dependencies: ["TransitionSweep"]),
        .target(
            name: "TransitionBench",
            dependencies: [
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionLab", package: "TransitionPhysics"),
                .product(name: "TransitionBatch", package: "TransitionPhysics"),
                .product(name: "TransitionTraces", package: "TransitionPhysics"),
                .product(name: "TransitionCSV", package: "TransitionPhysics"),
                "TransitionSweep",
                .product(name: "_NonTemporal", package: "TransitionPhysics"),  // the write-bandwidth probe (MemoryProbe)
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "transition-bench",
            dependencies: ["TransitionBench", "TransitionSweep"]  // TransitionSweep: CommandProcess
        ),
        .testTarget(
            name: "TransitionSweepTests",
            dependencies: [
                "TransitionSweep",
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionLab", package: "TransitionPhysics"),
                .product(name: "TransitionBatch", package: "TransitionPhysics"),
                .product(name: "TransitionCSV", package: "TransitionPhysics"),
            ]
        ),
        .testTarget(
            name: "TransitionBenchTests",
            dependencies: [
                "TransitionBench",
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionLab", package: "TransitionPhysics"),
                .product(name: "TransitionTraces", package: "TransitionPhysics"),
                .product(name: "TransitionCSV", package: "TransitionPhysics"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
