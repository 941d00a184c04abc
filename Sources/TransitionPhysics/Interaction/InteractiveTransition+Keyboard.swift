/// What a keyboard does to a sheet: its detents lifted above it, or the sheet opened to its last
/// detent, moving with the keyboard's own curve and duration so that both arrive together
/// (UIKit's `keyboardWillChangeFrameNotification` gives the end frame, the duration and the
/// curve; Android's `WindowInsetsAnimationCompat` the insets, duration and interpolator).
public enum KeyboardPolicy: String, Hashable, Sendable, CaseIterable {
    /// Every detent above closed is lifted by the keyboard's height (capped at the travel's end),
    /// so the sheet shows above the keyboard what it showed without it; closed stays closed
    /// (gorhom's `keyboardBehavior="interactive"`).
    case liftsDetents
    /// The detents stay; a keyboard that appears opens the sheet to its last detent
    /// (gorhom's `"extend"`, a text field that takes the whole sheet).
    case opensToLastDetent
}

/// The curve a keyboard moves along, which the sheet follows over the keyboard's duration.
public enum KeyboardCurve: Hashable, Sendable {
    /// UIKit's keyboard curve (`UIView.AnimationCurve` raw value 7, the system spring:
    /// `CompletionCurve.Shape.uiKitSpringCurve`).
    case system
    /// A timing curve over the duration (Android's `WindowInsetsAnimation` interpolator, or a
    /// curve UIKit names by `UIView.AnimationCurve`).
    case timing(UnitCurve)

    /// The sheet's motion from `start` to `target` over `duration` seconds along this curve.
    func completion(from start: Double, to target: Double, duration: Double) -> CompletionCurve {
        let shape: CompletionCurve.Shape
        switch self {
        case .system: shape = .uiKitSpringCurve(duration: duration)
        case .timing(let curve): shape = .timingCurve(curve, duration: duration)
        }
        return CompletionCurve(shape: shape, start: start, startVelocity: 0, target: target)
    }
}

extension InteractiveTransition {
    /// The keyboard now covers `height` points over the travel's start (0: hidden), moving there
    /// in `duration` seconds along `curve` from `time` (seconds): the values of UIKit's
    /// `keyboardWillChangeFrameNotification` (the end frame's overlap with the sheet's view,
    /// `animationDuration`, `animationCurve`). Under `keyboardPolicy` `.liftsDetents` it is a
    /// layout change (`.layoutChanged`) whose detents are lifted by `height`, and a sheet resting
    /// on or going to a detent follows it along the keyboard's curve, arriving with the keyboard;
    /// under `.opensToLastDetent` a keyboard that appears opens the sheet to its last detent along
    /// that curve (a finger still down is let go, as for `retarget(to:at:)`). A finger that drags
    /// keeps the sheet under it. A height that is negative is read as 0; `height`, `duration`
    /// (at least 0) and `time` must be finite (a precondition, as for `updateLayout`).
    public mutating func updateKeyboard(height: Double, duration: Double, curve: KeyboardCurve = .system, at time: Double) {
        precondition(height.isFinite, "updateKeyboard height must be finite points; got \(height).")
        precondition(duration >= 0 && duration.isFinite, "updateKeyboard duration must be finite seconds, at least 0; got \(duration).")
        let time = moveFrameClock(to: time, "updateKeyboard(height:duration:curve:at:)")
        let height = max(0, height), appears = keyboardHeight == 0 && height > 0
        switch keyboardPolicy {
        case .liftsDetents:
            let old = resolvedDetents
            keyboardHeight = height
            resolveDetents()
            layoutCurve = (curve, duration)
            relayout(travel: mapping.travel, resolved: old, at: time)
            layoutCurve = nil
        case .opensToLastDetent:
            keyboardHeight = height
            guard appears else { return }
            startPendingCompletion(at: time)
            reportCompletion(at: time)
            let (progress, _, sign) = shownMotion(at: time)
            pendingEvents.append(.retargeted)
            start(curve.completion(from: progress, to: stops[stops.count - 1], duration: duration), at: time, sign: sign)
        }
    }
}
