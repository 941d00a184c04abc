import Synchronization
import Testing
import TransitionBatch
import TransitionLab
import TransitionPhysics

/// The listings print, as examples do; run here their lines are dropped, so `make test` shows
/// only its verdict (this file-private function shadows `Swift.print` for the listings below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// Every ```swift listing of the TransitionBatch.docc articles is the body of one function
// below, compiled and run by the tests; `ArticleListingTests` checks that each listing appears
// here verbatim.

// SimulatingMillionsOfReleases.md, listing 1: a grid of releases, metrics only.
func simulatingGrid() -> (BatchReleases, BatchOutcome) {
    // 101 release progresses x 101 release velocities (widths per second): 10,201 lanes.
    var states: [ReleaseState] = []
    for p in 0...100 {
        for v in -50...50 {
            states.append(ReleaseState(progress: Double(p) / 100, velocity: Double(v) / 10))
        }
    }
    let batch = BatchReleases(model: .physics(ProjectedSpringModel()), states: states)
    let outcome = BatchIntegrator().run(batch)   // SIMD backend, one thread per core
    print(outcome.count, outcome.decision[0], outcome.metrics(at: 0).completionTime)
    return (batch, outcome)
}

// SimulatingMillionsOfReleases.md, listing 3: trajectories without storing them.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func simulatingTrajectories(_ batch: BatchReleases) -> Double {
    let largest = Mutex(0.0)   // the largest |velocity| seen, widths per second
    let outcome = BatchIntegrator().run(batch, trajectoryFrames: 120) { block in
        // 16 lanes at a time, frame-major: block.velocity[frame * 16 + lane - block.lanes.lowerBound]
        let peak = block.velocity.reduce(0) { max($0, abs($1)) }
        largest.withLock { $0 = max($0, peak) }
    }
    print(outcome.count, largest.withLock { $0 })
    return largest.withLock { $0 }
}

// SimulatingMillionsOfReleases.md, listing 2: the visual completion of every lane.
func simulatingVisualCompletion(_ batch: BatchReleases) -> [Double] {
    let pixel = CompletionCurve.visualCompletionTolerance(travelPixels: 1170)   // a 390 pt phone at 3x
    let visual = batch.visualCompletionTimes(tolerance: pixel)                   // seconds, per lane
    return visual
}

@Suite struct BatchArticleSnippetTests {
    @Test func visualCompletionIsTheRule() {
        let (batch, _) = simulatingGrid()
        let visual = simulatingVisualCompletion(batch)
        for i in stride(from: 0, to: batch.count, by: 7) {
            let curve = ProjectedSpringModel().release(batch.state(at: i)).curve
            #expect(visual[i].bitPattern == curve.restTime(tolerance: 1 / 1170).bitPattern)
        }
    }

    @Test func theGridMatchesTheScalarPath() {
        let (batch, outcome) = simulatingGrid()
        #expect(outcome.count == 10_201)
        for i in stride(from: 0, to: batch.count, by: 97) {
            let state = batch.state(at: i)
            let completion = ProjectedSpringModel().release(state)
            #expect(outcome.decision[i] == completion.decision)
            #expect(outcome.metrics(at: i) == completion.curve.metrics(releaseVelocity: state.velocity))
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func trajectoriesReachTheSink() {
        let (batch, _) = simulatingGrid()
        #expect(simulatingTrajectories(batch) >= 5)   // the fastest lanes start at 5 widths/s
    }
}
