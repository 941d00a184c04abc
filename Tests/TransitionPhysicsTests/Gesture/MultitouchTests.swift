import Testing
import TransitionLab
@testable import TransitionPhysics

/// Several fingers: the driving finger changes without a jump in progress or velocity, each
/// policy follows its platform's rule, and one finger with an id is one finger without.
@Suite struct MultitouchTests {
    static let travel = 400.0

    static func transition(_ policy: MultitouchPolicy) -> InteractiveTransition {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: travel, toward: .right))
        transition.multitouch = policy
        return transition
    }

    /// Finger A from x = 0 and finger B from x = 100 both moving +`speed` pt/s, sampled every
    /// `interval` s with B's sample 1 ms after A's; B lands at `bLands`, A lifts at `aLifts`, B
    /// lifts at `end`. B held still instead when `bStill`.
    static func twoFingers(
        speed: Double = 800, interval: Double = 1.0 / 120, bDelay: Double = 0.001, bLands: Double = 0.1, aLifts: Double = 0.2, end: Double = 0.3, bStill: Bool = false
    ) -> [TouchSample] {
        var samples = [TouchSample(time: 0, x: 0, phase: .began, pointer: 1)]
        var time = interval
        while time < end - 1e-9 {
            if time < aLifts - 1e-9 {
                samples.append(TouchSample(time: time, x: speed * time, phase: .changed, pointer: 1))
            } else if time < aLifts + interval - 1e-9 {
                samples.append(TouchSample(time: time, x: speed * time, phase: .ended, pointer: 1))
            }
            let bTime = time + bDelay
            let bX = 100 + (bStill ? speed * bLands : speed * bTime)
            if bTime >= bLands - 1e-9 && bTime < bLands + interval - 1e-9 {
                samples.append(TouchSample(time: bTime, x: bX, phase: .began, pointer: 2))
            } else if bTime > bLands {
                samples.append(TouchSample(time: bTime, x: bX, phase: .changed, pointer: 2))
            }
            time += interval
        }
        samples.append(TouchSample(time: end, x: 100 + (bStill ? speed * bLands : speed * end), phase: .ended, pointer: 2))
        return samples
    }

    /// (time, progress, velocity) of 120 Hz frames at 2.5 ms past each sampling instant (after
    /// both fingers' samples of that instant), up to the release.
    static func frames(_ samples: [TouchSample], _ policy: MultitouchPolicy) -> (frames: [(Double, Double, Double)], transition: InteractiveTransition) {
        var transition = transition(policy)
        var frames: [(Double, Double, Double)] = []
        var pending = samples[...]
        var time = 0.0025
        while !pending.isEmpty {
            while let next = pending.first, next.time <= time { transition.handle(next); pending.removeFirst() }
            let frame = transition.advance(to: time)
            if case .tracking = transition.phase { frames.append((time, frame.progress, frame.velocity)) }
            time += 1.0 / 120
        }
        return (frames, transition)
    }

    @Test("two fingers moving together, every finger reported at each instant: no jump in progress or velocity", arguments: MultitouchPolicy.allCases)
    func handOverWithoutAJump(policy: MultitouchPolicy) {
        // As UIKit and Android deliver touches: every finger's position at each frame instant.
        let (frames, transition) = Self.frames(Self.twoFingers(bDelay: 0), policy)
        // The fingers move 800 pt/s = 2 travels/s, 6.67 pt a frame, across B's landing (0.1 s)
        // and A's lift-off (0.2 s): every frame's step and velocity estimate are the fingers'.
        let steps = zip(frames, frames.dropFirst()).map { ($1.1 - $0.1) * Self.travel }
        #expect(steps.allSatisfy { abs($0 - 800.0 / 120) < 1e-9 }, "\(policy): \(steps)")
        let velocities = frames.filter { $0.0 > 0.05 }.map(\.2)
        #expect(velocities.allSatisfy { abs($0 - 2) < 1e-9 }, "\(policy): \(velocities)")
        #expect(transition.releases.count == 1 && transition.releases[0].time == 0.3)
        #expect(abs(transition.releases[0].state.velocity - 2) < 1e-9)
    }

    @Test("fingers reported apart (a web page's pointer events): steps never exceed a finger's, the estimate stays within 25%", arguments: MultitouchPolicy.allCases)
    func handOverReportedApart(policy: MultitouchPolicy) {
        // B's samples 1 ms after A's: the latest pointer loses what A moved between its last
        // sample and B's landing (0.8 pt, once: no sample says where A was), the centroid moves
        // by each finger's half step as it is reported; the velocity estimate reads that
        // staircase within 25% (1.54 to 2.24 travels/s for 2) and the release within 3%.
        let (frames, transition) = Self.frames(Self.twoFingers(bDelay: 0.001), policy)
        let steps = zip(frames, frames.dropFirst()).map { ($1.1 - $0.1) * Self.travel }
        #expect(steps.allSatisfy { $0 > 800.0 / 120 - 0.8 - 1e-9 && $0 < 800.0 / 120 + 1e-9 }, "\(policy): \(steps)")
        let velocities = frames.filter { $0.0 > 0.05 }.map(\.2)
        #expect(velocities.allSatisfy { abs($0 - 2) < 0.5 }, "\(policy): \(velocities)")
        #expect(abs(transition.releases[0].state.velocity - 2) < 0.06, "\(policy): \(transition.releases[0].state.velocity)")
    }

    @Test("a second finger held still: the latest pointer stops the view, the centroid halves its speed")
    func stillSecondFinger() {
        let samples = Self.twoFingers(bLands: 0.1, aLifts: 0.25, end: 0.3, bStill: true)
        for policy in MultitouchPolicy.allCases {
            let (frames, _) = Self.frames(samples, policy)
            let between = frames.filter { $0.0 > 0.12 && $0.0 < 0.24 }
            #expect(between.count > 10)
            let rate = (between.last!.1 - between.first!.1) / (between.last!.0 - between.first!.0)
            #expect(abs(rate - (policy == .latestPointer ? 0 : 1)) < 1e-6, "\(policy): \(rate) travels/s")
        }
    }

    @Test("one finger with an id is one finger without: the same frames and release, bit for bit")
    func oneFingerWithAnID() {
        let plain = Self.twoFingers().filter { $0.pointer == 1 }.map { TouchSample(time: $0.time, x: $0.x, phase: $0.phase) }
        var withID = Self.transition(.latestPointer), without = Self.transition(.latestPointer)
        for sample in plain {
            var identified = sample
            identified.pointer = 7
            withID.handle(identified)
            without.handle(sample)
            #expect(withID.advance(to: sample.time).progress == without.advance(to: sample.time).progress)
        }
        #expect(withID.releases == without.releases && withID.releases.count == 1)
    }

    @Test("a cancelled finger cancels the stroke; samples of fingers never down are ignored")
    func cancelAndStrays() {
        var transition = Self.transition(.centroid)
        transition.handle(TouchSample(time: 0, x: 0, phase: .began, pointer: 1))
        transition.handle(TouchSample(time: 0.01, x: 40, phase: .changed, pointer: 1))
        transition.handle(TouchSample(time: 0.012, x: 500, phase: .changed, pointer: 9))   // never down
        transition.handle(TouchSample(time: 0.015, x: 200, phase: .began, pointer: 2))
        #expect(transition.progress(at: 0.015) == 0.1)
        let release = transition.handle(TouchSample(time: 0.02, x: 210, phase: .cancelled, pointer: 2))
        #expect(release?.state.recognizerCancelled == true && release?.detent == 0)
        // A's later samples belong to no stroke.
        #expect(transition.handle(TouchSample(time: 0.03, x: 60, phase: .ended, pointer: 1)) == nil)
    }

    @Test("random fingers landing, moving and lifting: the view never moves more than the fastest finger in a step", arguments: [MultitouchPolicy.latestPointer, .centroid])
    func randomFingers(policy: MultitouchPolicy) {
        var random = SplitMix64(seed: 42)
        for _ in 0..<200 {
            var transition = Self.transition(policy)
            transition.mapping.overdrag = .rubberBand
            var down: [Int: Double] = [:]
            var nextID = 0
            var time = 0.0
            var previous = transition.advance(to: 0).progress
            var wasTracking = false
            for _ in 0..<60 {
                time += 0.004 + Double.random(in: 0..<1, using: &random) * 0.01
                let roll = Double.random(in: 0..<1, using: &random)
                var moved = 0.0
                if down.isEmpty || (roll < 0.15 && down.count < 4) {
                    nextID += 1
                    down[nextID] = Double.random(in: 0..<1, using: &random) * 600
                    transition.handle(TouchSample(time: time, x: down[nextID]!, phase: .began, pointer: nextID))
                } else if roll < 0.25, let id = down.keys.randomElement(using: &random) {
                    transition.handle(TouchSample(time: time, x: down[id]!, phase: .ended, pointer: id))
                    down[id] = nil
                } else {
                    for id in down.keys.sorted() {
                        let step = (Double.random(in: 0..<1, using: &random) - 0.5) * 40
                        down[id]! += step
                        moved = max(moved, abs(step))
                        transition.handle(TouchSample(time: time, x: down[id]!, phase: .changed, pointer: id))
                    }
                }
                let frame = transition.advance(to: time)
                #expect(frame.progress.isFinite && frame.velocity.isFinite)
                // Between two frames of one stroke (a catch takes over where a completion moved to).
                let tracking: Bool
                if case .tracking = transition.phase { tracking = true } else { tracking = false }
                defer { wasTracking = tracking }
                if tracking && wasTracking && !frame.events.contains(.interrupted) && !frame.events.contains(.began) {
                    #expect(abs(frame.progress - previous) * Self.travel <= moved + 1e-9, "\(policy): a jump of \(abs(frame.progress - previous) * Self.travel) pt for \(moved) pt")
                }
                previous = frame.progress
            }
        }
    }

    /// A landing and a move reported at one instant, in either order (a host reports each
    /// finger on its own, in no promised order): one position of the stroke, the same frames,
    /// release and velocity, for each policy and whether the second finger holds still or moves.
    @Test("a finger landing and another moving at one instant give one position in either order", arguments: MultitouchPolicy.allCases)
    func landingAndMoveAtOneInstantInAnyOrder(policy: MultitouchPolicy) {
        for bStill in [false, true] {
            // B lands exactly at a sampling instant of A (no delay), so the two are one instant.
            let reported = Self.twoFingers(bDelay: 0, bLands: 0.1 - 0.1.truncatingRemainder(dividingBy: 1.0 / 120), bStill: bStill)
            // The same samples with each landing moved before the other finger's sample at its instant.
            var landingFirst = reported
            for i in landingFirst.indices.dropFirst() where landingFirst[i].phase == .began
                && landingFirst[i - 1].time == landingFirst[i].time && landingFirst[i - 1].pointer != landingFirst[i].pointer {
                landingFirst.swapAt(i - 1, i)
            }
            #expect(landingFirst != reported, "the scenario has a landing at a move's instant")
            let a = Self.frames(reported, policy), b = Self.frames(landingFirst, policy)
            #expect(a.frames.count == b.frames.count)
            for (x, y) in zip(a.frames, b.frames) {
                #expect(x.1 == y.1 && x.2 == y.2, "\(policy) still \(bStill) at \(x.0): \(x.1), \(x.2) vs \(y.1), \(y.2)")
            }
            #expect(a.transition.releases.map(\.state) == b.transition.releases.map(\.state))
        }
    }
}
