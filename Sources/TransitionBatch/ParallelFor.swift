import Dispatch
import Synchronization

/// Runs `body(i)` for every i in 0..<count on `threads` threads; with one thread, in order on the
/// caller's. Each result depends only on its item, so every thread count and order gives the same
/// bits.
///
/// Worker w runs its own contiguous share of the items (`WorkShares`), front to back, then helps
/// the workers still busy from the front of what is left of their shares. So the workers write far
/// apart (neighbouring items share the outcome columns' cache lines at their edges: handed out in
/// turn by Dispatch, both cores wrote those lines and restarted their streams at every item), each
/// reads its columns as one stream, and a worker slowed by other load is still helped
/// (docs/throughput.md has the two schedules alternated). Where `Atomic` is not available
/// (Apple systems before 2024), the shares are fixed.
func parallelFor(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    if count == 0 { return }
    let workers = min(threads, count)
    if workers <= 1 {
        for i in 0..<count { body(i) }
        return
    }
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        let shares = WorkShares(count: count, workers: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            for k in 0..<workers {
                let share = (w + k) % workers
                while let i = shares.claim(in: share) { body(i) }
            }
        }
    } else {
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            for i in workShare(w, count: count, workers: workers) { body(i) }
        }
    }
}

/// Worker w's share of 0..<count: the w-th of `workers` contiguous ranges, sizes differing by at
/// most one.
func workShare(_ w: Int, count: Int, workers: Int) -> Range<Int> {
    (w * count / workers)..<((w + 1) * count / workers)
}

/// The items of each worker's share not yet claimed, claimed one at a time by atomic increments
/// (by the share's worker, then by any other that is done with its own).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class WorkShares: Sendable {
    /// One share's next unclaimed item and its end, alone on its cache lines (its owner increments
    /// it for every item; padding keeps the other shares' counters off those lines).
    final class Share: Sendable {
        let next: Atomic<Int>
        let end: Int
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        init(_ range: Range<Int>) {
            next = Atomic(range.lowerBound)
            end = range.upperBound
        }
    }

    let shares: [Share]

    init(count: Int, workers: Int) {
        shares = (0..<workers).map { Share(workShare($0, count: count, workers: workers)) }
    }

    /// The next unclaimed item of share `s`, nil when none is left.
    func claim(in s: Int) -> Int? {
        let share = shares[s]
        // Cheap test first: a share already used up is not incremented further.
        if share.next.load(ordering: .relaxed) >= share.end { return nil }
        let i = share.next.wrappingAdd(1, ordering: .relaxed).oldValue
        return i < share.end ? i : nil
    }
}
