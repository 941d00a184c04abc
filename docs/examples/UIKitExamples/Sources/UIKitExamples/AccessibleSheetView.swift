// docs/uikit-adapter.md, "VoiceOver: stepping between detents". Compiled for the iOS Simulator
// by Apple CI.
#if canImport(UIKit) && !os(watchOS)
import TransitionPhysics
import UIKit

enum VoiceOverListing {
    final class SheetView: UIView {
        // The sheet's driver, advanced by the display link; the app sets its detents and travel.
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 600, toward: .up))
        let names: [Detent.ID: String] = [0: "closed", 0.5: "half open", 1: "open"]

        override var accessibilityTraits: UIAccessibilityTraits { get { .adjustable } set {} }
        override var accessibilityValue: String? {
            get { names[transition.currentDetent(at: CACurrentMediaTime())] } set {}
        }
        override func accessibilityIncrement() { step(.next) }
        override func accessibilityDecrement() { step(.previous) }

        private func step(_ direction: InteractiveTransition.DetentStep) {
            // false: no detent that way (or only refused ones); VoiceOver then says the value again.
            if transition.step(direction, at: CACurrentMediaTime()) {
                UIAccessibility.post(notification: .layoutChanged, argument: self)
            }
        }
    }
}
#endif
