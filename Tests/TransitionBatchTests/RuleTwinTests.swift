import Testing
import TransitionLab
import TransitionPhysics
@testable import TransitionBatch

/// The core defines each release rule once; the batch's lane setup calls it, and where the vector
/// block needs a lane-parallel twin there is exactly one, checked here lane by lane, bit for bit.
@Suite("Rule twins agree lane by lane")
struct RuleTwinTests {
    /// 16-lane blocks of physics lanes with decisions near the threshold, fling velocities near
    /// the minimum, zero, huge and non-finite velocities.
    static func block(seed: UInt64) -> BatchReleases {
        var g = SplitMix64(seed: seed)
        var batch = BatchReleases()
        for _ in 0..<(16 * 64) {
            let model = ProjectedSpringModel(
                spring: randomSpring(&g), decelerationRate: DecelerationRate(rawValue: .random(in: 0.9...0.9999, using: &g)),
                projection: ProjectionForm.allCases.randomElement(using: &g)!, threshold: .random(in: 0.05...0.95, using: &g),
                minFlingVelocity: Bool.random(using: &g) ? 0 : .random(in: 0...2, using: &g))
            let velocity: Double
            switch Int.random(in: 0..<10, using: &g) {
            case 0: velocity = 0
            case 1: velocity = model.minFlingVelocity * (Bool.random(using: &g) ? 1 : -1)
            case 2: velocity = [.infinity, -.infinity, .nan, .greatestFiniteMagnitude, -1e300].randomElement(using: &g)!
            case 3: velocity = (model.threshold - 0.5) / model.projection.distancePerVelocity(rate: model.decelerationRate)
            default: velocity = .random(in: -6...6, using: &g)
            }
            // Every fifth lane releases exactly at the threshold (projected == threshold with no fling).
            let atThreshold = Int.random(in: 0..<5, using: &g) == 0
            let progress = atThreshold ? model.threshold : Double.random(in: -0.1...1.1, using: &g)
            batch.append(.physics(model), ReleaseState(progress: progress, velocity: atThreshold ? 0 : velocity))
        }
        return batch
    }

    @Test("plainBlockDecision is ProjectionRule, lane by lane", arguments: [UInt64(1), 2, 3])
    func decisionTwin(seed: UInt64) {
        let batch = Self.block(seed: seed)
        batch.withPointers { r in
            for base in stride(from: 0, to: r.count, by: laneWidth) {
                let block = plainBlockDecision(r, base: base)
                for lane in 0..<laneWidth {
                    let i = base + lane
                    let projected = ProjectionRule.projectedProgress(
                        progress: r.progress[i], velocity: r.velocity[i], minFlingVelocity: r.minFlingVelocity[i],
                        distancePerVelocity: r.distancePerVelocity[i])
                    let decision = ProjectionRule.decision(
                        projectedProgress: projected, threshold: r.threshold[i], recognizerCancelled: false)
                    #expect(block.projected[lane].bitPattern == projected.bitPattern || (block.projected[lane].isNaN && projected.isNaN))
                    #expect(block.finishes[lane] == (decision == .finish), "lane \(i): projected \(projected)")
                }
            }
        }
    }

    @Test("plainBlockPastSide is OvershootPolicy.pastSide, lane by lane, at and beyond the targets")
    func pastSideTwin() {
        let progresses: [Double] = [0, 1, 0.5, -0.1, 1.1, -0.0, 1e-300, 1 - 1e-16, .nan]
        let velocities: [Double] = [0, -0.0, 2, -2, 1e-300, -1e-300, .infinity, -.infinity]
        var cases: [(Double, Double, Bool)] = []
        for p in progresses { for v in velocities { for finishes in [false, true] { cases.append((p, v, finishes)) } } }
        while cases.count % laneWidth != 0 { cases.append((0.5, 0, true)) }
        for base in stride(from: 0, to: cases.count, by: laneWidth) {
            var p = Lane(), v = Lane(), finishes = LaneMask()
            for lane in 0..<laneWidth { (p[lane], v[lane], finishes[lane]) = cases[base + lane] }
            let side = plainBlockPastSide(progress: p, velocity: v, finishes: finishes)
            for lane in 0..<laneWidth {
                let expected = OvershootPolicy.pastSide(start: p[lane], startVelocity: v[lane], target: finishes[lane] ? 1 : 0)
                #expect(side[lane] == expected, "p \(p[lane]) v \(v[lane]) finishes \(finishes[lane])")
            }
        }
    }

