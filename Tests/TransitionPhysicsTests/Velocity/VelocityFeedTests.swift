import Testing
import TransitionLab
@testable import TransitionPhysics

/// `VelocityFeed`, the constant-time twin of an estimate over the whole stroke: at every sample
/// of random strokes (reversals across touch-down, resampled samples, two fingers at one instant,
/// layout changes) the feed's velocity is the estimator's over all samples, bit for bit.
@Suite struct VelocityFeedTests {
    static let estimators: [(String, any VelocityEstimator)] = [
        ("recommended", LeastSquaresVelocityEstimator.recommended),
        ("dropTolerant", LeastSquaresVelocityEstimator.dropTolerant),
        ("flutter", LeastSquaresVelocityEstimator()),
        ("impulse", ImpulseVelocityEstimator()),
    ]

    @Test("the feed's estimate is the whole stroke's, bit for bit, at every sample", arguments: 0..<40)
    func theFeedIsTheWholeStrokesTwin(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        func uniform() -> Double { Double(g.next() >> 11) / Double(1 << 53) }
        for (name, estimator) in Self.estimators {
            let direction: ProgressMapping.Direction = seed % 3 == 0 ? .reversible(touchSlop: 10) : seed % 3 == 1 ? .fixed(positive: true) : .decidedByFirstMovement(touchSlop: 10)
            var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, direction: direction), estimator: estimator)
            transition.multitouch = seed % 2 == 0 ? .latestPointer : .centroid
            var t = 0.0, x = 200.0, speed = 600.0
            transition.handle(TouchSample(time: t, x: x, phase: .began, pointer: 1))
            var second = false
            for step in 0..<400 {
                t += 1.0 / 120 + (uniform() < 0.1 ? 0.03 * uniform() : 0)
                if uniform() < 0.03 { speed = -speed }
                x += speed / 120 + (uniform() - 0.5)
                let resampled = uniform() < 0.1
                var sample = TouchSample(time: t, x: x, phase: .changed, pointer: 1)
                sample.isResampled = resampled
                transition.handle(sample)
                if step == 100 {
                    transition.handle(TouchSample(time: t, x: x + 50, phase: .began, pointer: 2))
                    second = true
                }
                if second, uniform() < 0.5 {
                    // The other finger at the same instant.
                    transition.handle(TouchSample(time: t, x: x + 50 + uniform(), phase: .changed, pointer: 2))
                }
                if step == 250 { transition.updateLayout(travel: 844, at: t) }
                guard case .tracking(let tracking) = transition.state else { break }
                let fed = tracking.stroke.feed.velocity(estimator), whole = estimator.velocity(of: tracking.stroke.samples)
                #expect(fed.bitPattern == whole.bitPattern, "\(name) seed \(seed) step \(step): \(fed) vs \(whole)")
                if fed.bitPattern != whole.bitPattern { return }
            }
        }
    }

    @Test("turning points found one sample at a time are VelocityWindow's over the whole array, mirrored or not")
    func turningPointsIncrementally() {
        var g = SplitMix64(seed: 9)
        var positions: [Double] = []
        var value = 0.0
        for _ in 0..<2_000 {
            value += Double(Int(g.next() % 21) - 10) / 200
            positions.append(value)
        }
        var turns = TurningPoints(distance: 0.02)
        for (i, position) in positions.enumerated() {
            turns.append(position)
            let samples = positions[...i].enumerated().map { AxisSample(time: Double($0.offset), position: $0.element) }
            let whole = VelocityWindow.turningPoint(of: samples[...], in: samples, distance: 0.02)
            // The window is the whole array: a turn after its first sample is the last turn.
            #expect(whole == (turns.last.flatMap { $0 > 0 ? $0 : nil }), "at \(i)")
            if i % 500 == 499 {
                // Mirrored: the same turning points as the negated positions give.
                var mirrored = turns
                mirrored.mirror()
                var fresh = TurningPoints(distance: 0.02)
                for p in positions[...i] { fresh.append(-p) }
                mirrored.append(-positions[i] + 0.05)
                fresh.append(-positions[i] + 0.05)
                #expect(mirrored.last == fresh.last)
            }
        }
    }
}
