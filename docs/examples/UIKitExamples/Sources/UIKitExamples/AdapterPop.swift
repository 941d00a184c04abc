// docs/uikit-adapter.md, "With the adapter": the same pop through PhysicsPercentDrivenTransition.
// Compiled for the iOS Simulator by Apple CI.
#if canImport(UIKit) && !os(watchOS)
import TransitionPhysics
import TransitionPhysicsUIKit
import UIKit

enum AdapterListing {
    final class DetailViewController: UIViewController, UINavigationControllerDelegate {
        private var interaction: PhysicsPercentDrivenTransition?

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addGestureRecognizer(PhysicsPanGestureRecognizer(target: self, action: #selector(pan(_:))))
        }

        @objc private func pan(_ recognizer: PhysicsPanGestureRecognizer) {
            // A new pop only when none runs: a touch during the completion (or at a paused detent)
            // goes to the running one, which catches the view where it is and scrubs on.
            if recognizer.state == .began, interaction?.isRunning != true {
                let interaction = PhysicsPercentDrivenTransition()   // ProjectedSpringModel() defaults
                interaction.transition.reduceMotion = UIAccessibility.isReduceMotionEnabled
                self.interaction = interaction
                navigationController?.delegate = self
                navigationController?.popViewController(animated: true)
            }
            // Every state goes to the core: it scrubs, decides at lift-off from the projected
            // velocity, completes with a spring that starts at the finger's velocity, and the
            // adapter calls finish() or cancel() once nothing moves by a physical pixel.
            interaction?.handle(recognizer)
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
