import Foundation
import Testing
import TransitionLab
@testable import TransitionPhysics

/// The driver through random sequences of several fingers (ids, landing, lifting, cancelling,
/// samples of one instant), strokes at every angle under an axis lock, VoiceOver steps, detent
/// policies (resting where released among them) and a veto, at 60 to 240 Hz with jitter: what is shown stays finite and continuous
/// wherever nothing moved a finger, every step keeps progress and velocity, and left alone it
/// comes to rest at a detent.
@Suite struct BeyondOneFingerPropertyTests {
    @Test(arguments: Array(UInt64(1)...UInt64(150)))
    func randomFingersStepsAndLocks(seed: UInt64) {
        var g = Xoshiro256StarStar(seed: seed)
        var mapping = ProgressMapping.random(using: &g)
        if g.uniform() < 0.7 { mapping.axisLock = AxisLock(slop: g.uniform(in: 4...20), ratio: g.uniform(in: 0.5...2)) }
        var transition = InteractiveTransition(mapping: mapping)
        transition.multitouch = g.uniform() < 0.5 ? .latestPointer : .centroid
        transition.detents = [[0, 1], [0, 0.5, 1], [0, 0.3, 0.6, 1]][Int(g.uniform() * 3) % 3]
        let policies: [DetentPolicy] = [
            .nearestToProjection, .oneDetentPerFling, .thresholds([0.2, 0.9]), .thresholds([]), .restsWhereReleased(),
            .restsWhereReleased(deceleration: .fast, snapsFasterThanPointsPerSecond: 1000),
        ]
        transition.detentPolicy = policies[Int(g.uniform() * 6) % 6]
        if g.uniform() < 0.4 {
            let refused = transition.detents[Int(g.uniform() * Double(transition.detents.count)) % transition.detents.count].id
            transition.refusesDetent = { $0 == refused }
        }
        let frameInterval = [1.0 / 60, 1.0 / 120, 1.0 / 240][Int(g.uniform() * 3) % 3]
        var time = 0.0, shown = 0.0
        var fingers: [Int: (x: Double, y: Double)] = [:]
        var nextID = 0
        func still(_ note: String) {
            let now = transition.advance(to: time).progress
            #expect(now.isFinite && abs(now - shown) <= transition.pixelTolerance, "seed \(seed) \(note): \(shown) -> \(now)")
            shown = now
        }
        for _ in 0..<300 {
            time += frameInterval * (g.uniform() < 0.1 ? 3 : 1) + g.uniform() * 0.001
            let frame = transition.advance(to: time)
            #expect(frame.progress.isFinite && frame.velocity.isFinite && abs(frame.progress) < 50, "seed \(seed): \(frame.progress)")
            shown = frame.progress
            let roll = g.uniform()
            if (fingers.isEmpty && roll < 0.1) || (!fingers.isEmpty && roll < 0.04 && fingers.count < 3) {
                nextID += 1
                let point = (x: g.uniform(in: 100...900), y: g.uniform(in: 100...900))
                fingers[nextID] = point
                transition.handle(TouchSample(time: time, x: point.x, y: point.y, phase: .began, pointer: nextID))
                still("finger \(nextID) down")
            } else if !fingers.isEmpty && roll < 0.7 {
                // Every finger moves, at one angle or each its own, reported at one instant.
                let angle = g.uniform(in: 0...(2 * Double.pi))
                for id in fingers.keys.sorted() {
                    let distance = g.uniform(in: 0...30)
                    let own = g.uniform() < 0.3 ? g.uniform(in: 0...(2 * Double.pi)) : angle
                    fingers[id]!.x += distance * cos(own)
                    fingers[id]!.y += distance * sin(own)
                    transition.handle(TouchSample(time: time, x: fingers[id]!.x, y: fingers[id]!.y, phase: .changed, pointer: id))
                }
            } else if !fingers.isEmpty && roll < 0.8 {
                let id = fingers.keys.sorted()[Int(g.uniform() * Double(fingers.count)) % fingers.count]
                let phase: TouchPhase = g.uniform() < 0.05 ? .cancelled : .ended
                transition.handle(TouchSample(time: time, x: fingers[id]!.x, y: fingers[id]!.y, phase: phase, pointer: id))
                if phase == .cancelled { fingers.removeAll() } else { fingers[id] = nil }
                still("finger \(id) \(phase)")
            } else if roll < 0.86 {
                let before = transition.advance(to: time)
                transition.step(g.uniform() < 0.5 ? .next : .previous, at: time)
                let after = transition.advance(to: time)
                #expect(abs(after.progress - before.progress) <= transition.pixelTolerance, "seed \(seed) step")
                #expect(after.isAtRest || before.isAtRest || abs(after.velocity - before.velocity) <= 1e-9, "seed \(seed) step velocity")
                shown = after.progress
            }
        }
        for (id, finger) in fingers { transition.handle(TouchSample(time: time, x: finger.x, y: finger.y, phase: .ended, pointer: id)) }
        var end = time, last = transition.advance(to: time)
        while !last.isAtRest && end < time + 600 {
            end += 1.0 / 60
            last = transition.advance(to: end)
        }
        // At a detent; resting where released, anywhere within the first...last detent.
        let detents = transition.resolvedDetents.map(\.progress)
        if case .restsWhereReleased = transition.detentPolicy {
            #expect(last.isAtRest && last.progress >= detents[0] && last.progress <= detents[detents.count - 1], "seed \(seed): ended at \(last.progress)")
        } else {
            #expect(last.isAtRest && detents.contains(last.progress), "seed \(seed): ended at \(last.progress)")
        }
    }
}
