import Testing
import TransitionLab
@testable import TransitionPhysics

/// The driver through random device sequences: 60 to 240 Hz frames and ProMotion intervals with
/// jitter and dropped frames, touches stamped before the frame, gaps, repeated timestamps, jumps
/// of the finger, catches, retargets, layout and settings changes, a keyboard, Android's back
/// gesture. Whatever the order, what is
/// shown stays finite, continuous wherever nothing moved the finger, and comes to rest at a
/// detent (or, resting where released, where its coast stopped).
@Suite struct DriverPropertyTests {
    @Test(arguments: Array(UInt64(1)...UInt64(200)))
    func randomSequencesKeepTheViewContinuousAndEndAtADetent(seed: UInt64) {
        var g = Xoshiro256StarStar(seed: seed)
        let mapping = ProgressMapping.random(using: &g)
        let axis = mapping.axis
        var travel = mapping.travel
        let springs = [ProjectedSpringModel.defaultSpring, Spring(response: 0.3, dampingRatio: 0.5), .bouncy, .snappy]
        let model: any ReleaseModel = g.uniform() < 0.2
            ? ClassicPercentDrivenModel()
            : ProjectedSpringModel(spring: springs[Int(g.uniform() * 4) % 4])
        var transition = InteractiveTransition(mapping: mapping, model: model)
        transition.pixelsPerPoint = [1, 2, 3][Int(g.uniform() * 3) % 3]
        let detentSets: [[Double]] = [[0, 1], [0, 0.5, 1], [0, 0.25, 1], [0, 0.3, 0.6, 1]]
        transition.detents = detentSets[Int(g.uniform() * 4) % 4].map { .fraction($0) }
        if g.uniform() < 0.25 {
            // Rest where released, snapping on a fling half the time.
            transition.detentPolicy = .restsWhereReleased(snapsFasterThanPointsPerSecond: g.uniform() < 0.5 ? nil : 1500)
        }

        var time = 0.0, finger = 500.0, down = false
        var shown = 0.0
        let frameInterval = [1.0 / 60, 1.0 / 90, 1.0 / 120, 1.0 / 240][Int(g.uniform() * 4) % 4]
        func sample(_ t: Double, _ position: Double, _ phase: TouchPhase) -> TouchSample {
            axis == .x ? TouchSample(time: t, x: position, phase: phase) : TouchSample(time: t, y: position, phase: phase)
        }
        var crossings = CrossingChecker(seed: seed)
        /// The frame at `t`, its events checked.
        func checkedFrame(at t: Double) -> TransitionUpdate {
            let update = transition.advance(to: t)
            crossings.check(update, of: transition)
            return update
        }
        /// The frame at `time` after an action that must not move the view: same progress.
        func expectStill(_ note: String, scale: Double = 1) {
            let now = checkedFrame(at: time).progress
            #expect(now.isFinite)
            // Within a physical pixel: a completion within a pixel of its target rests there at once.
            #expect(abs(now * scale - shown) <= transition.pixelTolerance, "seed \(seed) \(note): \(shown) -> \(now)")
            shown = now
        }
        for _ in 0..<300 {
            // A frame (jittered, sometimes dropped frames).
            time += frameInterval * (g.uniform() < 0.1 ? Double(1 + Int(g.uniform() * 5)) : 1) + g.uniform() * 0.001
            let frame = checkedFrame(at: time)
            #expect(frame.progress.isFinite && frame.velocity.isFinite && frame.target.isFinite, "seed \(seed)")
            #expect(abs(frame.progress) < 50, "seed \(seed): flew off to \(frame.progress)")
            shown = frame.progress
            let roll = g.uniform()
            // A touch stamped up to a frame before the frame shown.
            let stamp = time - g.uniform() * frameInterval
            if !down && roll < 0.08 {
                finger = g.uniform(in: 100...900)
                transition.handle(sample(stamp, finger, .began))
                down = true
                crossings.restart()
                // Catching or beginning never moves the view.
                expectStill("touch-down")
            } else if down && roll < 0.7 {
                finger += g.uniform(in: -40...40) * (g.uniform() < 0.05 ? 8 : 1)   // sometimes a jump
                transition.handle(sample(stamp, finger, .changed))
                if g.uniform() < 0.1 { transition.handle(sample(stamp, finger, .changed)) }   // a repeated stamp
            } else if down && roll < 0.8 {
                let lift = stamp + (g.uniform() < 0.5 ? 0 : g.uniform() * 0.012)
                transition.handle(sample(lift, finger, g.uniform() < 0.05 ? .cancelled : .ended))
                down = false
                expectStill("lift-off")
            } else if roll < 0.83 {
                let detents = transition.resolvedDetents.map(\.progress)
                let first = detents[0], last = detents[detents.count - 1]
                let before = checkedFrame(at: time)
                transition.retarget(to: g.uniform() < 0.8 ? detents[Int(g.uniform() * Double(detents.count)) % detents.count] : g.uniform(in: first...last), at: stamp)
                let after = checkedFrame(at: time)
                #expect(abs(after.progress - before.progress) <= transition.pixelTolerance && (after.isAtRest || abs(after.velocity - before.velocity) <= 1e-9), "seed \(seed) retarget: \(before.progress) \(before.velocity) -> \(after.progress) \(after.velocity) \(transition.phase)")
                shown = after.progress
                down = false
            } else if roll < 0.85 {
                let newTravel = g.uniform(in: 200...1000)
                let before = checkedFrame(at: time)
                transition.updateLayout(travel: newTravel, at: stamp)
                let after = checkedFrame(at: time)
                // Where it is in points (a completion then within a physical pixel of its target
                // rests there at once: the one-pixel rule), and how fast in points per second.
                let keptPoints = after.isAtRest ? max(1e-6 * travel, 1 / transition.pixelsPerPoint) : 1e-6 * travel
                #expect(abs(after.progress * newTravel - before.progress * travel) <= keptPoints, "seed \(seed) layout")
                if case .completing = transition.phase {
                    #expect(abs(after.velocity * newTravel - before.velocity * travel) <= 1e-6 * travel, "seed \(seed) layout velocity")
                }
                travel = newTravel
                shown = after.progress
            } else if roll < 0.86 {
                let set = detentSets[Int(g.uniform() * 4) % 4]
                transition.detents = set.map { .fraction($0) }
                expectStill("detents")
            } else if roll < 0.87 {
                transition.pixelsPerPoint = [1, 2, 3][Int(g.uniform() * 3) % 3]
                expectStill("pixels per point")
            } else if roll < 0.88 {
                // A keyboard comes, changes or goes, under either policy: the sheet moves along
                // its curve from what is shown.
                transition.keyboardPolicy = g.uniform() < 0.7 ? .liftsDetents : .opensToLastDetent
                let height = g.uniform() < 0.4 ? 0 : g.uniform(in: 0...400)
                transition.updateKeyboard(
                    height: height, duration: g.uniform(in: 0.05...0.4), curve: g.uniform() < 0.5 ? .system : .timing(.easeInOut),
                    at: stamp)
                expectStill("keyboard")
            } else if !down && roll < 0.9 {
                // Android's back gesture: it catches what is shown, follows the system's progress
                // for a few frames, and its commit or cancel starts from what is shown.
                transition.backStarted(BackGestureEvent(time: stamp, progress: 0, swipeEdge: .left))
                crossings.restart()
                expectStill("back started")
                var progress = 0.0
                for _ in 0..<(1 + Int(g.uniform() * 12)) {
                    time += frameInterval
                    progress = min(1, progress + g.uniform(in: -0.02...0.08))
                    transition.backProgressed(BackGestureEvent(time: time, progress: progress, swipeEdge: .left))
                    let frame = checkedFrame(at: time)
                    #expect(frame.progress.isFinite && abs(frame.progress) < 50, "seed \(seed) back: \(frame.progress)")
                    shown = frame.progress
                }
                if g.uniform() < 0.5 { transition.backInvoked(at: time) } else { transition.backCancelled(at: time) }
                expectStill("back ended")
            }
        }
        // Left alone, it comes to rest at a detent.
        if down { transition.handle(sample(time + 0.001, finger, .ended)) }
        var end = time, last = transition.advance(to: time)
        while !last.isAtRest && end < time + 600 {
            end += 1.0 / 60
            last = transition.advance(to: end)
            #expect(last.progress.isFinite)
        }
        // At its target: a detent, or a progress code retargeted to.
        #expect(last.isAtRest && last.progress == last.target, "seed \(seed): ended at \(last.progress)")
    }

