import Testing
import TransitionLab
import TransitionPhysics

@Suite("VelocityEstimator release preparation (through GestureRunner and InteractiveTransition)")
struct ReleaseSamplesTests {
    typealias F = VelocityFixtures

    @Test("an up sample repeating the last position is ignored (AOSP ShortDelayBeforeActionUp)")
    func repeatedUpIgnored() {
        // (0, 10), (10, 20), (20, 30), up at 30 ms repeating 30: all estimators see a constant
        // 1000 units/s; fed to LSQ2 as a movement, the up would bend the fit (it can fail).
        let touches = F.touches([(0, 10), (10, 20), (20, 30)], upAtMs: 30)
        let rule = ReleaseSamples.liftOff(touches[3], after: touches[2])
        #expect(rule.repeatsPosition && !rule.pointerStopped)
        for (name, estimator) in F.allEstimators where name != "weighted" {
            #expect(F.isClose(F.releaseVelocity(estimator, of: touches, along: .x), 1000, relative: 1e-12), "\(name)")
        }
        let lsq2 = LeastSquaresVelocityEstimator()
        let upAsMovement = touches.axisSamples(along: .x)
        #expect(!F.isClose(lsq2.velocity(of: upAsMovement), 1000, relative: 1e-3))
    }

    /// Measured moves every 10 ms to 40 units at 30 ms, a resampled sample at 50 ms where the
    /// finger rests (40), and an up at 75 ms repeating 40.
    static func restAfterResampled() -> [TouchSample] {
        var touches = F.touches([(0, 10), (10, 20), (20, 30), (30, 40), (50, 40)], upAtMs: 75)
        touches[4].isResampled = true
        return touches
    }

    @Test("the pointer-stopped clock runs from the last measured sample: a resampled one is no movement (Android skips it)")
    func resampledIsNoMovement() throws {
        var touches = Self.restAfterResampled()
        let last = try #require(ReleaseSamples.lastMovement(in: touches.dropLast()))
        #expect(last == touches[3])
        // 45 ms after the last measured move: the pointer had stopped (over 40 ms).
        let rule = ReleaseSamples.liftOff(touches[5], after: last)
        #expect(rule.repeatsPosition && rule.pointerStopped)
        #expect(ReleaseSamples.releasesWithoutVelocity(touches[5], after: last))
        // Counted from the resampled sample, the clock would say 25 ms.
        #expect(!ReleaseSamples.liftOff(touches[5], after: touches[4]).pointerStopped)
        // A predicted position the up does not repeat: the up repeats the last measured one.
        touches[4].x = 43
        let measured = try #require(ReleaseSamples.lastMovement(in: touches.dropLast()))
        #expect(ReleaseSamples.liftOff(touches[5], after: measured).repeatsPosition)
        // 44 ms: the estimator's own threshold decides (dropTolerant and recommended rest after 100 ms).
        #expect(!ReleaseSamples.liftOff(touches[5], after: measured, stoppedAfter: 0.100).pointerStopped)
        // No measured sample at all: no movement to compare with.
        #expect(ReleaseSamples.lastMovement(in: [touches[4]]) == nil)
    }

    @Test("through the driver, a resampled sample after the last move does not restart the clock")
    func resampledIsNoMovementThroughTheDriver() {
        #expect(F.releaseVelocity(LeastSquaresVelocityEstimator(), of: Self.restAfterResampled(), along: .x) == 0)
    }

    @Test("an up (or cancel) sample at a new position is a movement and is kept")
    func movedUpKept() {
        var touches = F.touches([(0, 10), (10, 20), (20, 30)])
        touches.append(TouchSample(time: 0.030, x: 40, phase: .ended))
        #expect(!ReleaseSamples.liftOff(touches[3], after: touches[2]).repeatsPosition)
        let v = F.releaseVelocity(LeastSquaresVelocityEstimator(), of: touches, along: .x)
        #expect(F.isClose(v, 1000, relative: 1e-12))
        // Kept, a new position bends the fit: the least-squares parabola through 10, 20, 30, 50
        // (every 10 ms) leaves at 2050 units/s.
        touches[3].x = 50
        #expect(F.isClose(F.releaseVelocity(LeastSquaresVelocityEstimator(), of: touches, along: .x), 2050, relative: 1e-9))
        touches[3].phase = .ended
        touches[3].x = 30
        #expect(ReleaseSamples.liftOff(touches[3], after: touches[2]).repeatsPosition)
        #expect(F.isClose(F.releaseVelocity(LeastSquaresVelocityEstimator(), of: touches, along: .x), 1000, relative: 1e-12))
        // A cancel is no lift-off with intent: velocity 0 (TrackerRulesTests).
        touches[3].phase = .cancelled
        #expect(F.releaseVelocity(LeastSquaresVelocityEstimator(), of: touches, along: .x) == 0)
    }

    @Test("pointer stopped: a repeated up more than 40 ms after the last move gives 0 (AOSP LongDelayBeforeActionUp)")
    func pointerStopped() {
        for (name, estimator) in F.allEstimators {
            let threshold = estimator.pointerStoppedAfter * 1000
            #expect(threshold == (["dropTolerant", "recommended"].contains(name) ? 100 : 40), "\(name)")
            let longDelay = F.touches([(0, 10), (10, 20), (20, 30), (30, 40)], upAtMs: 30 + threshold + 1)
            #expect(F.releaseVelocity(estimator, of: longDelay, along: .x) == 0, "\(name)")
            let justInTime = F.touches([(0, 10), (10, 20), (20, 30), (30, 40)], upAtMs: 30 + threshold)
            #expect(F.releaseVelocity(estimator, of: justInTime, along: .x) > 0, "\(name)")
            // The estimator's threshold is the one applied.
            let impatient = F.StoppedAfter(base: estimator, pointerStoppedAfter: 0.010)
            #expect(F.releaseVelocity(impatient, of: justInTime, along: .x) == 0, "\(name)")
        }
    }

