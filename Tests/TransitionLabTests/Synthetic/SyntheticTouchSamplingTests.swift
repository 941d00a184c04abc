import RealModule
import Testing
@testable import TransitionLab
import TransitionPhysics

@Suite("Synthetic: touch sampling")
struct SyntheticTouchSamplingTests {
    /// Intervals between successive `changed` samples (the first interval, from touch-down,
    /// and the repeated `ended` sample left out), over `count` gestures.
    static func changedIntervals(_ gestures: [SyntheticGesture]) -> [Double] {
        var intervals: [Double] = []
        for gesture in gestures {
            let changed = gesture.trace.samples.filter { $0.phase == .changed }
            for i in changed.indices.dropFirst() {
                intervals.append(changed[i].time - changed[i - 1].time)
            }
        }
        return intervals
    }

    @Test("Every trace: began first at time 0, changed in between, ended last at lift-off, where the finger is or repeating the last report", arguments: [60.0, 120.0])
    func traceStructure(rate: Double) {
        let generator = SyntheticGestureGenerator(seed: 2024, samplingRate: rate, travel: 390)
        for gesture in generator.gestures(count: 600) {
            let samples = gesture.trace.samples
            #expect(samples.count >= 3, "\(gesture.trace.id)")
            #expect(samples.first?.phase == .began && samples.first?.time == 0, "\(gesture.trace.id)")
            #expect(samples.dropFirst().dropLast().allSatisfy { $0.phase == .changed }, "\(gesture.trace.id)")
            let last = samples[samples.count - 1], beforeLast = samples[samples.count - 2]
            #expect(last.phase == .ended && last.time == gesture.liftTime, "\(gesture.trace.id)")
            let path = gesture.motion.path
            if last.x != beforeLast.x || last.y != beforeLast.y {
                // A new position: the finger moved since the last report by more than the noise.
                let moved = abs(path.position(at: gesture.liftTime) - path.position(at: beforeLast.time)) * 390
                #expect(moved > 1, "\(gesture.trace.id)")
            } else if samples.count > 3 {
                // A repeat: of a final move just before the lift, or of a report the finger rested after.
                let moved = abs(path.position(at: gesture.liftTime) - path.position(at: beforeLast.time)) * 390
                #expect(gesture.liftTime - beforeLast.time <= TouchSamplingModel.finalMoveLead + 1e-12 || moved <= 1,
                        "\(gesture.trace.id)")
            }
            for i in samples.indices.dropFirst() {
                #expect(samples[i].time >= samples[i - 1].time, "\(gesture.trace.id) sample \(i)")
            }
        }
    }

    @Test("The median interval is one frame at the requested rate", arguments: [60.0, 120.0])
    func samplingRate(rate: Double) {
        let generator = SyntheticGestureGenerator(seed: 9, samplingRate: rate)
        var intervals = Self.changedIntervals(generator.gestures(count: 1200))
        intervals.sort()
        let median = intervals[intervals.count / 2]
        #expect(median.isApproximatelyEqual(to: 1 / rate, relativeTolerance: 0.05))
    }

    @Test("Intervals over 40 ms occur at the dropped-frame probability", arguments: [(60.0, 0.025), (60.0, 0.1), (120.0, 0.05), (60.0, 0)])
    func droppedFrames(rate: Double, probability: Double) {
        let sampling = TouchSamplingModel(samplingRate: rate, droppedFrameProbability: probability)
        let generator = SyntheticGestureGenerator(seed: 77, sampling: sampling)
        let gestures = generator.gestures(count: 2400)
        let intervals = Self.changedIntervals(gestures)
        let long = intervals.filter { $0 > 0.040 }.count
        let fraction = Double(long) / Double(intervals.count)
        let n = Double(intervals.count)
        let standardError = (probability * (1 - probability) / n).squareRoot()
        // Stalls that reach past lift-off are not observed, so the observed fraction may fall
        // short of the probability; allow 5 standard errors above and 30% of p plus 5 below.
        #expect(fraction <= probability + 5 * standardError + 1e-9)
        #expect(fraction >= 0.7 * probability - 5 * standardError)
        if probability == 0 { #expect(long == 0) }
    }

    @Test("The first reported move is in the swipe's true direction (touch slop beats the noise)")
    func firstMoveDirection() {
        let generator = SyntheticGestureGenerator(seed: 31)
        for gesture in generator.gestures(count: 1200) {
            let samples = gesture.trace.samples
            let displacement = (samples[1].x - samples[0].x) * gesture.direction.sign
            #expect(displacement > 0, "\(gesture.trace.id)")
        }
    }

    @Test("Position noise has the requested standard deviation around the true motion")
    func positionNoise() {
        let sampling = TouchSamplingModel(samplingRate: 60, positionNoise: 2)
        let generator = SyntheticGestureGenerator(seed: 5, sampling: sampling)
        var sumSquares = 0.0, n = 0
        for gesture in generator.gestures(count: 600) {
            let samples = gesture.trace.samples.dropLast()
            // The touch-down point is drawn per trace, so use successive
            // pairs: x_i - x_j = truth_i - truth_j + (n_i - n_j), variance 2 sigma^2.
            let truth = samples.map { gesture.direction.sign * gesture.motion.path.position(at: $0.time) * 390 }
            let xs = samples.map(\.x)
            for i in xs.indices.dropFirst() {
                let residual = (xs[i] - xs[i - 1]) - (truth[i] - truth[i - 1])
                sumSquares += residual * residual
                n += 1
            }
        }
        let sd = (sumSquares / Double(n) / 2).squareRoot()
        #expect(sd.isApproximatelyEqual(to: 2, relativeTolerance: 0.03))
    }

    /// The recorded BioIdent page turns: 2,999 of 7,361 up samples carry a new position (41%).
    /// The two families the recording contains come close to it.
    @Test("Lift-offs at a new position: about the recorded share on the recorded kinds of gesture")
    func liftOffPositionsLikeTheRecording() {
        let gestures = SyntheticGestureGenerator(seed: 31).gestures(count: 6000)
            .filter { $0.family == .shortFastFlick || $0.family == .dragThroughMiddle }
        let moved = gestures.filter { g in
            let s = g.trace.samples
            return s[s.count - 1].x != s[s.count - 2].x || s[s.count - 1].y != s[s.count - 2].y
        }
        let share = Double(moved.count) / Double(gestures.count)
        #expect(share > 0.36 && share < 0.48, "\(share) against 0.41 recorded")
    }
}