    @Test("the lane setup decides as the scalar model does, for every lane")
    func laneSetupIsTheModel() {
        let batch = Self.block(seed: 9)
        batch.withPointers { r in
            for i in 0..<r.count {
                let start = startPhysicsLane(r, i)
                guard case .physics(let model) = batch.model(at: i) else { Issue.record("not physics"); return }
                let completion = model.release(batch.state(at: i))
                #expect(start.decision == completion.decision)
                #expect(start.projected.bitPattern == completion.projectedProgress!.bitPattern || start.projected.isNaN)
            }
        }
    }

    @Test("rubberBandAcceleration is OvershootPolicy.rubberBand.apply's acceleration, lane by lane", arguments: [UInt64(1), 2, 3])
    func rubberBandTwin(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        for _ in 0..<256 {
            var k = BlockCoefficients()
            var y = Lane(), w = Lane()
            for lane in 0..<laneWidth {
                let spring = randomSpring(&g)
                k.stiffness[lane] = spring.stiffness
                k.damping[lane] = spring.damping
                k.mass[lane] = spring.mass
                k.side[lane] = Bool.random(using: &g) ? 1 : -1
                k.target[lane] = k.side[lane] > 0 ? 1 : 0
                // Past the target (y > 0), from a hair to far, at every speed, with a few extremes.
                y[lane] = [1e-300, 1e-9, .random(in: 0...0.3, using: &g), .random(in: 0...20, using: &g), 1e300].randomElement(using: &g)!
                w[lane] = [0, -0.0, .random(in: -50...50, using: &g), 1e200, -1e200].randomElement(using: &g)!
            }
            let twin = rubberBandAcceleration(y, w, k)
            for lane in 0..<laneWidth {
                let x = k.side[lane] * y[lane], v = k.side[lane] * w[lane]
                let a = -(k.stiffness[lane] * x + k.damping[lane] * v) / k.mass[lane]
                let shown = OvershootPolicy.rubberBand.apply(
                    progress: k.target[lane] + x, displacement: x, velocity: v, acceleration: a, target: k.target[lane],
                    pastSide: k.side[lane])
                #expect(
                    twin[lane].bitPattern == shown.acceleration.bitPattern || (twin[lane].isNaN && shown.acceleration.isNaN),
                    "x \(x), v \(v): \(twin[lane]) against \(shown.acceleration)")
            }
        }
    }

    struct UserModel: ReleaseModel {
        var name: String { "always-finish" }
        func release(_ state: ReleaseState) -> Completion {
            Completion(
                decision: .finish, projectedProgress: nil,
                curve: CompletionCurve(
                    shape: .timingCurve(.linear, duration: 0.2), start: state.progress, startVelocity: state.velocity, target: 1))
        }
    }

    @Test("a user-written model is refused by name, and still runs on the scalar path")
    func userModelIsNamed() throws {
        #expect(BuiltInReleaseModel(UserModel()) == nil)
        do {
            _ = try BatchReleases(model: UserModel(), states: [ReleaseState(progress: 0.3, velocity: 1)])
            Issue.record("expected UnvectorizableModelError")
        } catch {
            #expect(error.modelName == "always-finish")
            #expect(error.description.contains("scalar path"))
        }
        let metrics = UserModel().release(ReleaseState(progress: 0.3, velocity: 1)).curve.metrics(releaseVelocity: 1)
        #expect(metrics.completionTime == 0.2)
        #expect(try BatchReleases(model: ProjectedSpringModel(), states: [ReleaseState(progress: 0.3, velocity: 1)]).count == 1)
    }
}
