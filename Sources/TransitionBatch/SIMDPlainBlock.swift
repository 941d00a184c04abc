import TransitionPhysics

// Blocks whose 16 lanes are all physics lanes with the plain (`allow`) overshoot policy and a
// step matrix in the series range (rho dt <= 0.5): loaded from the struct-of-arrays releases and
// written back as vectors, with the same operations as the lane-by-lane setup
// (`startPhysicsLane`, `BlockScratch`, `finishValues`), so the same bits. The lane-by-lane path
// (about 80 ns per lane, a third of a metrics-only block) stays for every other block.

/// Loads 16 doubles from `pointer + offset`.
@inline(__always)
func loadLane(_ pointer: UnsafePointer<Double>, _ offset: Int) -> Lane {
    UnsafeRawPointer(pointer + offset).loadUnaligned(as: Lane.self)
}

/// Loads the block starting at lane `base` when it qualifies (see the file comment): its
/// coefficients and state at frame 0, the per-lane decision and projection. Returns false
/// otherwise, with nothing changed. (In-out storage: these structs are kilobytes, and returning
/// them in an optional tuple copied them twice per block.)
func loadPlainBlock(
    _ r: BatchReleases.Pointers, base: Int, dt: Double, into k: inout BlockCoefficients, _ s: inout BlockState,
    finishes: inout LaneMask, projected: inout Lane
) -> Bool {
    guard base + laneWidth <= r.count else { return false }
    for i in base..<(base + laneWidth) where r.kind[i] != .physics || r.overshoot[i] != .allow { return false }
    // Recognizer-cancelled lanes (rare) take the lane-by-lane path: a mask built from bytes
    // compiles to a lane-by-lane loop.
    let cancelledBytes = UnsafeRawPointer(r.recognizerCancelled + base).loadUnaligned(as: SIMD2<UInt64>.self)
    if cancelledBytes != SIMD2() { return false }
    let mass = loadLane(r.mass, base), stiffness = loadLane(r.stiffness, base), damping = loadLane(r.damping, base)
    // Spring.propagator's choice of the series, as in the lane-by-lane setup.
    let lambda = damping / (2 * mass)
    let omega0Squared = stiffness / mass
    let q = omega0Squared - lambda * lambda
    // rho dt <= 0.5 with rho = lambda + sqrt|q|, tested as |q| <= (0.5 / dt - lambda)² with a
    // relative margin (the vector square root is lane by lane); lanes near the boundary take the
    // lane-by-lane path, which makes the scalar path's exact choice.
    let room = Lane(repeating: 0.5 / dt) - lambda
    if anyLane(.!((room .> 0) .& (laneAbs(q) .<= room * room * (1 - 1e-9)))) { return false }

    // startPhysicsLane (ProjectedSpringModel.projectedProgress and release).
    let p = loadLane(r.progress, base), v = loadLane(r.velocity, base)
    let decisionVelocity = v.replacing(with: 0, where: laneAbs(v) .< loadLane(r.minFlingVelocity, base))
    projected = p + decisionVelocity * loadLane(r.distancePerVelocity, base)
    finishes = projected .>= loadLane(r.threshold, base)
    let target = Lane(repeating: 0).replacing(with: 1, where: finishes)
    let side = Lane(repeating: -1).replacing(with: 1, where: finishes)
    let x0 = p - target

    (k.p00, k.p01, k.p10, k.p11) = seriesPropagators(time: dt, lambda: lambda, omega0Squared: omega0Squared)
    k.stiffness = stiffness
    k.damping = damping
    k.mass = mass
    k.omega0Squared = omega0Squared
    k.forceLimit = mass * 0x1p1000
    k.forceBoundSquared = stiffness * stiffness + damping * damping * omega0Squared
    k.inverseOmega0Squared = 1 / omega0Squared
    k.target = target
    k.side = side
    k.springLanes = LaneMask(repeating: true)
    k.clamp = LaneMask()
    k.rubber = LaneMask()
    s = BlockState()
    s.y = side * x0
    s.w = side * v
    s.active = k.springLanes
    return true
}

/// Writes a finished plain block's outcome for lanes base..<base+16: `finishValues` and the
/// writer's fields, vector by vector.
func storePlainBlock(
    _ s: BlockState, _ k: BlockCoefficients, finishes: LaneMask, projected: Lane, velocity: Lane, base: Int, dt: Double,
    writer: OutcomeWriter
) {
    // finishValues, policy allow: the overshoot raised from 0.0 only when strictly larger; the
    // peak as Swift's max(max(maxF, -minF) / mass, 0.0).
    let excursion = ((k.target + k.side * s.maxY) - k.target) * k.side
    let overshoot = Lane().replacing(with: excursion, where: (excursion .> 0) .& (s.maxY .> -Lane(repeating: .infinity)))
    let largestForce = s.maxF.replacing(with: -s.minF, where: -s.minF .>= s.maxF)
    let perMass = largestForce / k.mass
    let peak = perMass.replacing(with: 0, where: Lane() .>= perMass)
    let time = (s.completion * dt).replacing(with: .infinity, where: s.completion .< 0)
    // OvershootPolicy.allow shows the release velocity itself: the jump |v - v| (0, or NaN).
    var jump = laneAbs(velocity - velocity)
    if anyLane(.!(jump .== 0)) {
        // Infinite or NaN velocities: abs clears the sign of the NaN, as the scalar path's does.
        for i in 0..<laneWidth { jump[i] = abs(velocity[i] - velocity[i]) }
    }
    func store(_ value: Lane, _ pointer: UnsafeMutablePointer<Double>) { storeLane(value, pointer + base) }
    store(projected, writer.projectedProgress)
    store(time, writer.completionTime)
    store(jump, writer.velocityJump)
    store(overshoot, writer.overshoot)
    store(peak, writer.peakAcceleration)
    // Lane by lane from memory (reading a vector's lanes one at a time reloads it each time).
    withUnsafeTemporaryAllocation(of: Lane.self, capacity: 2) { lanes in
        let raw = UnsafeMutableRawPointer(lanes.baseAddress!)
        raw.storeBytes(of: k.target, as: Lane.self)
        raw.storeBytes(of: s.completion, toByteOffset: laneWidth * 8, as: Lane.self)
        let values = raw.assumingMemoryBound(to: Double.self)
        for i in 0..<laneWidth {
            writer.decision[base + i] = values[i] == 1 ? .finish : .cancel
            writer.completionFrame[base + i] = Int32(values[laneWidth + i])
        }
    }
}
