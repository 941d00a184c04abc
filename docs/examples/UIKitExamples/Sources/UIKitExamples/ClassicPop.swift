// docs/uikit-adapter.md, "Classic": a percent-driven pop as it is usually written, complete
// (the navigation controller asks for the interaction controller only for an animator it got
// from `animationControllerFor`). Compiled for the iOS Simulator by Apple CI.
#if canImport(UIKit) && !os(watchOS)
import UIKit

enum ClassicListing {
    final class DetailViewController: UIViewController, UINavigationControllerDelegate {
        private var interaction: UIPercentDrivenInteractiveTransition?

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
        }

        @objc private func pan(_ recognizer: UIPanGestureRecognizer) {
            let progress = min(max(recognizer.translation(in: view).x / view.bounds.width, 0), 1)
            switch recognizer.state {
            case .began:
                interaction = UIPercentDrivenInteractiveTransition()
                navigationController?.delegate = self
                navigationController?.popViewController(animated: true)
            case .changed:
                interaction?.update(progress)
            case .ended, .cancelled:
                // Velocity is never read: a quick flick that moved less than half the width cancels,
                // and the view stops dead at lift-off before UIKit's easeInOut completion.
                progress > 0.5 ? interaction?.finish() : interaction?.cancel()
                interaction = nil
            default:
                break
            }
        }

        // Without an animator here UIKit runs its own pop and never asks for the interaction.
        func navigationController(
            _ navigationController: UINavigationController,
            animationControllerFor operation: UINavigationController.Operation,
            from fromVC: UIViewController,
            to toVC: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? { operation == .pop ? PopAnimator() : nil }

        func navigationController(
            _ navigationController: UINavigationController,
            interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
        ) -> UIViewControllerInteractiveTransitioning? { interaction }
    }
}
#endif
