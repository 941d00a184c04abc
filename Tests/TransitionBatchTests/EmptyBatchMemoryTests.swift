import Foundation
import Testing
import TransitionBatch
import TransitionLab
import TransitionPhysics

/// The entry points that hand a batch's columns' base addresses to the kernels
/// (`BatchReleases.withPointers`) must not allocate per call and keep it, empty batch included (an
/// empty column may have no address, and then gets a stand-in that is freed after the call).
/// Measured for real: the process's resident memory (Linux's /proc/self/statm) before and after
/// 200,000 calls on an empty batch. A one-element allocation per column kept per call (11 columns
/// of 32-byte blocks) grows it by about 70 MB: 71.3 MB and 70.4 MB measured with such a leak put in
/// on purpose, against the 8 MB allowed.
@Suite("An empty batch costs no memory per call", .serialized)
struct EmptyBatchMemoryTests {
    static let calls = 200_000
    /// Growth allowed for the allocator's own bookkeeping and the test runner's other threads.
    static let allowedGrowthBytes = 8 << 20

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

    @Test(.enabled(if: residentBytes() != nil, "needs /proc/self/statm (Linux)"))
    func integratorOnAnEmptyBatch() throws {
        let batch = BatchReleases()
        var outcome = BatchOutcome()
        let integrator = BatchIntegrator()
        let grown = try Self.growth { integrator.run(batch, into: &outcome) }
        #expect(grown < Self.allowedGrowthBytes, "resident memory grew by \(grown) bytes over \(Self.calls) runs of an empty batch")
        #expect(outcome.decision.isEmpty)
    }

    @Test(.enabled(if: residentBytes() != nil, "needs /proc/self/statm (Linux)"))
    func visualCompletionOfAnEmptyBatch() throws {
        let batch = BatchReleases()
        var times: [Double] = [0]
        let grown = try Self.growth { times = batch.visualCompletionTimes(tolerance: 0.001) }
        #expect(grown < Self.allowedGrowthBytes, "resident memory grew by \(grown) bytes over \(Self.calls) empty visual completions")
        #expect(times.isEmpty)
    }
}
