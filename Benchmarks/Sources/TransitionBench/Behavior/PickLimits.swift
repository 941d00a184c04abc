import TransitionCSV

/// What a `--pareto` pick must stay within, whatever else it wins on: how far it carries the
/// view past the end (`--max-overshoot`) and how far the view's speed departs from the finger's
/// at release (`--max-velocity-jump`), both as the p90 over the source's releases, nine in ten.
public struct PickLimits: Sendable, Equatable {
    /// The largest p90 overshoot, fraction of the travel.
    public var overshoot: Double
    /// The largest p90 velocity jump at release, travel per second (progress/s).
    public var velocityJump: Double

    /// Limits of `overshoot` (fraction of the travel) and `velocityJump` (travel per second).
    public init(overshoot: Double = ParetoFront.defaultMaxOvershoot, velocityJump: Double = ParetoFront.defaultMaxVelocityJump) {
        self.overshoot = overshoot
        self.velocityJump = velocityJump
    }

    /// The defaults: `ParetoFront.defaultMaxOvershoot` and `.defaultMaxVelocityJump`.
    public static let `default` = PickLimits()

    /// Whether a row's figures are within both limits (a missing figure is not).
    func admit(_ figures: ParetoFront.Figures) -> Bool {
        -figures.overshoot <= overshoot && -figures.velocityJump <= velocityJump
    }

    /// The limits as the footer states them.
    var described: String {
        "a p90 overshoot of \(NumberFormatting.string(overshoot)) and a p90 velocity jump of "
            + "\(NumberFormatting.string(velocityJump)) travel/s"
    }
}

extension ParetoFront {
    /// The largest p90 overshoot a pick may have by default, fraction of the travel
    /// (`--max-overshoot`): 0.005, 2 points of a 390-point travel. On the recorded swipes and
    /// the synthetic gestures it separates what ChoosingASpring advises from what it advises
    /// against: the critically damped springs of response 0.2 to 0.3 s stay within it (the
    /// default's p90 is 0.0022 and 0.0041), every damping ratio 0.8 spring exceeds it (p90
    /// 0.0127 and more: nearly every release carries the view past the end), and so does a slow
    /// critically damped one (0.4 s: 0.022), which flicks overrun (docs/tuning.md).
    public static let defaultMaxOvershoot = 0.005

    /// The largest p90 velocity jump at release a pick may have by default, travel per second
    /// (`--max-velocity-jump`): 0.5, 195 points/s on a 390-point travel. A spring that starts at
    /// the finger's velocity has none; a curve that starts from rest (the classic ease, Compose's
    /// anchored and Android's pager curves) stops a flick dead, by several travel widths per second
    /// on the recorded page turns (docs/tuning.md has the figures).
    public static let defaultMaxVelocityJump = 0.5
}
