/// A sheet and the scroll view inside it driven by one finger: each movement goes to the sheet or
/// the content as `policy` says (`ScrollHandoffPolicy`), and at lift-off the one that moved last
/// takes the finger's velocity: the sheet by its release model, the content by a coast.
///
/// Feed the finger's samples with `handle(_:)` and call `advance(to:)` once per display frame (the
/// same clock, seconds) for the sheet's frame and the content's offset. The sheet is an
/// `InteractiveTransition` (`sheet`: its mapping, model, estimator, detents and settings are
/// yours to set); the content is an offset in points, from 0 (its top edge) to
/// `maximumContentOffset` (its bottom edge), the value to give the scroll view each frame.
///
/// Signs, in points along the sheet's axis: a movement that opens the sheet (for a bottom sheet,
/// the finger moving up) is positive; it adds progress to the sheet and scrolls the content toward
/// larger offsets (a bottom sheet's `UIScrollView.contentOffset.y`). Velocities are in points per
/// second for the content and travels per second for the sheet (`TransitionUpdate`).
///
/// The rules, beyond the policy's split:
/// - **One finger, one velocity.** The finger is the sheet's own stroke (its driver's touch part:
///   pointers, axis lock, lift-off rules), and its release velocity is estimated once, by the
///   sheet's estimator, over the finger's own samples since touch-down (capped by the sheet's
///   `maximumReleaseSpeedPointsPerSecond`; 0 after a cancelled touch or a stopped pointer), never
///   from the part of them one side received. The sheet shows the finger's movement less the
///   content's part.
/// - **The last mover owns the lift-off.** If the sheet moved last, it is released with the
///   finger's velocity and its model decides (`InteractiveTransition.Release`); the content stays.
///   If the content moved last, it coasts with the finger's velocity (`contentDecelerationRate`,
///   UIScrollView's exponential decay) and the sheet is released with velocity 0 (it stays at its
///   detent, or settles on the nearest): a release moving down in the middle of a scroll does not
///   collapse the sheet, as on iOS. The coast starts at the frame that shows the finger's last
///   position, as the sheet's release does.
/// - **A coast's edge hands over.** A coast that reaches an edge stops there, and the velocity it
///   has left is added to the sheet's (`edgeFling`): by default the sheet springs back to its
///   detent (the momentum shows as a bounce, where iOS bounces the content instead); with
///   `.continuesIntoSheet` it is a release of the sheet, which may move it to another detent, as
///   Android's nested scrolling flings a `BottomSheetBehavior`. The content has no bounce of its
///   own: its offset stays within 0...`maximumContentOffset`. The sheet reports `.completed` once
///   per rest: at a lift-off the content owns (the sheet rests while the content coasts), and
///   again after the hand-off's own motion (`.retargeted`).
/// - **A fling's end hands over, if asked.** With `lastDetentFling` `.continuesIntoContent`, the
///   sheet's own fling that reaches the last detent with velocity left rests the sheet there and
///   the content coasts on with that velocity: the mirror of the edge hand-off.
/// - **A touch catches both.** A finger that lands during a coast stops the content where it is
///   shown; the sheet is caught by its driver's rules.
///
/// Misuse: a non-finite time or offset is a programming error and stops the program with a
/// sentence (`precondition`), as does a sheet whose direction is not `.fixed`: which way opens
/// the sheet, and so which way the content scrolls, must be known before the finger moves.
/// Samples go through `handle(_:)` only: a touch handed to `sheet` directly is not the shared
/// finger's. Code may move the sheet while the finger is down (`finish(at:)`,
/// `retarget(to:at:)`, `jump(to:at:)` let it go: its further samples move nothing) or change its
/// layout (`updateLayout(travel:contentLength:detents:at:)`: the split goes on from where the sheet is shown).
public struct ScrollingSheet: Sendable {
    /// What a coast that reaches the content's edge does with the velocity it has left.
    public enum EdgeFling: String, Hashable, Sendable, CaseIterable {
        /// The sheet takes it and springs back to the detent it rests at (or was going to): the
        /// sheet never changes detent from a fling that a scroll started (iOS, FloatingPanel).
        case bouncesSheet
        /// The sheet takes it as a release: its model and detents choose where it goes, so a
        /// fast fling back to the top can carry on and collapse the sheet (Android's nested
        /// scrolling, `BottomSheetBehavior`).
        case continuesIntoSheet
    }

    /// What the sheet's own fling does with the velocity it has left when it reaches the last
    /// detent.
    public enum LastDetentFling: String, Hashable, Sendable, CaseIterable {
        /// The sheet keeps it: its completion spring may carry it past the last detent (as its
        /// overshoot policy allows) and brings it back; the content stays (iOS's sheets).
        case staysInSheet
        /// The content takes it: from the instant the sheet's completion reaches the last detent
        /// the sheet rests there and the content coasts on with the velocity the sheet had
        /// (`contentDecelerationRate`), as a list flung after its sheet expands (Android's nested
        /// scrolling). What moves on screen, sheet and content together, keeps its position and
        /// its speed through the hand-off. Only a fling of the finger (not a completion started by
        /// code or by a hand-off from the content) is passed on, and only while the content can
        /// scroll further.
        case continuesIntoContent
    }

