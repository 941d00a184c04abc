// TransitionPhysicsUIKit: the thin glue between UIKit and `InteractiveTransition`.
//
// THIS FILE CANNOT BE COMPILED ON LINUX, where the project's tests run: UIKit does not exist
// there, so everything below sits under `#if canImport(UIKit) && !os(watchOS)` and the module is
// empty. Apple CI (.github/workflows/apple.yml) compiles it for the iOS Simulator in Swift 6
// language mode, with the examples of docs/uikit-adapter.md; nothing runs it. It is written
// against Apple's documented API (UIPercentDrivenInteractiveTransition, Core Animation's
// animations and timing functions) and kept small enough that reading it is the review. It
// makes no decision of its own: direction, velocity, detent, curve and when the completion is
// done come from `InteractiveTransition`; when the display link runs or stops and how the UIKit
// transition ends from `HostTransitionLifecycle` and `HostTransitionEnd`; the travel along the
// axis from `ProgressMapping.travel(width:height:)`; the percent UIKit shows and the overshoot
// drawn beyond it from `HostFrameProgress`; whether an animation's curve shows the percent
// from `HostTimingCurve`. All of those are tested on Linux
// (Tests/TransitionPhysicsTests/Interaction/HostTransitionTests.swift, HostFrameTests.swift).
#if canImport(UIKit) && !os(watchOS)
import QuartzCore
import TransitionPhysics
import UIKit
import os

/// A `UIPercentDrivenInteractiveTransition` whose progress comes from `InteractiveTransition`:
/// a `PhysicsPanGestureRecognizer`'s touch samples (every finger's) go in with their own
/// timestamps, a `PhysicsDisplayLink` calls `advance(to:)` each frame and shows the progress,
/// and when the driver comes to rest the UIKit transition finishes (last detent), is cancelled
/// (first detent), or stays open, paused, at a middle detent (`onRest` says which:
/// `HostTransitionEnd`).
///
/// Progress within 0...1 is UIKit's percent (`update(_:)`), which scrubs the animator's
/// animations by time: the screen shows the progress only if the animator's curve is linear
/// (`UIView.animate(withDuration:delay:options: .curveLinear, ...)`). When UIKit starts the
/// transition, the adapter reads the curves of the Core Animation animations the animator added
/// in the container, and reports one that is not linear through `onNonLinearAnimation`. Progress
/// beyond 0...1 (a spring's overshoot, a rubber-banded drag) is drawn by moving the container's
/// content along the axis by the excess (`containerView.layer.sublayerTransform`, identity
/// within 0...1 and again when the transition ends), since UIKit's percent stops at its ends.
///
/// The display link is stopped on every path that ends it: the completion at rest, `finish()` or
/// `cancel()` called by anyone, a touch the mapping's edge zone refuses, a gesture that never
/// began, a cancelled recognizer, and deinit. Keep a strong reference until `onRest` reports
/// `.finish` or `.cancel`.
@MainActor
public final class PhysicsPercentDrivenTransition: UIPercentDrivenInteractiveTransition {
    /// The core: set `detents`, `reduceMotion`, `completionSpring`, `multitouch` or
    /// `mapping.edgeZone` here. The mapping's `travel` and the `pixelsPerPoint` are set when a
    /// pan begins.
    public var transition: InteractiveTransition
    /// Every event, as `advance(to:)` reports it (haptics, analytics).
    public var onEvent: ((TransitionEvent) -> Void)?
    /// Where the driver came to rest, once per rest: `.finish` or `.cancel` after the UIKit
    /// transition was finished or cancelled; `.detent(_:progress:)` (the detent's id) or `.between(progress:)`
    /// while it stays open, paused there, until the next pan or a `...KeepingVelocity` call.
    public var onRest: ((HostTransitionEnd) -> Void)?
    /// Called once per transition, when UIKit starts it, with a sentence naming an animation of
    /// the animator whose timing curve is not linear (an ease-in-out, a spring): UIKit would draw
    /// curve(progress) where the driver computed progress. By default the sentence goes to the
    /// unified log (subsystem "TransitionPhysicsUIKit"); nil reports nothing.
    public var onNonLinearAnimation: ((String) -> Void)? = { PhysicsPercentDrivenTransition.log.warning("\($0, privacy: .public)") }
    /// When the display link runs and how the UIKit transition ends (the core's bookkeeping).
    private var lifecycle = HostTransitionLifecycle()
    /// Whether this transition runs: a pan began it and it is not finished or cancelled yet (its
    /// completion plays, or it waits at a middle detent). While it runs, a new pan's `.began`
    /// catches it: hand the pan to `handle(_:)` and begin no second view controller transition.
    public var isRunning: Bool { lifecycle.isHostTransitionRunning }
    /// The frames, while something moves.
    private var frames: PhysicsDisplayLink?
    /// The transition's container, once UIKit has started the transition: its size is the travel,
    /// and its content moves by the progress beyond 0...1.
    private weak var containerView: UIView?

