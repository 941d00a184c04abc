import Dispatch
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// Traces from one place: a recorded file (source = its file name) or the synthetic corpus.
public struct TraceSet: Sendable {
    /// The `source` column: the recorded file's name, or `synthetic`.
    public var source: String
    public var traces: [GestureTrace]
    /// Synthetic sets also get one summary row per family (`synthetic/<family>`).
    public var isSynthetic: Bool
    /// Malformed strokes of the recorded file left out (`--skip-invalid-traces`), in file order.
    public var skipped: [SkippedStroke]

    public init(source: String, traces: [GestureTrace], isSynthetic: Bool, skipped: [SkippedStroke] = []) {
        self.source = source
        self.traces = traces
        self.isSynthetic = isSynthetic
        self.skipped = skipped
    }
}

/// Which evaluator computes the outcomes (`--evaluator`). Both give the same outcomes, bit for
/// bit, so the table and the per-trace CSV do not depend on it.
public enum BehaviorEvaluator: String, CaseIterable, Sendable {
    /// `BehaviorLanes`: each trace replayed once per replay up to its release, every model's
    /// decision, completion and metrics as batch lanes (`TransitionBatch`).
    case batch
    /// Every (trace, model) pair replayed through the model's `GestureRunner` (the reference).
    case scalar

    public static let `default`: BehaviorEvaluator = .batch
}

/// The outcomes of a contiguous range of models over every trace of the run (the sets' traces
/// in order), model-major.
public struct BehaviorChunk: Sendable {
    /// Indices into the benchmark's models.
    public var models: Range<Int>
    /// The number of traces, all sets together.
    public var traceCount: Int
    /// `outcomes[(m - models.lowerBound) * traceCount + t]`: model m, trace t.
    public var outcomes: [ReleaseOutcome]

    /// Model `m`'s outcome on trace `t` (of all sets, in order).
    public func outcome(model m: Int, trace t: Int) -> ReleaseOutcome {
        outcomes[(m - models.lowerBound) * traceCount + t]
    }
}

/// Every trace of every set replayed under every model, held at once: for small runs and tests
/// (the command streams chunks instead, `BehaviorBenchmark.run(_:consume:)`).
public struct BehaviorResults: Sendable {
    public var models: [String]
    public var sets: [TraceSet]
    /// Every model.
    public var chunk: BehaviorChunk

    /// Model `m`'s outcome on trace `t` of set `s`.
    public func outcome(set s: Int, trace t: Int, model m: Int) -> ReleaseOutcome {
        chunk.outcome(model: m, trace: sets[..<s].reduce(0) { $0 + $1.traces.count } + t)
    }
}

/// The behaviour benchmark: replays traces under models, in parallel and deterministically.
public struct BehaviorBenchmark: Sendable {
    public var models: [BenchModel]
    public var evaluator: BehaviorEvaluator
    /// Bytes of outcomes held at once: the models are evaluated in chunks of at most this many
    /// outcomes' worth (at least one model per chunk), so a grid of thousands of variants over
    /// thousands of traces runs in bounded memory. 128 MiB by default. (Smaller chunks cost time:
    /// on 10,000 variants over 17,361 traces, 16 MiB chunks took 2-3 s more than 128 MiB; and
    /// evaluating the next chunk while the summaries read the one before made no difference,
    /// the summaries being parallel themselves.)
    public var outcomeBudgetBytes: Int = 128 << 20

    public init(models: [BenchModel], evaluator: BehaviorEvaluator = .default) {
        precondition(!models.isEmpty, "The behaviour benchmark needs at least one model.")
        self.models = models
        self.evaluator = evaluator
    }

    /// How many models one chunk holds for `traceCount` traces.
    func modelsPerChunk(traceCount: Int) -> Int {
        let perModel = max(1, traceCount) * MemoryLayout<ReleaseOutcome>.stride
        return max(1, min(models.count, outcomeBudgetBytes / perModel))
    }

