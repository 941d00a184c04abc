import TransitionPhysics

// Springs as other platforms specify them, for comparing and porting (the oracle tests pin
// them): Facebook's Origami (pop, rebound) and Android's SpringForce. An iOS app names its
// springs as SwiftUI and UIKit do (the core's Spring+Presets).
extension Spring {
    // MARK: Origami (Facebook pop, rebound)

    /// A spring from Origami's tension and friction (rebound's `OrigamiValueConverter`):
    /// stiffness = (tension - 30) * 3.62 + 194, damping = (friction - 8) * 3 + 25, mass 1.
    /// rebound's default config (tension 40, friction 7) is stiffness 230.2, damping 22.
    /// Overdamping is allowed, as pop and rebound integrate the raw values.
    public static func origami(tension: Double, friction: Double) -> Spring {
        Spring(
            mass: 1, stiffness: (tension - 30) * 3.62 + 194, damping: (friction - 8) * 3 + 25,
            allowOverDamping: true)
    }
    /// This spring's Origami tension (inverse of `origami(tension:friction:)`, at mass 1).
    public var origamiTension: Double { (stiffness / mass - 194) / 3.62 + 30 }
    /// This spring's Origami friction (inverse of `origami(tension:friction:)`, at mass 1).
    public var origamiFriction: Double { (damping / mass - 25) / 3 + 8 }

    // MARK: Android (androidx.dynamicanimation SpringForce)

    /// Android's `SpringForce` stiffness presets, in 1/s² at mass 1.
    public enum AndroidStiffness {
        /// `STIFFNESS_HIGH`: 10,000 /s².
        public static let high = 10_000.0
        /// `STIFFNESS_MEDIUM`: 1,500 /s² (SpringForce's default).
        public static let medium = 1_500.0
        /// `STIFFNESS_LOW`: 200 /s².
        public static let low = 200.0
        /// `STIFFNESS_VERY_LOW`: 50 /s².
        public static let veryLow = 50.0
    }
    /// Android's `SpringForce` damping-ratio presets.
    public enum AndroidDampingRatio {
        /// `DAMPING_RATIO_HIGH_BOUNCY`: 0.2.
        public static let highBouncy = 0.2
        /// `DAMPING_RATIO_MEDIUM_BOUNCY`: 0.5 (SpringForce's default).
        public static let mediumBouncy = 0.5
        /// `DAMPING_RATIO_LOW_BOUNCY`: 0.75.
        public static let lowBouncy = 0.75
        /// `DAMPING_RATIO_NO_BOUNCY`: 1, critically damped.
        public static let noBouncy = 1.0
    }
    /// A spring as Android's `SpringForce` describes it: stiffness (1/s², mass 1) and damping ratio.
    /// Android's defaults are medium stiffness (1500) and medium bouncy (0.5).
    public static func android(
        stiffness: Double = AndroidStiffness.medium, dampingRatio: Double = AndroidDampingRatio.mediumBouncy
    ) -> Spring {
        precondition(dampingRatio >= 0 && dampingRatio.isFinite, "Spring dampingRatio must be >= 0 and finite; got \(dampingRatio).")
        return Spring(mass: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot(), allowOverDamping: true)
    }
}
