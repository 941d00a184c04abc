@_spi(Lanes) import TransitionLab
@_spi(Lanes) import TransitionPhysics

// The visual completion of 16 spring lanes at once: the rule's closed form
// (`SpringVisualRest.lastAway`, which `CompletionCurve.restTime(tolerance:)` calls with `Double`)
// on `SIMD16<Double>` lanes, the same operations in the same order, so each lane gets the scalar
// rule's bits (VisualCompletionTwinTests checks it lane by lane). Lanes the closed form does not
// take (timed shapes, `.rubberBand`, an undamped spring, damping under 2^-20 of critical) run
// the scalar rule.

extension BatchReleases {
    /// `visualCompletionTimes(tolerance:into:)` on 16 lanes at a time.
    func visualCompletionTimesOnLanes(
        tolerance: Double, lanes: Range<Int>? = nil, into result: UnsafeMutableBufferPointer<Double>
    ) {
        visualCompletionTimesOnLanes(lanes: lanes ?? 0..<count, into: result) { _ in tolerance }
    }

    /// The same with a tolerance per lane, `tolerance(i)` for lane `i` (progress; positive and
    /// finite): lanes of any tolerances share a vector, so a caller can order its lanes by how
    /// long they take (`BehaviorLanes`) instead of by tolerance. A spring lane enters from the
    /// batch's columns (`physicsLaneTarget` for its target and past side), without building its
    /// curve.
    @inline(__always)
    func visualCompletionTimesOnLanes(
        lanes: Range<Int>, into result: UnsafeMutableBufferPointer<Double>, tolerance: (Int) -> Double
    ) {
        var block = VisualCompletionLanes()
        withPointers { r in
            for i in lanes {
                let laneTolerance = tolerance(i)
                precondition(laneTolerance > 0 && laneTolerance.isFinite, "Rest tolerance must be positive and finite; got \(laneTolerance).")
                let policy = r.overshoot[i]
                guard r.isSpringLane[i], policy != .rubberBand, r.damping[i] > 0 else {
                    result[i] = completionCurve(at: i).restTime(tolerance: laneTolerance)
                    continue
                }
                let lane = physicsLaneTarget(r, i)
                block.add(
                    lane: i, displacement: r.progress[i] - lane.target, velocity: r.velocity[i], stiffness: r.stiffness[i],
                    damping: r.damping[i], mass: r.mass[i], tolerance: laneTolerance, clamp: policy == .clamp, pastSide: lane.side,
                    progressSize: abs(r.progress[i]) + abs(lane.target))
                if block.filled == laneWidth { block.solve(self, into: result) }
            }
        }
        if block.filled > 0 { block.solve(self, into: result) }
    }
}

/// Up to 16 spring lanes (`.allow` or `.clamp`, damping > 0) gathered for the closed form: a
/// column of 16 values per input in one buffer (written lane by lane, read as vectors).
struct VisualCompletionLanes: ~Copyable {
    var filled = 0
    /// The batch's lane in each slot (a pointer: an array checked its uniqueness at each store).
    let lanes: UnsafeMutablePointer<Int>
    /// Per slot, column by column: x0 = start - target and the start velocity (progress, progress
    /// per second), the spring's stiffness, damping and mass, the tolerance (progress), 1 on
    /// `.clamp` (else 0), the past side (+1 or -1) and |start| + |target|.
    let columns: UnsafeMutablePointer<Double>
    static let columnCount = 9

    init() {
        columns = .allocate(capacity: Self.columnCount * laneWidth)
        // Valid springs in every slot: the unfilled slots of the last block compute and drop.
        columns.initialize(repeating: 1, count: Self.columnCount * laneWidth)
        lanes = .allocate(capacity: laneWidth)
        lanes.initialize(repeating: 0, count: laneWidth)
    }

    deinit {
        columns.deallocate()
        lanes.deallocate()
    }

    @inline(__always)
    mutating func add(
        lane: Int, displacement: Double, velocity: Double, stiffness k: Double, damping c: Double, mass m: Double,
        tolerance tol: Double, clamp isClamped: Bool, pastSide side: Double, progressSize size: Double
    ) {
        let j = filled
        lanes[j] = lane
        columns[j] = displacement
        columns[laneWidth + j] = velocity
        columns[2 * laneWidth + j] = k
        columns[3 * laneWidth + j] = c
        columns[4 * laneWidth + j] = m
        columns[5 * laneWidth + j] = tol
        columns[6 * laneWidth + j] = isClamped ? 1 : 0
        columns[7 * laneWidth + j] = side
        columns[8 * laneWidth + j] = size
        filled += 1
    }

    /// Solves the filled slots into `result` (lanes the closed form leaves to the rule by the
    /// rule itself) and empties the block.
    mutating func solve(_ batch: BatchReleases, into result: UnsafeMutableBufferPointer<Double>) {
        let c = UnsafePointer(columns)
        let tolerance = loadLane(c, 5 * laneWidth)
        let rest = SpringVisualRest.lastAway(
            displacement: loadLane(c, 0), velocity: loadLane(c, laneWidth), stiffness: loadLane(c, 2 * laneWidth),
            damping: loadLane(c, 3 * laneWidth), mass: loadLane(c, 4 * laneWidth), tolerance: tolerance,
            clamp: loadLane(c, 6 * laneWidth) .> 0, pastSide: loadLane(c, 7 * laneWidth), progressSize: loadLane(c, 8 * laneWidth))
        let answered = rest.handled
        if !anyLane(.!answered) {
            for j in 0..<filled { result[lanes[j]] = rest.time[j] }
        } else {
            for j in 0..<filled {
                let i = lanes[j]
                result[i] = answered[j] ? rest.time[j] : batch.completionCurve(at: i).restTime(tolerance: tolerance[j])
            }
        }
        filled = 0
    }
}
