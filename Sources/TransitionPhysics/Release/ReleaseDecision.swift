/// The one step from a model's answer to where a release settles, which every release path takes
/// (a finger's lift-off, a scroll view's edge fling carried into the sheet, the target a frame
/// reports while a finger drags), in this order:
///
/// 1. **The model**: the detent it names (`Completion.detent`, a model of an app's own that
///    chooses among `ReleaseState.detents`), else the detent nearest its projection
///    (`ProjectionRule.nearestDetent`; the progress for a model that does not project). With
///    detents [0, 1] the model's own decision stands, bit for bit.
/// 2. **A system cancel** returns to the detent the touch began at (with detents [0, 1] and no
///    policy, veto or named detent the model's own answer stands, its rule for a cancel included).
/// 3. **The detent policy** (`DetentPolicy`) may hold a fling to one detent or apply thresholds.
/// 4. **The veto**: a detent the app refuses gives way to the allowed detent nearest to it.
/// 5. **Reduce motion**: the same detent, reached by `CompletionCurve.reducedMotion`.
///
/// What is reported is the detent chosen; `.finish` and `.cancel` name the two ends only.
package struct ReleaseDecision {
    /// The active detents, ascending (`InteractiveTransition.resolvedDetents`).
    package var detents: [ResolvedDetent]
    /// Their progress values, ascending.
    package var stops: [Double]
    /// How a release picks among several detents.
    package var policy: DetentPolicy
    /// The app's veto, if any.
    package var refuses: (@Sendable (Detent.ID) -> Bool)?
    /// Whether the person asked for reduced motion.
    package var reduceMotion: Bool

    /// Where a release in `state` settles with `model`: the completion toward the chosen detent
    /// (its curve re-planned for that detent when the model's was for another), the detent, and
    /// the detent the veto refused, if any. `touchDownDetent` is where a system cancel returns.
    package func settle(_ state: ReleaseState, model: any ReleaseModel, touchDownDetent: Double? = nil)
        -> (completion: Completion, detent: ResolvedDetent, refused: Detent.ID?)
    {
        var state = state
        state.detents = detents
        var completion = model.release(state)
        var refused: Detent.ID?
        let named = completion.detent.flatMap { id in detents.first { $0.id == id } }
        let cancelledTo = state.recognizerCancelled ? touchDownDetent : nil
        if stops != [0, 1] || policy != .nearestToProjection || refuses != nil || named != nil {
            let projected = completion.projectedProgress ?? state.progress
            let chosen = named?.progress
                ?? (stops == [0, 1] ? completion.curve.target : stops[ProjectionRule.nearestDetent(to: projected, in: stops)])
            var target = state.recognizerCancelled
                ? (cancelledTo ?? stops[0])
                : named != nil ? chosen : policy.detent(chosen: chosen, projected: projected, progress: state.progress, in: stops)
            if let refuses, refuses(id(at: target)), allowedDetent(nearest: target) != target {
                refused = id(at: target)
                target = allowedDetent(nearest: target)
            }
            completion.decision = target == stops[stops.count - 1] ? .finish : .cancel
            if target != completion.curve.target || stops != [0, 1] {
                if let physics = model as? ProjectedSpringModel, physics.completionShape != .spring {
                    // A timed shape's duration depends on the distance: plan it for the detent.
                    completion.curve = physics.completionCurve(start: state.progress, startVelocity: state.velocity, target: target)
                } else {
                    completion.curve.target = target
                }
            }
        }
        if reduceMotion {
            completion.curve = .reducedMotion(start: completion.curve.start, target: completion.curve.target)
        }
        let detent = detents[ProjectionRule.nearestDetent(to: completion.curve.target, in: stops)]
        completion.detent = detent.id
        return (completion, detent, refused)
    }

    /// The identity of the detent at `progress` (or the nearest).
    func id(at progress: Double) -> Detent.ID {
        detents[ProjectionRule.nearestDetent(to: progress, in: stops)].id
    }

    /// The progress of the detents a gesture may settle at (all, when no veto or every one is refused).
    package var allowed: [Double] {
        guard let refuses else { return stops }
        let allowed = detents.filter { !refuses($0.id) }.map(\.progress)
        return allowed.isEmpty ? stops : allowed
    }

    /// The allowed detent nearest to `progress` (the upper one of two as near).
    package func allowedDetent(nearest progress: Double) -> Double {
        let allowed = allowed
        return allowed[ProjectionRule.nearestDetent(to: progress, in: allowed)]
    }
}
