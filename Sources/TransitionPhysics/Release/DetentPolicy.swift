/// How a release with several detents picks the one it settles at, from where the model's
/// projection lands (the release progress, for a model that does not project).
///
/// Which to pick for a sheet: `transition-bench behavior` compares them on recorded and
/// synthetic gestures with detents [0, 0.5, 1] (docs/behaviour.md, "Detent policies").
public enum DetentPolicy: Hashable, Sendable {
    /// The detent nearest to the projection (`ProjectionRule.nearestDetent`): a fast fling can
    /// skip the detents between (Apple's "Designing Fluid Interfaces"; FloatingPanel with
    /// `shouldProjectMomentum` returning true). The default.
    case nearestToProjection
    /// The nearest to the projection, but never past the first detent beyond the release
    /// progress in the direction it goes: a fling moves the sheet one detent at most (close to
    /// FloatingPanel's default, `shouldProjectMomentum` returning false, which holds the
    /// projection to the next segment: `FloatingPanelModel` in the lab; a sheet that must not
    /// close from full height in one fling).
    case oneDetentPerFling
    /// Per pair of neighbouring detents, the fraction of the gap between them the projection
    /// must pass to settle at the upper one: `fractions[i]` for detents i and i + 1, the last
    /// fraction for any further pair, 0.5 (the nearest) when empty; each in 0...1. Compose's
    /// `positionalThreshold` per anchor pair; a sheet easy to open and hard to close takes small
    /// fractions. With detents [0, 1] it replaces the model's own threshold.
    case thresholds([Double])
    /// Rests where the release coasts (a scroll view's deceleration at `deceleration`,
    /// `CompletionCurve.Shape.decay`, from the release progress and velocity: no jump, and it
    /// stops where a scroll view released the same way would), between detents or on one. A
    /// coast that would end beyond the first or last allowed detent goes to that detent instead
    /// (the completion spring, with the model's overshoot: the mapping's rubber band or clamp
    /// governs dragging past it, and the spring brings it back). With
    /// `snapsFasterThanPointsPerSecond`, a release at least that fast (a fling; points per
    /// second along the axis, positive) snaps to the detent nearest its projection instead, as
    /// the nearest policy does; nil: never snaps. framer-motion's `dragMomentum`, a drawer that
    /// stays where it is put. A system cancel still returns to the touch-down detent.
    case restsWhereReleased(deceleration: DecelerationRate = .normal, snapsFasterThanPointsPerSecond: Double? = nil)

    /// Why the policy cannot be used, or nil: a threshold outside 0...1 or not finite.
    package var problem: String? {
        switch self {
        case .thresholds(let fractions):
            if let bad = fractions.first(where: { !($0 >= 0 && $0 <= 1) }) {
                return "a threshold fraction must be within 0...1 of the gap between two detents; got \(bad)"
            }
        case .restsWhereReleased(_, let speed?) where !(speed > 0):
            return "snapsFasterThanPointsPerSecond must be a positive speed in points per second (or nil: never snaps); got \(speed)"
        case .nearestToProjection, .oneDetentPerFling, .restsWhereReleased: break
        }
        return nil
    }

    /// The detent a release settles at: `chosen` is the nearest rule's (or, with detents
    /// [0, 1], the model's own decision), `projected` where the projection lands and `progress`
    /// the release progress (fractions of the travel); `detents` sorted ascending.
    package func detent(chosen: Double, projected: Double, progress: Double, in detents: [Double]) -> Double {
        switch self {
        case .nearestToProjection, .restsWhereReleased:
            // A release that rests where it coasts is settled by `ReleaseDecision`; one that
            // snaps takes the nearest.
            return chosen
        case .oneDetentPerFling:
            if chosen > progress, let next = detents.first(where: { $0 > progress }) { return min(chosen, next) }
            if chosen < progress, let previous = detents.last(where: { $0 < progress }) { return max(chosen, previous) }
            return chosen
        case .thresholds(let fractions):
            guard projected > detents[0] else { return detents[0] }
            for index in detents.indices.dropLast() where projected < detents[index + 1] {
                let fraction = fractions.isEmpty ? 0.5 : fractions[min(index, fractions.count - 1)]
                let gap = detents[index + 1] - detents[index]
                return projected >= detents[index] + fraction * gap ? detents[index + 1] : detents[index]
            }
            return detents[detents.count - 1]
        }
    }
}
