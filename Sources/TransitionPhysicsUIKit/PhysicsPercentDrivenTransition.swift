// TransitionPhysicsUIKit: the thin glue between UIKit and `InteractiveTransition`.
//
// THIS FILE CANNOT BE COMPILED ON LINUX, where the project's tests run: UIKit does not exist
// there, so everything below sits under `#if canImport(UIKit) && !os(watchOS)` and the module is
// empty. Apple CI (.github/workflows/apple.yml) compiles it for the iOS Simulator in Swift 6
// language mode; nothing runs it. It is written against Apple's documented API
// (UIPercentDrivenInteractiveTransition, UIPanGestureRecognizer's subclass hooks, UIEvent's
// coalesced touches, CADisplayLink) and kept small enough that reading it is the review. It
// makes no decision of its own: direction, velocity, detent, curve and when the completion is
// done come from `InteractiveTransition`; when the display link runs or stops and how the UIKit
// transition ends come from `HostTransitionLifecycle` and `HostTransitionEnd`; the travel along
// the axis from `ProgressMapping.travel(width:height:)`. All of those are tested on Linux
// (Tests/TransitionPhysicsTests/Interaction/HostTransitionTests.swift). docs/uikit-adapter.md
// shows a percent-driven pop rewritten with it, beside the classic version.
#if canImport(UIKit) && !os(watchOS)
import QuartzCore
import TransitionPhysics
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// A pan recognizer that keeps its first finger's touch samples as they happened: every
/// coalesced touch (the positions a 120 or 240 Hz digitizer reported between two deliveries),
/// stamped with the touch's own `timestamp` (seconds on `CACurrentMediaTime()`'s clock, the
/// display link's too), at its position in the window (a view that does not move while the
/// transition moves its views). `PhysicsPercentDrivenTransition.handle(_:)` takes them at each
/// action; a recognizer that begins after the touch slop hands over the samples since touch-down.
open class PhysicsPanGestureRecognizer: UIPanGestureRecognizer {
    /// The finger followed: the first touch of the sequence (a second finger is ignored).
    private weak var trackedTouch: UITouch?
    /// Samples recorded since the last `takeSamples()`, oldest first.
    private var recorded: [TouchSample] = []

    /// The samples recorded since the previous call, oldest first, and forgets them.
    public func takeSamples() -> [TouchSample] {
        defer { recorded.removeAll(keepingCapacity: true) }
        return recorded
    }

    // Each override records before calling super, so the samples are in place before the state
    // change that sends the action.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if trackedTouch == nil, let touch = touches.first {
            trackedTouch = touch
            record(touch, .began)
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if let touch = trackedTouch, touches.contains(touch) {
            for sample in event.coalescedTouches(for: touch) ?? [touch] { record(sample, .changed) }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let touch = trackedTouch, touches.contains(touch) {
            // The coalesced moves since the last delivery, then the lift-off itself.
            let coalesced = event.coalescedTouches(for: touch) ?? [touch]
            for sample in coalesced.dropLast() { record(sample, .changed) }
            record(coalesced.last ?? touch, .ended)
            trackedTouch = nil
        }
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if let touch = trackedTouch, touches.contains(touch) {
            record(touch, .cancelled)
            trackedTouch = nil
        }
        super.touchesCancelled(touches, with: event)
    }

    open override func reset() {
        super.reset()
        trackedTouch = nil
        recorded.removeAll()
    }

    private func record(_ touch: UITouch, _ phase: TouchPhase) {
        let point = touch.location(in: nil)   // nil: the window's coordinates
        recorded.append(TouchSample(time: touch.timestamp, x: Double(point.x), y: Double(point.y), phase: phase))
    }
}

