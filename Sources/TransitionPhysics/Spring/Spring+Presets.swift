import RealModule

/// Named springs and the other parameter dialects developers arrive with
/// (shared/reference/physics-and-platforms.md section 3).
extension Spring {
    // MARK: SwiftUI (iOS 17)

    /// A smooth spring with no bounce: duration 0.5 s, bounce 0 (critically damped).
    public static var smooth: Spring { Spring(duration: 0.5, bounce: 0) }
    /// `smooth` with a custom duration (s) and extra bounce added to its base bounce of 0.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }
    /// A snappy spring with a little bounce: duration 0.5 s, bounce 0.15.
    public static var snappy: Spring { Spring(duration: 0.5, bounce: 0.15) }
    /// `snappy` with a custom duration (s) and extra bounce added to its base bounce of 0.15.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// A bouncy spring: duration 0.5 s, bounce 0.3.
    public static var bouncy: Spring { Spring(duration: 0.5, bounce: 0.3) }
    /// `bouncy` with a custom duration (s) and extra bounce added to its base bounce of 0.3.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
    /// SwiftUI's `Animation.spring` default: response 0.5 s, damping ratio 0.825.
    public static var swiftUIAnimationDefault: Spring { Spring(response: 0.5, dampingRatio: 0.825) }
    /// SwiftUI's `Animation.interactiveSpring` default: response 0.15 s, damping ratio 0.86.
    public static var interactiveSpring: Spring { Spring(response: 0.15, dampingRatio: 0.86) }

    // MARK: UIKit

    /// UIKit's system spring (`UISpringTimingParameters()` and, per the reverse-engineered
    /// initializer of `UIPercentDrivenInteractiveTransition`, its private completion curve 7):
    /// mass 3, stiffness 1000, damping coefficient 500 (damping ratio 4.564, overdamped).
    public static var uiKitSystem: Spring {
        Spring(mass: 3, stiffness: 1000, damping: 500, allowOverDamping: true)
    }

    /// UIKit's spring `initialVelocity` (`UISpringTimingParameters`, `UIView.animate(...usingSpringWithDamping:initialSpringVelocity:)`)
    /// is relative: velocity in points per second divided by the remaining distance in points
    /// (so 1 means "cover the whole distance in one second"). Moving 200 pt with a prior
    /// 100 pt/s gives 0.5. A zero distance has no relative velocity: returns 0.
    public static func uiKitInitialVelocity(absoluteVelocity: Double, distance: Double) -> Double {
        distance == 0 ? 0 : absoluteVelocity / distance
    }

    /// The inverse of `uiKitInitialVelocity(absoluteVelocity:distance:)`: points per second.
    public static func absoluteVelocity(uiKitInitialVelocity: Double, distance: Double) -> Double {
        uiKitInitialVelocity * distance
    }

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

extension Spring {
    /// Creates a spring whose SwiftUI settling estimate is about `settlingDuration` seconds, for a
    /// damping ratio in (0, 1] (SwiftUI's `init(settlingDuration:dampingRatio:epsilon:)`).
    ///
    /// SwiftUI solves for the natural frequency omega0 that makes an envelope fall to `epsilon`
    /// at `settlingDuration`; we solve the same equations, in closed form where there is one:
    /// - underdamped: z / sqrt(1 - z²) * e^(-z omega0 T) = epsilon, so
    ///   omega0 = ln(z / (sqrt(1 - z²) epsilon)) / (z T);
    /// - critical: e^(-u) (1 + u) = epsilon with u = omega0 T, solved by Newton on its logarithm.
    /// A damping ratio above 1 is treated as 1, as SwiftUI does; and so is an underdamped ratio
    /// too small for the envelope to start above `epsilon` (z / sqrt(1 - z²) <= epsilon).
    ///
    /// - Parameters:
    ///   - settlingDuration: Seconds, positive and finite.
    ///   - dampingRatio: > 0.
    ///   - epsilon: The settling threshold as a fraction of the change, in (0, 1). Default 0.001.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        precondition(
            settlingDuration > 0 && settlingDuration.isFinite,
            "Spring settlingDuration must be positive and finite (seconds); got \(settlingDuration).")
        precondition(dampingRatio > 0 && dampingRatio.isFinite, "Spring dampingRatio must be positive; got \(dampingRatio).")
        precondition(epsilon > 0 && epsilon < 1, "Spring epsilon must be in (0, 1); got \(epsilon).")
        let z = min(dampingRatio, 1)
        let envelopeScale = z < 1 ? z / (1 - z * z).squareRoot() : 0
        let omega0: Double
        if z < 1 && envelopeScale > epsilon {
            omega0 = Double.log(envelopeScale / epsilon) / (z * settlingDuration)
            self.init(response: 2 * Double.pi / omega0, dampingRatio: z)
        } else {
            // h(u) = ln(1 + u) - u - ln(epsilon) = 0, h'(u) = -u / (1 + u). h is decreasing and
            // concave on u > 0, so its tangents lie above it: from any start one Newton step lands
            // at or right of the root and the iterates then fall monotonically onto it. (Newton on
            // g(u) = e^-u (1 + u) - epsilon from u = 10, used before, overshot to negative u, hence
            // a negative response and a trap, for every epsilon above ~0.005: g is convex there and
            // 10 lies right of the root.) Start at u = -ln(epsilon), where h = ln(1 + u) > 0.
            let logEpsilon = Double.log(epsilon)
            var u = -logEpsilon
            for _ in 0..<100 {
                let h = Double.log(onePlus: u) - u - logEpsilon
                let next = u + h * (1 + u) / u
                if abs(next - u) <= 4 * Double.ulpOfOne * u { u = next; break }
                u = next
            }
            omega0 = u / settlingDuration
            self.init(response: 2 * Double.pi / omega0, dampingRatio: 1)
        }
    }
}
