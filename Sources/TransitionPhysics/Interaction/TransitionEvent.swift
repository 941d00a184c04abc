/// What happened to an `InteractiveTransition`, reported once each, oldest first, by the next
/// `advance(to:)` (Wave reports `finished` and `retargeted` apart; so do we).
///
/// Events compare by value (`==`, the release included), and print short, naming the detent a
/// release goes to: `released(finish to 1.0 from progress 0.27 at 3.42 travels/s)`,
/// `released(to detent 0.5 from progress 0.61 at 0.8 travels/s)`, `completed(progress 1.0)`.
///
/// New kinds of event come in minor versions. Switch over the events with an `@unknown default`
/// case, and a kind added later keeps your app compiling: Swift warns that the switch must be
/// exhaustive and names the new case, and at run time the new kind takes the `@unknown default`
/// branch. A switch that lists every case and has no `default` stops compiling when a kind is
/// added (error: switch must be exhaustive), and so does a build that treats warnings as errors,
/// until it handles the new case. While every case is handled, `@unknown default` draws no
/// warning:
///
/// ```swift
/// for event in frame.events {
///     switch event {
///     case .released(let release): print("going to", release.detent)
///     case .completed(let progress): print("at rest at", progress)
///     case .detentCrossed(let detent, _): print("passed", detent)  // a haptic tick
///     case .began, .interrupted, .retargeted, .timesLookLikeMilliseconds, .layoutChanged,
///          .refused, .detentRefused, .detentInactive, .releaseDetentChanged: break
///     @unknown default: break  // a kind added in a later minor version
///     }
/// }
/// ```
public enum TransitionEvent: Hashable, Sendable, CustomStringConvertible {
    /// A finger began driving the transition from rest (or after a completion came to rest).
    case began
    /// The finger lifted: the model decided, and the completion it chose starts.
    case released(InteractiveTransition.Release)
    /// A finger landed during a completion and caught the view where it was shown.
    case interrupted
    /// `finish(at:)`, `cancel(at:)` or `retarget(to:at:)` started a new completion from the
    /// current progress and velocity.
    case retargeted
    /// The completion came to rest: nothing visible moves any more, and progress is exactly
    /// `progress` (the target) from now on.
    case completed(progress: Double)
    /// The touch that just released had a median interval of `medianSampleInterval` "seconds"
    /// between its samples, at least 0.5 s: touch hardware reports every 4 to 17 ms, so its
    /// times were almost certainly given in milliseconds. `TouchSample.time` is in seconds; in
    /// milliseconds every gap looks like a finger at rest and the release is decided with
    /// velocity 0. Reported once per touch, just before its `released`.
    case timesLookLikeMilliseconds(medianSampleInterval: Double)
    /// The layout changed (`updateLayout(travel:contentLength:detents:at:)`, or a new `mapping.travel` or
    /// `detents`): the travel in points and the detents now in force. What was on screen stayed
    /// where it was; a completion goes on to its detent (or the nearest, if it was removed).
    case layoutChanged(travel: Double, detents: [ResolvedDetent])
    /// The mapping's `axisLock` refused the stroke that began from rest: it moved
    /// `alongAxisPoints` along the transition's axis and `acrossAxisPoints` across it when
    /// judged. The view stays where it was and the rest of the stroke is ignored: hand the touch
    /// to the scroll view it belongs to.
    case refused(alongAxisPoints: Double, acrossAxisPoints: Double)
    /// A layout change (`updateLayout(travel:contentLength:detents:at:)`) left the detent the view
    /// rested at or was going to inactive, or removed it: the view goes to the active detent
    /// nearest to where it is shown (the `layoutChanged` event that follows names the detents
    /// now), as UIKit animates a sheet whose detent's resolver returns nil. Reported once.
    case detentInactive(Detent.ID)
    /// A release would have settled at `detent`, which the app refuses
    /// (`InteractiveTransition.refusesDetent`); it settles at the allowed detent nearest to it
    /// instead (the `released` event that follows names it). Ask the person, as UIKit's
    /// `presentationControllerDidAttemptToDismiss` does.
    case detentRefused(Detent.ID)
    /// While a finger drags, the view passed the detent `id`, moving to larger progress
    /// (`.next`) or smaller (`.previous`): once per crossing, when a frame shows the view a
    /// physical pixel past it after it was a pixel or more on the other side (touch noise around
    /// a detent reports nothing). A frame that passes several reports each, in the order passed;
    /// a completion, its spring-back past a detent included, reports none. For a haptic tick as
    /// the sheet passes a detent (`UISelectionFeedbackGenerator`).
    case detentCrossed(Detent.ID, moving: InteractiveTransition.DetentStep)
    /// While a finger drags, the detent a release now would settle at changed to `id` (the
    /// frame's `TransitionUpdate.target` moved to another detent; under
    /// `DetentPolicy.restsWhereReleased` the detent nearest where it would rest): once per change,
    /// from the detent the view rested at or was going to when the finger landed. For a haptic
    /// as the decision flips (`UIImpactFeedbackGenerator`), as iOS's swipe actions tick when a
    /// release would commit.
    case releaseDetentChanged(Detent.ID)

