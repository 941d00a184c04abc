import Foundation
import Testing
@testable import TransitionBatch

/// The lane-parallel elementary functions of the closed-form metrics against the platform's libm,
/// over their documented ranges, at random points and at the reduction boundaries.
struct ElementaryFunctionTests {
    @Test func atan2MatchesTheLibrary() {
        var g = SplitMix64(seed: 11)
        var worst = 0.0
        for _ in 0..<2000 {
            var y = Lane(), x = Lane()
            for i in 0..<laneWidth {
                let scale = pow(10, Double.random(in: -8...8, using: &g))
                y[i] = .random(in: -1...1, using: &g) * scale
                x[i] = .random(in: -1...1, using: &g) * scale
            }
            // Axes, diagonals and the octant boundary tan(pi/8).
            y[0] = 0; x[1] = 0; y[2] = x[2]; y[3] = -x[3]; y[4] = x[4] * 0.41421356237309503
            let got = laneAtan2(y, x)
            for i in 0..<laneWidth { worst = max(worst, abs(got[i] - atan2(y[i], x[i]))) }
        }
        #expect(worst <= 1e-10, "largest error \(worst) rad")
    }

    @Test func expMatchesTheLibrary() {
        var g = SplitMix64(seed: 12)
        var worst = 0.0
        for _ in 0..<2000 {
            var x = Lane()
            for i in 0..<laneWidth { x[i] = -Double.random(in: 0...1, using: &g) * pow(10, Double.random(in: -3...2.85, using: &g)) }
            // Zero, the reduction's boundaries (half-integer multiples of ln 2), and the cut-off.
            x[0] = 0; x[1] = -0.5 * M_LN2; x[2] = -1.5 * M_LN2; x[3] = -707.9; x[4] = -700.5 * M_LN2
            let got = laneExp(x)
            for i in 0..<laneWidth {
                let expected = exp(x[i])
                worst = max(worst, abs(got[i] - expected) / expected)
            }
        }
        // 2 ulps: 4.4e-16 relative.
        #expect(worst <= 4.5e-16, "largest relative error \(worst)")
    }

    @Test func expIsZeroBelowItsCutOff() {
        var x = Lane(repeating: -708.000001)
        x[1] = -745; x[2] = -1e6; x[3] = -.infinity
        #expect(laneExp(x) == Lane())
        // Just above the cut-off: normal, and libm's value.
        let above = laneExp(Lane(repeating: -708))[0]
        #expect(abs(above - exp(-708)) <= 4.5e-16 * exp(-708))
    }

    @Test func sinCosMatchTheLibrary() {
        var g = SplitMix64(seed: 13)
        var worst = 0.0
        for _ in 0..<2000 {
            var theta = Lane()
            for i in 0..<laneWidth { theta[i] = Double.random(in: 0...1, using: &g) * pow(2, Double.random(in: -20...20, using: &g)) }
            // Zero, quadrant boundaries and octant points, and the top of the range.
            theta[0] = 0; theta[1] = .pi / 4; theta[2] = .pi / 2; theta[3] = 3 * .pi / 4; theta[4] = .pi
            theta[5] = 3 * .pi / 2; theta[6] = 2 * .pi; theta[7] = 0x1p20
            let got = laneSinCos(theta)
            for i in 0..<laneWidth {
                worst = max(worst, abs(got.sin[i] - sin(theta[i])), abs(got.cos[i] - cos(theta[i])))
            }
        }
        // Absolute: the reduction is exact to ~1e-16 of r, plus libm's own half ulp.
        #expect(worst <= 4e-16, "largest absolute error \(worst)")
    }
}
