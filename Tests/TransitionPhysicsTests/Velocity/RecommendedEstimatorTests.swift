import Testing
import TransitionLab
import TransitionPhysics

/// `LeastSquaresVelocityEstimator.recommended` against fingers whose velocity is a closed form
/// (minimum-jerk movements, `MinimumJerkSegment`), at the sampling rates of current phones.
/// Each of the first three tests fails for `.dropTolerant`, the estimator it replaces.
@Suite("LeastSquaresVelocityEstimator.recommended")
struct RecommendedEstimatorTests {
    typealias F = VelocityFixtures
    let recommended = LeastSquaresVelocityEstimator.recommended
    let dropTolerant = LeastSquaresVelocityEstimator.dropTolerant

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
        // It is the least-squares parabola through the last 40 ms (the last 5 moves, 8.3 ms
        // apart): Flutter's fit of those samples alone.
        let moves = Array(touches.dropLast().axisSamples(along: .x).suffix(5))
        #expect(F.isClose(new, LeastSquaresVelocityEstimator().velocity(of: moves), relative: 1e-12))
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

    @Test("120 and 90 Hz flicks (40 to 120 ms): median error within 10% of the finger's velocity", arguments: [120.0, 90])
    func flicks(rate: Double) {
        let flicks = SyntheticFlickGenerator(seed: 1).flicks(count: 300, samplingRate: rate)
        let new = EstimatorAccuracy.summary(of: recommended, on: flicks)
        #expect(new.medianRelativeError < 0.10, "recommended: \(new)")
        let old = EstimatorAccuracy.summary(of: dropTolerant, on: flicks)
        #expect(old.medianRelativeError > 0.10, "dropTolerant: \(old)")
    }

    @Test("at 60 Hz: a line below 167 ms, the parabola through the whole window from there, no sample cap")
    func windowRules() {
        let motion = { (t: Double) in 3 * t - 4 * t * t }   // v(t) = 3 - 8 t, forward throughout
        // 4 samples at 60 Hz (50 ms): too short for the window's parabola, and 16.7 ms apart,
        // too sparse for the recent one: the line through them, as dropTolerant.
        let short = F.axis(atMs: [0, 16.7, 33.3, 50], motion)
        #expect(F.isClose(recommended.velocity(of: short), dropTolerant.velocity(of: short), relative: 1e-12))
        #expect(F.isClose(recommended.velocity(of: short), DropTolerantEstimatorTests.lineSlope(short), relative: 1e-12))
        // 12 samples at 60 Hz spanning 183 ms: the parabola through the window, exact.
        let long = F.axis(atMs: (0...11).map { Double($0) * 50 / 3 }, motion)
        #expect(F.isClose(recommended.velocity(of: long), 3 - 8 * 0.55 / 3, relative: 1e-9))
        // 23 samples at 120 Hz spanning the same 183 ms: no 20-sample cap, the same parabola.
        let dense = F.axis(atMs: (0...22).map { Double($0) * 25 / 3 }, motion)
        #expect(recommended.window.recentSamples(dense).count == 23)
        #expect(dropTolerant.window.recentSamples(dense).count == 20)
        #expect(F.isClose(recommended.velocity(of: dense), 3 - 8 * 0.55 / 3, relative: 1e-9))
        // 4 samples at 120 Hz (25 ms, 8.3 ms apart): the recent parabola, exact; a line would
        // read the middle.
        let flick = F.axis(atMs: [0, 25.0 / 3, 50.0 / 3, 25], motion)
        #expect(F.isClose(recommended.velocity(of: flick), 3 - 8 * 0.025, relative: 1e-9))
    }

    @Test("the recommended estimator is what the replay, the tools and the kinds default to")
    func oneDefinition() {
        #expect(ReplaySettings().estimator == .recommended)
        #expect(VelocityEstimatorKind.recommended.estimator as? LeastSquaresVelocityEstimator == recommended)
    }
}
