import RealModule
import Testing
import TransitionPhysics

// Oracles S1-S10 of docs/references.md#published-values-the-tests-pin ("Springs"): input -> output pairs published by
// Apple, Flutter, Wave, rebound, framer-motion and Motion. Numbers are copied exactly; each
// tolerance is the source's own (its rounding, or its stated +-).

/// `value` rounded to `places` decimals, as the sources print them.
private func rounded(_ value: Double, places: Int) -> Double {
    let scale = Double.pow(10, Double(places))
    return (value * scale).rounded() / scale
}

@Suite("Spring oracles (oracles.md S1-S10)")
struct SpringOracleTests {
    @Test("S1: Apple, Spring(duration: 0.5, bounce: 0.3) is (1.0, 157.9, 17.6)")
    func s1AppleDurationBounce() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(rounded(spring.mass, places: 1) == 1.0)
        #expect(rounded(spring.stiffness, places: 1) == 157.9)
        #expect(rounded(spring.damping, places: 1) == 17.6)
        // The exact values: k = (2 pi / 0.5)^2 = 16 pi^2, c = 2 * 0.7 * 4 pi = 5.6 pi.
        #expect(spring.mass == 1.0)
        #expect(spring.stiffness.isApproximatelyEqual(to: 157.91367041742973, relativeTolerance: 1e-15))
        #expect(spring.damping.isApproximatelyEqual(to: 17.59291886010284, relativeTolerance: 1e-15))
    }

    @Test("S2: Apple, Spring(mass: 1, stiffness: 100, damping: 10) is (0.63, 0.5)")
    func s2AppleMassStiffnessDamping() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(rounded(spring.duration, places: 2) == 0.63)
        #expect(rounded(spring.bounce, places: 2) == 0.5)
        #expect(spring.duration.isApproximatelyEqual(to: 0.6283185307, relativeTolerance: 1e-10))
        #expect(spring.bounce.isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-15))
    }

    @Test("S3: Flutter, withDurationAndBounce(500 ms, 0.3)")
    func s3FlutterPositiveBounce() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1.0)
        #expect(abs(spring.stiffness - 157.91) <= 0.01)
        #expect(abs(spring.damping - 17.59) <= 0.01)
    }

    @Test("S4: Flutter, withDurationAndBounce(500 ms, -0.3) is overdamped")
    func s4FlutterNegativeBounce() {
        let spring = Spring(duration: 0.5, bounce: -0.3)
        #expect(abs(spring.stiffness - 157.91) <= 0.01)
        #expect(abs(spring.damping - 35.90) <= 0.01)
    }

    @Test("S5: Flutter, SpringDescription(1, 157.91, 17.59) is 500 ms and bounce 0.3")
    func s5FlutterDescriptionToDurationBounce() {
        let spring = Spring(mass: 1, stiffness: 157.91, damping: 17.59)
        // Flutter compares Duration.inMilliseconds, which truncates.
        #expect(Int(spring.duration * 1000) == 500)
        #expect(abs(spring.bounce - 0.3) <= 0.001)
    }

    @Test("S6: Wave, Spring(dampingRatio: 1.0, response: 0.8)")
    func s6WaveCritical() {
        let spring = Spring(response: 0.8, dampingRatio: 1.0)
        #expect(abs(spring.stiffness - 61.6850) <= 1e-4)
        #expect(abs(spring.damping - 15.7079) <= 1e-4)
    }

    @Test("S7: Wave, Spring(dampingRatio: 0.6, response: 0.8)")
    func s7WaveUnderdamped() {
        let spring = Spring(response: 0.8, dampingRatio: 0.6)
        #expect(abs(spring.stiffness - 61.6850) <= 1e-4)
        #expect(abs(spring.damping - 9.4247) <= 1e-4)
    }

    @Test("S8: rebound, Origami (tension 40, friction 7) is tension 230.2, friction 22")
    func s8Origami() {
        let spring = Spring.origami(tension: 40, friction: 7)
        #expect(spring.mass == 1)
        #expect(spring.stiffness.isApproximatelyEqual(to: 230.2, relativeTolerance: 1e-14))
        #expect(spring.damping.isApproximatelyEqual(to: 22, relativeTolerance: 1e-14))
    }

    @Test(
        "S9: framer-motion, m 1, k 100, c 10 from 0 to 1 at t = 1100 i / 36 ms",
        arguments: [
            (1, 0.04194850778210579), (2, 0.14932950126380995),
            (3, 0.2963437796500159), (17, 1.0578292518205104),
        ])
    func s9FramerMotion(i: Int, expected: Double) {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        let time = 1100 * Double(i) / 36 / 1000
        let value = spring.value(target: 1, initialVelocity: 0, time: time)
        // "closed form, agree to 1e-15"
        #expect(abs(value - expected) <= 1e-15, "value \(value) at \(time) s")
    }

    @Test("S10: Motion, response 1.0, ratio 0.8, 0 to 10, value at 0.5 s is 9.223")
    func s10Motion() {
        let spring = Spring(response: 1.0, dampingRatio: 0.8)
        let value = spring.value(target: 10, initialVelocity: 0, time: 0.5)
        #expect(abs(value - 9.223) <= 0.001, "value \(value)")
    }
}