    private nonisolated static let log = Logger(subsystem: "TransitionPhysicsUIKit", category: "animator")

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
        frames = PhysicsDisplayLink { [weak self] time in self?.step(at: time) ?? false }
    }

    /// Remembers the container view (the travel's measure), starts as UIKit does (which runs the
    /// animator's `animateTransition(using:)`), then checks the animations it added are linear.
    public override func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        containerView = transitionContext.containerView
        super.startInteractiveTransition(transitionContext)
        if let report = onNonLinearAnimation, let problem = Self.nonLinearAnimation(in: transitionContext.containerView.layer) {
            report(problem)
        }
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
        end()
        super.finish()
    }

    /// Cancels the UIKit transition now; the display link stops and the driver is fed no more.
    public override func cancel() {
        end()
        super.cancel()
    }

    private func end() {
        frames?.stop()
        showBeyond(points: 0)
        lifecycle.hostTransitionEnded()
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
            frames?.start()
        case .stopFrames:
            frames?.stop()
        case .rest(let end):
            frames?.stop()
            // The core chose where to rest; UIKit hears finish, cancel, or nothing (paused).
            switch end {
            case .finish: finish()
            case .cancel: cancel()
            case .detent, .between: break
            }
            onRest?(end)
        }
    }

    /// One display frame at `time` (the frame's target timestamp, on the touches' clock);
    /// returns whether frames go on.
    private func step(at time: Double) -> Bool {
        guard !lifecycle.isOver else { return false }
        let frame = transition.advance(to: time)
        let shown = transition.hostProgress(of: frame)
        update(CGFloat(shown.percent))
        showBeyond(points: shown.beyondPoints)
        for event in frame.events { onEvent?(event) }
        let action = lifecycle.action(for: transition)
        perform(action)
        return action == .runFrames
    }

    /// Moves the container's content by `points` along the mapping's axis (screen coordinates).
    private func showBeyond(points: Double) {
        guard let layer = containerView?.layer else { return }
        let dx = transition.mapping.axis == .x ? CGFloat(points) : 0
        let dy = transition.mapping.axis == .y ? CGFloat(points) : 0
        let transform = points == 0 ? CATransform3DIdentity : CATransform3DMakeTranslation(dx, dy, 0)
        guard !CATransform3DEqualToTransform(layer.sublayerTransform, transform) else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.sublayerTransform = transform
        CATransaction.commit()
    }

    /// A sentence naming the first animation under `root` whose timing curve is not linear
    /// (`HostTimingCurve`), nil when every one is.
    private static func nonLinearAnimation(in root: CALayer) -> String? {
        var layers = [root]
        while let layer = layers.popLast() {
            layers += layer.sublayers ?? []
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key), let curve = nonLinearCurve(of: animation) else { continue }
                return "The animator's animation of \"\(key)\" on \(layer) runs along \(curve); UIPercentDrivenInteractiveTransition "
                    + "scrubs it by time, so the screen shows that curve of the driver's progress and the release's velocity "
                    + "does not match on screen. Animate with a linear curve (UIView.animate(withDuration:delay:options: .curveLinear, ...))."
            }
        }
        return nil
    }

    /// What is not linear about `animation`'s timing, or nil.
    private static func nonLinearCurve(of animation: CAAnimation) -> String? {
        if animation is CASpringAnimation { return "a spring (CASpringAnimation)" }
        if let group = animation as? CAAnimationGroup {
            if let curve = group.timingFunction.flatMap(nonLinear) { return curve }
            return (group.animations ?? []).lazy.compactMap(nonLinearCurve).first
        }
        if let keyframes = animation as? CAKeyframeAnimation, let curve = (keyframes.timingFunctions ?? []).lazy.compactMap(nonLinear).first {
            return curve
        }
        return animation.timingFunction.flatMap(nonLinear)
    }

    /// The control points of `function` when it is not linear.
    private static func nonLinear(_ function: CAMediaTimingFunction) -> String? {
        var first: [Float] = [0, 0]
        var second: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        let curve = HostTimingCurve(x1: Double(first[0]), y1: Double(first[1]), x2: Double(second[0]), y2: Double(second[1]))
        guard !curve.isLinear() else { return nil }
        return "the cubic curve (\(first[0]), \(first[1])), (\(second[0]), \(second[1]))"
    }
}
#endif
