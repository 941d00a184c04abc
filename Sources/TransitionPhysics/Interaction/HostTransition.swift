/// How a platform transition that mirrors an `InteractiveTransition` (UIKit's
/// `UIPercentDrivenInteractiveTransition`, which TransitionPhysicsUIKit drives) ends or waits
/// once the driver comes to rest: the one mapping from a resting progress and the detents to
/// what the platform hears.
///
/// - `finish`: at the last detent (the platform transition finishes: `finish()`);
/// - `cancel`: at the first detent (it is cancelled: `cancel()`);
/// - `detent(_:progress:)`: at a middle detent, named by its `Detent.ID`: the platform transition
///   must *not* end (a
///   cancel would throw the half-open sheet away); it stays interactive, paused at that progress,
///   until a touch or code moves it on;
/// - `between(progress:)`: at a progress that is no detent (`retarget(to:at:)` may aim anywhere
///   between the first and last detent): paused there, as at a middle detent.
///
/// With a single detent (first and last alike) a rest there is `finish`, as the driver's
/// decision is (`Decision.finish` means the last detent).
public enum HostTransitionEnd: Hashable, Sendable {
    /// At rest at the last detent: finish the platform transition.
    case finish
    /// At rest at the first detent: cancel the platform transition.
    case cancel
    /// At rest at the middle detent `id`, whose progress in the current layout is `progress`:
    /// keep the platform transition open, paused at `progress`.
    case detent(_ id: Detent.ID, progress: Double)
    /// At rest at `progress`, which is no detent: keep the platform transition open, paused there.
    case between(progress: Double)

    /// The end for a driver at rest at `progress` (a completion's target, exactly as
    /// `TransitionEvent.completed(progress:)` reports it) with `detents` (ascending, at least one,
    /// as `InteractiveTransition.resolvedDetents`).
    package init(restingAt progress: Double, detents: [ResolvedDetent]) {
        precondition(!detents.isEmpty, "HostTransitionEnd needs at least one detent.")
        if progress == detents[detents.count - 1].progress {
            self = .finish
        } else if progress == detents[0].progress {
            self = .cancel
        } else if let detent = detents.first(where: { $0.progress == progress }) {
            self = .detent(detent.id, progress: progress)
        } else {
            self = .between(progress: progress)
        }
    }

    /// The end a `.completed(progress:)` event means with `detents`; nil for every other event.
    package init?(_ event: TransitionEvent, detents: [ResolvedDetent]) {
        guard case .completed(let progress) = event else { return nil }
        self.init(restingAt: progress, detents: detents)
    }

    /// Whether the platform transition is over (`finish` or `cancel`); false while it waits at
    /// a middle detent or between detents.
    package var endsHostTransition: Bool {
        switch self {
        case .finish, .cancel: return true
        case .detent, .between: return false
        }
    }

    /// The progress the driver rests at, when the detents are known: the last or first detent
    /// for `finish` and `cancel`.
    package func progress(detents: [ResolvedDetent]) -> Double {
        switch self {
        case .finish: return detents[detents.count - 1].progress
        case .cancel: return detents[0].progress
        case .detent(_, let progress), .between(let progress): return progress
        }
    }
}

