// TransitionPhysicsUIKit: the thin glue between UIKit and the core (README of the module:
// docs/uikit-adapter.md). This file: the pan recognizer that records every finger's touches.
//
// NOT COMPILED ON LINUX, where the project's tests run: UIKit does not exist there, so the file
// sits under `#if canImport(UIKit) && !os(watchOS)`. Apple CI (.github/workflows/apple.yml)
// compiles it for the iOS Simulator in Swift 6 language mode; nothing runs it. It decides
// nothing: which finger drives is the core's `InteractiveTransition.multitouch`
// (`PointerMerge`, tested on Linux).
#if canImport(UIKit) && !os(watchOS)
import UIKit
import UIKit.UIGestureRecognizerSubclass
import TransitionPhysics

/// A pan recognizer that keeps every finger's touch samples as they happened, each with the id
/// of its finger (`TouchSample.pointer`: the core's `InteractiveTransition.multitouch` then says
/// which finger drives, and a finger landing or lifting never makes the view jump): every
/// coalesced touch (the positions a 120 or 240 Hz digitizer reported between two deliveries),
/// stamped with the touch's own `timestamp` (seconds on `CACurrentMediaTime()`'s clock, the
/// display link's too), at its position in the window (a view that does not move while the
/// transition moves its views). `PhysicsPercentDrivenTransition.handle(_:)` takes them at each
/// action; a recognizer that begins after the touch slop hands over the samples since touch-down.
/// The pan goes on while any finger is down, as `UIPanGestureRecognizer`'s does.
open class PhysicsPanGestureRecognizer: UIPanGestureRecognizer {
    /// The fingers down and the id each one's samples carry.
    private var pointers: [ObjectIdentifier: Int] = [:]
    /// The id the next finger down gets (ids are never reused within a recognizer's life).
    private var nextPointer = 0
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
        for touch in touches.sorted(by: { $0.timestamp < $1.timestamp }) {
            let pointer = nextPointer
            nextPointer += 1
            pointers[ObjectIdentifier(touch)] = pointer
            record(touch, .began, pointer)
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let pointer = pointers[ObjectIdentifier(touch)] else { continue }
            for sample in event.coalescedTouches(for: touch) ?? [touch] { record(sample, .changed, pointer) }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let pointer = pointers.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            // The coalesced moves since the last delivery, then the lift-off itself.
            let coalesced = event.coalescedTouches(for: touch) ?? [touch]
            for sample in coalesced.dropLast() { record(sample, .changed, pointer) }
            record(coalesced.last ?? touch, .ended, pointer)
        }
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let pointer = pointers.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            record(touch, .cancelled, pointer)
        }
        super.touchesCancelled(touches, with: event)
    }

    open override func reset() {
        super.reset()
        pointers.removeAll()
        recorded.removeAll()
    }

    private func record(_ touch: UITouch, _ phase: TouchPhase, _ pointer: Int) {
        let point = touch.location(in: nil)   // nil: the window's coordinates
        recorded.append(TouchSample(time: touch.timestamp, x: Double(point.x), y: Double(point.y), phase: phase, pointer: pointer))
    }
}
#endif
