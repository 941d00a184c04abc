import Foundation
import Testing
import TransitionBatch
import TransitionLab
import TransitionPhysics

/// The entry points that hand a batch's columns' base addresses to the kernels
/// (`BatchReleases.withPointers`) must not allocate per call and keep it, empty batch included
/// (every `LaneColumn` owns a buffer with a base address, an empty one too, so nothing stands in
/// for a missing address). Measured for real: the resident memory (Linux's /proc/self/statm)
/// before and after 200,000 calls on an empty batch. A one-element allocation per column kept per
/// call (11 columns of 32-byte blocks) grows it by about 70 MB: 69.5 MB and 70.4 MB measured in
/// the measuring process with such a leak put in on purpose (both tests fail, and so does the one
/// that starts them), against the 8 MB allowed.
///
/// Resident memory is the whole process's, which the test runner's other suites move when they
/// run in parallel; so the measurement runs in a process of its own: `measuredInAProcessOfItsOwn`
/// starts this test binary again with only this suite selected and `childVariable` set, where
/// the two measuring tests run alone and print what they measured, and fails unless that process
/// passes and printed both.
@Suite("An empty batch costs no memory per call", .serialized)
struct EmptyBatchMemoryTests {
    static let calls = 200_000
    /// Growth allowed for the allocator's own bookkeeping.
    static let allowedGrowthBytes = 8 << 20
    /// Set in the process the measurement runs in.
    static let childVariable = "TRANSITION_BATCH_EMPTY_BATCH_MEASUREMENT"
    static var inChild: Bool { ProcessInfo.processInfo.environment[childVariable] == "1" }
    /// The lines each measuring test prints, which the parent looks for.
    static let markers = ["empty-batch integrator growth:", "empty-batch visual completion growth:"]

    /// Resident bytes of this process, or nil where /proc is not there.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func growth(of body: () -> Void) throws -> Int {
        body()  // the first call's one-time allocations (thread pools, caches) are not growth
        let before = try #require(residentBytes())
        for _ in 0..<calls { body() }
        return try #require(residentBytes()) - before
    }

    @Test(.enabled(if: !inChild && residentBytes() != nil, "needs /proc (Linux); in the measuring process, the measurements run instead"))
    func measuredInAProcessOfItsOwn() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--filter", "EmptyBatchMemoryTests", "--testing-library", "swift-testing"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let report = text.split(separator: "\n").filter { line in Self.markers.contains { line.contains($0) } || line.contains("✘") }
        #expect(process.terminationStatus == 0, "the measuring process failed:\n\(report.joined(separator: "\n"))")
        for marker in Self.markers {
            #expect(text.contains(marker), "the measuring process did not run the test that prints '\(marker)':\n\(text.suffix(2000))")
        }
    }

    @Test(.enabled(if: inChild, "runs in the measuring process that measuredInAProcessOfItsOwn starts"))
    func integratorOnAnEmptyBatch() throws {
        let batch = BatchReleases()
        var outcome = BatchOutcome()
        let integrator = BatchIntegrator()
        let grown = try Self.growth { integrator.run(batch, into: &outcome) }
        print("\(Self.markers[0]) \(grown) bytes over \(Self.calls) runs")
        #expect(grown < Self.allowedGrowthBytes, "resident memory grew by \(grown) bytes over \(Self.calls) runs of an empty batch")
        #expect(outcome.decision.isEmpty)
    }

    @Test(.enabled(if: inChild, "runs in the measuring process that measuredInAProcessOfItsOwn starts"))
    func visualCompletionOfAnEmptyBatch() throws {
        let batch = BatchReleases()
        var times: [Double] = [0]
        let grown = try Self.growth { times = batch.visualCompletionTimes(tolerance: 0.001) }
        print("\(Self.markers[1]) \(grown) bytes over \(Self.calls) calls")
        #expect(grown < Self.allowedGrowthBytes, "resident memory grew by \(grown) bytes over \(Self.calls) empty visual completions")
        #expect(times.isEmpty)
    }
}
