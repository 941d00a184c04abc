/// Refusal of strokes that move mostly across the transition's axis: a vertical scroll does not
/// begin a horizontal pop, and a sideways swipe does not drag a sheet.
///
/// A stroke that begins from rest is judged once, at the first sample that has moved `slop`
/// from touch-down along either axis: it begins the transition when its movement along the axis
/// is at least `ratio` times its movement across it, and is refused otherwise
/// (`TransitionEvent.refused(alongAxisPoints:acrossAxisPoints:)`, so the app hands the touch to
/// its scroll view). Until then progress does not move (the samples are mapped once the stroke
/// is accepted, so the velocity estimate sees its real motion). A touch that catches a
/// completion in motion is never refused: it has grabbed the moving view, as a touch stops a
/// decelerating scroll view whatever its direction.
///
/// The same rule, as platforms set it: Flutter's gesture arena gives a stroke to the first
/// recognizer whose axis passes its slop (`kTouchSlop`, 18 logical pixels: ratio 1);
/// framer-motion's `dragDirectionLock` locks to the axis that first moves past its threshold
/// (ratio 1); Android's `ViewPager.onInterceptTouchEvent` starts a page drag when
/// `xDiff > touchSlop && xDiff * 0.5 > yDiff` and gives up on `yDiff > touchSlop` (ratio 2);
/// react-native-gesture-handler writes it as `activeOffsetX` and `failOffsetY`
/// (docs/references.md).
public struct AxisLock: Hashable, Sendable {
    /// How far the stroke moves from touch-down, along either axis, before it is judged: in the
    /// samples' unit (points), positive and finite (default 10, the mapping's default touch
    /// slop; this traps on other values, at init and on set).
    public var slop: Double { didSet { Self.check(slop: slop) } }
    /// How many times its movement across the axis the stroke must have moved along it when it
    /// is judged, to begin the transition (unitless, positive and finite; default 1: the axis it
    /// moved more along wins; Android's ViewPager asks for 2; this traps on other values).
    public var ratio: Double { didSet { Self.check(ratio: ratio) } }

    /// A lock judging at `slop` points from touch-down with `ratio` (along / across). Both must be
    /// positive and finite (this stops with a sentence otherwise).
    public init(slop: Double = 10, ratio: Double = 1) {
        Self.check(slop: slop)
        Self.check(ratio: ratio)
        self.slop = slop
        self.ratio = ratio
    }

    static func check(slop: Double) {
        precondition(slop > 0 && slop.isFinite, "AxisLock slop must be positive and finite points; got \(slop).")
    }

    static func check(ratio: Double) {
        precondition(ratio > 0 && ratio.isFinite, "AxisLock ratio must be positive and finite; got \(ratio).")
    }

    /// What a stroke that has moved `along` and `across` points from touch-down (absolute
    /// values) has shown: nil while neither has reached `slop`, else whether it begins the
    /// transition (`along >= ratio * across`). The driver asks it for samples it is handed; a
    /// UIKit app asks it in `gestureRecognizerShouldBegin(_:)` with the pan's translation, so
    /// the scroll view's own pan gets a refused stroke from its start (docs/uikit-adapter.md).
    public func accepts(alongPoints along: Double, acrossPoints across: Double) -> Bool? {
        guard max(along, across) >= slop else { return nil }
        return along >= ratio * across
    }
}