    /// The sheet: a transition whose progress is how far it is open, with a `.fixed` direction.
    /// Set its detents, model, estimator and settings here; its touches come from `handle(_:)`.
    public var sheet: InteractiveTransition
    /// Who moves first when the finger opens the sheet (moving back, the content always scrolls
    /// back to its top edge first). Applies from the next sample.
    public var policy: ScrollHandoffPolicy
    /// What a coast that reaches the content's edge does with its velocity; `.bouncesSheet` by
    /// default.
    public var edgeFling: EdgeFling = .bouncesSheet
    /// What the sheet's own fling does with the velocity it has left at the last detent;
    /// `.staysInSheet` by default. Applies from the next frame: a fling a frame already showed
    /// past the last detent stays the sheet's (handing it over then would pull the sheet back).
    public var lastDetentFling: LastDetentFling = .staysInSheet
    /// The content's deceleration after a lift-off it owns: UIScrollView's `.normal` (0.998 of
    /// the velocity kept per millisecond) by default. Applies from the next coast.
    public var contentDecelerationRate: DecelerationRate = .normal

    /// The content's bottom edge, points: its length minus its viewport's along the axis (what
    /// UIScrollView's largest `contentOffset.y` is). Content that fits its viewport scrolls
    /// nowhere: a negative value is read as 0. Setting it keeps the offset within the new range,
    /// and a smaller value stops a coast where it is shown; must be finite.
    public var maximumContentOffset: Double {
        get { maximumOffset }
        set {
            precondition(newValue.isFinite, "ScrollingSheet.maximumContentOffset must be finite points; got \(newValue).")
            let shrinks = max(0, newValue) < maximumOffset
            maximumOffset = max(0, newValue)
            if shrinks, let coast {
                // A shrinking range stops a coast where it is shown (its velocity does not run on
                // against an edge that moved).
                offset = coast.state(at: max(sheet.frameClock, coast.startTime)).offset
                self.coast = nil
            }
            offset = min(max(offset, 0), maximumOffset)
        }
    }
    /// The content's offset, points, 0 (its top edge) to `maximumContentOffset`: as of the latest
    /// sample or frame. Setting it (a scroll to the top from code) places the content there at
    /// rest, within its range, stopping a coast; must be finite.
    public var contentOffset: Double {
        get { offset }
        set {
            precondition(newValue.isFinite, "ScrollingSheet.contentOffset must be finite points; got \(newValue).")
            offset = min(max(newValue, 0), maximumOffset)
            coast = nil
        }
    }

    /// Storage of `maximumContentOffset`, points, at least 0.
    var maximumOffset: Double
    /// Storage of `contentOffset`, points.
    var offset: Double
    /// The finger's movement along the axis since touch-down as last split, points (positive
    /// opening); nil with no finger down that the sheet follows.
    var fingerPoints: Double?
    /// The content's coast after a lift-off it owned, until it rests or hands over.
    var coast: ContentCoast?
    /// The completion of the sheet's latest release by the finger, while it may still hand its
    /// velocity to the content at the last detent (`LastDetentFling.continuesIntoContent`).
    var sheetFling: CompletionCurve?

    /// A sheet with content whose bottom edge is `maximumContentOffset` points (negative: 0), at
    /// its top edge, sharing touches as `policy` says (by default iOS's: the sheet first).
    /// The sheet's mapping must have a fixed direction (a bottom sheet opens `toward: .up`,
    /// `ProgressMapping(travel:toward:)`); a programming error otherwise (`precondition`).
    public init(sheet: InteractiveTransition, maximumContentOffset: Double, policy: ScrollHandoffPolicy = .sheetFirst) {
        Self.checkDirection(of: sheet)
        precondition(maximumContentOffset.isFinite, "ScrollingSheet.maximumContentOffset must be finite points; got \(maximumContentOffset).")
        self.sheet = sheet
        self.policy = policy
        self.maximumOffset = max(0, maximumContentOffset)
        self.offset = 0
    }

    /// Traps unless the sheet's direction is fixed: which way opens the sheet must be known
    /// before the finger moves, since it is the way the content scrolls toward larger offsets.
    static func checkDirection(of sheet: InteractiveTransition) {
        precondition(
            sheet.mapping.direction.fixedSign != nil,
            "ScrollingSheet needs a sheet whose mapping says which way opens it (ProgressMapping(travel:toward:), e.g. toward: .up for a bottom sheet); got direction \(sheet.mapping.direction).")
    }
}
