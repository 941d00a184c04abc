import TransitionLab
import TransitionPhysics

// The data of one 16-lane block of the SIMD kernel: its constants (`BlockCoefficients`, with
// the one builder every backend uses), its running state and reductions (`BlockState`), and
// where it writes its trajectory (`BlockOutput`). The kernel's functions are in SIMDKernel.swift.

/// Per-block constants.
struct BlockCoefficients {
    var p00 = Lane(repeating: 1), p01 = Lane(), p10 = Lane(), p11 = Lane(repeating: 1)
    var stiffness = Lane(), damping = Lane()
    var mass = Lane(repeating: 1)
    /// stiffness / mass, as the scalar path computes omega0².
    var omega0Squared = Lane(repeating: 1)
    /// |k y + c w| below this has a finite acceleration for sure (mass * 2^1000).
    var forceLimit = Lane(repeating: 0x1p1000)
    /// k² + c² omega0²: |k y + c w|² <= this times the energy y² + w²/omega0².
    var forceBoundSquared = Lane(repeating: 1)
    /// c / m, for the force's rate (`forceEnergyBound`).
    var dampingPerMass = Lane()
    /// 1 / omega0², for the bounds (which carry a margin); the settling test divides as the
    /// scalar path does.
    var inverseOmega0Squared = Lane(repeating: 1)
    var target = Lane(), side = Lane(repeating: 1)
    var clamp = LaneMask(), rubber = LaneMask()
    var springLanes = LaneMask()
}

extension BlockCoefficients {
    /// The one builder of a block's coefficients (plain blocks, the lane-by-lane setup, the BLAS
    /// backend): the per-lane inputs, and the bounds derived from them here, vector by vector.
    /// Lanes without a spring carry the identity step, unit mass and omega0², zero stiffness and
    /// damping, side 1 and target 0. Always inlined: the plain path builds it as a returned value.
    @inline(__always)
    init(
        step: StepMatrix, stiffness: Lane, damping: Lane, mass: Lane, omega0Squared: Lane, target: Lane, side: Lane,
        clamp: LaneMask, rubber: LaneMask, springLanes: LaneMask
    ) {
        (p00, p01, p10, p11) = step
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.omega0Squared = omega0Squared
        forceLimit = mass * 0x1p1000
        forceBoundSquared = stiffness * stiffness + damping * damping * omega0Squared
        dampingPerMass = damping / mass
        inverseOmega0Squared = 1 / omega0Squared
        self.target = target
        self.side = side
        self.clamp = clamp
        self.rubber = rubber
        self.springLanes = springLanes
    }
}

/// Per-block state and reductions.
struct BlockState {
    var y = Lane(), w = Lane()
    /// Lanes whose metrics are still being reduced.
    var active = LaneMask()
    /// Clamped lanes that have arrived (frame n > 0 with y >= 0): they show the target from then on.
    var clampStopped = LaneMask()
    var maxY = Lane(repeating: -.infinity)
    var maxF = Lane(), minF = Lane()
    /// Largest |acceleration| over rubber-banded frames past the target (computed lane by lane).
    var maxBand = Lane()
    /// The completion frame (a whole number; -1 while unknown or when not settled by the limit).
    var completion = Lane(repeating: -1)
}

/// Where a block writes its trajectory: `frames * 16` doubles per array, frame-major.
struct BlockOutput {
    var progress: UnsafeMutablePointer<Double>
    var velocity: UnsafeMutablePointer<Double>
    var frames: Int
    /// Stage each chunk in `staging` and copy it out with non-temporal stores.
    var staging: UnsafeMutablePointer<Double>?
}
