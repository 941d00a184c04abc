import TransitionLab
import TransitionPhysics
import _NonTemporal

/// Builds a block's vectors from per-lane scalars through memory (inserting into a SIMD16 lane
/// by lane would copy the whole vector each time), and reads the results back the same way.
/// Columns: 0 to 3 the step, 4 stiffness, 5 damping, 6 mass, 7 omega0², 8 side, 9 target,
/// 10 clamp, 11 rubber band, 12 spring lane, 13 and 14 the sided start (at `finish`, the motion's
/// overshoot and peak acceleration), then the series inputs.
struct BlockScratch {
    static let columns = 17
    /// Series inputs of lanes whose step is the series: lambda and omega0².
    static let seriesLambdaColumn = 15, seriesOmega0SquaredColumn = 16
    let base: UnsafeMutablePointer<Double>

    init() {
        base = .allocate(capacity: Self.columns * laneWidth)
        clear()
    }

    func deallocate() { base.deallocate() }

    func clear() {
        base.initialize(repeating: 0, count: Self.columns * laneWidth)
        for i in 0..<laneWidth {
            // Identity step, unit mass and omega0², side 1 for lanes without a spring.
            base[0 * laneWidth + i] = 1
            base[3 * laneWidth + i] = 1
            base[6 * laneWidth + i] = 1
            base[7 * laneWidth + i] = 1
            base[8 * laneWidth + i] = 1
        }
    }

    @inline(__always) func set(lane i: Int, step: SpringPropagator, mass: Double, stiffness: Double, damping: Double, start: SpringLaneStart) {
        let b = base
        b[0 * laneWidth + i] = step.positionFromPosition
        b[1 * laneWidth + i] = step.positionFromVelocity
        b[2 * laneWidth + i] = step.velocityFromPosition
        b[3 * laneWidth + i] = step.velocityFromVelocity
        b[4 * laneWidth + i] = stiffness
        b[5 * laneWidth + i] = damping
        b[6 * laneWidth + i] = mass
        b[7 * laneWidth + i] = stiffness / mass
        b[8 * laneWidth + i] = start.side
        b[9 * laneWidth + i] = start.target
        b[10 * laneWidth + i] = start.policy == .clamp ? 1 : 0
        b[11 * laneWidth + i] = start.policy == .rubberBand ? 1 : 0
        b[12 * laneWidth + i] = 1
        b[13 * laneWidth + i] = start.side * start.x0
        b[14 * laneWidth + i] = start.side * start.v0
    }

    /// Series inputs: lambda and omega0² of lanes whose step is the series.
    @inline(__always) func setSeriesInputs(lane i: Int, lambda: Double, omega0Squared: Double) {
        base[Self.seriesLambdaColumn * laneWidth + i] = lambda
        base[Self.seriesOmega0SquaredColumn * laneWidth + i] = omega0Squared
    }

    @inline(__always) func setStep(lane i: Int, _ step: SpringPropagator) {
        base[0 * laneWidth + i] = step.positionFromPosition
        base[1 * laneWidth + i] = step.positionFromVelocity
        base[2 * laneWidth + i] = step.velocityFromPosition
        base[3 * laneWidth + i] = step.velocityFromVelocity
    }

    @inline(__always) func column(_ c: Int) -> Lane {
        UnsafeRawPointer(base + c * laneWidth).loadUnaligned(as: Lane.self)
    }

    func block() -> (BlockCoefficients, BlockState) {
        let k = BlockCoefficients(
            step: (column(0), column(1), column(2), column(3)), stiffness: column(4), damping: column(5), mass: column(6),
            omega0Squared: column(7), target: column(9), side: column(8), clamp: column(10) .!= 0, rubber: column(11) .!= 0,
            springLanes: column(12) .!= 0)
        var s = BlockState()
        s.y = column(13); s.w = column(14)
        s.active = k.springLanes
        return (k, s)
    }

    /// Writes the finished block's per-lane results into columns: 0 completion frame, 1 overshoot,
    /// 2 peak acceleration; `closedForm` (the exact scheme): the motion's extrema
    /// (`blockMotionExtrema`, from the sided start in columns 13 and 14), else the frames'.
    func finish(_ s: BlockState, _ k: BlockCoefficients, closedForm: Bool) {
        // Final values, lane by lane from memory.
        let raw = UnsafeMutableRawPointer(base)
        let motion = closedForm ? blockMotionExtrema(y0: column(13), w0: column(14), k) : nil
        if let motion {
            (raw + 13 * laneWidth * 8).storeBytes(of: motion.overshoot, as: Lane.self)
            (raw + 14 * laneWidth * 8).storeBytes(of: motion.peakAcceleration, as: Lane.self)
        }
        let maxY = raw + 3 * laneWidth * 8, maxF = raw + 4 * laneWidth * 8, minF = raw + 5 * laneWidth * 8
        let maxBand = raw + 6 * laneWidth * 8, mass = raw + 7 * laneWidth * 8, side = raw + 8 * laneWidth * 8
        let target = raw + 9 * laneWidth * 8, clamp = raw + 10 * laneWidth * 8, rubber = raw + 11 * laneWidth * 8
        maxY.storeBytes(of: s.maxY, as: Lane.self)
        maxF.storeBytes(of: s.maxF, as: Lane.self)
        minF.storeBytes(of: s.minF, as: Lane.self)
        maxBand.storeBytes(of: s.maxBand, as: Lane.self)
        mass.storeBytes(of: k.mass, as: Lane.self)
        side.storeBytes(of: k.side, as: Lane.self)
        target.storeBytes(of: k.target, as: Lane.self)
        clamp.storeBytes(of: Lane(repeating: 0).replacing(with: 1, where: k.clamp), as: Lane.self)
        rubber.storeBytes(of: Lane(repeating: 0).replacing(with: 1, where: k.rubber), as: Lane.self)
        (raw + 0).storeBytes(of: s.completion, as: Lane.self)
        let b = base
        for i in 0..<laneWidth {
            let policy: OvershootPolicy = b[10 * laneWidth + i] != 0 ? .clamp : (b[11 * laneWidth + i] != 0 ? .rubberBand : .allow)
            let result = finishValues(
                maxY: b[3 * laneWidth + i], maxF: b[4 * laneWidth + i], minF: b[5 * laneWidth + i],
                maxBand: b[6 * laneWidth + i], mass: b[7 * laneWidth + i], side: b[8 * laneWidth + i],
                target: b[9 * laneWidth + i], policy: policy,
                motion: closedForm ? (b[13 * laneWidth + i], b[14 * laneWidth + i]) : nil)
            b[1 * laneWidth + i] = result.overshoot
            b[2 * laneWidth + i] = result.peak
        }
    }

    @inline(__always) func completionFrame(lane i: Int) -> Int32 { Int32(base[i]) }
    @inline(__always) func overshoot(lane i: Int) -> Double { base[1 * laneWidth + i] }
    @inline(__always) func peak(lane i: Int) -> Double { base[2 * laneWidth + i] }
}
