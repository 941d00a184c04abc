import TransitionPhysics

/// The sheet and pager rules other platforms ship, as release models the behaviour benchmark runs beside
/// ours (`transition-bench behavior`, docs/behaviour.md): each written from its source, with the
/// constants cited in its model's documentation and in docs/references.md#platform-sheet-rules.
///
/// These rules take velocities in dp, points or pixels per second, and some of their durations
/// depend on distances in pixels; the driver gives a model progress per second (travels per
/// second). So a rule's model is built for one gesture, from its travel in points and its
/// display's pixels per point (`model(for:)`), and a dp is taken as a point (Android's dp is
/// 1/160 inch, an iOS point about 1/163 inch on the phones the recordings come from).
///
/// Apple documents no release rule for SwiftUI's sheet (`presentationDetents(_:)` lists the
/// detents, not how a release picks one), so none is modelled here.
public enum PlatformSheetRule: String, CaseIterable, Hashable, Sendable {
    /// Android's `BottomSheetBehavior` (`AndroidBottomSheetModel`).
    case androidBottomSheet = "android-sheet"
    /// Compose's `Modifier.anchoredDraggable` with its default fling behaviour
    /// (`ComposeAnchoredDraggableModel`).
    case composeAnchoredDraggable = "compose-anchored"
    /// FloatingPanel's default behaviour (`FloatingPanelModel`).
    case floatingPanel = "floatingpanel"
    /// Android's `ViewPager`, a page turn (`AndroidViewPagerModel`).
    case androidViewPager = "android-pager"

    /// The rule's model for a gesture whose travel (from progress 0 to 1) is `travelPoints`
    /// points on a display of `pixelsPerPoint` physical pixels per point, both positive. Each
    /// length the model is given is held within the finite positive numbers (a trace file's
    /// `pixels_per_point` of 1e-300 makes its travel overflow to infinity in points: the model
    /// then reads it as the largest finite travel rather than trapping).
    public func model(travelPoints: Double, pixelsPerPoint: Double) -> any ReleaseModel {
        precondition(travelPoints > 0 && pixelsPerPoint > 0, "PlatformSheetRule needs a positive travel and pixels per point; got \(travelPoints), \(pixelsPerPoint).")
        func finite(_ value: Double) -> Double { min(max(value, .leastNormalMagnitude), .greatestFiniteMagnitude) }
        switch self {
        case .androidBottomSheet:
            return AndroidBottomSheetModel(travelPixels: finite(travelPoints * pixelsPerPoint), pixelsPerDip: finite(pixelsPerPoint))
        case .composeAnchoredDraggable: return ComposeAnchoredDraggableModel(travelDips: finite(travelPoints))
        case .floatingPanel: return FloatingPanelModel(travelPoints: finite(travelPoints))
        case .androidViewPager:
            return AndroidViewPagerModel(travelPixels: finite(travelPoints * pixelsPerPoint), pixelsPerDip: finite(pixelsPerPoint))
        }
    }

    /// The rule's model for `trace`: its travel in points (`travel / unitsPerPoint`) and its
    /// pixels per point (`pixelsPerUnit * unitsPerPoint`; a recorded trace that declares no
    /// `pixels_per_point` has its pixels read as points, as the fling cap reads them).
    public func model(for trace: GestureTrace) -> any ReleaseModel {
        model(travelPoints: trace.travel / trace.unitsPerPoint, pixelsPerPoint: trace.pixelsPerUnit * trace.unitsPerPoint)
    }
}

extension ReleaseState {
    /// The progress of the detents a platform's rule chooses among: the driver's, ascending, or
    /// the two ends for a model asked on its own.
    var platformStops: [Double] { detents.isEmpty ? [0, 1] : detents.map(\.progress) }
}

extension Completion {
    /// A platform rule's answer: the release settles at `stops[index]` (`ReleaseState.platformStops`)
    /// along `shape`, from the release progress and velocity; the detent is named when the driver
    /// gave detents, and the decision is `.finish` at the last one.
    static func platform(
        _ state: ReleaseState, settlingAt index: Int, of stops: [Double], shape: CompletionCurve.Shape, projectedProgress: Double? = nil
    ) -> Completion {
        let target = stops[index]
        var completion = Completion(
            decision: target == stops[stops.count - 1] ? .finish : .cancel, projectedProgress: projectedProgress,
            curve: CompletionCurve(shape: shape, start: state.progress, startVelocity: state.velocity, target: target))
        if !state.detents.isEmpty { completion.detent = state.detents[index].id }
        return completion
    }
}
