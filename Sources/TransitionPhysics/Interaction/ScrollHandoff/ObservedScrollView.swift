/// A platform scroll view (UIKit's `UIScrollView`) inside a `ScrollingSheet` that keeps its own
/// pan, bounce, deceleration and refresh control: the sheet observes the offset it shows and
/// answers, each time it changes, whether it stands or which offset to show instead, so that
/// `ScrollingSheet`'s rules still decide who moves. This is the design of FloatingPanel's
/// `track(scrollView:)` (scenee/FloatingPanel, `Sources/Core.swift`: the scroll view's pan
/// recognizes with the panel's, and `stopScrolling(at:)` puts it back at the offset it had while
/// the panel moves) with the decision taken by the core's split instead of the panel's state.
///
/// Offsets are in points from the content's top edge (a bottom sheet's `contentOffset.y` plus
/// `adjustedContentInset.top`), as `ScrollingSheet.contentOffset`; the shown one may lie beyond
/// 0...`maximumContentOffset` while the scroll view bounces or a pull to refresh is held.
///
/// The rules (`offset(showing:scrollViewDecelerates:at:in:)`):
/// - **While a finger drags, the split decides.** The finger's samples go to the
///   `ScrollingSheet` (from the sheet's own pan recognizer, which recognizes with the scroll
///   view's); the scroll view shows the sheet's `contentOffset`, which moved by the content's
///   part of each movement only. Where its own pan moved it by the whole movement while the sheet
///   took it, it is put back (FloatingPanel's lock), so the two never move at once.
/// - **The scroll view's own bounce where the sheet is pinned.** A drag past the content's edge
///   that the sheet cannot follow (it is at its first or last detent and its mapping clamps:
///   `.clamp`) is the scroll view's: its bounce and a pull to refresh stand, and stand until the
///   offset is back within the edges (the return is the scroll view's too). With `.rubberBand`
///   the sheet stretches instead, as the split gives it what the content cannot take.
/// - **A fling is the scroll view's when the content took it.** After a lift-off the content
///   owned (`ScrollingSheet` would coast it), the scroll view's own deceleration and bounce stand,
///   and the sheet follows the offset it shows (the core's coast and its `edgeFling` are not
///   used; a drag outside the scroll view, which the scroll view does not decelerate, shows the
///   core's coast instead). After a lift-off the sheet owned, the offset stays where it is while
///   the sheet moves, and `decelerationTarget(in:)` stops the scroll view's own
///   deceleration before it starts.
/// - **Otherwise the scroll view leads.** At rest (a scroll from code, VoiceOver, a tap on the
///   status bar, a refresh control's inset) the shown offset becomes the sheet's, within its edges.
///
/// Call it after handing the sheet every sample recorded so far (a scroll view's callback may
/// come before the sheet's recognizer's action for the same touches), from the scroll view's
/// `scrollViewDidScroll`, from the sheet's recognizer's action and from each display frame.
/// Differences under a quarter of a physical pixel are left alone, so writing the answer back
/// (which calls `scrollViewDidScroll` again) settles at once.
public struct ObservedScrollView: Hashable, Sendable {
    /// Whether the shown offset lies beyond an edge by the scroll view's own bounce or pull.
    var isBeyondEdge = false
    /// Whether a finger drove the sheet at the previous observation.
    var fingerWasDown = false
    /// Whether the latest lift-off was the content's: the scroll view decelerates.
    var contentOwnsFling = false

    /// A scroll view at rest, before any touch.
    public init() {}

    /// The offset the scroll view must show now (points from the content's top edge), or nil
    /// when its own stands; the sheet's `contentOffset` follows a shown offset that stands.
    ///
    /// - Parameters:
    ///   - shown: The scroll view's offset, points from the content's top edge; must be finite.
    ///   - scrollViewDecelerates: Whether the scroll view decelerates by itself (`isDecelerating`).
    ///   - time: Now, seconds on the samples' clock (`CACurrentMediaTime()`).
    ///   - shared: The sheet and its content, holding every sample recorded so far.
    public mutating func offset(
        showing shown: Double, scrollViewDecelerates: Bool, at time: Double, in shared: inout ScrollingSheet
    ) -> Double? {
        precondition(shown.isFinite && time.isFinite, "ObservedScrollView needs a finite offset (points) and time (seconds); got \(shown) at \(time).")
        noteLiftOff(shared)
        let tolerance = 0.25 / shared.sheet.pixelsPerPoint
        let maximum = shared.maximumContentOffset
        let fingerDown = shared.sheet.isTracking
        let beyond = shown < -tolerance ? -1.0 : shown > maximum + tolerance ? 1.0 : 0
        if beyond != 0 {
            // Past an edge: the scroll view's own bounce or pull, if it may be there.
            let allowed = isBeyondEdge || !fingerDown || shared.sheet.pinnedByClamp(toward: beyond)
            if allowed {
                isBeyondEdge = true
                shared.contentOffset = beyond < 0 ? 0 : maximum
                return nil
            }
            return shared.contentOffset
        }
        isBeyondEdge = false
        let followsSheet: Bool
        if fingerDown {
            followsSheet = true
        } else if contentOwnsFling {
            followsSheet = !scrollViewDecelerates && shared.coast != nil
        } else {
            followsSheet = shared.sheet.isCompleting
        }
        if followsSheet {
            return abs(shown - shared.contentOffset) > tolerance ? shared.contentOffset : nil
        }
        if abs(shown - shared.contentOffset) > tolerance { shared.contentOffset = shown }
        return nil
    }

    /// Where the scroll view's own deceleration at the end of its drag must stop (points from
    /// the content's top edge: `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`),
    /// or nil to keep the scroll view's own target: nil when the content took the lift-off or the
    /// scroll view bounces; the sheet's `contentOffset` (no deceleration) when the sheet took it.
    /// Call it after handing the sheet every sample recorded so far.
    public mutating func decelerationTarget(in shared: ScrollingSheet) -> Double? {
        noteLiftOff(shared)
        return contentOwnsFling || isBeyondEdge ? nil : shared.contentOffset
    }

    /// Records whose lift-off the latest was, once a finger that drove the sheet is up.
    private mutating func noteLiftOff(_ shared: ScrollingSheet) {
        let fingerDown = shared.sheet.isTracking
        if fingerDown {
            contentOwnsFling = false
        } else if fingerWasDown {
            contentOwnsFling = shared.coast != nil
        }
        fingerWasDown = fingerDown
    }
}

extension InteractiveTransition {
    /// Whether a finger drags the transition past its limit on the side of `side` (-1 the first
    /// detent, +1 the last) where the mapping clamps it, so the view stays at that limit.
    func pinnedByClamp(toward side: Double) -> Bool {
        guard mapping.overdrag == .clamp, case .tracking(let tracking) = state else { return false }
        let raw = tracking.raw(travel: mapping.travel)
        return side < 0 ? raw <= tracking.limits.lowerBound : raw >= tracking.limits.upperBound
    }

    /// Whether a completion is playing (not yet reported complete).
    var isCompleting: Bool {
        if case .completing = phase { return true }
        return false
    }
}
