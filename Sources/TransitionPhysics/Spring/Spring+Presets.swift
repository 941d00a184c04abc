import RealModule

/// Named springs and the other parameter dialects developers arrive with
/// (docs/references.md#springs).
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