    /// Events while dragging: only in frames a finger drives; a crossing shows the view a pixel
    /// past its detent, and the same detent is crossed in alternate directions (the sides start
    /// afresh at touch-down and when the detents change); the release detent changes each time.
    struct CrossingChecker {
        let seed: UInt64
        var crossedLast: [Detent.ID: InteractiveTransition.DetentStep] = [:]
        var releaseDetentLast: Detent.ID?

        init(seed: UInt64) { self.seed = seed }

        /// A touch-down or a back gesture: sides and release detent start afresh.
        mutating func restart() {
            crossedLast = [:]
            releaseDetentLast = nil
        }

        mutating func check(_ frame: TransitionUpdate, of transition: InteractiveTransition) {
            var tracking = false
            if case .tracking = transition.phase { tracking = true }
            for event in frame.events {
                switch event {
                case .detentCrossed(let id, let moving):
                    #expect(tracking, "seed \(seed): a crossing with no finger down")
                    let detent = transition.resolvedDetents.first { $0.id == id }?.progress ?? .nan
                    let past = moving == .next ? frame.progress - detent : detent - frame.progress
                    #expect(past >= transition.pixelTolerance * (1 - 1e-9), "seed \(seed): crossed \(id) \(moving) at \(frame.progress)")
                    #expect(crossedLast[id] != moving, "seed \(seed): \(id) crossed \(moving) twice in a row")
                    crossedLast[id] = moving
                case .releaseDetentChanged(let id):
                    #expect(tracking, "seed \(seed): a release detent with no finger down")
                    #expect(releaseDetentLast != id, "seed \(seed): release detent \(id) reported twice in a row")
                    releaseDetentLast = id
                case .layoutChanged, .began, .interrupted: crossedLast = [:]
                default: break
                }
            }
        }
    }
}
