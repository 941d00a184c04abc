@_spi(Lanes) import TransitionLab
@_spi(Lanes) import TransitionPhysics

// Blocks whose 16 lanes are all physics lanes with the plain (`allow`) overshoot policy and a
// step matrix in the series range (rho dt <= 0.5): loaded from the struct-of-arrays releases and
// written back as vectors, with the same operations as the lane-by-lane setup
// (`startPhysicsLane`, `BlockScratch`, `finishValues`), so the same bits. Every other block takes
// the lane-by-lane setup.

/// The identity step matrix, lane-parallel (a placeholder until the series is needed).
let identityLanes: StepMatrix = (Lane(repeating: 1), Lane(), Lane(), Lane(repeating: 1))

/// Loads 16 doubles from `pointer + offset`.
@inline(__always)
func loadLane(_ pointer: UnsafePointer<Double>, _ offset: Int) -> Lane {
    UnsafeRawPointer(pointer + offset).loadUnaligned(as: Lane.self)
}

/// Whether the lanes base..<base+16 exist and all are spring lanes: one 16-byte compare (a Bool is
/// one byte, 0 or 1) where a loop tested them one at a time, twice a block.
@inline(__always)
func allSpringLanes(_ r: BatchReleases.Pointers, base: Int) -> Bool {
    guard base + laneWidth <= r.count else { return false }
    let bytes = UnsafeRawPointer(r.isSpringLane + base).loadUnaligned(as: SIMD2<UInt64>.self)
    return bytes == SIMD2(repeating: 0x0101_0101_0101_0101)
}

/// `OvershootPolicy.allow` and the two decisions as the bytes their columns hold (one-byte enums).
/// (Computed where used, so that they fold to constants; `unsafeBitCast` traps if an enum grows.)
var allowByte: UInt8 { unsafeBitCast(OvershootPolicy.allow, to: UInt8.self) }
var finishByte: UInt8 { unsafeBitCast(Decision.finish, to: UInt8.self) }
var cancelByte: UInt8 { unsafeBitCast(Decision.cancel, to: UInt8.self) }

/// The springs of the block starting at lane `base` (lambda = c / 2m and omega0² = k / m per lane)
/// when the block qualifies (see the file comment); nil otherwise.
@inline(__always)
func plainBlockSprings(_ r: BatchReleases.Pointers, base: Int, dt: Double) -> (lambda: Lane, omega0Squared: Lane)? {
    guard allSpringLanes(r, base: base) else { return nil }
    // Every lane's policy `allow`: one 16-byte compare of the one-byte cases.
    let policies = UnsafeRawPointer(r.overshoot + base).loadUnaligned(as: SIMD16<UInt8>.self)
    if policies != SIMD16(repeating: allowByte) { return nil }
    // Recognizer-cancelled lanes (rare) take the lane-by-lane path: a mask built from bytes
    // compiles to a lane-by-lane loop.
    let cancelledBytes = UnsafeRawPointer(r.recognizerCancelled + base).loadUnaligned(as: SIMD2<UInt64>.self)
    if cancelledBytes != SIMD2() { return nil }
    let mass = loadLane(r.mass, base), stiffness = loadLane(r.stiffness, base), damping = loadLane(r.damping, base)
    // Spring.propagator's choice of the series, as in the lane-by-lane setup.
    let lambda = damping / (2 * mass)
    let omega0Squared = stiffness / mass
    let q = omega0Squared - lambda * lambda
    // rho dt <= 0.5 with rho = lambda + sqrt|q|, tested as |q| <= (0.5 / dt - lambda)² with a
    // relative margin (the vector square root is lane by lane); lanes near the boundary take the
    // lane-by-lane path, which makes the scalar path's exact choice.
    let room = Lane(repeating: 0.5 / dt) - lambda
    if anyLane(.!((room .> 0) .& (laneAbs(q) .<= room * room * (1 - 1e-9)))) { return nil }
    return (lambda, omega0Squared)
}

