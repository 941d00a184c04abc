import TransitionBatch
import TransitionLab
import TransitionPhysics

/// Which evaluator computes the rows (`--evaluator`). Both write the same bytes.
public enum EvaluatorChoice: String, CaseIterable, Sendable {
    /// `BatchEvaluator`: the batch integrator, lane-parallel over a chunk's spring rows.
    case batch
    /// `ScalarEvaluator`: the library, row by row (the reference).
    case scalar

    public static let `default`: EvaluatorChoice = .batch

    func make(grid: SweepGrid) -> any SweepEvaluator {
        switch self {
        case .batch: return BatchEvaluator(grid: grid)
        case .scalar: return ScalarEvaluator(grid: grid)
        }
    }
}

/// Evaluates a chunk's rows with `BatchIntegrator.run`: the chunk's rows become the lanes of one
/// `BatchReleases` per distinct frame rate (the integrator has one frame rate per run), and the
/// outcome's arrays are copied into the `EvaluatedChunk` slot by slot. The integrator runs with
/// one thread: the sweep already runs one chunk per core.
///
/// The batch integrator reproduces the scalar path lane by lane, bit for bit (its tests, and
/// `BatchEvaluatorTests` and the binary byte-identity test here, check it), so the CSV does not
/// depend on the evaluator.
///
/// Timed rows (classic, Cupertino) go to the batch only with `timedRows: .batch`. By default
/// they take `ScalarEvaluator`'s row path: the batch evaluates a timed lane by calling the
/// library's `release` and `metrics` for that lane (it has nothing lane-parallel to offer timed
/// curves), so it gives the same bits as the scalar path but cannot use the scalar evaluator's
/// exact per-curve memo (one metrics loop per distinct curve instead of one per row), which is
/// measured to be far faster on sweeps. Spring rows (physics) always go to the batch.
///
/// Measured (release, `-target-cpu native`, 2-core machine with other work running, medians of
/// 3) on the 10,012,002-row default grid `--release-progress 0:1:0.001 --release-velocity
/// -5:5:0.002` into a file: batch 7.25 s (1.38 M rows/s, peak RSS 37.7 MB), scalar 8.24 s
/// (1.22 M rows/s, 30.2 MB). The physics rows alone on one thread: 4.37 s against 8.84 s; the
/// rest is CSV formatting and writing, which the evaluator does not change. One integrator
/// thread per chunk: 0 (all cores) or 2 inside each chunk measured no faster (within noise).
public struct BatchEvaluator: SweepEvaluator {
    /// Where timed (classic, Cupertino) rows are evaluated.
    public enum TimedRows: Sendable {
        /// Through `ScalarEvaluator`'s memoized row path (the default; same bits, faster).
        case scalar
        /// Through the batch integrator, like the spring rows.
        case batch
    }

    public let grid: SweepGrid
    public let timedRows: TimedRows
    let scalar: ScalarEvaluator
    /// Per variant: its batch model, nil when the row goes to the scalar path.
    let batchModels: [BuiltInReleaseModel?]
    /// Per variant: index into `integrators` (its frame rate).
    let integratorIndex: [Int]
    /// One per distinct frame rate.
    let integrators: [BatchIntegrator]

    public init(grid: SweepGrid, timedRows: TimedRows = .scalar) {
        self.grid = grid
        self.timedRows = timedRows
        scalar = ScalarEvaluator(grid: grid)
        var models: [BuiltInReleaseModel?] = []
        var index: [Int] = []
        var rates: [UInt64: Int] = [:]
        var integrators: [BatchIntegrator] = []
        for variant in grid.variants {
            let model = variant.builtIn
            switch (model, timedRows) {
            case (.physics, _), (_, .batch): models.append(model)
            default: models.append(nil)
            }
            let key = variant.frameRate.bitPattern
            if let known = rates[key] {
                index.append(known)
            } else {
                rates[key] = integrators.count
                index.append(integrators.count)
                // Bit for bit the scalar evaluator, so `--evaluator` never changes a byte.
                integrators.append(BatchIntegrator(frameRate: variant.frameRate, threads: 1))
            }
        }
        batchModels = models
        integratorIndex = index
        self.integrators = integrators
    }

    public func evaluate(rows: Range<Int>) -> EvaluatedChunk {
        var chunk = EvaluatedChunk(rows: rows)
        var memo = ScalarEvaluator.Memo()
        // Per frame rate: the lanes and, per lane, its slot in the chunk.
        var lanes = [BatchReleases](repeating: BatchReleases(), count: integrators.count)
        var slots = [[Int32]](repeating: [], count: integrators.count)
        var cursor = grid.cursor(from: rows.lowerBound)
        for i in 0..<rows.count {
            let point = cursor.point
            cursor.advance()
            guard let model = batchModels[point.variant] else {
                scalar.evaluate(point: point, into: &chunk, at: i, memo: &memo)
                continue
            }
            let g = integratorIndex[point.variant]
            if slots[g].isEmpty {
                lanes[g].reserveCapacity(rows.count)
                slots[g].reserveCapacity(rows.count)
            }
            lanes[g].append(model, ReleaseState(progress: grid.progress[point.progress], velocity: grid.velocity[point.velocity]))
            slots[g].append(Int32(i))
        }
        for g in integrators.indices where !slots[g].isEmpty {
            let outcome = integrators[g].run(lanes[g])
            let tolerance = CompletionCurve.visualCompletionTolerance(travelPixels: grid.travelPixels)
            let visual = lanes[g].visualCompletionTimes(tolerance: tolerance)
            for (lane, slot) in slots[g].enumerated() {
                let i = Int(slot)
                chunk.visualCompletionTime[i] = visual[lane]
                chunk.decisions[i] = outcome.decision[lane]
                chunk.projectedProgress[i] = outcome.projectedProgress[lane]
                chunk.completionTime[i] = outcome.completionTime[lane]
                chunk.velocityJump[i] = outcome.velocityJump[lane]
                chunk.overshoot[i] = outcome.overshoot[lane]
                chunk.peakAcceleration[i] = outcome.peakAcceleration[lane]
            }
        }
        return chunk
    }

}
