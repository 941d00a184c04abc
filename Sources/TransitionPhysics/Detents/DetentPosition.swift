/// Where a progress lies among the detents: the two detents around it and how far it is from
/// the lower to the upper, the values a sheet's other views follow (Compose's
/// `AnchoredDraggableState.progress(from:to:)`, gorhom's `animatedIndex`, FloatingPanel's
/// backdrop between two states).
///
/// Read it each frame from the frame's progress (`InteractiveTransition.detentPosition(of:)`):
///
/// ```swift
/// let frame = sheet.advance(to: time)
/// let position = sheet.detentPosition(of: frame.progress)
/// handle.alpha = 1 - position.index / Double(sheet.resolvedDetents.count - 1)
/// ```
public struct DetentPosition: Hashable, Sendable {
    /// The detent at or below the progress (the first detent, below it).
    public var lower: ResolvedDetent
    /// The detent at or above the progress (the last detent, above it); `lower` itself when the
    /// progress is on a detent or beyond the first or last.
    public var upper: ResolvedDetent
    /// How far the progress is from `lower` to `upper`, 0 at `lower` to 1 at `upper` (0 on a
    /// detent and beyond the ends: a rubber band or an overshoot past the last detent does not
    /// move it).
    public var fraction: Double
    /// The position as a detent index that moves continuously: `lower`'s index among the
    /// detents (ascending, from 0) plus `fraction`; 0 at or below the first detent, the last
    /// index at or above the last (gorhom's `animatedIndex`).
    public var index: Double

    /// The position of `progress` among `detents` (ascending, never empty: an
    /// `InteractiveTransition`'s `resolvedDetents`). A progress that is not a number sits at the
    /// first detent.
    package init(of progress: Double, among detents: [ResolvedDetent]) {
        precondition(!detents.isEmpty, "DetentPosition needs at least one detent.")
        let last = detents.count - 1
        guard progress > detents[0].progress else {
            self.init(lower: detents[0], upper: detents[0], fraction: 0, index: 0)
            return
        }
        guard progress < detents[last].progress else {
            self.init(lower: detents[last], upper: detents[last], fraction: 0, index: Double(last))
            return
        }
        // The first detent above the progress (there is one: progress < the last).
        var upper = 1
        while detents[upper].progress <= progress { upper += 1 }
        let lower = upper - 1
        if detents[lower].progress == progress {
            self.init(lower: detents[lower], upper: detents[lower], fraction: 0, index: Double(lower))
            return
        }
        let fraction = (progress - detents[lower].progress) / (detents[upper].progress - detents[lower].progress)
        // Rounding can put the quotient a hair outside 0...1 for a gap of a few ulps.
        let bounded = min(max(fraction, 0), 1)
        self.init(lower: detents[lower], upper: detents[upper], fraction: bounded, index: Double(lower) + bounded)
    }

    /// A position from its parts.
    package init(lower: ResolvedDetent, upper: ResolvedDetent, fraction: Double, index: Double) {
        self.lower = lower
        self.upper = upper
        self.fraction = fraction
        self.index = index
    }
}

/// A dimming view behind a sheet that stays clear up through one detent and darkens toward the
/// next (UIKit's `largestUndimmedDetentIdentifier`, SwiftUI's
/// `presentationBackgroundInteraction(.enabled(upThrough:))`, Android's
/// `BottomSheetBehavior` scrim, FloatingPanel's `backdropAlpha(for:)`).
///
/// The opacity is 0 at and below the undimmed detent, rises linearly with progress to
/// `maximumOpacity` at the next detent above it, and stays there above (past the last detent
/// too). With no undimmed detent (nil, or one inactive in the layout) the first detent is the
/// clear one: the sheet is dimmed at every detent but closed, as UIKit dims a sheet by default.
/// With the last detent undimmed nothing dims.
///
/// ```swift
/// let dimming = DetentDimming(undimmedThrough: "peek", maximumOpacity: 0.3)
/// let frame = sheet.advance(to: time)
/// dimmingView.alpha = dimming.opacity(at: frame.progress, among: sheet.resolvedDetents)
/// ```
public struct DetentDimming: Hashable, Sendable {
    /// The largest detent at which nothing is dimmed; nil: the first detent (closed).
    public var undimmedThrough: Detent.ID?
    /// The opacity from the detent after `undimmedThrough` up, 0...1 (FloatingPanel's full
    /// state shows 0.3; Material 3's scrim is 0.32).
    public var maximumOpacity: Double

    /// Clear up through `undimmedThrough` (nil: the first detent), `maximumOpacity` (0...1;
    /// a value outside is read as the nearest end, one that is not a number as 0) from the next
    /// detent up.
    public init(undimmedThrough: Detent.ID?, maximumOpacity: Double) {
        self.undimmedThrough = undimmedThrough
        self.maximumOpacity = maximumOpacity
    }

    /// The dimming view's opacity, 0...`maximumOpacity`, with the sheet at `progress` among
    /// `detents` (ascending, never empty: an `InteractiveTransition`'s `resolvedDetents`). A
    /// progress that is not a number gives 0.
    public func opacity(at progress: Double, among detents: [ResolvedDetent]) -> Double {
        let maximum = maximumOpacity.isNaN ? 0 : min(max(maximumOpacity, 0), 1)
        guard !detents.isEmpty, !progress.isNaN else { return 0 }
        let clear = undimmedThrough.flatMap { id in detents.firstIndex { $0.id == id } } ?? 0
        guard clear + 1 < detents.count else { return 0 }
        let from = detents[clear].progress, to = detents[clear + 1].progress
        if progress <= from { return 0 }
        if progress >= to { return maximum }
        return maximum * min(max((progress - from) / (to - from), 0), 1)
    }
}

extension InteractiveTransition {
    /// Where `progress` (usually the frame's, `TransitionUpdate.progress`) lies among the
    /// detents of the current layout (`resolvedDetents`): the two around it and the fraction
    /// between them.
    public func detentPosition(of progress: Double) -> DetentPosition {
        DetentPosition(of: progress, among: resolvedDetents)
    }
}