    @Test("projection onto an axis uses x or y")
    func projection() {
        let touches = F.touches([(0, 1), (10, 2)], y: [5, 7])
        #expect(touches.axisSamples(along: .x).map(\.position) == [1, 2])
        #expect(touches.axisSamples(along: .y).map(\.position) == [5, 7])
        #expect(touches.axisSamples(along: .y).map(\.time) == [0, 0.010])
    }

    @Test("no look-ahead: the velocity known at a time ignores every later sample")
    func noLookAhead() {
        var generator = SplitMix64(seed: 7)
        var t = 0.0
        let samples = (0..<40).map { _ -> AxisSample in
            t += 0.008 + 0.012 * generator.nextUnit()
            return AxisSample(time: t, position: 400 * generator.nextUnit())
        }
        for (name, estimator) in F.allEstimators {
            for k in 0..<samples.count {
                var scrambled = samples
                for j in (k + 1)..<max(k + 1, samples.count) { scrambled[j].position = -1e6 * Double(j) }
                let known = estimator.velocity(of: Array(samples[...k]))
                #expect(estimator.velocity(of: scrambled, atTime: samples[k].time) == known, "\(name) at \(k)")
                #expect(estimator.velocity(of: samples, atTime: samples[k].time) == known, "\(name) at \(k)")
            }
        }
    }

    @Test("estimator kinds parse from command-line strings")
    func kinds() {
        #expect(VelocityEstimatorKind(parsing: "leastSquares") == .leastSquares)
        #expect(VelocityEstimatorKind(parsing: "least-squares") == .leastSquares)
        #expect(VelocityEstimatorKind(parsing: "LSQ2") == .leastSquares)
        #expect(VelocityEstimatorKind(parsing: "impulse") == .impulse)
        #expect(VelocityEstimatorKind(parsing: "weighted") == .weighted)
        #expect(VelocityEstimatorKind(parsing: "drop-tolerant") == .dropTolerant)
        #expect(VelocityEstimatorKind(parsing: "dropTolerant") == .dropTolerant)
        #expect(VelocityEstimatorKind(parsing: "recommended") == .recommended)
        #expect(VelocityEstimatorKind(parsing: "android-lsq2") == .androidLeastSquares)
        #expect(VelocityEstimatorKind(parsing: "kalman") == nil)
        #expect(VelocityEstimatorKind.leastSquares.estimator is LeastSquaresVelocityEstimator)
        #expect(VelocityEstimatorKind.impulse.estimator is ImpulseVelocityEstimator)
        #expect(VelocityEstimatorKind.weighted.estimator is WeightedVelocityEstimator)
    }
}

/// A tiny deterministic generator (SplitMix64) so the test does not depend on the platform's.
extension SplitMix64 {
    /// Uniform in [0, 1) from the top 53 bits.
    fileprivate mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// `ReleaseSamples.mirrored`: the marks of a reversible direction's reversals, applied in one
/// pass, give bit for bit what negating every sample so far at each reversal gives (signed zeros
/// included), and a zig-zag across touch-down replays in time linear in its samples.
@Suite("Mirror marks (reversible direction)")
struct MirrorMarkTests {
    @Test("mirrored equals negating the samples so far at every mark")
    func mirroredEqualsEagerNegation() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let count = Int(random.next() % 40)
            var eager: [AxisSample] = []
            var recorded: [AxisSample] = []
            var marks: [Int] = []
            for i in 0..<count {
                if random.next() % 3 == 0 {
                    for k in eager.indices { eager[k].position.negate() }
                    marks.append(recorded.count)
                }
                let position = random.next() % 5 == 0 ? 0.0 : Double(Int(random.next() % 2001) - 1000) / 7
                eager.append(AxisSample(time: Double(i), position: position))
                recorded.append(AxisSample(time: Double(i), position: position))
            }
            if random.next() % 2 == 0 {
                for k in eager.indices { eager[k].position.negate() }
                marks.append(recorded.count)
            }
            let lazy = ReleaseSamples.mirrored(recorded, at: marks)
            #expect(lazy.map(\.position.bitPattern) == eager.map(\.position.bitPattern))
        }
    }

    @Test("a zig-zag across touch-down of 200,000 samples replays in seconds, not minutes (linear)")
    func zigZagIsLinear() {
        let mapping = ProgressMapping(travel: 800, direction: .reversible(touchSlop: 10))
        var samples = [TouchSample(time: 0, x: 400, phase: .began)]
        for i in 1..<200_000 {
            samples.append(TouchSample(time: Double(i) * 0.001, x: 400 + (i % 2 == 0 ? 15 : -15), phase: .changed))
        }
        samples.append(TouchSample(time: 200, x: 415, phase: .ended))
        let clock = ContinuousClock()
        let start = clock.now
        var transition = InteractiveTransition(mapping: mapping, model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator.dropTolerant)
        for sample in samples { transition.handle(sample) }
        let elapsed = clock.now - start
        #expect(transition.releases.count == 1)
        // Quadratic, this was 2 * 10^10 negations (minutes in a debug build).
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }
}