/// A `UIPercentDrivenInteractiveTransition` whose progress comes from `InteractiveTransition`:
/// a `PhysicsPanGestureRecognizer`'s touch samples go in with their own timestamps, a display
/// link calls `advance(to:)` each frame and shows the progress with `update(_:)`, and when the
/// driver comes to rest the UIKit transition finishes (last detent), is cancelled (first
/// detent), or stays open, paused, at a middle detent (`onRest` says which: `HostTransitionEnd`).
///
/// The display link holds only a weak proxy of this object, and is invalidated on every path
/// that ends it: the completion at rest, `finish()` or `cancel()` called by anyone, a touch the
/// mapping's edge zone refuses, a gesture that never began, a cancelled recognizer, and deinit.
/// Keep a strong reference until `onRest` reports `.finish` or `.cancel`.
@MainActor
public final class PhysicsPercentDrivenTransition: UIPercentDrivenInteractiveTransition {
    /// The core: set `detents`, `reduceMotion`, `completionSpring` or `mapping.edgeZone` here.
    /// The mapping's `travel` and the `pixelsPerPoint` are set when a pan begins.
    public var transition: InteractiveTransition
    /// Every event, as `advance(to:)` reports it (haptics, analytics).
    public var onEvent: ((TransitionEvent) -> Void)?
    /// Where the driver came to rest, once per rest: `.finish` or `.cancel` after the UIKit
    /// transition was finished or cancelled; `.detent(index:progress:)` or `.between(progress:)`
    /// while it stays open, paused there, until the next pan or a `...KeepingVelocity` call.
    public var onRest: ((HostTransitionEnd) -> Void)?
    /// When the display link runs and how the UIKit transition ends (the core's bookkeeping).
    private(set) var lifecycle = HostTransitionLifecycle()
    /// Whether this transition runs: a pan began it and it is not finished or cancelled yet (its
    /// completion plays, or it waits at a middle detent). While it runs, a new pan's `.began`
    /// catches it: hand the pan to `handle(_:)` and begin no second view controller transition.
    public var isRunning: Bool { lifecycle.isHostTransitionRunning }
    /// The running display link, nil when stopped. Nonisolated so that deinit (nonisolated) can
    /// read it.
    nonisolated(unsafe) private var displayLink: CADisplayLink?
    /// The transition's container, once UIKit has started the transition: its size is the travel.
    private weak var containerView: UIView?