/// startPhysicsLane's decision for the lanes base..<base+16 (ProjectedSpringModel.projectedProgress
/// and release): the projected progress and which lanes finish. Inlined, so that the caller's
/// loads of the same columns are shared.
@inline(__always)
func plainBlockDecision(_ r: BatchReleases.Pointers, base: Int) -> (projected: Lane, finishes: LaneMask) {
    let p = loadLane(r.progress, base), v = loadLane(r.velocity, base)
    let decisionVelocity = v.replacing(with: 0, where: laneAbs(v) .< loadLane(r.minFlingVelocity, base))
    let projected = p + decisionVelocity * loadLane(r.distancePerVelocity, base)
    return (projected, projected .>= loadLane(r.threshold, base))
}

/// `OvershootPolicy.pastSide(start:startVelocity:target:)` for 16 lanes toward target 1 where
/// `finishes`, else 0: its one vector twin (RuleTwinTests checks it lane by lane).
@inline(__always)
func plainBlockPastSide(progress p: Lane, velocity v: Lane, finishes: LaneMask) -> Lane {
    let target = Lane(repeating: 0).replacing(with: 1, where: finishes)
    let atTarget = Lane(repeating: -1).replacing(with: 1, where: finishes)
    return atTarget.replacing(with: 1, where: p .< target).replacing(with: -1, where: p .> target)
}

extension BlockCoefficients {
    /// A qualifying plain block's coefficients, from `plainBlockSprings` and `plainBlockDecision`,
    /// with the step matrix `step` (the series).
    /// (Built as a returned value, which lands in the caller's constant: read back from storage
    /// through a pointer, the kilobyte-sized struct was copied at every call that took it; and
    /// inlined, as a call built it in its own frame and copied its 2 KiB out, with libc's memcpy.)
    @inline(__always)
    init(plainBlock r: BatchReleases.Pointers, base: Int, step: StepMatrix, omega0Squared: Lane, finishes: LaneMask) {
        self.init(
            step: step, stiffness: loadLane(r.stiffness, base), damping: loadLane(r.damping, base), mass: loadLane(r.mass, base),
            omega0Squared: omega0Squared, target: Lane(repeating: 0).replacing(with: 1, where: finishes),
            side: plainBlockPastSide(progress: loadLane(r.progress, base), velocity: loadLane(r.velocity, base), finishes: finishes),
            clamp: LaneMask(), rubber: LaneMask(),
            springLanes: LaneMask(repeating: true))
    }
}

extension BlockState {
    /// A plain block's state at frame 0: the release in sided coordinates, every lane active.
    @inline(__always)
    init(plainBlock r: BatchReleases.Pointers, base: Int, _ k: BlockCoefficients) {
        self.init()
        y = k.side * (loadLane(r.progress, base) - k.target)
        w = k.side * loadLane(r.velocity, base)
        active = k.springLanes
    }
}

/// Writes a finished plain block's outcome for lanes base..<base+16: `finishValues` and the
/// writer's fields, vector by vector. Inlined: in a metrics-only block proven unsettled, the
/// completion (-1 in every lane) is a constant, and so are its time and frame columns.
@inline(__always)
func storePlainBlock(
    _ s: BlockState, target: Lane, motion: (overshoot: Lane, peakAcceleration: Lane), projected: Lane, velocity: Lane,
    base: Int, dt: Double, writer: OutcomeWriter
) {
    // finishValues, policy allow: the motion's own extrema, as they are.
    let overshoot = motion.overshoot, peak = motion.peakAcceleration
    let time = (s.completion * dt).replacing(with: .infinity, where: s.completion .< 0)
    // OvershootPolicy.allow shows the release velocity itself: the jump |v - v| (0, or NaN for
    // infinite or NaN velocities, whose sign abs clears here as the scalar path's does).
    let jump = laneAbs(velocity - velocity)
    func store(_ value: Lane, _ pointer: UnsafeMutablePointer<Double>) { storeLane(value, pointer + base) }
    store(projected, writer.projectedProgress)
    store(time, writer.completionTime)
    store(jump, writer.velocityJump)
    store(overshoot, writer.overshoot)
    store(peak, writer.peakAcceleration)
    // Completion frames are whole numbers in -1..<2^31: added to 1.5 * 2^52, their value sits in
    // the low bits of the sum's pattern (two's complement, so -1 too), which truncate to Int32 in
    // one vector operation (Int32(_:) lane by lane checks its range and branches).
    let framePattern = unsafeBitCast(s.completion + 0x1.8p52, to: SIMD16<UInt64>.self)
    UnsafeMutableRawPointer(writer.completionFrame + base).storeBytes(
        of: SIMD16<Int32>(truncatingIfNeeded: framePattern), as: SIMD16<Int32>.self)
    // The decisions' bytes in one store: each lane's mask (all ones where the target is 1)
    // truncated to a byte selects finish's byte, else cancel's. (Truncated by halves: from 64 bits
    // to 8 at once, Swift 6.3 calls a lane-by-lane function.)
    let mask = unsafeBitCast(target .== 1, to: SIMD16<Int64>.self)
    let finishes = SIMD16<UInt8>(truncatingIfNeeded: SIMD16<Int16>(truncatingIfNeeded: SIMD16<Int32>(truncatingIfNeeded: mask)))
    let decisions = (finishes & SIMD16(repeating: finishByte)) | (~finishes & SIMD16(repeating: cancelByte))
    UnsafeMutableRawPointer(writer.decision + base).storeBytes(of: decisions, as: SIMD16<UInt8>.self)
}

