import TransitionLab
import TransitionPhysics

// The visual completion of many lanes: `CompletionCurve.restTime(tolerance:)`, the one rule
// (the last instant the shown progress is a pixel from the target), for every lane of a batch:
// damped spring lanes by the rule's own closed form on 16 lanes, the others lane by lane.

extension BatchReleases {
    /// The visual completion of every lane, seconds after release: lane `i` gets
    /// `completionCurve(at: i).restTime(tolerance: tolerance)` bit for bit, where `tolerance` is
    /// in progress (one physical pixel: `CompletionCurve.visualCompletionTolerance(travelPixels:)`;
    /// positive and finite).
    public func visualCompletionTimes(tolerance: Double) -> [Double] {
        [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            visualCompletionTimes(tolerance: tolerance, into: buffer)
            initialized = count
        }
    }

    /// `visualCompletionTimes(tolerance:)` into caller storage of at least `count` values.
    public func visualCompletionTimes(tolerance: Double, into result: UnsafeMutableBufferPointer<Double>) {
        visualCompletionTimes(tolerance: tolerance, lanes: 0..<count, into: result)
    }

    /// The visual completion of the lanes in `lanes` only, at `tolerance` (progress), into
    /// `result[i]` for each lane `i` of the range (other slots untouched): lanes whose releases
    /// have different travels (one pixel is a different tolerance) share a batch this way, one
    /// range per tolerance.
    public func visualCompletionTimes(tolerance: Double, lanes: Range<Int>, into result: UnsafeMutableBufferPointer<Double>) {
        precondition(tolerance > 0 && tolerance.isFinite, "Rest tolerance must be positive and finite; got \(tolerance).")
        precondition(lanes.lowerBound >= 0 && lanes.upperBound <= count, "visualCompletionTimes: lanes \(lanes) of \(count)")
        precondition(result.count >= lanes.upperBound, "visualCompletionTimes: \(result.count) slots for lanes \(lanes)")
        // Damped spring lanes 16 at a time by the rule's closed form (SIMDVisualCompletion.swift);
        // the rest through the rule itself.
        visualCompletionTimesOnLanes(tolerance: tolerance, lanes: lanes, into: result)
    }

    /// The visual completion of the lanes in `lanes`, each at its own tolerance:
    /// `result[i] = completionCurve(at: i).restTime(tolerance: tolerances[i])` bit for bit for
    /// each lane `i` of the range (other slots untouched; `tolerances` in progress, positive and
    /// finite, indexed like the lanes). Lanes of different travels share the vectors
    /// whatever their order, so a caller may order lanes by how long they run.
    public func visualCompletionTimes(
        tolerances: UnsafeBufferPointer<Double>, lanes: Range<Int>, into result: UnsafeMutableBufferPointer<Double>
    ) {
        precondition(lanes.lowerBound >= 0 && lanes.upperBound <= count, "visualCompletionTimes: lanes \(lanes) of \(count)")
        precondition(result.count >= lanes.upperBound, "visualCompletionTimes: \(result.count) slots for lanes \(lanes)")
        precondition(tolerances.count >= lanes.upperBound, "visualCompletionTimes: \(tolerances.count) tolerances for lanes \(lanes)")
        visualCompletionTimesOnLanes(lanes: lanes, into: result) { tolerances[$0] }
    }

    /// Lane `i`'s completion curve: its model's `release` of its state (for a spring lane, built
    /// from the lane setup's decision without rebuilding the model).
    public func completionCurve(at i: Int) -> CompletionCurve {
        guard isSpringLane[i] else { return model(at: i).model.release(state(at: i)).curve }
        let target = withPointers { physicsLaneTarget($0, i).target }
        return CompletionCurve(
            shape: .spring(spring(at: i), overshoot: overshoot[i]), start: progress[i], startVelocity: velocity[i], target: target)
    }
}
