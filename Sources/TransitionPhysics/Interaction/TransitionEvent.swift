/// What happened to an `InteractiveTransition`, reported once each, oldest first, by the next
/// `advance(to:)` (Wave reports `finished` and `retargeted` apart; so do we).
///
/// Events compare by value (`==`, the release included), and print short:
/// `released(finish to 1.0 from progress 0.27 at 3.42/s)`, `completed(progress 1.0)`.
public enum TransitionEvent: Hashable, Sendable, CustomStringConvertible {
    /// A finger began driving the transition from rest (or after a completion came to rest).
    case began
    /// The finger lifted: the model decided, and the completion it chose starts.
    case released(InteractiveTransition.Release)
    /// A finger landed during a completion and took over at the animated progress.
    case interrupted
    /// `finish(at:)`, `cancel(at:)` or `retarget(to:at:)` started a new completion from the
    /// current progress and velocity.
    case retargeted
    /// The completion came to rest: nothing visible moves any more, and progress is exactly
    /// `progress` (the target) from now on.
    case completed(progress: Double)
    /// The touch that just released had a median interval of `medianSampleInterval` "seconds"
    /// between its samples, at least `InteractiveTransition.millisecondsSuspicionInterval`
    /// (0.5 s): touch hardware reports every 4 to 17 ms, so its times were almost certainly
    /// given in milliseconds. `TouchSample.time` is in seconds; in milliseconds every gap looks
    /// like a finger at rest and the release is decided with velocity 0. Reported once per
    /// touch, just before its `released`.
    case timesLookLikeMilliseconds(medianSampleInterval: Double)

    /// The case's name (`began`, `released`, `interrupted`, `retargeted`, `completed`,
    /// `timesLookLikeMilliseconds`), for logs and tests.
    public var name: String {
        switch self {
        case .began: return "began"
        case .released: return "released"
        case .interrupted: return "interrupted"
        case .retargeted: return "retargeted"
        case .completed: return "completed"
        case .timesLookLikeMilliseconds: return "timesLookLikeMilliseconds"
        }
    }

    /// The name, and for a release its decision, target, progress and velocity (progress per
    /// second); for a completion its progress: one short line for logs.
    public var description: String {
        switch self {
        case .released(let release):
            let state = release.state
            return "released(\(release.completion.decision) to \(release.completion.curve.target) "
                + "from progress \(Self.short(state.progress)) at \(Self.short(state.velocity))/s)"
        case .completed(let progress): return "completed(progress \(progress))"
        case .timesLookLikeMilliseconds(let interval):
            return "timesLookLikeMilliseconds(median sample interval \(Self.short(interval)) s; TouchSample.time is in seconds)"
        case .began, .interrupted, .retargeted: return name
        }
    }

    /// A value to 3 decimals for a log line, without Foundation: `0.271`, `-3.42`, `12.0`.
    private static func short(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        return "\((value * 1000).rounded() / 1000)"
    }
}

/// One display frame of an `InteractiveTransition` (`advance(to:)`).
public struct TransitionUpdate: Sendable {
    /// Displayed progress, a fraction of the travel.
    public var progress: Double
    /// Progress velocity, progress per second (travel widths per second). While a finger drags:
    /// the velocity estimator's estimate over the samples so far (0 before the direction is known).
    public var velocity: Double
    /// Where progress is going, a fraction of the travel: the completion's target, or while a
    /// finger drags the detent a release now would choose; 0 before anything began.
    public var target: Double
    /// True once the completion has come to rest (one physical pixel, see
    /// `InteractiveTransition.pixelsPerPoint`) until a finger or code starts something new.
    public var isComplete: Bool
    /// What happened since the previous `advance(to:)`, each event once, oldest first.
    public var events: [TransitionEvent]

    /// A frame from its parts.
    public init(progress: Double, velocity: Double, target: Double, isComplete: Bool, events: [TransitionEvent]) {
        self.progress = progress
        self.velocity = velocity
        self.target = target
        self.isComplete = isComplete
        self.events = events
    }
}
