// TransitionPhysicsUIKit: the thin glue between UIKit and `InteractiveTransition`.
//
// THIS FILE CANNOT BE COMPILED ON THESE MACHINES: the project builds and tests on Linux, where
// UIKit does not exist, so everything below sits under `#if canImport(UIKit)` and the module is
// empty there. It is written against Apple's documented API (UIPercentDrivenInteractiveTransition,
// UIPanGestureRecognizer, CADisplayLink, CACurrentMediaTime) and kept small enough that reading
// it is the review. It makes no decision of its own: direction, velocity, detent, curve, and
// when the completion is done all come from `InteractiveTransition`, tested on Linux.
// docs/uikit-adapter.md shows a percent-driven pop rewritten with it, beside the classic version.
#if canImport(UIKit)
import QuartzCore
import TransitionPhysics
import UIKit

/// A `UIPercentDrivenInteractiveTransition` whose progress comes from `InteractiveTransition`:
/// the pan's translation goes in as touch samples (points, `CACurrentMediaTime()` seconds), a
/// display link calls `advance(to:)` each frame and shows the progress with
/// `update(_:)`, and on `.completed` it calls `finish()` or `cancel()`, which then have no
/// distance left to animate.
@MainActor
public final class PhysicsPercentDrivenTransition: UIPercentDrivenInteractiveTransition {
    /// The core: set `detents`, `reduceMotion` or `completionSpring` here.
    public var transition: InteractiveTransition
    /// Every event, as `advance(to:)` reports it (haptics, analytics).
    public var onEvent: ((TransitionEvent) -> Void)?
    private var displayLink: CADisplayLink?

    /// - Parameters:
    ///   - direction: which way along x is progress (a pop follows the finger to the right).
    ///   - model: the release model; `ProjectedSpringModel()` by default.
    public init(
        direction: ProgressMapping.Direction = .fixed(positive: true),
        model: any ReleaseModel = ProjectedSpringModel(),
        estimator: any VelocityEstimator = LeastSquaresVelocityEstimator.dropTolerant
    ) {
        transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 1, direction: direction), model: model, estimator: estimator)
        super.init()
    }

    /// Call from the pan recognizer's action for every state. On `.began` the travel becomes the
    /// view's width (the classic pop's `translation.x / view.bounds.width`) and the pixel size its
    /// display scale; start the view controller transition yourself, as before.
    public func handle(_ pan: UIPanGestureRecognizer) {
        guard let view = pan.view else { return }
        let phase: TouchPhase
        switch pan.state {
        case .began: phase = .began
        case .changed: phase = .changed
        case .ended: phase = .ended
        case .cancelled, .failed: phase = .cancelled
        default: return
        }
        if phase == .began {
            transition.mapping.travel = Double(max(view.bounds.width, 1))
            transition.pixelsPerPoint = Double(view.traitCollection.displayScale)
            startDisplayLink()
        }
        let translation = pan.translation(in: view)
        transition.handle(TouchSample(
            time: CACurrentMediaTime(), x: Double(translation.x), y: Double(translation.y), phase: phase))
    }

    /// Finishes or cancels from code, keeping the current velocity (`InteractiveTransition`).
    public func finishKeepingVelocity() { transition.finish(at: CACurrentMediaTime()); startDisplayLink() }
    public func cancelKeepingVelocity() { transition.cancel(at: CACurrentMediaTime()); startDisplayLink() }

    private func startDisplayLink() {
        guard displayLink == nil else { return }
        let link = CADisplayLink(target: self, selector: #selector(step(_:)))
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    @objc private func step(_ link: CADisplayLink) {
        // targetTimestamp: when this frame will be on screen, on CACurrentMediaTime's clock.
        let frame = transition.advance(to: link.targetTimestamp)
        // UIKit's percent is 0...1: an overshoot past either end shows as that end.
        update(CGFloat(min(max(frame.progress, 0), 1)))
        for event in frame.events {
            onEvent?(event)
            guard case .completed(let progress) = event else { continue }
            link.invalidate()
            displayLink = nil
            // The core chose the target; UIKit only needs to hear which end it was.
            if progress == transition.detents.last { finish() } else { cancel() }
        }
    }
}
#endif
