import TransitionBatch
import TransitionLab
import TransitionPhysics

// Test data comes from the lab's one seeded generator, `SplitMix64` (TransitionLab).

/// Random springs covering every regime: undamped, lightly and strongly underdamped, critical,
/// overdamped, stiff overdamped, mass != 1. Undamped springs never settle (the scalar path
/// then runs its 60 s of frames), so they are rarer.
func randomSpring(_ g: inout SplitMix64) -> Spring {
    if Int.random(in: 0..<40, using: &g) == 0 {
        return Spring(response: .random(in: 0.2...0.8, using: &g), dampingRatio: 0)
    }
    switch Int.random(in: 1..<10, using: &g) {
    case 0: return Spring(response: .random(in: 0.2...0.8, using: &g), dampingRatio: 0)
    case 1: return Spring(response: .random(in: 0.1...1.0, using: &g), dampingRatio: .random(in: 0.02...0.3, using: &g))
    case 2, 3: return Spring(response: .random(in: 0.1...1.0, using: &g), dampingRatio: .random(in: 0.3...0.99, using: &g))
    case 4: return Spring(response: .random(in: 0.1...1.0, using: &g), dampingRatio: 1)
    case 5: return Spring(response: .random(in: 0.1...1.0, using: &g), dampingRatio: .random(in: 1.0001...1.05, using: &g))
    case 6: return Spring(response: .random(in: 0.1...1.0, using: &g), dampingRatio: .random(in: 1.05...5, using: &g))
    case 7: return Spring(mass: 1, stiffness: 1000, damping: 3 * 2 * 1000.0.squareRoot(), allowOverDamping: true)
    case 8:
        return Spring(
            mass: .random(in: 0.2...4, using: &g), stiffness: .random(in: 20...2000, using: &g),
            damping: .random(in: 0...80, using: &g), allowOverDamping: true)
    default: return ProjectedSpringModel.defaultSpring
    }
}

func randomModel(_ g: inout SplitMix64) -> BuiltInReleaseModel {
    switch Int.random(in: 0..<9, using: &g) {
    case 8:
        // A timed physics completion: a lane evaluated through its curve, with the projection.
        let rule: TimedCompletionDuration = Bool.random(using: &g)
            ? .peakAcceleration(.random(in: 20...600, using: &g)) : .fullTravel(seconds: .random(in: 0.1...0.8, using: &g))
        return .physics(
            ProjectedSpringModel(
                decelerationRate: .normal, projection: ProjectionForm.allCases.randomElement(using: &g)!,
                threshold: .random(in: 0.2...0.8, using: &g),
                completionShape: Bool.random(using: &g) ? .minimumJerk(rule) : .easeInOut(rule)))
    case 0, 1, 2, 3, 4:
        let rates = [DecelerationRate.normal, .fast, DecelerationRate(rawValue: .random(in: 0.9...0.999, using: &g))]
        return .physics(
            ProjectedSpringModel(
                spring: randomSpring(&g), decelerationRate: rates.randomElement(using: &g)!,
                projection: ProjectionForm.allCases.randomElement(using: &g)!, threshold: .random(in: 0.2...0.8, using: &g),
                minFlingVelocity: Bool.random(using: &g) ? 0 : .random(in: 0...1.5, using: &g),
                overshoot: OvershootPolicy.allCases.randomElement(using: &g)!))
    case 5, 6:
        let curves: [ClassicPercentDrivenModel.CurveChoice] =
            UnitCurve.named.map { .timing($0.curve) } + [.uiKitSpring]
        return .classic(
            ClassicPercentDrivenModel(
                duration: [0.3, 2, .random(in: 0.1...1, using: &g)].randomElement(using: &g)!,
                completionSpeed: .random(in: 0.5...2, using: &g), completionCurve: curves.randomElement(using: &g)!,
                threshold: .random(in: 0.2...0.8, using: &g),
                decisionRule: ClassicPercentDrivenModel.DecisionRule.allCases.randomElement(using: &g)!))
    default:
        return Bool.random(using: &g)
            ? .cupertino(FlutterBackSwipeModel())
            : .cupertino(FlutterBackSwipeModel(minFlingVelocity: .random(in: 0.5...2, using: &g)))
    }
}

func randomState(_ g: inout SplitMix64) -> ReleaseState {
    let progress = Double.random(in: -0.15...1.15, using: &g)
    let velocity = Int.random(in: 0..<6, using: &g) == 0 ? 0 : Double.random(in: -8...8, using: &g)
    return ReleaseState(
        progress: progress, velocity: velocity,
        lastChangedProgress: progress + .random(in: -0.05...0.05, using: &g),
        recognizerCancelled: Int.random(in: 0..<12, using: &g) == 0)
}

func randomBatch(count: Int, seed: UInt64) -> BatchReleases {
    var g = SplitMix64(seed: seed)
    var batch = BatchReleases()
    for _ in 0..<count { batch.append(randomModel(&g), randomState(&g)) }
    return batch
}

/// Relative closeness with a tiny absolute floor (values near 0 carry absolute rounding).
func close(_ a: Double, _ b: Double, relative: Double = 1e-12, absolute: Double = 1e-15) -> Bool {
    if a == b { return true }
    if a.isNaN && b.isNaN { return true }
    return abs(a - b) <= relative * max(abs(a), abs(b)) + absolute
}
