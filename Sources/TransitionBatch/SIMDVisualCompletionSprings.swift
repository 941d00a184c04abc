import TransitionPhysics

// The constants a visual-completion block (SIMDVisualCompletion.swift) derives from its lanes'
// springs alone, kept from one block to the next: a batch's lanes come in runs of one model, so
// most blocks have the springs of the block before and skip the divisions, square roots and
// exponential that derive them.

/// What a block's questions need of its 16 springs (mass, stiffness, damping per lane), derived
/// lane by lane with the scalar rule's operations (`Spring.decayRate`, `stiffness / mass`, and
/// so on; `laneSquareRoot` is IEEE's), so the same bits whichever block derived them.
struct VisualCompletionSprings {
    /// The springs these constants are of: mass, stiffness and damping coefficient per lane.
    var mass = Lane(repeating: .nan), stiffness = Lane(repeating: .nan), damping = Lane(repeating: .nan)
    /// lambda = damping / (2 mass) (1/s); omega0² = stiffness / mass (1/s²); m / k (s²) and its
    /// square root (s).
    var lambda = Lane(), omega0Squared = Lane(), massPerStiffness = Lane(), rootMassPerStiffness = Lane()
    /// Underdamped: wd (rad/s) and 1 / wd (s) (0 elsewhere). Overdamped or critical: mu, the roots
    /// r1, r2 (1/s) and 1 / (2 mu) (s).
    var wd = Lane(), inverseWd = Lane(), mu = Lane(), r1 = Lane(), r2 = Lane(), inverseTwoMu = Lane()
    /// The underdamped lanes (omega0² > lambda²).
    var underdamped = LaneMask(repeating: false)
    /// `CompletionCurve.visualGridSteps(bound:)`'s damped period, seconds, by its own operations
    /// (from sqrt(omega0²)), and where it is defined (its omega0² - lambda² > 0).
    var dampedPeriod = Lane(), hasDampedPeriod = LaneMask(repeating: false)
    /// The lanes the phasor may carry (`PhasorMotion`): underdamped, overdamped with mu > 0
    /// (`overdampedModes`) or critically damped (mu == 0, no second root: `critical`).
    var modal = LaneMask(repeating: false), overdampedModes = LaneMask(repeating: false), critical = LaneMask(repeating: false)
    /// The phasor's fastest rate squared, 1/s² (omega0², r2² where overdamped, lambda² where
    /// critical), and the largest (rate t)² it is carried to (2^24, or 600²): `PhasorMotion.carries`.
    var rateSquared = Lane(), rateLimitSquared = Lane()
    /// The phasor at the energy bound's first instant, 1 / lambda (`PhasorMotion.phasor(at:)`) on
    /// the lanes carried there (0 elsewhere).
    var anchor = Phasor()

    init() {}

    /// The constants of the springs `mass`, `stiffness`, `damping` (per lane, damping > 0 on
    /// the lanes that will ask; any finite values elsewhere).
    init(mass m: Lane, stiffness k: Lane, damping c: Lane) {
        mass = m
        stiffness = k
        damping = c
        lambda = c / (2 * m)
        omega0Squared = k / m
        massPerStiffness = m / k
        rootMassPerStiffness = laneSquareRoot(massPerStiffness)
        let q = omega0Squared - lambda * lambda
        underdamped = q .> 0
        let zero = Lane()
        // Each lane's own regime only: the other's values (NaN or infinite there) are replaced.
        wd = laneSquareRoot(q).replacing(with: zero, where: .!underdamped)
        inverseWd = (1 / wd).replacing(with: zero, where: .!underdamped)
        mu = laneSquareRoot(-q).replacing(with: zero, where: underdamped)
        r1 = (-omega0Squared / (lambda + mu)).replacing(with: zero, where: underdamped)
        r2 = (-(lambda + mu)).replacing(with: zero, where: underdamped)
        inverseTwoMu = (1 / (2 * mu)).replacing(with: zero, where: underdamped .| .!(mu .> 0))
        let omega0 = laneSquareRoot(omega0Squared)
        let dampedSquared = omega0 * omega0 - lambda * lambda
        hasDampedPeriod = dampedSquared .> 0
        dampedPeriod = 2 * Double.pi / laneSquareRoot(dampedSquared.replacing(with: 1, where: .!hasDampedPeriod))
        overdampedModes = .!underdamped .& (mu .> 0)
        critical = .!underdamped .& (mu .== 0) .& (lambda .> 0)
        modal = underdamped .| overdampedModes .| critical
        rateSquared = omega0Squared.replacing(with: r2 * r2, where: overdampedModes).replacing(with: lambda * lambda, where: critical)
        rateLimitSquared = Lane(repeating: PhasorErrorBudget.maximumPhase * PhasorErrorBudget.maximumPhase)
            .replacing(with: PhasorErrorBudget.maximumExponent * PhasorErrorBudget.maximumExponent, where: overdampedModes .| critical)
        let t = 1 / lambda
        let carried = modal .& (rateSquared * t * t .<= rateLimitSquared) .& (lambda * t .<= PhasorErrorBudget.maximumExponent)
        anchor = phasor(at: t, where: carried)
    }

