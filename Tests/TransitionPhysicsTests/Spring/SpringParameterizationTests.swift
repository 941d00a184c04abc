import RealModule
import Testing
import TransitionLab
import TransitionPhysics

// Every way of describing a spring (physics-and-platforms.md section 3) maps to (m, k, c) by its
// documented formula and back again, and the presets carry their published values.

private let responses = [0.05, 0.3, 0.5, 1, 4]
private let ratios = [0, 0.15, 0.5, 0.825, 1, 1.5, 4.5]

@Suite("Spring parameterizations")
struct SpringParameterizationTests {
    @Test("response/ratio -> (m, k, c) by formula -> response/ratio", arguments: responses, ratios)
    func responseRatioRoundTrip(response: Double, ratio: Double) {
        let spring = Spring(response: response, dampingRatio: ratio)
        #expect(spring.mass == 1)
        #expect(spring.stiffness.isApproximatelyEqual(to: Double.pow(2 * .pi / response, 2), relativeTolerance: 1e-15))
        #expect(spring.damping.isApproximatelyEqual(to: 4 * .pi * ratio / response, absoluteTolerance: 1e-300, relativeTolerance: 1e-15))
        let rebuilt = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, allowOverDamping: true)
        #expect(rebuilt == spring)
        #expect(rebuilt.response.isApproximatelyEqual(to: response, relativeTolerance: 1e-15))
        #expect(abs(rebuilt.dampingRatio - ratio) <= 1e-15 * max(ratio, 1))
    }

    @Test("mass, stiffness, damping -> response/ratio -> same motion (mass normalized to 1)")
    func massStiffnessDampingRoundTrip() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let m = Double.logUniform(in: 0.01...100, using: &rng)
            let k = Double.logUniform(in: 1...10_000, using: &rng)
            let c = Double.random(in: 0...4, using: &rng) * (m * k).squareRoot()
            let spring = Spring(mass: m, stiffness: k, damping: c, allowOverDamping: true)
            let normalized = Spring(response: spring.response, dampingRatio: spring.dampingRatio)
            #expect(normalized.stiffness.isApproximatelyEqual(to: k / m, relativeTolerance: 1e-14), "m \(m), k \(k), c \(c)")
            #expect(normalized.damping.isApproximatelyEqual(to: c / m, absoluteTolerance: 1e-300, relativeTolerance: 1e-14), "m \(m), k \(k), c \(c)")
            let t = 0.37 * spring.response
            #expect(normalized.value(target: 1, time: t).isApproximatelyEqual(to: spring.value(target: 1, time: t), relativeTolerance: 1e-12))
        }
    }

    @Test("duration/bounce -> ratio 1 - b or 1 / (1 + b) -> duration/bounce", arguments: [-0.9, -0.5, -0.3, -0.01, 0, 0.15, 0.3, 0.7, 1])
    func durationBounceRoundTrip(bounce: Double) {
        for duration in [0.1, 0.5, 2] {
            let spring = Spring(duration: duration, bounce: bounce)
            let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            #expect(spring.dampingRatio.isApproximatelyEqual(to: ratio, absoluteTolerance: 1e-15, relativeTolerance: 1e-15))
            #expect(spring.response == Spring(response: duration, dampingRatio: ratio).response)
            #expect(spring.duration.isApproximatelyEqual(to: duration, relativeTolerance: 1e-15))
            #expect(abs(spring.bounce - bounce) <= 1e-15, "bounce \(bounce) came back as \(spring.bounce)")
            #expect((bounce < 0) == (spring.dampingRatio > 1), "negative bounce is exactly the overdamped springs")
        }
    }

    @Test("Origami tension/friction -> (k, c) by rebound's converter -> tension/friction")
    func origamiRoundTrip() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let tension = Double.random(in: 0...200, using: &rng), friction = Double.random(in: 0...50, using: &rng)
            let spring = Spring.origami(tension: tension, friction: friction)
            #expect(spring.mass == 1)
            #expect(spring.stiffness.isApproximatelyEqual(to: (tension - 30) * 3.62 + 194, relativeTolerance: 1e-15))
            #expect(spring.damping.isApproximatelyEqual(to: (friction - 8) * 3 + 25, relativeTolerance: 1e-15))
            #expect(abs(spring.origamiTension - tension) <= 1e-12 * max(tension, 1), "tension \(tension)")
            #expect(abs(spring.origamiFriction - friction) <= 1e-12 * max(friction, 1), "friction \(friction)")
        }
        // pop's and rebound's default: tension 40, friction 7 (oracle S8 pins the forward direction).
        #expect(Spring(mass: 1, stiffness: 230.2, damping: 22, allowOverDamping: true).origamiTension.isApproximatelyEqual(to: 40, relativeTolerance: 1e-14))
        #expect(Spring(mass: 1, stiffness: 230.2, damping: 22, allowOverDamping: true).origamiFriction.isApproximatelyEqual(to: 7, relativeTolerance: 1e-14))
    }

    @Test("Android SpringForce presets and defaults")
    func androidPresets() {
        #expect(Spring.AndroidStiffness.high == 10_000)
        #expect(Spring.AndroidStiffness.medium == 1_500)
        #expect(Spring.AndroidStiffness.low == 200)
        #expect(Spring.AndroidStiffness.veryLow == 50)
        #expect(Spring.AndroidDampingRatio.highBouncy == 0.2)
        #expect(Spring.AndroidDampingRatio.mediumBouncy == 0.5)
        #expect(Spring.AndroidDampingRatio.lowBouncy == 0.75)
        #expect(Spring.AndroidDampingRatio.noBouncy == 1)
        let standard = Spring.android()
        #expect(standard.mass == 1 && standard.stiffness == 1_500)
        #expect(standard.dampingRatio.isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-15))
        for stiffness in [10_000.0, 1_500, 200, 50] {
            for ratio in [0.2, 0.5, 0.75, 1, 3] {
                let spring = Spring.android(stiffness: stiffness, dampingRatio: ratio)
                #expect(spring.stiffness == stiffness)
                #expect(spring.dampingRatio.isApproximatelyEqual(to: ratio, relativeTolerance: 1e-15), "ratio \(ratio) kept, overdamped included")
            }
        }
    }

    @Test("allowOverDamping: false clamps an overdamped set to critical, true keeps it")
    func allowOverDamping() {
        for (m, k, c) in [(1.0, 100.0, 30.0), (3, 1000, 500), (0.2, 7, 100)] {
            let clamped = Spring(mass: m, stiffness: k, damping: c)
            #expect(clamped.dampingRatio == 1, "(\(m), \(k), \(c)) clamped to ratio \(clamped.dampingRatio)")
            #expect(clamped.damping == 2 * (m * k).squareRoot())
            #expect(clamped.mass == m && clamped.stiffness == k)
            let kept = Spring(mass: m, stiffness: k, damping: c, allowOverDamping: true)
            #expect(kept.damping == c)
            #expect(kept.dampingRatio > 1)
        }
        // At or below critical nothing changes.
        #expect(Spring(mass: 1, stiffness: 100, damping: 20).damping == 20)
        #expect(Spring(mass: 1, stiffness: 100, damping: 5).damping == 5)
    }

    @Test("SwiftUI and UIKit presets carry their published parameters")
    func presets() {
        for (spring, bounce) in [(Spring.smooth, 0.0), (.snappy, 0.15), (.bouncy, 0.3)] {
            #expect(spring.duration.isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-15))
            #expect(abs(spring.bounce - bounce) <= 1e-15)
        }
        #expect(Spring.smooth(duration: 0.8, extraBounce: 0.1) == Spring(duration: 0.8, bounce: 0.1))
        #expect(Spring.snappy(duration: 0.8, extraBounce: 0.1) == Spring(duration: 0.8, bounce: 0.25))
        #expect(Spring.bouncy(duration: 0.8, extraBounce: -0.1) == Spring(duration: 0.8, bounce: 0.2))
        #expect(Spring.swiftUIAnimationDefault == Spring(response: 0.5, dampingRatio: 0.825))
        #expect(Spring.interactiveSpring == Spring(response: 0.15, dampingRatio: 0.86))
        let system = Spring.uiKitSystem
        #expect(system.mass == 3 && system.stiffness == 1000 && system.damping == 500)
        #expect(abs(system.dampingRatio - 4.564) <= 5e-4)
    }

    @Test("init(settlingDuration:dampingRatio:epsilon:) solves its envelope equation", arguments: [0.2, 0.5, 0.8, 0.99, 1, 1.7])
    func settlingDurationInit(ratio: Double) {
        for (duration, epsilon) in [(0.3, 0.001), (1.0, 0.001), (2.5, 0.01), (0.5, 1e-9), (0.5, 0.1), (4, 0.5)] {
            let spring = Spring(settlingDuration: duration, dampingRatio: ratio, epsilon: epsilon)
            // Above 1 is treated as 1, and so is a ratio whose envelope starts below epsilon.
            let z = ratio < 1 && ratio / (1 - ratio * ratio).squareRoot() > epsilon ? ratio : 1
            #expect(spring.dampingRatio.isApproximatelyEqual(to: z, relativeTolerance: 1e-14), "T \(duration), eps \(epsilon)")
            let w0 = spring.naturalAngularFrequency
            // The documented equations: z / sqrt(1 - z^2) e^(-z w0 T) = eps (underdamped),
            // e^(-w0 T) (1 + w0 T) = eps (critical).
            let residual = z < 1
                ? z / (1 - z * z).squareRoot() * Double.exp(-z * w0 * duration)
                : Double.exp(-w0 * duration) * (1 + w0 * duration)
            #expect(residual.isApproximatelyEqual(to: epsilon, relativeTolerance: 1e-12), "T \(duration), eps \(epsilon)")
        }
    }

    @Test("force and acceleration agree with m x'' = -k (x - target) - c v")
    func forceAndAcceleration() {
        let spring = Spring(mass: 2.5, stiffness: 300, damping: 12)
        let force = spring.force(target: 10, position: 4, velocity: -3)
        #expect(force == 300 * 6 + 12 * 3)
        #expect((spring.mass * spring.acceleration(displacement: 4 - 10, velocity: -3)).isApproximatelyEqual(to: force, relativeTolerance: 1e-15))
    }
}
