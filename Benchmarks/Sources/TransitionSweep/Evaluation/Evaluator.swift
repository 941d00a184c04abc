import TransitionLab
import TransitionPhysics

/// The results of a contiguous range of rows, column by column: what an evaluator computes and
/// the CSV writer formats. A batch backend fills the same arrays.
public struct EvaluatedChunk: Sendable {
    public var rows: Range<Int>
    public var decisions: [Decision]
    /// NaN where the model does not project.
    public var projectedProgress: [Double]
    public var completionTime: [Double]
    /// Seconds until nothing moves by a physical pixel any more (`CompletionCurve.restTime`).
    public var visualCompletionTime: [Double]
    public var velocityJump: [Double]
    public var overshoot: [Double]
    public var peakAcceleration: [Double]

    public init(rows: Range<Int>) {
        self.rows = rows
        let n = rows.count
        decisions = Array(repeating: .cancel, count: n)
        projectedProgress = Array(repeating: .nan, count: n)
        completionTime = Array(repeating: 0, count: n)
        visualCompletionTime = Array(repeating: 0, count: n)
        velocityJump = Array(repeating: 0, count: n)
        overshoot = Array(repeating: 0, count: n)
        peakAcceleration = Array(repeating: 0, count: n)
    }
}

/// Computes rows of a grid. The sweep calls `evaluate(rows:)` from several threads at once,
/// on disjoint ranges; the result must depend on the rows only (that is what makes the output
/// identical for every thread count and shard split). A batch integrator can replace
/// `ScalarEvaluator` behind this protocol without changing a byte of output.
public protocol SweepEvaluator: Sendable {
    func evaluate(rows: Range<Int>) -> EvaluatedChunk
}

/// The reference evaluator: for each row, the library's `release(_:)`,
/// `CompletionCurve.metrics(releaseVelocity:frameRate:)` and the visual completion
/// `CompletionCurve.restTime(tolerance:)` at one pixel of `SweepGrid.travelPixels`.
///
/// One shortcut, exact by construction: for timed curves from rest (classic, Cupertino) the
/// frame metrics do not depend on the release velocity except through the velocity jump
/// `|curve.velocity(at: 0) - releaseVelocity|`, and the curve is the same for every velocity at a
/// given progress. So the metrics of a timed curve are computed once per distinct curve (the
/// curve with its start velocity set to 0, compared in full before reuse) and the jump is
/// computed per row with the library's formula. Spring curves are computed per row.
public struct ScalarEvaluator: SweepEvaluator {
    public let grid: SweepGrid
    /// Per variant: its model and frame rate, built once (a row then neither copies the variant
    /// nor boxes its model: on a 10 M-row sweep that was a tenth of the CPU time).
    let models: [any ReleaseModel]
    let frameRates: [Double]

    public init(grid: SweepGrid) {
        self.grid = grid
        models = grid.variants.map(\.model)
        frameRates = grid.variants.map(\.frameRate)
    }

    struct MemoKey: Hashable {
        var variant: Int
        var start: UInt64
        var target: UInt64
    }

    struct MemoEntry {
        var curve: CompletionCurve
        var velocityAtRelease: Double
        var metrics: CompletionMetrics
        var visualCompletionTime: Double
    }

    /// Per-chunk memo of timed-curve metrics (see the type's documentation), with the last
    /// entry used kept aside: neighbouring rows differ in velocity only, so they mostly share it.
    struct Memo {
        var entries: [MemoKey: MemoEntry] = [:]
        var last: (key: MemoKey, entry: MemoEntry)?
    }

    public func evaluate(rows: Range<Int>) -> EvaluatedChunk {
        var chunk = EvaluatedChunk(rows: rows)
        var memo = Memo()
        var cursor = grid.cursor(from: rows.lowerBound)
        for i in 0..<rows.count {
            evaluate(point: cursor.point, into: &chunk, at: i, memo: &memo)
            cursor.advance()
        }
        return chunk
    }

    /// The row at grid point `point` into slot `i` of `chunk`.
    @inline(__always)
    func evaluate(point: (variant: Int, progress: Int, velocity: Int), into chunk: inout EvaluatedChunk, at i: Int, memo: inout Memo) {
        let state = ReleaseState(progress: grid.progress[point.progress], velocity: grid.velocity[point.velocity])
        let v = point.variant
        let completion = models[v].release(state)
        chunk.decisions[i] = completion.decision
        chunk.projectedProgress[i] = completion.projectedProgress ?? .nan
        let metrics: CompletionMetrics
        let tolerance = CompletionCurve.visualCompletionTolerance(travelPixels: grid.travelPixels)
        let visual: Double
        if completion.curve.fixedDuration != nil && !completion.curve.dependsOnStartVelocity {
            var normalized = completion.curve
            normalized.startVelocity = 0
            let key = MemoKey(variant: v, start: normalized.start.bitPattern, target: normalized.target.bitPattern)
            let entry: MemoEntry
            if let last = memo.last, last.key == key, last.entry.curve == normalized {
                entry = last.entry
            } else if let hit = memo.entries[key], hit.curve == normalized {
                entry = hit
            } else {
                entry = MemoEntry(
                    curve: normalized, velocityAtRelease: normalized.velocity(at: 0),
                    metrics: normalized.metrics(releaseVelocity: 0, frameRate: frameRates[v]),
                    visualCompletionTime: normalized.restTime(tolerance: tolerance))
                if memo.entries.count > 65_536 { memo.entries.removeAll(keepingCapacity: true) }
                memo.entries[key] = entry
            }
            memo.last = (key, entry)
            var m = entry.metrics
            m.velocityJump = abs(entry.velocityAtRelease - state.velocity)
            metrics = m
            visual = entry.visualCompletionTime
        } else {
            metrics = completion.curve.metrics(releaseVelocity: state.velocity, frameRate: frameRates[v])
            visual = completion.curve.restTime(tolerance: tolerance)
        }
        chunk.completionTime[i] = metrics.completionTime
        chunk.visualCompletionTime[i] = visual
        chunk.velocityJump[i] = metrics.velocityJump
        chunk.overshoot[i] = metrics.overshoot
        chunk.peakAcceleration[i] = metrics.peakAcceleration
    }
}