    /// The case's name (`began`, `released`, `interrupted`, `retargeted`, `completed`,
    /// `timesLookLikeMilliseconds`, `layoutChanged`, `refused`, `detentRefused`, `detentInactive`,
    /// `detentCrossed`, `releaseDetentChanged`), for logs and tests.
    public var name: String {
        switch self {
        case .began: return "began"
        case .released: return "released"
        case .interrupted: return "interrupted"
        case .retargeted: return "retargeted"
        case .completed: return "completed"
        case .timesLookLikeMilliseconds: return "timesLookLikeMilliseconds"
        case .layoutChanged: return "layoutChanged"
        case .refused: return "refused"
        case .detentRefused: return "detentRefused"
        case .detentInactive: return "detentInactive"
        case .detentCrossed: return "detentCrossed"
        case .releaseDetentChanged: return "releaseDetentChanged"
        }
    }

    /// The name, and for a release the detent it goes to (with `finish` or `cancel` when it is
    /// 1 or 0, an end of the default [0, 1]), its progress and velocity (travels per second);
    /// for a completion its progress: one short line for logs.
    public var description: String {
        switch self {
        case .released(let release):
            let state = release.state
            let destination: String
            switch (release.decision, release.completion.curve.target) {
            case (.finish?, 1), (.cancel?, 0): destination = "\(release.decision!) to \(Self.short(release.completion.curve.target))"
            case _ where release.detent == Detent.ID(floatLiteral: release.completion.curve.target):
                destination = "to detent \(Self.short(release.completion.curve.target))"
            default: destination = "to detent \(release.detent) at \(Self.short(release.completion.curve.target))"
            }
            return "released(\(destination) from progress \(Self.short(state.progress)) at \(Self.short(state.velocity)) travels/s)"
        case .completed(let progress): return "completed(progress \(Self.short(progress)))"
        case .timesLookLikeMilliseconds(let interval):
            return "timesLookLikeMilliseconds(median sample interval \(Self.short(interval)) s; TouchSample.time is in seconds)"
        case .layoutChanged(let travel, let detents):
            return "layoutChanged(travel \(Self.short(travel)) pt, detents [\(detents.map(\.description).joined(separator: ", "))])"
        case .refused(let along, let across):
            return "refused(moved \(Self.short(along)) pt along the axis, \(Self.short(across)) pt across)"
        case .detentRefused(let detent): return "detentRefused(detent \(detent))"
        case .detentInactive(let detent): return "detentInactive(detent \(detent))"
        case .detentCrossed(let detent, let moving): return "detentCrossed(detent \(detent), moving \(moving.rawValue))"
        case .releaseDetentChanged(let detent): return "releaseDetentChanged(detent \(detent))"
        case .began, .interrupted, .retargeted: return name
        }
    }

    /// A value to 3 decimals for a log line, without Foundation: `0.271`, `-3.42`, `12.0`;
    /// never `-0.0`.
    private static func short(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        let rounded = (value * 1000).rounded() / 1000
        return "\(rounded == 0 ? 0 : rounded)"
    }
}

/// One display frame of an `InteractiveTransition` (`advance(to:)`).
public struct TransitionUpdate: Sendable {
    /// Displayed progress, a fraction of the travel.
    public var progress: Double
    /// Progress velocity, travels per second (the travel along the mapping's axis, a width or a
    /// height, per second). While a finger drags: the velocity estimator's estimate over the
    /// samples so far (0 before the direction is known, and 0 once the finger has sent no sample
    /// for longer than the estimator's `pointerStoppedAfter`: a finger held still, which a lift-off
    /// there would release with velocity 0).
    public var velocity: Double
    /// Where progress is going, a fraction of the travel: the completion's target, or while a
    /// finger drags the detent a release now would choose; 0 before anything began.
    public var target: Double
    /// True when nothing moves until a finger or code starts something new: nothing has begun,
    /// or the completion has come to rest (one physical pixel, see
    /// `InteractiveTransition.pixelsPerPoint`). A display link can stop; the end of a completion
    /// is the `.completed(progress:)` event. The first frame at rest shows the target exactly,
    /// less than one physical pixel from where the curve itself is at that time (the one-pixel
    /// rule's promise: Flutter's and Android's); a curve still moving there moves by less than a
    /// pixel in all.
    public var isAtRest: Bool
    /// What happened since the previous `advance(to:)`, each event once, oldest first.
    public var events: [TransitionEvent]

    /// A frame from its parts.
    public init(progress: Double, velocity: Double, target: Double, isAtRest: Bool, events: [TransitionEvent]) {
        self.progress = progress
        self.velocity = velocity
        self.target = target
        self.isAtRest = isAtRest
        self.events = events
    }
}
