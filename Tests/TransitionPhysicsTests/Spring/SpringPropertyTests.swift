import RealModule
import Testing
import TransitionLab
import TransitionPhysics

// Properties every correct spring has, whatever its parameters: where it starts, linearity in the
// displacement, energy that never grows, independence from the frame rate, and finiteness.

private let propertySprings: [Spring] = [
    Spring(response: 0.5, dampingRatio: 0), Spring(response: 0.5, dampingRatio: 0.15),
    .bouncy, .smooth, Spring(response: 0.8, dampingRatio: 2), .uiKitSystem,
    Spring(mass: 0.25, stiffness: 40, damping: 1.5), Spring(mass: 7, stiffness: 1200, damping: 400, allowOverDamping: true),
    .android(stiffness: Spring.AndroidStiffness.high, dampingRatio: Spring.AndroidDampingRatio.highBouncy),
]

/// (target, initialVelocity): from rest, toward the target, away from it, and a pure fling.
private let propertyStates: [(target: Double, initialVelocity: Double)] = [(1, 0), (1, 6), (-250, 900), (0, -3)]

@Suite("Spring properties")
struct SpringPropertyTests {
    @Test("at time 0 the value is 0 and the velocity is initialVelocity, exactly", arguments: propertySprings)
    func startsAtRest(spring: Spring) {
        for (target, v0) in propertyStates {
            #expect(spring.value(target: target, initialVelocity: v0, time: 0) == 0)
            #expect(spring.velocity(target: target, initialVelocity: v0, time: 0) == v0)
            let state = spring.state(initialDisplacement: -target, initialVelocity: v0, time: 0)
            #expect(state.displacement == -target && state.velocity == v0)
        }
    }

    @Test("scaling target and initialVelocity by s scales value and velocity by s", arguments: propertySprings)
    func linearInTheInitialState(spring: Spring) {
        let w0 = spring.naturalAngularFrequency
        for s in [-3.0, 1e-3, 7.3, 1e6] {
            for (target, v0) in propertyStates {
                // The motion's size: value is at most ~|target| + |v0| / omega_d; 1e-14 of it is
                // ~45 ulps, room for the roundings of two products and a sum in each evaluation.
                let valueScale = abs(s) * (abs(target) + abs(v0) / w0 + abs(v0) * 0.05)
                let velocityScale = abs(s) * (abs(target) * w0 + abs(v0))
                for t in stride(from: 0.0, through: 2, by: 0.01) {
                    let value = spring.value(target: target, initialVelocity: v0, time: t)
                    let scaled = spring.value(target: s * target, initialVelocity: s * v0, time: t)
                    #expect(abs(scaled - s * value) <= 1e-14 * valueScale, "s \(s), t \(t)")
                    let velocity = spring.velocity(target: target, initialVelocity: v0, time: t)
                    let scaledVelocity = spring.velocity(target: s * target, initialVelocity: s * v0, time: t)
                    #expect(abs(scaledVelocity - s * velocity) <= 1e-14 * velocityScale, "s \(s), t \(t)")
                }
            }
        }
    }

