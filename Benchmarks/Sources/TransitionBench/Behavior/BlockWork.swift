import Foundation
import TransitionBatch
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The blocks' working storage, handed from block to block (a block's batches, outcomes and
/// visual completions allocated anew for each block showed in the profile as malloc).
final class SpareBlockWork: @unchecked Sendable {
    private let lock = NSLock()
    private var spares: [BlockWork] = []
    private let integrators: Int

    init(integrators: Int) { self.integrators = integrators }

    func take() -> BlockWork {
        lock.lock()
        defer { lock.unlock() }
        return spares.popLast() ?? BlockWork(integrators: integrators)
    }

    func give(_ work: BlockWork) {
        var work = work
        work.removeAllLanes()
        lock.lock()
        defer { lock.unlock() }
        spares.append(work)
    }
}

/// One block of traces under a chunk of models: the lanes, then the outcomes.
///
/// A SIMD block of the integrator (and of the visual completion's searches) runs until its slowest
/// lane is done, so one undamped or lightly damped lane among fifteen quick ones made all sixteen
/// step its 14,400 frames (60 s at 240 Hz): the reason the lanes were slower than the scalar
/// replay on lightly damped grids. The lanes are therefore made model by model in the order of
/// `BehaviorLanes.runClass` (how long the model's completion runs), so a block holds lanes of one
/// class, and each model's new lanes are appended to its integrator's batch at once; each lane's
/// bits do not depend on its neighbours.
struct BlockWork {
    /// Per integrator: the block's lanes, their metrics and visual completions.
    var batches: [BatchReleases]
    var results: [BatchOutcome]
    var visual: [[Double]]
    /// Per integrator: one pixel of each lane's trace (progress), in lane order.
    var tolerances: [[Double]]
    /// Per replay: the block's releases (`BlockReleases`), storage kept from block to block.
    private var blockReleases: [BlockReleases] = []

    init(integrators: Int) {
        batches = Array(repeating: BatchReleases(), count: integrators)
        results = Array(repeating: BatchOutcome(), count: integrators)
        visual = Array(repeating: [], count: integrators)
        tolerances = Array(repeating: [], count: integrators)
    }

    /// Ready for another block: no lanes, the arrays' storage kept.
    mutating func removeAllLanes() {
        for g in batches.indices {
            batches[g].removeAll(keepingCapacity: true)
            tolerances[g].removeAll(keepingCapacity: true)
        }
    }

    /// The block's (trace, model) pairs, indexed `i * traces + t` (model i of the chunk, trace t
    /// of the block), and its lanes by (trace, completion class, end): scratch of one block.
    private struct Pairs {
        /// The pair's lane, or -1 when its outcome is already written (no release, several
        /// releases, or the scalar path).
        let lane: UnsafeMutableBufferPointer<Int32>
        /// The pair's own decision and projection (physics; the lane may be another model's).
        let decision: UnsafeMutableBufferPointer<Decision?>
        let projected: UnsafeMutableBufferPointer<Double>
        /// `laneOfClass[t * 2 * classes + 2 * class + finishes]`: trace t's lane completing like
        /// class `class` towards its end (1) or start (0), or -1.
        let laneOfClass: UnsafeMutableBufferPointer<Int32>
        let traces: Int
        let classes: Int

        init(traces: Int, models: Int, classes: Int) {
            lane = .allocate(capacity: traces * models)
            lane.initialize(repeating: -1)
            decision = .allocate(capacity: traces * models)
            decision.initialize(repeating: nil)
            projected = .allocate(capacity: traces * models)
            projected.initialize(repeating: .nan)
            laneOfClass = .allocate(capacity: traces * 2 * classes)
            laneOfClass.initialize(repeating: -1)
            self.traces = traces
            self.classes = classes
        }

        func deallocate() {
            lane.deallocate(); decision.deallocate(); projected.deallocate(); laneOfClass.deallocate()
        }
    }

    /// One replay's releases of the block's traces, read once per block rather than per model:
    /// the states of the traces with one release, in trace order, their pixels, and per trace
    /// its place among them (`noRelease`, `severalReleases`).
    private struct BlockReleases {
        var replay = -1
        var states: [ReleaseState] = []
        var tolerances: [Double] = []
        var place: [Int32] = []

        static let noRelease: Int32 = -1
        static let severalReleases: Int32 = -2

        /// Fills the table for `block` from `releases` (one replay's, every trace's).
        mutating func fill(replay r: Int, _ releases: [BehaviorLanes.Release], block: Range<Int>) {
            replay = r
            states.removeAll(keepingCapacity: true)
            tolerances.removeAll(keepingCapacity: true)
            place.removeAll(keepingCapacity: true)
            for t in block {
                switch releases[t] {
                case .none: place.append(Self.noRelease)
                case .several: place.append(Self.severalReleases)
                case .one(let state, let pixel):
                    place.append(Int32(states.count))
                    states.append(state)
                    tolerances.append(pixel)
                }
            }
        }
    }

