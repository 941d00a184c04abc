import Testing
import TransitionLab
import TransitionPhysics

/// `LeastSquaresVelocityEstimator.recommended` against fingers whose velocity is a closed form
/// (minimum-jerk movements, `MinimumJerkSegment`), at the sampling rates of current phones.
/// Each of the first four tests fails for `.dropTolerant` or for `.recommended`'s earlier
/// configuration (`lineAt60Hz`: the straight line for a window no parabola fits), the
/// estimators it replaces.
@Suite("LeastSquaresVelocityEstimator.recommended")
struct RecommendedEstimatorTests {
    typealias F = VelocityFixtures
    let recommended = LeastSquaresVelocityEstimator.recommended
    let dropTolerant = LeastSquaresVelocityEstimator.dropTolerant
    /// `.recommended` with the straight line for a window no parabola fits (the earlier fallback).
    static let lineAt60Hz: LeastSquaresVelocityEstimator = {
        var estimator = LeastSquaresVelocityEstimator.recommended
        estimator.fallback = .line
        return estimator
    }()

    /// A flick of 7 samples at 120 Hz (touch-down and 6 moves, 50 ms) lifted 4 ms after the
    /// last move at the peak speed of a minimum-jerk movement, scaled so that its last step is
    /// 3.3 widths per second; travel 1, so positions are progress.
    static func shortFlick() -> (touches: [TouchSample], truth: Double) {
        let duration = 0.100   // lifted at phase 0.5, 50 ms in
        let shape = MinimumJerkSegment.shape
        let lastStep = (shape(0.5) - shape(5.0 / 12)) * 120
        let segment = MinimumJerkSegment(start: 0, end: 3.3 / lastStep, duration: duration)
        let points = (0...6).map { k in (ms: Double(k) * 1000 / 120, x: segment.position(at: Double(k) / 120)) }
        return (F.touches(points, upAtMs: 54), segment.velocity(at: 0.050))
    }

    @Test("a 7-sample 120 Hz flick whose last step is 3.3 widths/s reads within 15% of the finger, not 1.95")
    func shortFlickAt120Hz() {
        let (touches, truth) = Self.shortFlick()
        #expect(F.isClose(truth, 3.36, relative: 0.01), "the finger's velocity at the last move, widths/s")
        let old = F.releaseVelocity(dropTolerant, of: touches)
        #expect(old < 0.6 * truth, "the old line through 7 samples reads about half: \(old)")
        let new = F.releaseVelocity(recommended, of: touches)
        #expect(abs(new - truth) / truth < 0.15, "recommended \(new), finger \(truth)")
        // 50 ms is too short for the window's parabola: it is Android's impulse rule over the
        // flick's 7 samples.
        let moves = touches.dropLast().axisSamples(along: .x)
        #expect(new == ImpulseVelocityEstimator().velocity(of: moves))
    }

    /// A smooth drag (a minimum-jerk movement of 0.7 widths in 0.5 s, lifted at 0.3 s while
    /// slowing down) sampled at `rate` Hz without noise, the lift-off 4 ms after the last move.
    static func smoothDrag(rate: Double) -> [TouchSample] {
        let segment = MinimumJerkSegment(start: 0, end: 0.7, duration: 0.5)
        let lastMove = 0.296
        var times: [Double] = []
        var t = lastMove
        while t > 0.25 / rate { times.append(t); t -= 1 / rate }
        let points = [(ms: 0.0, x: 0.0)] + times.reversed().map { (ms: $0 * 1000, x: segment.position(at: $0)) }
        return F.touches(points, upAtMs: 300)
    }

    @Test("one smooth gesture sampled at 60 and at 120 Hz releases within 5% and at the same detent")
    func rateIndependence() {
        let at60 = Self.smoothDrag(rate: 60), at120 = Self.smoothDrag(rate: 120)
        let new60 = F.releaseVelocity(recommended, of: at60), new120 = F.releaseVelocity(recommended, of: at120)
        #expect(abs(new60 - new120) / new120 < 0.05, "60 Hz \(new60), 120 Hz \(new120)")
        // The 20-sample cap made the old window 158 ms at 120 Hz against 200 ms at 60 Hz.
        let old60 = F.releaseVelocity(dropTolerant, of: at60), old120 = F.releaseVelocity(dropTolerant, of: at120)
        #expect(abs(old60 - old120) / old120 > 0.05, "old: 60 Hz \(old60), 120 Hz \(old120)")
        var detents: [Double] = []
        for touches in [at60, at120] {
            var transition = InteractiveTransition(
                mapping: ProgressMapping(travel: 1, toward: .right), model: ProjectedSpringModel(),
                estimator: recommended)
            transition.detents = [0, 0.5, 1]
            for sample in touches { transition.handle(sample) }
            detents.append(transition.releases[0].completion.curve.target)
        }
        #expect(detents[0] == detents[1], "detents \(detents)")
    }

    /// 300 flicks of known velocity (`SyntheticFlickGenerator`, seed 1: minimum-jerk movements
    /// lifted 40 to 120 ms after touch-down near their peak speed, 1 to 6 widths/s, 0.5 pt of
    /// noise) at `rate` Hz.
    static func flicks(at rate: Double) -> [SyntheticFlick] {
        SyntheticFlickGenerator(seed: 1).flicks(count: 300, samplingRate: rate)
    }

    @Test("60, 90 and 120 Hz flicks (40 to 120 ms): median error within 10% of the finger's velocity, p90 within 25%",
          arguments: [60.0, 90, 120])
    func flicks(rate: Double) {
        let flicks = Self.flicks(at: rate)
        let new = EstimatorAccuracy.summary(of: recommended, on: flicks)
        #expect(new.medianRelativeError <= 0.10 && new.p90RelativeError <= 0.25, "recommended: \(new)")
        let old = EstimatorAccuracy.summary(of: dropTolerant, on: flicks)
        #expect(old.medianRelativeError > 0.10, "dropTolerant: \(old)")
    }

