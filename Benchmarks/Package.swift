// swift-tools-version: 6.0
//
// The tools: `transition-sweep` (the parameter-sweep CLI) and `transition-bench` (the benchmark
// runner), a package of their own (as swift-nio keeps its benchmarks in Benchmarks/Package.swift)
// so that their dependency, swift-argument-parser, never reaches an app that depends on the
// library package at the top level. `make release` builds them here and links
// them into the top level's .build/release, where scripts and users call them.
//
//   Sources/TransitionSweep    the `transition-sweep` command (a library, so tests call `parse`)
//   Sources/transition-sweep   its one-line executable
//   Sources/TransitionBench    the `transition-bench` runner (behaviour and throughput)
//   Sources/transition-bench   its one-line executable
//   Sources/_CZlib             system-library shim for the system's zlib (the shard record's CRC-32)
//   Sources/_Partition         C: the behaviour table's quantile partition, AVX-512/AVX2 at run time
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
    ],
    targets: [
        // The shard record's CRC-32 of its file (`ShardRecord`): zlib's, a well-kept checksum
        // that needs no compiling (swift-crypto's BoringSSL was most of the build).
        .systemLibrary(
            name: "_CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The partition step of the behaviour table's quantile selection, with the vector
        // instructions the CPU has (chosen at run time).
        .target(name: "_Partition"),
        .target(
            name: "TransitionSweep",
            dependencies: [
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionLab", package: "TransitionPhysics"),
                .product(name: "TransitionBatch", package: "TransitionPhysics"),
                .product(name: "TransitionCSV", package: "TransitionPhysics"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "_CZlib",
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
                "_Partition",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "transition-bench",
            dependencies: ["TransitionBench", "TransitionSweep"]  // TransitionSweep: CommandProcess
        ),
        // What both test targets share: running the built commands, the fuzz's seeded picks.
        .target(
            name: "ToolTestSupport",
            dependencies: [.product(name: "TransitionLab", package: "TransitionPhysics")],
            path: "Tests/ToolTestSupport"
        ),
        .testTarget(
            name: "TransitionSweepTests",
            dependencies: [
                "TransitionSweep",
                "ToolTestSupport",
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
                "ToolTestSupport",
                "TransitionSweep",  // ExitStatus
                "_Partition",  // every instruction set's partition against the rule
                .product(name: "TransitionPhysics", package: "TransitionPhysics"),
                .product(name: "TransitionLab", package: "TransitionPhysics"),
                .product(name: "TransitionTraces", package: "TransitionPhysics"),
                .product(name: "TransitionCSV", package: "TransitionPhysics"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