    mutating func evaluate(
        _ lanes: BehaviorLanes, models range: Range<Int>, order: [Int], localClass: [Int], sharesLanes: [Bool], classes: Int,
        traces block: Range<Int>, slot: ConcurrentFill.Slots<ReleaseOutcome>
    ) {
        let pairs = Pairs(traces: block.count, models: range.count, classes: classes)
        defer { pairs.deallocate() }
        // The block's releases per replay, filled when a model of that replay first asks.
        if blockReleases.count < lanes.releases.count {
            blockReleases = Array(repeating: BlockReleases(), count: lanes.releases.count)
        }
        for r in blockReleases.indices { blockReleases[r].replay = -1 }
        var newStates: [ReleaseState] = [], newTolerances: [Double] = []
        newStates.reserveCapacity(block.count)
        newTolerances.reserveCapacity(block.count)
        for i in order {
            let m = range.lowerBound + i
            guard let r = lanes.replayIndex[m] else {
                for t in block { slot(i, t, lanes.models[m].run(lanes.traces[t]).outcome) }
                continue
            }
            if blockReleases[r].replay != r { blockReleases[r].fill(replay: r, lanes.releases[r], block: block) }
            let model = lanes.laneModels[m]!
            let physics: ProjectedSpringModel?
            if case .physics(let p) = model { physics = p } else { physics = nil }
            let g = lanes.integratorIndex[m]
            let firstLane = Int32(batches[g].count)
            let classKey = 2 * localClass[i], shares = sharesLanes[i]
            let place = blockReleases[r].place
            for t in block where place[t - block.lowerBound] < 0 {
                if place[t - block.lowerBound] == BlockReleases.noRelease {
                    slot(i, t, ReleaseOutcome.notStarted)
                } else {
                    slot(i, t, lanes.models[m].run(lanes.traces[t]).outcome)
                }
            }
            guard shares else {
                // A lane per release, in trace order: the block's states appended as they are.
                for t in block where place[t - block.lowerBound] >= 0 {
                    pairs.lane[i * pairs.traces + (t - block.lowerBound)] = firstLane + place[t - block.lowerBound]
                }
                if !blockReleases[r].states.isEmpty {
                    batches[g].append(model, states: blockReleases[r].states)
                    tolerances[g].append(contentsOf: blockReleases[r].tolerances)
                }
                continue
            }
            newStates.removeAll(keepingCapacity: true)
            newTolerances.removeAll(keepingCapacity: true)
            blockReleases[r].states.withUnsafeBufferPointer { states in
                for t in block where place[t - block.lowerBound] >= 0 {
                    let k = Int(place[t - block.lowerBound])
                    let pair = i * pairs.traces + (t - block.lowerBound)
                    var key = (t - block.lowerBound) * 2 * classes + classKey
                    if let physics {
                        let projected = physics.projectedProgress(states[k])
                        let d = ProjectionRule.decision(
                            projectedProgress: projected, threshold: physics.threshold, recognizerCancelled: states[k].recognizerCancelled)
                        pairs.decision[pair] = d
                        pairs.projected[pair] = projected
                        if d == .finish { key += 1 }
                    }
                    var lane = pairs.laneOfClass[key]
                    if lane < 0 {
                        lane = firstLane + Int32(newStates.count)
                        newStates.append(states[k])
                        newTolerances.append(blockReleases[r].tolerances[k])
                        pairs.laneOfClass[key] = lane
                    }
                    pairs.lane[pair] = lane
                }
            }
            if !newStates.isEmpty {
                batches[g].append(model, states: newStates)
                tolerances[g].append(contentsOf: newTolerances)
            }
        }
        for g in batches.indices where batches[g].count > 0 {
            lanes.integrators[g].run(batches[g], into: &results[g])
            if visual[g].count < batches[g].count { visual[g] = Array(repeating: 0, count: batches[g].count) }
            let count = batches[g].count
            visual[g].withUnsafeMutableBufferPointer { buffer in
                tolerances[g].withUnsafeBufferPointer { pixel in
                    batches[g].visualCompletionTimes(tolerances: pixel, lanes: 0..<count, into: buffer)
                }
            }
        }
        for i in 0..<range.count {
            let m = range.lowerBound + i
            guard let r = lanes.replayIndex[m] else { continue }
            let g = lanes.integratorIndex[m]
            let outcome = results[g]
            let visualTimes = visual[g]
            let place = blockReleases[r].place
            // The release's progress and velocity, read from the batch's columns (the lane's
            // state) through their buffers: no state made per pair, no generic column read.
            batches[g].progress.withUnsafeBufferPointer { progress in
                batches[g].velocity.withUnsafeBufferPointer { velocity in
                    for t in block where place[t - block.lowerBound] >= 0 {
                        let pair = i * pairs.traces + (t - block.lowerBound)
                        let lane = Int(pairs.lane[pair])
                        let decision = pairs.decision[pair] ?? outcome.decision[lane]
                        let projected = pairs.decision[pair] != nil ? pairs.projected[pair] : outcome.projectedProgress[lane]
                        slot(i, t, ReleaseOutcome(
                            started: true, decision: decision, releaseProgress: progress[lane], releaseVelocity: velocity[lane],
                            projectedProgress: projected.isNaN ? nil : projected, metrics: outcome.metrics(at: lane),
                            visualCompletionTime: visualTimes[lane]))
                    }
                }
            }
        }
    }
}