/// The bookkeeping of an adapter that mirrors an `InteractiveTransition` in a platform
/// transition and drives it with a frame loop (a `CADisplayLink`): when the frame loop must run,
/// when it must stop, and when and how the platform transition ends, so that it always ends,
/// and ends once. TransitionPhysicsUIKit holds one; it decides nothing else.
///
/// Call `action(for:)` after every change to the driver (samples handled, a frame advanced, a
/// finish, cancel or retarget from code) and do what it says:
/// - `.runFrames`: something moves (a finger is down, or a completion has not been reported
///   complete yet): keep or start the frame loop;
/// - `.stopFrames`: nothing moves: stop the frame loop (it is already stopped when the previous
///   action was `.rest`);
/// - `.rest(end)`: the driver just came to rest, reported once per rest: stop the frame loop, and
///   finish or cancel the platform transition for `.finish` and `.cancel`, or leave it paused
///   for a middle detent or a progress between detents (`HostTransitionEnd`).
///
/// A driver still `.idle` after samples (a touch-down refused by the mapping's edge zone, or
/// samples that never began a touch) cannot start anything: the platform transition begun for
/// that touch is cancelled, `.rest(.cancel)`. Once `.finish` or `.cancel` has been answered, or
/// `hostTransitionEnded()` called (the platform transition was finished or cancelled by someone
/// else), the lifecycle is over: every later answer is `.stopFrames`.
///
/// Interruption: one platform transition per interaction, however many touches it takes. A
/// touch-down while the platform transition runs (its completion is playing, or it waits at a
/// middle detent) catches it: `touchDown` says `.catchRunningTransition`, and the adapter feeds
/// the touch to the same driver instead of beginning a second platform transition. The platform
/// transition stays interactive throughout (the adapter shows each frame's progress with
/// `update(_:)` and hands UIKit nothing to animate before the rest), so a caught completion is
/// paused exactly as `pauseInteractiveTransition` would pause it: the finger scrubs on from the
/// shown progress (`InteractiveTransition` interrupts the completion without a jump), and the
/// next release's completion resumes it. Only `touchDown == .beginHostTransition` (no platform
/// transition yet, or the last one over) begins a new one.
package struct HostTransitionLifecycle: Hashable, Sendable {
    /// What the adapter does now.
    package enum Action: Hashable, Sendable {
        /// Something moves: run (or keep running) the frame loop.
        case runFrames
        /// Nothing moves: stop the frame loop.
        case stopFrames
        /// The driver came to rest: stop the frame loop, then end (or pause) the platform
        /// transition as `HostTransitionEnd` says. Answered once per rest.
        case rest(HostTransitionEnd)
    }

    /// What a touch-down (a pan recognizer's `.began`) does to the platform transition.
    package enum TouchDown: Hashable, Sendable {
        /// No platform transition runs: begin one (start the view controller transition), then
        /// feed the touch.
        case beginHostTransition
        /// The platform transition runs (its completion plays, or it waits at a middle detent):
        /// feed the touch to the same driver, which catches the view where it is shown.
        case catchRunningTransition
    }

    /// Whether the platform transition has been finished or cancelled: nothing more is to be
    /// driven, and every answer is `.stopFrames`.
    package private(set) var isOver = false
    /// Whether samples have been fed: the platform transition this lifecycle mirrors has begun.
    package private(set) var hasBegun = false
    /// Whether the current rest has been answered (reset when something moves again).
    private var restAnswered = false
    /// The newest sample fed to the driver through `feed(_:recognizerEnded:to:)`.
    package private(set) var lastSample: TouchSample?
    /// The newest sample of each finger down (by `TouchSample.pointer`), in the order they landed.
    private var fingersDown: [TouchSample] = []

    /// A lifecycle before any touch: not over, nothing answered.
    package init() {}

    /// Whether the platform transition runs: begun and not yet finished or cancelled.
    package var isHostTransitionRunning: Bool { hasBegun && !isOver }

    /// What a touch-down does now: catch the running platform transition, or begin a new one
    /// (before the first touch, and once the last platform transition is over).
    package var touchDown: TouchDown { isHostTransitionRunning ? .catchRunningTransition : .beginHostTransition }

    /// What to do after the driver changed. See the type's description.
    package mutating func action(for transition: InteractiveTransition) -> Action {
        guard !isOver else { return .stopFrames }
        switch transition.phase {
        case .idle:
            // Nothing began: the touch was refused (edge zone) or never started a transition.
            isOver = true
            return .rest(.cancel)
        case .tracking:
            restAnswered = false
            return .runFrames
        case .completing:
            restAnswered = false
            return .runFrames
        case .atRest(let animation):
            guard !restAnswered else { return .stopFrames }
            restAnswered = true
            let end = HostTransitionEnd(restingAt: animation.curve.target, detents: transition.resolvedDetents)
            if end.endsHostTransition { isOver = true }
            return .rest(end)
        }
    }

    /// Feeds one recognizer callback's samples to `transition`, oldest first, and answers
    /// `action(for:)`. `recognizerEnded` is the phase of the recognizer's own end (`.ended`, or
    /// `.cancelled` for a cancelled or failed recognizer), nil while it is still tracking: when
    /// the recognizer ended but the driver still follows a finger (the end of a touch was not
    /// delivered to the recorder, or came without touches), each finger still down ends with
    /// that phase at its newest position (the samples' `pointer`s: several fingers end in the
    /// order they landed) and at `endTime` (seconds, the samples' clock: when the recognizer
    /// ended; never before the newest sample), so the driver always releases, the platform
    /// transition always ends, and a finger that rested before the recognizer ended releases
    /// with velocity 0 (`ReleaseSamples.liftOff`'s pointer-stopped rule). Without `endTime` the
    /// end takes the newest sample's time. Nothing is fed once the lifecycle is over.
    package mutating func feed(
        _ samples: [TouchSample], recognizerEnded: TouchPhase?, endTime: Double? = nil,
        to transition: inout InteractiveTransition
    ) -> Action {
        guard !isOver else { return .stopFrames }
        for sample in samples { give(sample, to: &transition) }
        if recognizerEnded != nil, transition.isTracking, let last = lastSample {
            let time = endTime.map { $0.isFinite ? max($0, last.time) : last.time } ?? last.time
            let phase: TouchPhase = recognizerEnded == .ended ? .ended : .cancelled
            for finger in fingersDown.isEmpty ? [last] : fingersDown where transition.isTracking {
                give(TouchSample(time: time, x: finger.x, y: finger.y, phase: phase, pointer: finger.pointer), to: &transition)
            }
        }
        // The recognizer's fingers are all up once it ended (a finger whose end a stroke let go by
        // code never saw is forgotten here).
        if recognizerEnded != nil { fingersDown.removeAll() }
        return action(for: transition)
    }

    /// Hands one sample to the driver and keeps the fingers down up to date.
    private mutating func give(_ sample: TouchSample, to transition: inout InteractiveTransition) {
        transition.handle(sample)
        lastSample = sample
        hasBegun = true
        let index = fingersDown.firstIndex { $0.pointer == sample.pointer }
        switch sample.phase {
        case .began:
            if let index { fingersDown.remove(at: index) }
            fingersDown.append(sample)
        case .changed:
            if let index { fingersDown[index] = sample }
        case .ended, .cancelled:
            if let index { fingersDown.remove(at: index) }
        }
    }

    /// The platform transition was finished or cancelled outside the lifecycle (the app called
    /// `finish()` or `cancel()` itself): the lifecycle is over, every later answer `.stopFrames`.
    package mutating func hostTransitionEnded() { isOver = true }
}

extension ProgressMapping {
    /// The travel for a container `width` by `height` points along this mapping's `axis`: its
    /// width for `.x`, its height for `.y`; 1 point when that length is not a finite number of
    /// at least 1 point (a container not laid out yet), so the travel is always valid.
    package func travel(width: Double, height: Double) -> Double {
        let length = axis == .x ? width : height
        return length.isFinite && length >= 1 ? length : 1
    }
}
