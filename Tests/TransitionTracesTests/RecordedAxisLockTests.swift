import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The axis lock on the recorded BioIdent page turns (horizontal strokes, every one made to turn
/// the page, recorded in a gallery with nothing on the other axis). Without a lock (the default)
/// nothing changes. With one, a stroke the lock accepts releases bit for bit as without it, so
/// the finish rate drops by the refused strokes only: those whose first `slop` of movement went
/// more across the axis than the ratio allows, as Flutter's arena and Android's ViewPager would
/// refuse them when a vertical scroller competes (docs/behaviour.md, "Axis lock").
@Suite("The axis lock on the recorded page turns")
struct RecordedAxisLockTests {
    typealias Fx = TraceFixtures

    @Test("a 10 pt lock at ratios 1 and 2: accepted strokes release as without it; refused ones are steep at the judgement",
          .enabled(if: Fx.sharedDataURL != nil, Fx.recordedSwipesAbsent))
    func acceptedStrokesAreUnchanged() throws {
        let traces = try TraceReader.read(contentsOf: try #require(Fx.sharedDataURL))
        let runner = GestureRunner(model: ProjectedSpringModel())
        for ratio in [1.0, 2.0] {
            var finishedFree = 0, finishedLocked = 0, refused = 0, refusedFinishing = 0, meant = 0
            for trace in traces where trace.intent == .finish {
                meant += 1
                var free = runner.transition(travel: trace.travel, axis: trace.axis, pixelsPerPoint: trace.pixelsPerUnit, unitsPerPoint: trace.unitsPerPoint)
                var locked = free
                let lock = AxisLock(slop: 10 * trace.unitsPerPoint, ratio: ratio)
                locked.mapping.axisLock = lock
                var refusal: (along: Double, across: Double)?
                for sample in trace.samples {
                    free.handle(sample)
                    locked.handle(sample)
                    for case .refused(let along, let across) in locked.advance(to: sample.time).events { refusal = (along, across) }
                }
                let freeFinished = free.releases.last?.completion.decision == .finish
                if freeFinished { finishedFree += 1 }
                if locked.releases.last?.completion.decision == .finish { finishedLocked += 1 }
                if let refusal {
                    refused += 1
                    if freeFinished { refusedFinishing += 1 }
                    #expect(locked.releases.isEmpty)
                    // Independently of the lock's code: the first sample `slop` from touch-down.
                    let origin = trace.samples[0]
                    let judged = trace.samples.first { max(abs($0.x - origin.x), abs($0.y - origin.y)) >= lock.slop }
                    #expect(judged.map { abs($0.x - origin.x) < ratio * abs($0.y - origin.y) } == true, "\(trace.id)")
                    #expect(refusal.along < ratio * refusal.across)
                } else {
                    #expect(locked.releases == free.releases, "\(trace.id): an accepted stroke released differently")
                }
            }
            print("axis lock 10 pt, ratio \(ratio): \(refused) of \(meant) recorded page turns refused; finished \(finishedLocked) with the lock, \(finishedFree) without")
            #expect(finishedLocked == finishedFree - refusedFinishing)
        }
    }
}
