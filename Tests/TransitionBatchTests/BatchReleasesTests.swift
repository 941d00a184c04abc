import Testing
import TransitionBatch
import TransitionLab
import TransitionPhysics

struct BatchReleasesTests {
    /// A model's lanes appended at once (`append(_:states:)`, the behaviour benchmark's way) are
    /// the lanes appended one at a time (the sweep's way), column by column, for every kind of
    /// model, timed models shared by index, an empty list appending nothing.
    @Test func appendingStatesAtOnceEqualsOneAtATime() {
        var g = SplitMix64(seed: 33)
        var oneByOne = BatchReleases(), atOnce = BatchReleases()
        for round in 0..<60 {
            let model = round % 7 == 0 ? BuiltInReleaseModel.classic(.init()) : randomModel(&g)
            let states = (0..<Int.random(in: 0...40, using: &g)).map { _ in randomState(&g) }
            for state in states { oneByOne.append(model, state) }
            atOnce.append(model, states: states)
        }
        #expect(atOnce.count == oneByOne.count && atOnce.count > 0)
        #expect(atOnce.progress == oneByOne.progress && atOnce.velocity == oneByOne.velocity)
        #expect(atOnce.lastChangedProgress == oneByOne.lastChangedProgress)
        #expect(atOnce.recognizerCancelled == oneByOne.recognizerCancelled)
        #expect(atOnce.kind == oneByOne.kind && atOnce.isSpringLane == oneByOne.isSpringLane)
        #expect(atOnce.mass == oneByOne.mass && atOnce.stiffness == oneByOne.stiffness && atOnce.damping == oneByOne.damping)
        #expect(atOnce.decelerationRate == oneByOne.decelerationRate && atOnce.projection == oneByOne.projection)
        #expect(atOnce.distancePerVelocity == oneByOne.distancePerVelocity && atOnce.threshold == oneByOne.threshold)
        #expect(atOnce.minFlingVelocity == oneByOne.minFlingVelocity && atOnce.overshoot == oneByOne.overshoot)
        #expect(atOnce.timedModels == oneByOne.timedModels && atOnce.timedModelIndex == oneByOne.timedModelIndex)
        #expect((0..<atOnce.count).allSatisfy { atOnce.model(at: $0) == oneByOne.model(at: $0) })
        // A timed model with no lanes is not taken into the table of timed models.
        var empty = BatchReleases()
        empty.append(.classic(.init()), states: [])
        #expect(empty.count == 0 && empty.timedModels.isEmpty)
    }
}
