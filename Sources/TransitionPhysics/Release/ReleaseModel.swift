/// What a release model knows at the moment the finger lifts.
///
/// Progress is the transition's fraction complete (0 shown, 1 finished); its velocity is in
/// progress per second, that is travels per second, positive toward finishing.
public struct ReleaseState: Hashable, Sendable {
    /// Progress at release, usually in [0, 1] (beyond it only with rubber-banded mapping).
    public var progress: Double
    /// Estimated progress velocity at release, progress per second (travels per second).
    public var velocity: Double
    /// Progress at the last `changed` sample before release (the edge-pan variant, `classic-004`,
    /// keeps its decision flag from there, as UIKit's percent-driven transition decides from the
    /// last `update(_:)` and not from the lift-off). A model of an app's own that mirrors UIKit
    /// reads it. Defaults to `progress`.
    public var lastChangedProgress: Double
    /// True when the recognizer was cancelled by the system rather than ended by a lift.
    public var recognizerCancelled: Bool
    /// The active detents, ascending, as the driver resolved them (empty for a model asked on
    /// its own): what a model of an app's own chooses among (`Completion.detent`).
    public var detents: [ResolvedDetent] = []

    /// A release at `progress` with `velocity` (progress per second); `lastChangedProgress` defaults to `progress`.
    public init(progress: Double, velocity: Double, lastChangedProgress: Double? = nil, recognizerCancelled: Bool = false) {
        self.progress = progress
        self.velocity = velocity
        self.lastChangedProgress = lastChangedProgress ?? progress
        self.recognizerCancelled = recognizerCancelled
    }
}

/// A model's answer to a release: finish or cancel, where it projected the motion (when it
/// projects), and the completion curve that animates progress to the chosen end.
public struct Completion: Hashable, Sendable {
    /// Finish or cancel.
    public var decision: Decision
    /// Where the release velocity would coast progress to; nil for models without projection.
    public var projectedProgress: Double?
    /// Progress and progress velocity as functions of time since release.
    public var curve: CompletionCurve
    /// The detent the release goes to: a model of an app's own may name one of
    /// `ReleaseState.detents` (the driver's detent policy and veto then apply to it, as
    /// `ReleaseDecision` says); nil lets the driver choose by the projection. The driver's
    /// completion always names the detent it settles at.
    public var detent: Detent.ID?

    /// A completion from its parts.
    public init(decision: Decision, projectedProgress: Double?, curve: CompletionCurve) {
        self.decision = decision
        self.projectedProgress = projectedProgress
        self.curve = curve
    }
}

/// A rule that turns a release into a decision and a completion curve. The classic UIKit
/// percent-driven behaviour, Flutter's Cupertino back swipe and the projected spring all
/// conform, so runners, sweeps and benchmarks treat them alike.
public protocol ReleaseModel: Sendable {
    /// A short name for tables and CSV (`classic`, `cupertino`, `physics`); an app may log it
    /// to say which model decided a release.
    var name: String { get }
    /// Decides and builds the completion from what was known at release.
    func release(_ state: ReleaseState) -> Completion
}
