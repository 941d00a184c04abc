import RealModule
import Testing
@testable import TransitionLab
import TransitionPhysics

@Suite("Synthetic: minimum-jerk movements")
struct SyntheticMinimumJerkTests {
    @Test("The normalised shape: 0, 1/2, 1 at s = 0, 1/2, 1 with zero slope and curvature at both ends")
    func shapeEndpoints() {
        typealias J = MinimumJerkSegment
        #expect(J.shape(0) == 0)
        #expect(J.shape(0.5) == 0.5)
        #expect(J.shape(1) == 1)
        #expect(J.shapeSlope(0) == 0 && J.shapeSlope(1) == 0)
        #expect(J.shapeCurvature(0) == 0 && J.shapeCurvature(1) == 0)
        #expect(J.shapeSlope(0.5) == 1.875)
        // Point symmetry about (1/2, 1/2): shape(s) + shape(1 - s) = 1.
        for s in stride(from: 0.0, through: 1, by: 0.05) {
            #expect((J.shape(s) + J.shape(1 - s)).isApproximatelyEqual(to: 1, relativeTolerance: 1e-14))
        }
    }

    @Test("A segment starts and ends at rest at its end points, in both directions", arguments: [(0.0, 0.8, 0.3), (120.0, -40.0, 1.5)])
    func segmentBoundary(start: Double, end: Double, duration: Double) {
        let segment = MinimumJerkSegment(start: start, end: end, duration: duration)
        #expect(segment.position(at: 0) == start)
        #expect(segment.position(at: duration) == end)
        #expect(segment.position(at: -1) == start && segment.position(at: duration + 1) == end)
        for t in [0, duration] {
            #expect(segment.velocity(at: t) == 0)
            #expect(segment.acceleration(at: t) == 0)
        }
        #expect(segment.velocity(at: duration / 2).isApproximatelyEqual(to: segment.peakVelocity, relativeTolerance: 1e-15))
        #expect(segment.acceleration(at: duration / 2) == 0)
    }

    @Test("Velocity and acceleration are the derivatives of the closed form (central differences)")
    func derivativesMatchDifferences() {
        let segment = MinimumJerkSegment(start: 0.1, end: 0.9, duration: 0.25)
        let h = 1e-6
        for t in stride(from: 0.01, to: 0.25, by: 0.01) {
            let dx = (segment.position(at: t + h) - segment.position(at: t - h)) / (2 * h)
            let dv = (segment.velocity(at: t + h) - segment.velocity(at: t - h)) / (2 * h)
            let scale = segment.peakVelocity
            #expect(abs(dx - segment.velocity(at: t)) < 1e-6 * scale)
            #expect(abs(dv - segment.acceleration(at: t)) < 1e-4 * scale / 0.25)
        }
    }

    @Test("Scaling the amplitude scales the trajectory; the mean velocity is amplitude / duration")
    func scaling() {
        let a = MinimumJerkSegment(start: 0, end: 1, duration: 0.4)
        let b = MinimumJerkSegment(start: 0, end: 3, duration: 0.4)
        var integral = 0.0
        let n = 4000
        for i in 0..<n {
            let t = (Double(i) + 0.5) * 0.4 / Double(n)
            #expect(b.position(at: t).isApproximatelyEqual(to: 3 * a.position(at: t), relativeTolerance: 1e-14))
            integral += a.velocity(at: t) * 0.4 / Double(n)
        }
        #expect(integral.isApproximatelyEqual(to: 1, relativeTolerance: 1e-6))
    }

    @Test("A path is continuous with zero velocity at joints and rests at its ends")
    func pathJoints() {
        var path = MinimumJerkPath(start: 0)
        path.move(to: 0.7, duration: 0.3)
        path.hold(duration: 0.1)
        path.hold(duration: 0)  // ignored
        path.move(to: 0.2, duration: 0.2)
        #expect(path.segments.count == 3)
        #expect(path.duration.isApproximatelyEqual(to: 0.6, relativeTolerance: 1e-15))
        #expect(path.end == 0.2)
        for joint in [0.0, 0.3, 0.4, path.duration] {
            #expect(abs(path.velocity(at: joint)) < 1e-12)
            #expect(abs(path.position(at: joint - 1e-9) - path.position(at: joint + 1e-9)) < 1e-7)
        }
        #expect(path.position(at: 0.35) == 0.7 && path.velocity(at: 0.35) == 0)
        #expect(path.velocity(at: 0.5) < 0)
        #expect(path.position(at: 10) == 0.2 && path.position(at: -1) == 0)
    }
}
