import TransitionPhysics

/// Kinds of synthetic gesture, each with the outcome a person making it would mean.
///
/// Every family is a sequence of minimum-jerk segments (`MinimumJerkPath`) in progress units:
/// progress p is the displacement along the gesture's initial direction divided by the
/// travel, velocity v is in progress per second (travel widths per second). The finger lifts
/// at a drawn time; "at rest" means the true v at lift-off is exactly 0, "moving" means the
/// lift happens inside a movement segment. The ranges below are the generator's (units in
/// brackets); `log-normal(m, s)` is the median m and the standard deviation s of the natural
/// log, clipped to the range that follows it.
///
/// Calibration: the two finish families that the recorded BioIdent page-turn swipes contain
/// (released below and above the middle) follow that data (docs/references.md#the-recorded-swipes): lift-off
/// time medians 129 ms and 174 ms there, release progress medians 0.34 and 0.66, mean speed
/// 2.4 and 3.8 travel widths/s; overall release velocity median 3.2 widths/s
/// (physics-and-platforms.md section 6). The data hold no cancels: the cancel families are
/// modelled from the same kinematics, reversed or held.
public enum SyntheticFamily: String, CaseIterable, Hashable, Sendable {
    /// A quick flick that lifts off mid-movement before the middle. Label: **finish**.
    ///
    /// One forward segment; the finger lifts at phase s of it, past the velocity peak.
    /// - lift-off time D: log-normal(0.14 s, 0.35) in [0.08, 0.25] s
    /// - release velocity v: log-normal(3.5 /s, 0.35) in [1.5, 6] widths/s (about 3.1 after the
    ///   progress condition below)
    /// - lift phase s: uniform [0.5, 0.85]
    /// - release progress p = v D shape(s) / (s shape'(s)) must fall in [0.08, 0.48], and the
    ///   planned amplitude p / shape(s) must be <= 1.25 (else all four are redrawn).
    case shortFastFlick

    /// A drag that passes the middle and lifts off still moving forward. Label: **finish**.
    ///
    /// One forward segment lifted at phase s.
    /// - release progress p: uniform [0.52, 0.95]
    /// - lift-off time D: log-normal(0.18 s, 0.4) in [0.09, 0.6] s
    /// - lift phase s: uniform [0.45, 0.95] (late lifts: the finger slowing before it leaves)
    /// - implied release velocity v = p s shape'(s) / (D shape(s)) must be in [0.4, 8] widths/s,
    ///   amplitude p / shape(s) <= 1.25.
    case dragThroughMiddle

    /// A slow drag past the middle, then a rest before lifting. Label: **finish**.
    ///
    /// - amplitude A (= release progress): uniform [0.6, 0.95]
    /// - movement time T: uniform [0.4, 1.2] s (peak speed 1.875 A / T <= 4.5 widths/s)
    /// - hold H at A: uniform [0.08, 0.4] s; lift-off at T + H, at rest (v = 0).
    case slowDragPastMiddle

    /// A peek: forward a little, then back toward the start, lifted moving back.
    /// Label: **cancel**.
    ///
    /// - forward amplitude A: uniform [0.12, 0.45] in time T1: uniform [0.15, 0.5] s
    /// - hold H: uniform [0, 0.2] s
    /// - return to B = b A, b: uniform [0, 0.4], in time T2: uniform [0.15, 0.45] s, lifted at
    ///   phase s: uniform [0.35, 0.85] of the return
    /// - release velocity must be <= -0.3 widths/s (moving back), release progress < A < 0.5.
    case peekAndReturn

    /// A tentative drag that stops below the middle and rests before lifting.
    /// Label: **cancel**.
    ///
    /// - amplitude A (= release progress): uniform [0.1, 0.4]
    /// - movement time T: uniform [0.3, 0.9] s
    /// - hold H: uniform [0.1, 0.5] s; lift-off at T + H, at rest (v = 0).
    case hesitateBelowMiddle

    /// A drag past the middle, then a fast flick back, lifted while moving back.
    /// Label: **cancel** (release progress may still be above 0.5: position alone misreads it).
    ///
    /// - forward amplitude A: uniform [0.55, 0.9] in time T1: uniform [0.25, 0.7] s
    /// - hold H: uniform [0, 0.2] s
    /// - flick back to B: uniform [0, 0.3] in time T2: uniform [0.1, 0.25] s, lifted at phase
    ///   s: uniform [0.35, 0.7]
    /// - release velocity must be <= -1 widths/s (Flutter's minimum fling velocity).
    case pastMiddleThenFlickBack

    /// What a person making this gesture means.
    public var intent: Intent {
        switch self {
        case .shortFastFlick, .dragThroughMiddle, .slowDragPastMiddle: .finish
        case .peekAndReturn, .hesitateBelowMiddle, .pastMiddleThenFlickBack: .cancel
        }
    }
}

/// The screen direction of a horizontal swipe; the transition's forward direction is the
/// direction of the gesture's initial movement.
public enum SwipeDirection: String, CaseIterable, Hashable, Sendable {
    /// x increases as progress increases.
    case leftToRight
    /// x decreases as progress increases.
    case rightToLeft

    /// +1 for left-to-right, -1 for right-to-left: x = x0 + sign * progress * travel.
    public var sign: Double { self == .leftToRight ? 1 : -1 }
}
