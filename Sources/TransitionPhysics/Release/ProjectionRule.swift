/// The projected spring's decision, as functions of plain numbers: the one definition that
/// `ProjectedSpringModel.release(_:)` and the batch integrator's lane setup both call (the batch's
/// vector block has one lane-parallel twin, tested lane by lane against these).
///
/// Units: progress is a fraction of the travel; velocity is progress per second (travels
/// per second); `distancePerVelocity` is seconds (`ProjectionForm.distancePerVelocity(rate:)`).
public enum ProjectionRule {
    /// The velocity the decision uses: 0 when its magnitude is below `minFlingVelocity` (progress
    /// per second), the velocity itself otherwise.
    @inlinable @inline(__always)
    public static func flingVelocity(_ velocity: Double, minFlingVelocity: Double) -> Double {
        abs(velocity) < minFlingVelocity ? 0 : velocity
    }

    /// Where a release at `progress` moving at `velocity` would coast to, in progress:
    /// `progress + flingVelocity * distancePerVelocity`.
    @inlinable @inline(__always)
    public static func projectedProgress(
        progress: Double, velocity: Double, minFlingVelocity: Double, distancePerVelocity: Double
    ) -> Double {
        progress + flingVelocity(velocity, minFlingVelocity: minFlingVelocity) * distancePerVelocity
    }

    /// Finish when the projection reaches `threshold` (the nearer end, for 0.5); a recognizer
    /// cancelled by the system cancels (it carries no intent).
    @inlinable @inline(__always)
    public static func decision(projectedProgress: Double, threshold: Double, recognizerCancelled: Bool) -> Decision {
        recognizerCancelled ? .cancel : (projectedProgress >= threshold ? .finish : .cancel)
    }
}

extension ProjectionRule {
    /// The index of the detent nearest to `projectedProgress` (Apple's "Designing Fluid
    /// Interfaces": project the release, then go to the nearest target; FloatingPanel's segment
    /// rule with its default `redirectionalProgress` 0.5 picks the same when `shouldProjectMomentum`
    /// is true, but for a projection exactly halfway, which it keeps on the side it comes from).
    /// `detents` are progress stops, sorted ascending, at least one; a projection exactly halfway between two detents
    /// goes to the upper one (as `decision` finishes at its threshold). A projection past the
    /// first or last detent goes to that detent, so a fast fling can skip the detents between.
    ///
    /// With detents [0, 1] this is `decision` at threshold 0.5: index 1 when
    /// `projectedProgress >= 0.5`.
    @inlinable
    public static func nearestDetent(to projectedProgress: Double, in detents: [Double]) -> Int {
        precondition(!detents.isEmpty, "Detents must not be empty.")
        for index in detents.indices.dropLast() where projectedProgress < (detents[index] + detents[index + 1]) / 2 {
            return index
        }
        return detents.count - 1
    }
}