    /// The phasor at `t` (seconds) on the lanes of `mask`, which it may carry there (0
    /// elsewhere): e^(-lambda t) (cos wd t, sin wd t) where underdamped, (e^(r1 t), e^(r2 t))
    /// where overdamped, e^(-lambda t) (1, lambda t) where critical. The anchor of each pattern of
    /// the rule's instants (`PhasorMotion`).
    func phasor(at t: Lane, where mask: LaneMask) -> Phasor {
        guard anyLane(mask) else { return Phasor() }
        let zero = Lane()
        let over = mask .& overdampedModes
        let decay = laneExp(zero.replacing(with: (-lambda * t).replacing(with: r2 * t, where: over), where: mask))
        let (s, c) = laneSinCos(zero.replacing(with: wd * t, where: mask .& underdamped))
        var z = Phasor(c: decay * c, s: decay * s)
        if anyLane(over) {
            let slow = laneExp(zero.replacing(with: r1 * t, where: over))
            z = z.replacing(with: Phasor(c: slow, s: decay), where: over)
        }
        let critical = mask .& critical
        if anyLane(critical) { z.s = z.s.replacing(with: lambda * t * decay, where: critical) }
        return z.replacing(with: Phasor(), where: .!mask)
    }

    /// Makes these the constants of the springs `mass`, `stiffness`, `damping` (per lane): kept
    /// if they are already; where those are 16 times the spring of this block's last slot (a run
    /// of one model that began in it), that slot's constants in every slot; else derived anew.
    @inline(__always)
    mutating func update(mass m: Lane, stiffness k: Lane, damping c: Lane) {
        if !anyLane((m .!= mass) .| (k .!= stiffness) .| (c .!= damping)) { return }
        let j = laneWidth - 1
        if !anyLane((m .!= mass[j]) .| (k .!= stiffness[j]) .| (c .!= damping[j])) {
            broadcast(slot: j)
        } else {
            self = VisualCompletionSprings(mass: m, stiffness: k, damping: c)
        }
    }

    /// Slot `j`'s constants in every slot: the constants of 16 times its spring, since each is
    /// derived lane by lane.
    private mutating func broadcast(slot j: Int) {
        mass = Lane(repeating: mass[j])
        stiffness = Lane(repeating: stiffness[j])
        damping = Lane(repeating: damping[j])
        lambda = Lane(repeating: lambda[j])
        omega0Squared = Lane(repeating: omega0Squared[j])
        massPerStiffness = Lane(repeating: massPerStiffness[j])
        rootMassPerStiffness = Lane(repeating: rootMassPerStiffness[j])
        wd = Lane(repeating: wd[j])
        inverseWd = Lane(repeating: inverseWd[j])
        mu = Lane(repeating: mu[j])
        r1 = Lane(repeating: r1[j])
        r2 = Lane(repeating: r2[j])
        inverseTwoMu = Lane(repeating: inverseTwoMu[j])
        underdamped = LaneMask(repeating: underdamped[j])
        dampedPeriod = Lane(repeating: dampedPeriod[j])
        hasDampedPeriod = LaneMask(repeating: hasDampedPeriod[j])
        modal = LaneMask(repeating: modal[j])
        overdampedModes = LaneMask(repeating: overdampedModes[j])
        critical = LaneMask(repeating: critical[j])
        rateSquared = Lane(repeating: rateSquared[j])
        rateLimitSquared = Lane(repeating: rateLimitSquared[j])
        anchor = Phasor(c: Lane(repeating: anchor.c[j]), s: Lane(repeating: anchor.s[j]))
    }
}
