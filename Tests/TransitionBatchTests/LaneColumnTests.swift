import Testing
import TransitionBatch
import TransitionLab
import TransitionPhysics

/// `LaneColumn`, the buffer each of a batch's columns is, behaves as the `Array` it replaced: a
/// value (a copy never sees a later change to the original, nor the original a change to the
/// copy), growing lane by lane, emptying with or without its storage, and compared by elements.
struct LaneColumnTests {
    /// The lane count of every `LaneColumn` the batch stores, by property name, found by
    /// reflection (so a column added later is counted without being listed here).
    static func columnCounts(_ batch: BatchReleases) -> [String: Int] {
        var counts: [String: Int] = [:]
        for child in Mirror(reflecting: batch).children
        where String(describing: type(of: child.value)).hasPrefix("LaneColumn<") {
            counts[child.label ?? "?"] = (child.value as? any Collection)?.count
        }
        return counts
    }

    /// A batch copied and then changed leaves the copy as it was, column by column, whether the
    /// original grows past its room, is emptied keeping its storage, or is emptied and refilled.
    @Test func aBatchIsAValue() {
        var g = SplitMix64(seed: 41)
        var batch = BatchReleases()
        for _ in 0..<5 { batch.append(randomModel(&g), randomState(&g)) }
        let copy = batch
        let copiedProgress = Array(copy.progress), copiedMass = Array(copy.mass)
        for _ in 0..<1_000 { batch.append(randomModel(&g), randomState(&g)) }
        #expect(copy.count == 5 && batch.count == 1_005)
        #expect(Array(copy.progress) == copiedProgress && Array(copy.mass) == copiedMass)
        #expect(Array(batch.progress.prefix(5)) == copiedProgress)

        let full = batch
        batch.removeAll(keepingCapacity: true)
        #expect(batch.count == 0 && batch.progress.isEmpty && full.count == 1_005)
        batch.append(.physics(ProjectedSpringModel()), ReleaseState(progress: 0.25, velocity: 2))
        #expect(Array(batch.progress) == [0.25] && Array(batch.velocity) == [2])
        #expect(full.progress.count == 1_005 && Array(full.progress.prefix(5)) == copiedProgress)

        batch.removeAll()
        #expect(batch.count == 0 && batch.mass.count == 0 && batch.timedModels.isEmpty)
        batch.reserveCapacity(10_000)
        #expect(batch.count == 0)
    }

    /// Every column of a batch holds one value per lane, whichever way the lanes came in, and
    /// reads back what was appended.
    @Test func everyColumnHasOneValuePerLane() {
        var g = SplitMix64(seed: 42)
        var batch = BatchReleases()
        var states: [ReleaseState] = []
        for round in 0..<50 {
            let model = randomModel(&g)
            let more = (0..<Int.random(in: 0...30, using: &g)).map { _ in randomState(&g) }
            if round % 2 == 0 { batch.append(model, states: more) } else { for s in more { batch.append(model, s) } }
            states += more
        }
        let counts = Self.columnCounts(batch)
        #expect(counts.count >= 16 && counts.values.allSatisfy { $0 == states.count } && batch.count == states.count)
        #expect((0..<states.count).allSatisfy { batch.state(at: $0) == states[$0] })
        #expect(batch.progress.withUnsafeBufferPointer { Array($0) } == states.map(\.progress))
        #expect(batch.velocity.description == states.map(\.velocity).description)
    }

    /// Every `LaneColumn` the batch stores (`columnCounts`: a column added later and left out of
    /// the batch's own list of columns, which reserving and emptying visit, fails here): one value
    /// per lane after appending, none after emptying with or without storage.
    @Test func emptyingReachesEveryColumn() {
        var g = SplitMix64(seed: 43)
        var batch = BatchReleases()
        for _ in 0..<100 { batch.append(randomModel(&g), randomState(&g)) }
        let filled = Self.columnCounts(batch)
        #expect(filled.count >= 16 && filled.values.allSatisfy { $0 == 100 }, "\(filled)")
        for keepingCapacity in [true, false] {
            var emptied = batch
            emptied.reserveCapacity(1_000)
            emptied.removeAll(keepingCapacity: keepingCapacity)
            let counts = Self.columnCounts(emptied)
            #expect(counts.keys == filled.keys && counts.values.allSatisfy { $0 == 0 }, "\(counts)")
        }
    }

    /// Reading past the last lane traps, as an Array's subscript does.
    @Test func readingPastTheLastLaneTraps() async {
        await #expect(processExitsWith: .failure) {
            let batch = BatchReleases(model: .physics(ProjectedSpringModel()), states: [ReleaseState(progress: 0.5, velocity: 0)])
            _ = batch.progress[1]
        }
    }
}