    /// Replays every trace under every model, handing `consume` one chunk of models at a time,
    /// in model order. Traces are split into fixed blocks that run concurrently
    /// (`DispatchQueue.concurrentPerform`); each block writes only its own slots, so the results
    /// do not depend on scheduling or the number of cores.
    public func run(_ sets: [TraceSet], consume: (BehaviorChunk) throws -> Void) rethrows {
        let traces = sets.flatMap(\.traces)
        let perChunk = modelsPerChunk(traceCount: traces.count)
        let lanes = evaluator == .batch ? BehaviorLanes(models: models, traces: traces) : nil
        var storage: [ReleaseOutcome] = []
        var first = 0
        while first < models.count {
            let range = first..<min(models.count, first + perChunk)
            if let lanes { lanes.outcomes(models: range, into: &storage) } else { scalarOutcomes(traces, models: range, into: &storage) }
            var chunk = BehaviorChunk(models: range, traceCount: traces.count, outcomes: storage)
            storage = []
            try consume(chunk)
            // Unless `consume` kept it, the storage is the next chunk's, without new pages.
            swap(&storage, &chunk.outcomes)
            first = range.upperBound
        }
    }

    /// Every outcome at once (`BehaviorResults`).
    public func run(_ sets: [TraceSet]) -> BehaviorResults {
        let traceCount = sets.reduce(0) { $0 + $1.traces.count }
        var outcomes: [ReleaseOutcome] = []
        outcomes.reserveCapacity(traceCount * models.count)
        run(sets) { outcomes += $0.outcomes }
        return BehaviorResults(
            models: models.map(\.name), sets: sets,
            chunk: BehaviorChunk(models: 0..<models.count, traceCount: traceCount, outcomes: outcomes))
    }

    /// The scalar evaluator: `models[m].run(trace)` for every pair.
    func scalarOutcomes(_ traces: [GestureTrace], models range: Range<Int>, into outcomes: inout [ReleaseOutcome]) {
        let models = self.models
        ConcurrentFill.fill(&outcomes, rows: traces.count, columns: range.count) { block, slot in
            for t in block {
                for (i, m) in range.enumerated() { slot(i, t, models[m].run(traces[t]).outcome) }
            }
        }
    }
}

/// Concurrent fill of a table of results, column-major, by fixed blocks of rows: the rows are
/// traces and the columns a chunk's models for the outcomes (`[model * traces + trace]`), or
/// the rows a chunk's models for their summaries.
enum ConcurrentFill {
    /// Rows per block.
    static let size = 64

    /// Calls `body` for every block of row indices, concurrently; `body` stores the result `e`
    /// of column `c` on row `r` with `slot(c, r, e)`, and must store every pair of its block
    /// exactly once. Returns the results column-major: `[c * rows + r]`.
    static func fill<Element: Sendable>(
        rows: Int, columns: Int, blockSize size: Int = ConcurrentFill.size,
        _ body: @Sendable (Range<Int>, Slots<Element>) -> Void
    ) -> [Element] {
        [Element](unsafeUninitializedCapacity: rows * columns) { buffer, initialized in
            run(rows: rows, blockSize: size, base: buffer.baseAddress, initializing: true, body)
            initialized = rows * columns
        }
    }

    /// `fill` into `result`, in place when it already holds `rows * columns` elements (a
    /// chunk's storage reused by the next: no fresh pages to fault in).
    static func fill<Element: Sendable>(
        _ result: inout [Element], rows: Int, columns: Int,
        _ body: @Sendable (Range<Int>, Slots<Element>) -> Void
    ) {
        guard result.count == rows * columns else {
            result = fill(rows: rows, columns: columns, body)
            return
        }
        result.withUnsafeMutableBufferPointer { buffer in
            run(rows: rows, blockSize: size, base: buffer.baseAddress, initializing: false, body)
        }
    }

    private static func run<Element: Sendable>(
        rows: Int, blockSize size: Int, base: UnsafeMutablePointer<Element>?, initializing: Bool,
        _ body: @Sendable (Range<Int>, Slots<Element>) -> Void
    ) {
        let blockCount = (rows + size - 1) / size
        let slots = Slots(base: base, rows: rows, initializing: initializing)
        DispatchQueue.concurrentPerform(iterations: blockCount) { b in
            body(b * size..<min(rows, (b + 1) * size), slots)
        }
    }

    /// Disjoint slots written by concurrent blocks: each index is written by exactly one block.
    /// `slot(c, r, e)` stores; a struct rather than a closure, so the store is inlined where the
    /// element is built (a closure received the element through the stack and copied it again,
    /// a store-forwarding stall per outcome).
    struct Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>?
        let rows: Int
        let initializing: Bool

        @inline(__always)
        func callAsFunction(_ c: Int, _ r: Int, _ element: Element) {
            let slot = base! + c * rows + r
            if initializing { slot.initialize(to: element) } else { slot.pointee = element }
        }
    }
}
