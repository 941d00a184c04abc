import Foundation

/// Computes numbered work items on worker threads and hands them to the caller strictly in
/// order, with at most `window` items computed but not yet consumed: memory stays flat however
/// many items there are, and the consumer sees the same sequence whatever the thread count.
final class OrderedPipeline<Output>: @unchecked Sendable {
    let count: Int
    let threads: Int
    let window: Int
    private let condition = NSCondition()
    private var nextToClaim = 0
    private var nextToConsume = 0
    private var ready: [Int: Output] = [:]
    private var stopped = false
    private var running = 0

    init(count: Int, threads: Int, window: Int) {
        self.count = count
        self.threads = max(1, threads)
        self.window = max(window, self.threads)
    }

    /// Runs `produce` for items 0..<count on the workers and `consume` on the calling thread in
    /// item order. If `consume` throws, the workers stop after their current item and the error
    /// is rethrown once they have all finished.
    func run(produce: @escaping @Sendable (Int) -> Output, consume: (Int, Output) throws -> Void) throws {
        condition.lock()
        running = threads
        condition.unlock()
        for _ in 0..<threads {
            let thread = Thread { [self] in self.work(produce) }
            thread.stackSize = 1 << 22
            thread.start()
        }
        var failure: Error?
        for index in 0..<count {
            condition.lock()
            while ready[index] == nil { condition.wait() }
            let output = ready.removeValue(forKey: index)!
            nextToConsume = index + 1
            condition.broadcast()
            condition.unlock()
            do {
                try consume(index, output)
            } catch {
                failure = error
                break
            }
        }
        condition.lock()
        if failure != nil { stopped = true; condition.broadcast() }
        while running > 0 { condition.wait() }
        ready.removeAll()
        condition.unlock()
        if let failure { throw failure }
    }

    private func work(_ produce: @Sendable (Int) -> Output) {
        condition.lock()
        while true {
            while !stopped && nextToClaim < count && nextToClaim >= nextToConsume + window { condition.wait() }
            if stopped || nextToClaim >= count { break }
            let index = nextToClaim
            nextToClaim += 1
            condition.unlock()
            let output = produce(index)
            condition.lock()
            ready[index] = output
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
