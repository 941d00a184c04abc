import Testing
@testable import TransitionPhysics

/// Samples timed in milliseconds are reported, not silently cancelled: trace files
/// carry `t_ms`, `TouchSample.time` is seconds, and a flick fed milliseconds looks like a finger
/// resting between samples (velocity 0, cancelled).
@Suite("The driver says so when sample times look like milliseconds")
struct TimeUnitWarningTests {
    /// A rightward flick of 0.27 of a 390 pt travel at 60 Hz; times multiplied by `scale`.
    static func flick(timeScale scale: Double) -> [TouchSample] {
        let xs: [Double] = [90, 94, 106, 128, 158, 195]
        var samples = xs.indices.map { i in
            TouchSample(time: Double(i) / 60 * scale, x: xs[i], phase: i == 0 ? .began : .changed)
        }
        samples.append(TouchSample(time: 0.087 * scale, x: 195, phase: .ended))
        return samples
    }

    static func events(_ samples: [TouchSample]) -> (events: [TransitionEvent], release: InteractiveTransition.Release?) {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 390, toward: .right), model: ProjectedSpringModel(),
            estimator: LeastSquaresVelocityEstimator.dropTolerant)
        for sample in samples { transition.handle(sample) }
        return (transition.advance(to: samples.last!.time).events, transition.releases.last)
    }

    @Test("the flick in milliseconds: a warning with the median interval, just before released")
    func milliseconds() throws {
        let (events, release) = Self.events(Self.flick(timeScale: 1000))
        #expect(events.map(\.name) == ["began", "timesLookLikeMilliseconds", "released"])
        guard case .timesLookLikeMilliseconds(let interval) = events[1] else { Issue.record("no warning"); return }
        #expect(abs(interval - 1000.0 / 60) < 1e-9)   // 16.7 "seconds": 60 Hz in milliseconds
        #expect(events[1].description.contains("TouchSample.time is in seconds"))
        // What the warning is about: every gap looks like a rest, so the flick is cancelled at 0.
        #expect(try #require(release).state.velocity == 0)
    }

    @Test("the same flick in seconds, a slow drag with rests, a tap: no warning")
    func noWarning() {
        #expect(!Self.events(Self.flick(timeScale: 1)).events.map(\.name).contains("timesLookLikeMilliseconds"))
        // A drag at 120 Hz with two one-second rests: the median interval is still 8 ms.
        var drag: [TouchSample] = [TouchSample(time: 0, x: 0, phase: .began)]
        var t = 0.0
        for i in 1...40 {
            t += (i == 10 || i == 30) ? 1 : 1.0 / 120
            drag.append(TouchSample(time: t, x: Double(i) * 3, phase: .changed))
        }
        drag.append(TouchSample(time: t + 0.004, x: 120, phase: .ended))
        #expect(!Self.events(drag).events.map(\.name).contains("timesLookLikeMilliseconds"))
        // Three samples two seconds apart say nothing about units: too few intervals.
        let tap = [
            TouchSample(time: 0, x: 0, phase: .began), TouchSample(time: 2, x: 5, phase: .changed),
            TouchSample(time: 4, x: 5, phase: .ended),
        ]
        #expect(!Self.events(tap).events.map(\.name).contains("timesLookLikeMilliseconds"))
    }

    @Test("the threshold sits between hardware rates in seconds and in milliseconds")
    func threshold() {
        let limit = InteractiveTransition.millisecondsSuspicionInterval
        #expect(1.0 / 60 < limit && limit < 1000.0 / 240)   // 60 Hz in seconds, 240 Hz in milliseconds
    }

    @Test("the rule is the median, whatever the shortcut: half the intervals at the threshold is not enough")
    func medianBoundary() {
        func samples(_ intervals: [Double]) -> [AxisSample] {
            var t = 0.0
            return [AxisSample(time: 0, position: 0)] + intervals.map { t += $0; return AxisSample(time: t, position: t) }
        }
        #expect(InteractiveTransition.millisecondLikeInterval(samples([0.1, 0.1, 0.6, 0.6])) == nil)      // median 0.35
        #expect(InteractiveTransition.millisecondLikeInterval(samples([0.1, 0.2, 0.6, 1.0])) == nil)      // median 0.4
        #expect(InteractiveTransition.millisecondLikeInterval(samples([0.1, 0.4, 0.6, 1.0])) == 0.5)      // median 0.5
        #expect(InteractiveTransition.millisecondLikeInterval(samples([0.1, 0.6, 0.7])) == 0.6)           // odd count
        #expect(InteractiveTransition.millisecondLikeInterval(samples([0.1, 0.1, 0.7])) == nil)
    }
}