    @Test("energy 1/2 m v^2 + 1/2 k x^2 never increases; constant when undamped", arguments: propertySprings)
    func energyNeverIncreases(spring: Spring) {
        func energy(_ x: Double, _ v: Double) -> Double { 0.5 * spring.mass * v * v + 0.5 * spring.stiffness * x * x }
        for (target, v0) in propertyStates {
            let e0 = energy(-target, v0)
            var previous = e0
            for i in 1...3_000 {
                let s = spring.state(initialDisplacement: -target, initialVelocity: v0, time: Double(i) * 1e-3)
                let e = energy(s.displacement, s.velocity)
                // Round-off in e is ~1e-16 e0; 1e-13 e0 allows it and nothing physical.
                #expect(e <= previous + 1e-13 * e0, "t \(Double(i) * 1e-3): energy \(e) > \(previous)")
                if spring.damping == 0 {
                    #expect(abs(e - e0) <= 1e-12 * e0, "undamped: energy drifted to \(e) from \(e0)")
                }
                previous = e
            }
            if spring.damping > 0 { #expect(previous < 0.5 * e0, "a damped spring loses energy over 3 s") }
        }
    }

    @Test("update(value:velocity:target:deltaTime:) at 30, 60, 120, 240 Hz lands on the closed form", arguments: propertySprings)
    func frameRateIndependent(spring: Spring) {
        for hertz in [30.0, 60.0, 120.0, 240.0] {
            let dt = 1 / hertz
            for (target, v0) in propertyStates {
                var value = 0.0, velocity = v0
                let velocityScale = abs(v0) + abs(target) * spring.naturalAngularFrequency
                for n in 1...Int(2 * hertz) {
                    spring.update(value: &value, velocity: &velocity, target: target, deltaTime: dt)
                    let t = Double(n) * dt
                    let exact = spring.value(target: target, initialVelocity: v0, time: t)
                    let exactVelocity = spring.velocity(target: target, initialVelocity: v0, time: t)
                    let valueScale = max(abs(exact), abs(target), abs(v0) / spring.naturalAngularFrequency)
                    #expect(abs(value - exact) <= 1e-12 * valueScale, "\(hertz) Hz, frame \(n)")
                    #expect(abs(velocity - exactVelocity) <= 1e-12 * max(abs(exactVelocity), velocityScale), "\(hertz) Hz, frame \(n)")
                }
            }
        }
    }

    @Test("irregular frame intervals land on the closed form at the summed time", arguments: [UInt64(1), 2, 3])
    func jitteredFramesIndependent(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for spring in propertySprings {
            var value = 0.0, velocity = 4.0, time = 0.0
            for _ in 0..<200 {
                let dt = Double.random(in: 0.001...0.05, using: &rng)
                spring.update(value: &value, velocity: &velocity, target: 1, deltaTime: dt)
                time += dt
            }
            let exact = spring.value(target: 1, initialVelocity: 4, time: time)
            #expect(abs(value - exact) <= 1e-12 * max(abs(exact), 1), "seed \(seed), \(spring)")
        }
    }

    @Test(
        "finite for extreme valid inputs",
        arguments: [1e-300, 1e-12, 1, 1e12, 1e24, 1e100, 1e200], [0.0, 1e-3, 0.5, 1, 100])
    func finiteForExtremes(stiffness: Double, ratio: Double) {
        for mass in [1.0, 1e-6, 1e6] {
            let spring = Spring(
                mass: mass, stiffness: stiffness, damping: 2 * ratio * (mass * stiffness).squareRoot(),
                allowOverDamping: true)
            for t in [0, 1e-300, 1e-9, 1e-3, 1, 1e3, 1e6, 1e15, 1e300] {
                for (target, v0) in [(1.0, 0.0), (1, 5), (-1e6, 1e3)] {
                    let value = spring.value(target: target, initialVelocity: v0, time: t)
                    let velocity = spring.velocity(target: target, initialVelocity: v0, time: t)
                    #expect(value.isFinite && velocity.isFinite, "\(spring), t \(t): value \(value), velocity \(velocity)")
                }
            }
        }
    }

    @Test(
        "time scaling: (m, k s^2, c s) at t / s moves as (m, k, c) at t, for extreme s",
        arguments: [0x1p40, 0x1p-40, 1e10, 1e-10, 3e60, 3e-60])
    func timeScaling(s: Double) {
        // x'' + (c/m) x' + (k/m) x = 0 is invariant under t -> t / s, c -> c s, k -> k s^2, with
        // velocities multiplied by s. So a very stiff (or very slack) spring must be exactly as
        // accurate as a moderate one: this pins the series and the envelopes far from unit scale.
        for spring in propertySprings {
            let fast = Spring(mass: spring.mass, stiffness: spring.stiffness * s * s, damping: spring.damping * s, allowOverDamping: true)
            for (target, v0) in propertyStates {
                let scale = abs(target) + abs(v0) / spring.naturalAngularFrequency
                for t in [0, 1e-4, 1e-3, 0.01, 0.03, 0.1, 0.5, 2] {
                    let slowState = spring.state(initialDisplacement: -target, initialVelocity: v0, time: t)
                    let fastState = fast.state(initialDisplacement: -target, initialVelocity: v0 * s, time: t / s)
                    #expect(abs(fastState.displacement - slowState.displacement) <= 1e-13 * scale, "s \(s), \(spring), t \(t)")
                    #expect(
                        abs(fastState.velocity / s - slowState.velocity) <= 1e-13 * scale * spring.naturalAngularFrequency,
                        "s \(s), \(spring), t \(t)")
                }
            }
        }
    }

    @Test("damped springs come to the target; an undamped one stays bounded at huge times")
    func longTimeLimits() {
        for spring in propertySprings {
            for t in [1e3, 1e6, 1e12] {
                let value = spring.value(target: 1, initialVelocity: 6, time: t)
                if spring.damping > 0 {
                    #expect(abs(value - 1) <= 1e-12, "\(spring) at \(t) s: \(value)")
                } else {
                    // Amplitude of x: sqrt(x0^2 + (v0 / omega0)^2).
                    let amplitude = (1 + Double.pow(6 / spring.naturalAngularFrequency, 2)).squareRoot()
                    #expect(abs(value - 1) <= amplitude * (1 + 1e-9), "\(spring) at \(t) s: \(value)")
                }
            }
        }
    }
}
