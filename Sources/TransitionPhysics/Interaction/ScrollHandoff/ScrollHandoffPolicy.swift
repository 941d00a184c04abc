/// Who moves when a sheet and the scroll view inside it share one finger: the arbiter that splits
/// each movement of the finger between the sheet and its content (`split(_:sheetPosition:sheetRange:contentOffset:maximumContentOffset:)`).
///
/// Sign conventions, in points along the sheet's axis: a movement is positive when it opens the
/// sheet (for a bottom sheet, the finger moving up); the sheet's position grows as it opens
/// (progress times travel), and the content's offset grows with the same movement (for a bottom
/// sheet, `UIScrollView.contentOffset.y`: a finger moving up scrolls toward larger offsets), from
/// 0, the content's top edge, to its maximum offset, its bottom edge.
///
/// The rules every policy shares:
/// - **Toward closing, the content first.** A movement that closes the sheet scrolls the content
///   back to its top edge before the sheet moves, whatever the policy: a sheet never closes over
///   content that is scrolled (iOS's sheets, FloatingPanel, Android's `BottomSheetBehavior`).
/// - **A stretched sheet returns first.** A sheet dragged past its first or last detent (its
///   mapping's clamp or rubber band) comes back to that detent before anything else moves.
/// - **No lost points.** What neither can take (both at their ends) goes to the sheet, past its
///   detent, where its mapping clamps or rubber-bands it, as a drag past an end does; so the
///   sheet's part plus the content's is the finger's movement, always.
///
/// The policies differ only in a movement that opens the sheet.
public enum ScrollHandoffPolicy: String, Hashable, Sendable, CaseIterable {
    /// The sheet first, until its last detent; then the content scrolls. Moving back, the content
    /// scrolls back to its top edge first, then the sheet moves: iOS's sheets
    /// (`UISheetPresentationController.prefersScrollingExpandsWhenScrolledToEdge`, true by
    /// default; SwiftUI's `presentationContentInteraction(.resizes)`) and FloatingPanel's
    /// `track(scrollView:)`.
    case sheetFirst
    /// The content first, until its bottom edge; then the sheet: SwiftUI's
    /// `presentationContentInteraction(.scrolls)`.
    case contentFirst
    /// The sheet only while the content is at its top edge (offset 0, where it opens first, as
    /// `sheetFirst`); scrolled content takes the movement first, and the sheet moves on only once
    /// the content is at its bottom edge (the shared rule: no lost points).
    case sheetAtContentTop

    /// Splits `movement` (points, positive opening the sheet) between the sheet and its content.
    ///
    /// - Parameters:
    ///   - movement: The finger's movement since its previous sample, points.
    ///   - sheetPosition: Where the sheet is before it, points (progress times travel; past
    ///     `sheetRange` while stretched).
    ///   - sheetRange: The first...last detent, points.
    ///   - contentOffset: The content's offset before it, points (0 at its top edge); read as
    ///     0...`maximumContentOffset`.
    ///   - maximumContentOffset: The content's bottom edge, points: its length minus its
    ///     viewport's; 0 or less for content that fits its viewport (nothing to scroll).
    /// - Returns: The sheet's part and the content's, whose sum is `movement` (to rounding).
    ///
    /// Every argument must be finite: a non-finite one is a programming error (`precondition`).
    public func split(
        _ movement: Double, sheetPosition: Double, sheetRange: ClosedRange<Double>, contentOffset: Double,
        maximumContentOffset: Double
    ) -> ScrollHandoffSplit {
        precondition(
            movement.isFinite && sheetPosition.isFinite && sheetRange.lowerBound.isFinite && sheetRange.upperBound.isFinite
                && contentOffset.isFinite && maximumContentOffset.isFinite,
            "ScrollHandoffPolicy.split needs finite points; got movement \(movement), sheet \(sheetPosition) in \(sheetRange), content \(contentOffset) of \(maximumContentOffset).")
        let maximum = max(0, maximumContentOffset)
        let offset = min(max(contentOffset, 0), maximum)
        var parts = ScrollHandoffSplit(sheetPoints: 0, contentPoints: 0, lastMover: nil)
        var remaining = movement
        var sheet = sheetPosition
        // Moves the sheet by as much of `remaining` as keeps it on its side of `bound`.
        func moveSheet(toward bound: Double?) {
            let room = bound.map { movement > 0 ? max(0, $0 - sheet) : min(0, $0 - sheet) } ?? remaining
            let part = movement > 0 ? min(remaining, room) : max(remaining, room)
            guard part != 0 else { return }
            sheet += part
            parts.sheetPoints += part
            parts.lastMover = .sheet
            remaining -= part
        }
        // Scrolls the content by as much of `remaining` as its edges allow.
        func moveContent() {
            let part = movement > 0 ? min(remaining, maximum - offset - parts.contentPoints) : max(remaining, -offset - parts.contentPoints)
            guard part != 0 else { return }
            parts.contentPoints += part
            parts.lastMover = .content
            remaining -= part
        }
        if movement > 0 {
            moveSheet(toward: sheetRange.lowerBound)   // a sheet stretched below its first detent
            if self == .contentFirst || (self == .sheetAtContentTop && offset > 0) {
                moveContent()
            } else {
                moveSheet(toward: sheetRange.upperBound)
                moveContent()
            }
        } else if movement < 0 {
            moveSheet(toward: sheetRange.upperBound)   // a sheet stretched above its last detent
            moveContent()
        }
        moveSheet(toward: nil)                         // what neither could take
        return parts
    }
}

/// A finger's movement split between a sheet and its content (`ScrollHandoffPolicy.split`), in
/// points along the sheet's axis, positive opening the sheet (the content's offset grows).
public struct ScrollHandoffSplit: Hashable, Sendable {
    /// The sheet's part, points: what its finger moves (its mapping clamps or rubber-bands it
    /// past its first and last detent).
    public var sheetPoints: Double
    /// The content's part, points: the change of its offset.
    public var contentPoints: Double
    /// Which moved last within this movement (the one a lift-off right after it belongs to);
    /// nil when neither moved.
    var lastMover: ScrollHandoffMover?
}

/// The sheet or its content.
enum ScrollHandoffMover: Hashable, Sendable {
    case sheet
    case content
}
