import RealModule
import Testing
@testable import TransitionLab
import TransitionPhysics

@Suite("Synthetic: families, labels and kinematics")
struct SyntheticFamilyTests {
    static let generator = SyntheticGestureGenerator(seed: 0xC0FFEE)
    static let perFamily = 500

    static func gestures(of family: SyntheticFamily) -> [SyntheticGesture] {
        (0..<perFamily).map { generator.gesture(family: family, index: $0) }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    @Test("Labels: three finish families, three cancel families")
    func labels() {
        #expect(SyntheticFamily.allCases.filter { $0.intent == .finish } == [.shortFastFlick, .dragThroughMiddle, .slowDragPastMiddle])
        #expect(SyntheticFamily.allCases.filter { $0.intent == .cancel } == [.peekAndReturn, .hesitateBelowMiddle, .pastMiddleThenFlickBack])
    }

    @Test("Truth kinematics at lift-off agree with the label and the documented ranges", arguments: SyntheticFamily.allCases)
    func labelMatchesKinematics(family: SyntheticFamily) {
        for gesture in Self.gestures(of: family) {
            let p = gesture.releaseProgress, v = gesture.releaseVelocity, id = gesture.trace.id
            #expect(gesture.trace.intent == family.intent && gesture.trace.family == family.rawValue, "\(id)")
            switch family {
            case .shortFastFlick:  // below the middle, moving forward fast
                #expect(p >= 0.08 && p <= 0.48, "\(id) p \(p)")
                #expect(v >= 1.5 - 1e-9 && v <= 6 + 1e-9, "\(id) v \(v)")
                #expect(gesture.liftTime >= 0.08 && gesture.liftTime <= 0.25, "\(id)")
            case .dragThroughMiddle:  // past the middle, still moving forward
                #expect(p > 0.5 && p <= 0.95, "\(id) p \(p)")
                #expect(v >= 0.4 - 1e-9 && v <= 8 + 1e-9, "\(id) v \(v)")
            case .slowDragPastMiddle:  // past the middle at rest
                #expect(p >= 0.6 && p <= 0.95, "\(id) p \(p)")
                #expect(v == 0, "\(id) v \(v)")
            case .peekAndReturn:  // below the middle, moving back
                #expect(p > 0 && p < 0.45, "\(id) p \(p)")
                #expect(v <= -0.3, "\(id) v \(v)")
                #expect(gesture.motion.path.segments.contains { $0.end > p }, "\(id) must have gone further out first")
            case .hesitateBelowMiddle:  // below the middle at rest
                #expect(p >= 0.1 && p <= 0.4, "\(id) p \(p)")
                #expect(v == 0, "\(id) v \(v)")
            case .pastMiddleThenFlickBack:  // was past the middle, moving back fast
                #expect(gesture.motion.path.segments[0].end > 0.5, "\(id)")
                #expect(v <= -1, "\(id) v \(v)")
                #expect(p >= 0 && p < 0.9, "\(id) p \(p)")
            }
            // The label in one line: finish means moving forward, or past the middle at rest;
            // cancel means moving back, or below the middle at rest.
            let meansFinish = v > 0 || (v == 0 && p > 0.5)
            #expect(meansFinish == (family.intent == .finish), "\(id) p \(p) v \(v)")
        }
    }

    @Test("The flick family matches the recorded page-turn flicks: durations, velocities, progress")
    func flickSummary() {
        let flicks = Self.gestures(of: .shortFastFlick)
        let duration = Self.median(flicks.map(\.liftTime))
        let velocity = Self.median(flicks.map(\.releaseVelocity))
        let progress = Self.median(flicks.map(\.releaseProgress))
        // Recorded flicks released below the middle: lift-off median 129 ms (p10 78, p90 232),
        // release progress median 0.34; all recorded swipes: release velocity median 3.2 widths/s.
        #expect(duration >= 0.10 && duration <= 0.16, "median duration \(duration)")
        #expect(velocity >= 2.8 && velocity <= 3.6, "median velocity \(velocity)")
        #expect(progress >= 0.22 && progress <= 0.40, "median progress \(progress)")
        let sortedDurations = flicks.map(\.liftTime).sorted()
        #expect(sortedDurations[flicks.count / 10] >= 0.08 && sortedDurations[flicks.count * 9 / 10] <= 0.25)
    }

    @Test("Families differ where a position-only rule fails: some flick-backs are released past the middle")
    func positionAloneMisleads() {
        let flickBacks = Self.gestures(of: .pastMiddleThenFlickBack)
        let pastMiddle = flickBacks.filter { $0.releaseProgress > 0.5 }.count
        #expect(pastMiddle > flickBacks.count / 10)
        #expect(pastMiddle < flickBacks.count)
    }

    @Test("Both directions appear for every family, and the samples move the way the truth says")
    func bothDirections() {
        let gestures = Self.generator.gestures(count: 240)
        for family in SyntheticFamily.allCases {
            let directions = Set(gestures.filter { $0.family == family }.map(\.direction))
            #expect(directions == Set(SwipeDirection.allCases), "\(family)")
        }
        for gesture in gestures {
            let samples = gesture.trace.samples
            // The last reported position: the lift-off's own, or the sample it repeats.
            let last = samples[samples.count - 1], beforeLast = samples[samples.count - 2]
            let reported = last.x == beforeLast.x && last.y == beforeLast.y ? beforeLast : last
            let observed = (reported.x - samples[0].x) / gesture.trace.travel * gesture.direction.sign
            // Noise is 1 pt on 390: the observed progress is within 0.02 of the truth.
            #expect(abs(observed - gesture.motion.path.position(at: reported.time)) < 0.02, "\(gesture.trace.id)")
        }
    }
}
