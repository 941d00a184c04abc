// docs/uikit-adapter.md, "Strokes on the other axis": the axis lock as a pan's delegate.
// Compiled for the iOS Simulator by Apple CI.
#if canImport(UIKit) && !os(watchOS)
import TransitionPhysics
import UIKit

final class AxisLockDelegate: NSObject, UIGestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let pan = recognizer as? UIPanGestureRecognizer else { return true }
        let moved = pan.translation(in: pan.view)
        let lock = AxisLock()   // or transition.mapping.axisLock
        // A horizontal pop: x is the axis. Before the slop, let it begin (UIKit waits for its own).
        return lock.accepts(alongPoints: abs(moved.x), acrossPoints: abs(moved.y)) ?? true
    }
}
#endif
