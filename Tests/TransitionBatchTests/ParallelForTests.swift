import Dispatch
import Synchronization
import Testing
@testable import TransitionBatch

/// `parallelFor` runs every item exactly once, whatever the count and the thread count, and a
/// worker done with its own share takes over a slow worker's rest (`WorkShares`).
struct ParallelForTests {
    /// Per item, how many times it ran.
    final class Runs: @unchecked Sendable {
        let counts: UnsafeMutableBufferPointer<Int>
        /// Whether the slow item gave up waiting.
        let timedOut = Atomic<Bool>(false)
        init(_ count: Int) { counts = .allocate(capacity: count); counts.initialize(repeating: 0) }
        deinit { counts.deallocate() }
    }

    @Test(arguments: [0, 1, 2, 3, 7, 16, 782, 1001])
    func everyItemRunsOnce(count: Int) {
        for threads in [1, 2, 3, 4, 8, 13] {
            let runs = Runs(count)
            parallelFor(count, threads: threads) { i in runs.counts[i] += 1 }
            #expect(runs.counts.allSatisfy { $0 == 1 }, "count \(count), threads \(threads)")
        }
    }

    @Test func sharesAreContiguousAndCoverTheItems() {
        for count in [0, 1, 5, 100, 782] {
            for workers in 1...9 {
                let ranges = (0..<workers).map { workShare($0, count: count, workers: workers) }
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
                #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                #expect(ranges.allSatisfy { $0.count == count / workers || $0.count == count / workers + 1 })
            }
        }
    }

    /// Worker 0's first item blocks until every item of worker 0's share but that one has run:
    /// only a worker that takes over the rest of share 0 lets it finish (with fixed shares this
    /// would never end; the semaphore's timeout fails the test instead). Needs two cores, so that
    /// Dispatch runs both workers at once.
    @Test(.enabled(if: BatchIntegrator.coreCount >= 2))
    func aDoneWorkerTakesOverASlowWorkersShare() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let count = 40, workers = 2
            let share0 = workShare(0, count: count, workers: workers)
            let restOfShare0 = DispatchSemaphore(value: 0)
            let runs = Runs(count)
            parallelFor(count, threads: workers) { i in
                if i == share0.lowerBound {
                    for _ in share0.dropFirst() where restOfShare0.wait(timeout: .now() + 30) == .timedOut {
                        runs.timedOut.store(true, ordering: .relaxed)
                        break
                    }
                } else if share0.contains(i) {
                    restOfShare0.signal()
                }
                runs.counts[i] += 1
            }
            let gaveUp = runs.timedOut.load(ordering: .relaxed)
            #expect(!gaveUp)
            #expect(runs.counts.allSatisfy { $0 == 1 })
        }
    }
}
