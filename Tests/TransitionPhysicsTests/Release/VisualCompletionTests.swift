import RealModule
import Testing
@testable import TransitionPhysics

/// The visual completion (`CompletionCurve.restTime(tolerance:)`): the time from which the shown
/// progress stays within one pixel of the target, checked against a brute-force scan of the
/// closed form at 10 µs steps, for every shape.
@Suite("Release: the one-pixel visual completion")
struct VisualCompletionTests {
    /// The last instant on a 10 µs grid, up to `horizon` seconds, at which the shown progress is a
    /// tolerance or more from the target, plus one step; 0 if there is none.
    static func bruteForce(_ curve: CompletionCurve, tolerance: Double, horizon: Double) -> Double {
        let step = 1e-5
        var last = -1.0
        var t = 0.0
        while t <= horizon {
            if abs(curve.progress(at: t) - curve.target) >= tolerance { last = t }
            t += step
        }
        return last < 0 ? 0 : last + step
    }

    static let pixel = 1 / 1170.0

    static var curves: [(String, CompletionCurve)] {
        [
            ("easeInOut 0.21 s", CompletionCurve(shape: .timingCurve(.easeInOut, duration: 0.21), start: 0.3, startVelocity: 2, target: 1)),
            ("linear cancel", CompletionCurve(shape: .timingCurve(.linear, duration: 0.12), start: 0.4, startVelocity: 0, target: 0)),
            ("uiKit spring curve", CompletionCurve(shape: .uiKitSpringCurve(duration: 0.3), start: 0.6, startVelocity: 0, target: 1)),
            ("critical spring", CompletionCurve(shape: .spring(ProjectedSpringModel.defaultSpring, overshoot: .allow), start: 0.3, startVelocity: 2, target: 1)),
            ("bouncy spring", CompletionCurve(shape: .spring(Spring(response: 0.4, dampingRatio: 0.3), overshoot: .allow), start: 0.2, startVelocity: 3, target: 1)),
            ("bouncy spring, rubber band", CompletionCurve(shape: .spring(Spring(response: 0.4, dampingRatio: 0.3), overshoot: .rubberBand), start: 0.2, startVelocity: 3, target: 1)),
            ("clamped spring", CompletionCurve(shape: .spring(Spring(response: 0.4, dampingRatio: 0.5), overshoot: .clamp), start: 0.5, startVelocity: 1, target: 1)),
            ("overdamped spring away", CompletionCurve(shape: .spring(Spring(response: 0.3, dampingRatio: 2), overshoot: .allow), start: 0.7, startVelocity: 2, target: 0)),
            ("minimum jerk", CompletionCurve(shape: .minimumJerk(duration: 0.2), start: 0.3, startVelocity: 2, target: 1)),
            ("minimum jerk reversing", CompletionCurve(shape: .minimumJerk(duration: 0.4), start: 0.5, startVelocity: -2, target: 1)),
        ]
    }

    @Test("Equals the brute-force scan of the shown progress, for every shape, within one 10 µs step")
    func againstBruteForce() {
        for (name, curve) in Self.curves {
            let rest = curve.restTime(tolerance: Self.pixel)
            let horizon = curve.fixedDuration ?? 3
            let expected = Self.bruteForce(curve, tolerance: Self.pixel, horizon: horizon)
            #expect(abs(rest - expected) <= 1.01e-5, "\(name): \(rest) against \(expected)")
            // From then on nothing is a pixel away.
            for i in 0...200 {
                let t = rest + Double(i) * 0.01
                #expect(abs(curve.progress(at: t) - curve.target) < Self.pixel, "\(name) at \(t)")
            }
        }
    }

    @Test("Never later than the bounds it starts from: a timed curve's duration, a spring's energy bound")
    func withinBounds() {
        for (_, curve) in Self.curves {
            let rest = curve.restTime(tolerance: Self.pixel)
            switch curve.shape {
            case .spring(let spring, _):
                #expect(rest <= spring.restTime(initialDisplacement: curve.start - curve.target, initialVelocity: curve.startVelocity, tolerance: Self.pixel))
            default:
                #expect(rest <= curve.fixedDuration!)
                // A timed curve from afar reaches the last pixel strictly before its end.
                #expect(rest < curve.fixedDuration!)
            }
        }
    }

