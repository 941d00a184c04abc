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
/// 3. **The detent policy** (`DetentPolicy`) may hold a fling to one detent or apply thresholds,
///    or let a release that is no fling rest where it coasts, within the allowed detents.
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
    /// The travel, points: what a speed in points per second is of progress
    /// (`DetentPolicy.restsWhereReleased`).
    package var travel: Double

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
        let coastEnd = named == nil && !state.recognizerCancelled ? coastToRest(state) : nil
        if case .rests(let coast) = coastEnd {
            completion.curve = reduceMotion ? .reducedMotion(start: state.progress, target: coast.target) : coast
            completion.projectedProgress = coast.target
            completion.decision = coast.target == stops[stops.count - 1] ? .finish : .cancel
            let detent = detents[ProjectionRule.nearestDetent(to: coast.target, in: stops)]
            completion.detent = detent.id
            return (completion, detent, nil)
        }
        if stops != [0, 1] || policy != .nearestToProjection || refuses != nil || named != nil {
            let projected = completion.projectedProgress ?? state.progress
            let chosen = named?.progress
                ?? (stops == [0, 1] ? completion.curve.target : stops[ProjectionRule.nearestDetent(to: projected, in: stops)])
            var target = state.recognizerCancelled
                ? (cancelledTo ?? stops[0])
                : named != nil ? chosen : policy.detent(chosen: chosen, projected: projected, progress: state.progress, in: stops)
            if case .endsAt(let bound) = coastEnd { target = bound }
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
                    completion.curve = Self.retargeted(completion.curve, to: target)
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

    /// Where a release that rests where it coasts goes (`DetentPolicy.restsWhereReleased`).
    enum CoastEnd {
        /// It coasts to rest strictly between the first and last allowed detent: this decay.
        case rests(CompletionCurve)
        /// Its coast would end at or beyond the allowed range: it goes to this end of it.
        case endsAt(Double)
    }

    /// Under `DetentPolicy.restsWhereReleased`, where a release in `state` that is no fling
    /// goes: a decay from the release progress and velocity to where it stops, or the first or
    /// last allowed detent when it would stop there or beyond. Nil for a fling or another
    /// policy: the detents decide.
    func coastToRest(_ state: ReleaseState) -> CoastEnd? {
        guard case .restsWhereReleased(let rate, let snapSpeed) = policy else { return nil }
        if let snapSpeed, abs(state.velocity) * travel >= snapSpeed { return nil }
        let end = state.progress + rate.projectedDistance(initialVelocity: state.velocity, form: .continuous)
        let allowed = allowed
        let first = allowed[0], last = allowed[allowed.count - 1]
        // Not a number only from a non-finite velocity the driver never gives: the nearer end.
        guard end > first else { return .endsAt(first) }
        guard end < last else { return .endsAt(last) }
        return .rests(CompletionCurve(shape: .decay(rate), start: state.progress, startVelocity: state.velocity, target: end))
    }

    /// A model's completion `curve` sent to `target` instead of its own: a spring keeps its
    /// spring; a timed shape's duration scales with the distance, as the classic and Flutter
    /// rules' durations do (a duration kept while the distance grows would jump: a classic
    /// finish at 1 has no time left, and a cancel from there must not take none). A model that
    /// had no distance to go gives nothing to scale: the classic rule's duration per travel
    /// (`ClassicPercentDrivenModel().duration`) stands in.
    static func retargeted(_ curve: CompletionCurve, to target: Double) -> CompletionCurve {
        var curve = curve
        let oldDistance = abs(curve.target - curve.start), newDistance = abs(target - curve.start)
        curve.target = target
        guard let duration = curve.fixedDuration else { return curve }
        let perTravel = oldDistance > 0 ? duration / oldDistance : ClassicPercentDrivenModel().duration
        let scaled = min(perTravel * newDistance, CompletionCurve.maximumSeconds)
        switch curve.shape {
        case .timingCurve(let unit, _): curve.shape = .timingCurve(unit, duration: scaled)
        case .uiKitSpringCurve: curve.shape = .uiKitSpringCurve(duration: scaled)
        case .minimumJerk: curve.shape = .minimumJerk(duration: scaled)
        case .spring, .decay: break
        }
        return curve
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
