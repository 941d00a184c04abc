import Testing
import TransitionPhysics

// Broken contracts stop the program with a sentence naming the parameter (style.md, "Errors by
// layer"). Exit tests run each body in a child process and observe its exit and standard error.

@Suite("Preconditions name the parameter")
struct PreconditionTests {
    @Test("negative stiffness traps, naming stiffness")
    func negativeStiffness() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Spring(mass: 1, stiffness: -100, damping: 10)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Spring stiffness must be positive and finite; got -100.0."), "stderr: \(message)")
    }

    @Test("NaN damping traps, naming damping")
    func nanDamping() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Spring(mass: 1, stiffness: 100, damping: .nan)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Spring damping (the coefficient) must be >= 0 and finite; got nan."), "stderr: \(message)")
    }

    @Test("zero mass traps, naming mass")
    func zeroMass() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Spring(mass: 0, stiffness: 100, damping: 10)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Spring mass must be positive and finite; got 0.0."), "stderr: \(message)")
    }

    @Test("bounce outside (-1, 1] traps, naming bounce")
    func bounceOutOfRange() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Spring(duration: 0.5, bounce: -1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Spring bounce must be in (-1, 1]"), "stderr: \(message)")
    }

    @Test("a deceleration rate of 1 traps, naming the rate")
    func decelerationRateOne() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DecelerationRate(rawValue: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("DecelerationRate must be in (0, 1)"), "stderr: \(message)")
    }

    @Test("a negative time traps, naming time")
    func negativeTime() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Spring.smooth.value(target: 1, time: -0.1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Spring time must be >= 0 and finite"), "stderr: \(message)")
    }

    @Test("valid edge values do not trap: damping 0, bounce 1, a rate just below 1")
    func validEdgesPass() async {
        await #expect(processExitsWith: .success) {
            _ = Spring(mass: 1, stiffness: 100, damping: 0)
            _ = Spring(duration: 0.5, bounce: 1)
            _ = DecelerationRate(rawValue: 1.0.nextDown)
        }
    }
}