    @Test("Nothing to show: a release at the target at rest is done at once")
    func alreadyThere() {
        let spring = CompletionCurve(shape: .spring(ProjectedSpringModel.defaultSpring, overshoot: .allow), start: 1, startVelocity: 0, target: 1)
        #expect(spring.restTime(tolerance: Self.pixel) == 0)
        let timed = CompletionCurve(shape: .timingCurve(.easeInOut, duration: 0), start: 1, startVelocity: 0, target: 1)
        #expect(timed.restTime(tolerance: Self.pixel) == 0)
    }

    @Test("More pixels, later completion; the tolerance is one pixel of the travel")
    func finerScreensFinishLater() {
        let curve = Self.curves[3].1
        let oneX = curve.restTime(tolerance: CompletionCurve.visualCompletionTolerance(travelPixels: 390))
        let threeX = curve.restTime(tolerance: CompletionCurve.visualCompletionTolerance(travelPixels: 1170))
        #expect(oneX < threeX)
        #expect(CompletionCurve.visualCompletionTolerance(travelPixels: 1170) == 1 / 1170.0)
    }

    @Test("The frame driver reports .completed at the visual completion, at every frame rate")
    func driverAgrees() {
        let xs: [Double] = [300, 296, 284, 262, 232, 195]
        var samples = xs.indices.map { TouchSample(time: Double($0) / 60, x: xs[$0], phase: $0 == 0 ? .began : .changed) }
        samples.append(TouchSample(time: 0.087, x: 195, phase: .ended))
        for shape in [PhysicsCompletionShape.spring, .minimumJerk(.peakAcceleration(120))] {
            var transition = InteractiveTransition(
                mapping: ProgressMapping(travel: 390), model: ProjectedSpringModel(completionShape: shape),
                estimator: LeastSquaresVelocityEstimator())
            transition.pixelsPerPoint = 3
            for sample in samples { transition.handle(sample) }
            let release = transition.releases.last!
            let visual = release.completion.curve.restTime(tolerance: 1 / 1170.0)
            for rate in [60.0, 120.0, 240.0] {
                var copy = transition
                var completedAt: Double?
                var t = 0.087
                // The first frame after the lift-off shows the release position; the curve starts there.
                let start = 0.087 + 1 / rate
                while completedAt == nil && t < 3 {
                    t += 1 / rate
                    if copy.advance(to: t).events.contains(where: { $0.name == "completed" }) { completedAt = t }
                }
                #expect(completedAt != nil)
                #expect(completedAt! >= start + visual && completedAt! < start + visual + 1 / rate + 1e-12)
            }
        }
    }
}

/// The one-pixel rule for lightly damped springs: down to damping ratio 0.001 no swing after the
/// visual completion reaches a pixel by more than the grid's documented miss (a peak within
/// 1 - cos(pi / 32) of the tolerance between two of its 32 instants per period).
@Suite struct LightlyDampedRestTests {
    @Test(arguments: [0.001, 0.002, 0.005, 0.01, 0.05])
    func noSwingAPixelAwayAfterRest(dampingRatio: Double) {
        var worst = 0.0
        for travel in [390.0, 800.0] {
            for velocity in [-20.0, -3, 0, 3, 20] {
                let curve = CompletionCurve(
                    shape: .spring(Spring(response: 0.3, dampingRatio: dampingRatio), overshoot: .allow), start: 0.3,
                    startVelocity: velocity, target: 1)
                let tolerance = 1 / (travel * 3)
                let rest = curve.restTime(tolerance: tolerance)
                #expect(rest.isFinite && rest > 0)
                // Every 1/400 of the response from rest to the energy bound, past which no swing reaches a pixel.
                let bound = curve.visualCompletionBound(tolerance: tolerance)
                var t = rest
                while t < bound {
                    worst = max(worst, abs(curve.progress(at: t) - 1) / tolerance)
                    t += 0.3 / 400
                }
            }
        }
        #expect(worst < 1 / Double.cos(.pi / 32), "worst swing after rest: \(worst) pixels")
    }
}