    /// - Parameters:
    ///   - axis: the screen axis progress follows (`.x` for a pop, `.y` for a sheet); the travel
    ///     is the container's width or height accordingly.
    ///   - direction: which way along the axis is progress (a pop follows the finger to the right).
    ///   - model: the release model; `ProjectedSpringModel()` by default.
    ///   - estimator: the release-velocity estimator; `LeastSquaresVelocityEstimator.recommended` by default.
    public init(
        axis: TouchAxis = .x,
        direction: ProgressMapping.Direction = .fixed(positive: true),
        model: any ReleaseModel = ProjectedSpringModel(),
        estimator: any VelocityEstimator = LeastSquaresVelocityEstimator.recommended
    ) {
        transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 1, axis: axis, direction: direction), model: model, estimator: estimator)
        super.init()
    }

    deinit {
        // On the main thread, where UIKit releases it, the link stops now. Elsewhere (invalidating
        // off the link's thread has been seen to wait on the main thread) the proxy, finding no
        // transition, invalidates it on the main thread at its next frame.
        if Thread.isMainThread { displayLink?.invalidate() }
    }

    /// Remembers the container view (the travel's measure), then starts as UIKit does.
    public override func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        containerView = transitionContext.containerView
        super.startInteractiveTransition(transitionContext)
    }

    /// Call from the pan recognizer's action for every state. On `.began` the travel becomes the
    /// container's (before UIKit has started the transition, the pan's view's) width or height
    /// along the mapping's axis, and the pixel size its display scale. Start the view controller
    /// transition yourself only when `isRunning` is false: a pan that begins while this
    /// transition runs catches it where it is shown (`HostTransitionLifecycle.touchDown`).
    public func handle(_ pan: PhysicsPanGestureRecognizer) {
        let recognizerEnded: TouchPhase?
        switch pan.state {
        case .began, .changed: recognizerEnded = nil
        case .ended: recognizerEnded = .ended
        case .cancelled, .failed: recognizerEnded = .cancelled
        default: return
        }
        if pan.state == .began, !lifecycle.isOver, let view = containerView ?? pan.view {
            let size = view.bounds.size
            transition.mapping.travel = transition.mapping.travel(width: Double(size.width), height: Double(size.height))
            let scale = Double(view.traitCollection.displayScale)
            if scale > 0 && scale.isFinite { transition.pixelsPerPoint = scale }
        }
        // The recognizer's own end time, for an end the samples lack (now, on the touches' clock).
        let endTime = recognizerEnded == nil ? nil : CACurrentMediaTime()
        perform(lifecycle.feed(pan.takeSamples(), recognizerEnded: recognizerEnded, endTime: endTime, to: &transition))
    }

    /// Finishes from code at the last detent, keeping the current velocity (`InteractiveTransition.finish(at:)`).
    public func finishKeepingVelocity() { fromCode { $0.finish(at: CACurrentMediaTime()) } }
    /// Cancels from code to the first detent, keeping the current velocity (`InteractiveTransition.cancel(at:)`).
    public func cancelKeepingVelocity() { fromCode { $0.cancel(at: CACurrentMediaTime()) } }
    /// Moves from code to `progress` (a detent, usually), keeping the current velocity
    /// (`InteractiveTransition.retarget(to:at:)`).
    public func retargetKeepingVelocity(to progress: Double) { fromCode { $0.retarget(to: progress, at: CACurrentMediaTime()) } }

    /// Finishes the UIKit transition now; the display link stops and the driver is fed no more.
    public override func finish() {
        stopFrames()
        lifecycle.hostTransitionEnded()
        super.finish()
    }

    /// Cancels the UIKit transition now; the display link stops and the driver is fed no more.
    public override func cancel() {
        stopFrames()
        lifecycle.hostTransitionEnded()
        super.cancel()
    }

    private func fromCode(_ change: (inout InteractiveTransition) -> Void) {
        guard !lifecycle.isOver else { return }
        change(&transition)
        perform(lifecycle.action(for: transition))
    }

    /// Does what the lifecycle said.
    private func perform(_ action: HostTransitionLifecycle.Action) {
        switch action {
        case .runFrames:
            startFrames()
        case .stopFrames:
            stopFrames()
        case .rest(let end):
            stopFrames()
            // The core chose where to rest; UIKit hears finish, cancel, or nothing (paused).
            switch end {
            case .finish: finish()
            case .cancel: cancel()
            case .detent, .between: break
            }
            onRest?(end)
        }
    }

    private func startFrames() {
        guard displayLink == nil else { return }
        let link = CADisplayLink(target: DisplayLinkProxy(owner: self), selector: #selector(DisplayLinkProxy.step(_:)))
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    private func stopFrames() {
        displayLink?.invalidate()
        displayLink = nil
    }

    /// One display frame (from the proxy).
    fileprivate func step(_ link: CADisplayLink) {
        guard !lifecycle.isOver else { return stopFrames() }
        // targetTimestamp: when this frame will be on screen, on the touches' clock.
        let frame = transition.advance(to: link.targetTimestamp)
        // UIKit's percent is 0...1: an overshoot past either end shows as that end.
        update(CGFloat(min(max(frame.progress, 0), 1)))
        for event in frame.events { onEvent?(event) }
        perform(lifecycle.action(for: transition))
    }
}

/// The display link's target: it retains this proxy, not the transition, and invalidates itself
/// when the transition is gone.
@MainActor
private final class DisplayLinkProxy: NSObject {
    weak var owner: PhysicsPercentDrivenTransition?

    init(owner: PhysicsPercentDrivenTransition) {
        self.owner = owner
        super.init()
    }

    @objc func step(_ link: CADisplayLink) {
        guard let owner else { return link.invalidate() }
        owner.step(link)
    }
}
#endif
