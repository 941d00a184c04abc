// A worker's memory of the last plain block's springs: their step matrix (the series) and its
// powers for the settling search, reused by the next plain block whose lanes have the same springs.
//
// Why it cannot change a bit: `seriesPropagators(time:lambda:omega0Squared:)` is a function of dt
// (fixed per integrator, so per worker) and of lambda and omega0² lane by lane, and `fillStepPowers`
// a function of the step matrix alone, whose first j levels do not depend on how many follow. The
// cache answers only for lanes whose lambda and omega0² have the same bit patterns as those it
// computed from, and the powers only for the step it holds; everything else recomputes as before.
// (The bench replays lanes model by model, so runs of blocks share one spring: the series was 2%
// of a 625-variant grid's samples, the powers as much again.) `PlainBlockCacheTests` runs blocks
// in both orders against the uncached results.

/// The step matrix and its powers of the last plain block a worker stepped (see the file comment).
struct PlainBlockCache {
    /// The inputs of `step`, as bit patterns (no lambda qualifies as NaN, so nothing matches at first).
    private var lambdaBits = SIMD16<UInt64>(repeating: ~0), omega0SquaredBits = SIMD16<UInt64>(repeating: ~0)
    private(set) var step: StepMatrix = identityLanes
    /// M^(2^j) of `step` for j in 0..<levels, four lanes per level (`fillStepPowers`).
    private var powers: UnsafeMutablePointer<Lane>? = nil
    private var capacityLevels = 0
    private var levels = 0
    /// Levels of powers the settling search of the last block of these springs needed, plus one
    /// (0: none known): the next block's trial (`settlingFrames`' `trialLevels`).
    var settleLevels = 0

    /// The series of the springs (lambda, omega0²) lane by lane over `dt` seconds, from the cache
    /// when the last call had the same inputs (`dt` must be the same at every call).
    @inline(__always)
    mutating func series(time dt: Double, lambda: Lane, omega0Squared: Lane) -> StepMatrix {
        let l = unsafeBitCast(lambda, to: SIMD16<UInt64>.self), o = unsafeBitCast(omega0Squared, to: SIMD16<UInt64>.self)
        // One vector compare per input (`==` on whole vectors compares lane by lane, with branches).
        if !anyLane((l .!= lambdaBits) .| (o .!= omega0SquaredBits)) { return step }
        step = seriesPropagators(time: dt, lambda: lambda, omega0Squared: omega0Squared)
        lambdaBits = l
        omega0SquaredBits = o
        levels = 0
        settleLevels = 0
        return step
    }

    /// At least `needed` levels of powers of `step` (the current step: a block whose step came
    /// from `series`).
    mutating func stepPowers(levels needed: Int) -> UnsafePointer<Lane> {
        if needed > capacityLevels {
            powers?.deallocate()
            capacityLevels = max(needed, 16)
            powers = .allocate(capacity: 4 * capacityLevels)
            levels = 0
        }
        if needed > levels {
            fillStepPowers(powers!, levels: needed, step)
            levels = needed
        }
        return UnsafePointer(powers!)
    }

    func deallocate() { powers?.deallocate() }
}
