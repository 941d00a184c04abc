// docs/uikit-adapter.md, "The animator": the pop's animation, which both pop listings return
// from `animationControllerFor`. Compiled for the iOS Simulator by Apple CI.
#if canImport(UIKit) && !os(watchOS)
import UIKit

// The top view slides off to the right while the one below slides in from a third of the width
// to its left. Linear: UIPercentDrivenInteractiveTransition scrubs this animation by time, so
// its curve is what the screen draws of the progress.
@MainActor
final class PopAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private var context: UIViewControllerContextTransitioning?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to),
            let below = transitionContext.viewController(forKey: .to)
        else { return transitionContext.completeTransition(false) }
        context = transitionContext
        let width = transitionContext.containerView.bounds.width
        transitionContext.containerView.insertSubview(to, belowSubview: from)
        to.frame = transitionContext.finalFrame(for: below)
        to.transform = CGAffineTransform(translationX: -width / 3, y: 0)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveLinear,
            animations: {
                from.transform = CGAffineTransform(translationX: width, y: 0)
                to.transform = .identity
            },
            completion: { _ in
                from.transform = .identity
                self.complete()
            })
    }

    private func complete() {
        guard let context else { return }
        self.context = nil
        context.completeTransition(!context.transitionWasCancelled)
    }
}
#endif