    @Test("one flick reads the same at 60 and at 120 Hz: median ratio within 5%, at the finger's speed (the line read it at about half)")
    func sameFlickAt60And120Hz() {
        let slow = Self.flicks(at: 60), fast = Self.flicks(at: 120)
        func ratio(_ estimator: LeastSquaresVelocityEstimator) -> Double {
            EstimatorAccuracy.medianRatio(
                of: slow.map { EstimatorAccuracy.releaseVelocity(of: $0, estimator: estimator) },
                to: fast.map { EstimatorAccuracy.releaseVelocity(of: $0, estimator: estimator) })
        }
        let new = ratio(recommended)
        #expect(abs(new - 1) <= 0.05, "recommended: 60 Hz / 120 Hz \(new)")
        let oldAt60 = EstimatorAccuracy.summary(of: Self.lineAt60Hz, on: slow)
        #expect(oldAt60.medianRelativeError > 0.4, "the line at 60 Hz: \(oldAt60)")
    }

    @Test("Android's impulse rule below 167 ms at any rate, the parabola through the whole window from there, no sample cap")
    func windowRules() {
        let motion = { (t: Double) in 3 * t - 4 * t * t }   // v(t) = 3 - 8 t, forward throughout
        // 4 samples at 60 Hz (50 ms): too short for the window's parabola: the impulse rule
        // over them (dropTolerant: the line).
        let short = F.axis(atMs: [0, 16.7, 33.3, 50], motion)
        #expect(recommended.velocity(of: short) == ImpulseVelocityEstimator().velocity(of: short))
        #expect(F.isClose(dropTolerant.velocity(of: short), DropTolerantEstimatorTests.lineSlope(short), relative: 1e-12))
        // 12 samples at 60 Hz spanning 183 ms: the parabola through the window, exact.
        let long = F.axis(atMs: (0...11).map { Double($0) * 50 / 3 }, motion)
        #expect(F.isClose(recommended.velocity(of: long), 3 - 8 * 0.55 / 3, relative: 1e-9))
        // 23 samples at 120 Hz spanning the same 183 ms: no 20-sample cap, the same parabola.
        let dense = F.axis(atMs: (0...22).map { Double($0) * 25 / 3 }, motion)
        #expect(recommended.window.recentSamples(dense).count == 23)
        #expect(dropTolerant.window.recentSamples(dense).count == 20)
        #expect(F.isClose(recommended.velocity(of: dense), 3 - 8 * 0.55 / 3, relative: 1e-9))
        // 4 samples at 120 Hz (25 ms): the impulse rule too, whatever the rate.
        let flick = F.axis(atMs: [0, 25.0 / 3, 50.0 / 3, 25], motion)
        #expect(recommended.velocity(of: flick) == ImpulseVelocityEstimator().velocity(of: flick))
        // Equally spaced samples of a constant velocity: the impulse rule gives it, as the line does.
        let steady = F.axis(atMs: [0, 10, 20, 30, 40], { 2.5 * $0 })
        #expect(F.isClose(recommended.velocity(of: steady), 2.5, relative: 1e-12))
    }

    @Test("inputs that determine no velocity give a finite one: repeated times, one sample, huge jumps, non-finite positions")
    func degenerateInputs() {
        let impulse = ImpulseVelocityEstimator()
        let cases: [(String, [AxisSample])] = [
            ("no sample", []),
            ("one sample", F.axis([(0, 0.3)])),
            ("every sample at one time", F.axis([(5, 0), (5, 0.2), (5, 0.4), (5, 0.1)])),
            ("three samples at two times", F.axis([(0, 0), (10, 0.2), (10, 0.5)])),
            ("a huge jump", F.axis([(0, 0), (8, 1e300), (16, -1e300), (24, 1e300)])),
            ("the largest positions", F.axis([(0, -.greatestFiniteMagnitude), (1, .greatestFiniteMagnitude), (2, -.greatestFiniteMagnitude)])),
            ("an infinite position", F.axis([(0, 0), (8, 0.1), (16, .infinity), (24, 0.3)])),
            ("a NaN position", F.axis([(0, 0), (8, 0.1), (16, .nan), (24, 0.3)])),
        ]
        for (name, samples) in cases {
            for (estimator, label) in [(recommended as any VelocityEstimator, "recommended"), (impulse, "impulse")] {
                let velocity = estimator.velocity(of: samples)
                #expect(velocity.isFinite, "\(label), \(name): \(velocity)")
                let fed = VelocityFeed(samples, reversalDistance: VelocityFeed.reversalDistance(of: estimator)).velocity(estimator)
                #expect(fed.isFinite, "\(label) through the feed, \(name): \(fed)")
            }
        }
        // Repeated times: the last sample of a run stands for it (AOSP), so these read as the
        // samples without the repeats.
        let repeated = F.axis([(0, 0), (10, 0.02), (10, 0.03), (20, 0.07), (30, 0.12)])
        let distinct = F.axis([(0, 0), (10, 0.03), (20, 0.07), (30, 0.12)])
        #expect(recommended.velocity(of: repeated) == recommended.velocity(of: distinct))
    }

    @Test("the recommended estimator is what the replay, the tools and the kinds default to")
    func oneDefinition() {
        #expect(ReplaySettings().estimator == .recommended)
        #expect(VelocityEstimatorKind.recommended.estimator as? LeastSquaresVelocityEstimator == recommended)
    }
}