extension BatchIntegrator {
    /// Runs the block at `base` on the plain path (see the file comment) when it qualifies;
    /// returns false, with nothing written, when it does not.
    /// `cache` holds the worker's last series and its powers (`PlainBlockCache`).
    func runPlainBlock(
        base: Int, releases r: BatchReleases.Pointers, writer: OutcomeWriter, output: BlockOutput?, cache: inout PlainBlockCache
    ) -> Bool {
        let dt = 1 / frameRate
        guard let springs = plainBlockSprings(r, base: base, dt: dt) else { return false }
        let decision = plainBlockDecision(r, base: base)
        let toleranceSquared = settleTolerance * settleTolerance
        if output == nil {
            // Metrics only: lanes whose energy provably stays above the tolerance up to the frame
            // limit need no settling search (completion -1); when that is all of them, the block
            // needs no step matrix either.
            // The start as `BlockCoefficients(plainBlock:...)` and `BlockState(plainBlock:...)` make
            // it, without the coefficients this path never reads.
            let progress = loadLane(r.progress, base), velocity = loadLane(r.velocity, base)
            let target = Lane(repeating: 0).replacing(with: 1, where: decision.finishes)
            let side = plainBlockPastSide(progress: progress, velocity: velocity, finishes: decision.finishes)
            let y0 = side * (progress - target), w0 = side * velocity
            // One square root of omega0² and one division per constant, for the bound and the
            // extrema.
            let omega0 = laneSquareRoot(springs.omega0Squared)
            let unsettled = provenUnsettled(
                y0: y0, w0: w0, lambda: springs.lambda, omega0Squared: springs.omega0Squared, omega0: omega0,
                lastTime: Double(maximumFrames) * dt, toleranceSquared: toleranceSquared)
            if !anyLane(.!unsettled) {
                let spring = MotionExtrema.Constants(lambda: springs.lambda, omega0Squared: springs.omega0Squared, omega0: omega0)
                let motion = MotionExtrema.extrema(displacement: y0, velocity: w0, spring: spring)
                storePlainBlock(
                    BlockState(), target: target, motion: motion, projected: decision.projected, velocity: velocity, base: base, dt: dt,
                    writer: writer)
                return true
            }
        }
        let step = cache.series(time: dt, lambda: springs.lambda, omega0Squared: springs.omega0Squared)
        let k = BlockCoefficients(
            plainBlock: r, base: base, step: step, omega0Squared: springs.omega0Squared, finishes: decision.finishes)
        var s = BlockState(plainBlock: r, base: base, k)
        let motion = blockMotionExtrema(y0: s.y, w0: s.w, k)
        runBlock(
            &s, k, frameStep: dt, maximumFrames: maximumFrames, toleranceSquared: toleranceSquared, output: output, fast: true,
            cache: &cache)
        storePlainBlock(s, target: k.target, motion: motion, projected: decision.projected, velocity: loadLane(r.velocity, base), base: base, dt: dt, writer: writer)
        return true
    }
}
