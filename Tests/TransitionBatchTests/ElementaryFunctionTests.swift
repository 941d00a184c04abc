import Foundation
import Testing
@testable import TransitionBatch
import _SIMDKernels
import TransitionLab

/// The lane-parallel elementary functions (`_SIMDKernels`) against the platform's libm,
/// over their documented ranges, at random points and at the reduction boundaries: for every
/// kernel this machine can run (the baseline always; AVX2+FMA where the CPU has it), so both
/// halves of the run-time dispatch are held to the same bounds whichever one a build chooses.
struct ElementaryFunctionTests {
    @Test(arguments: ElementaryKernel.available)
    func expMatchesTheLibrary(kernel: ElementaryKernel) {
        var g = SplitMix64(seed: 12)
        var worst = 0.0
        for _ in 0..<2000 {
            var x = Lane()
            for i in 0..<laneWidth { x[i] = -Double.random(in: 0...1, using: &g) * pow(10, Double.random(in: -3...2.85, using: &g)) }
            // Zero, the reduction's boundaries (half-integer multiples of ln 2), and the cut-off.
            x[0] = 0; x[1] = -0.5 * M_LN2; x[2] = -1.5 * M_LN2; x[3] = -707.9; x[4] = -700.5 * M_LN2
            let got = laneExp(x, kernel: kernel)
            for i in 0..<laneWidth {
                let expected = exp(x[i])
                worst = max(worst, abs(got[i] - expected) / expected)
            }
        }
        // 2 ulps: 4.4e-16 relative.
        #expect(worst <= 4.5e-16, "\(kernel): largest relative error \(worst)")
    }

    @Test(arguments: ElementaryKernel.available)
    func expIsZeroBelowItsCutOff(kernel: ElementaryKernel) {
        var x = Lane(repeating: -708.000001)
        x[1] = -745; x[2] = -1e6; x[3] = -.infinity; x[4] = .nan
        #expect(laneExp(x, kernel: kernel) == Lane())
        // Just above the cut-off: normal, and libm's value.
        let above = laneExp(Lane(repeating: -708), kernel: kernel)[0]
        #expect(abs(above - exp(-708)) <= 4.5e-16 * exp(-708))
    }

    /// The square root is IEEE's, correctly rounded: every kernel gives the scalar `squareRoot()`'s
    /// bits, on random magnitudes and at zero, infinity, subnormals and exact squares (and a NaN for
    /// a negative input).
    @Test(arguments: ElementaryKernel.available)
    func squareRootIsTheScalarOne(kernel: ElementaryKernel) {
        var g = SplitMix64(seed: 17)
        for _ in 0..<2000 {
            var x = Lane()
            for i in 0..<laneWidth { x[i] = Double.random(in: 0...1, using: &g) * pow(10, Double.random(in: -300...300, using: &g)) }
            x[0] = 0; x[1] = -0.0; x[2] = .infinity; x[3] = .leastNonzeroMagnitude; x[4] = 0x1p-1030; x[5] = 9; x[6] = 2
            let got = laneSquareRoot(x, kernel: kernel)
            for i in 0..<laneWidth {
                #expect(got[i].bitPattern == x[i].squareRoot().bitPattern, "\(kernel): sqrt(\(x[i])) = \(got[i])")
            }
        }
        #expect(laneSquareRoot(Lane(repeating: -1), kernel: kernel)[0].isNaN)
    }

    /// The instruction sets the benchmark reports agree with how the kernels are reached: inline
    /// exactly where the Swift code is built for AVX2+FMA or wider, and the kernels never narrower
    /// than the kernel that runs.
    @Test func reportedInstructionSetsMatchTheKernels() {
        let swift = BatchIntegrator.swiftInstructionSet, kernels = BatchIntegrator.kernelInstructionSet
        #expect(ElementaryKernel.inlined == (swift >= .avx2FMA))
        if ElementaryKernel.inlined { #expect(kernels == swift) }
        if !ElementaryKernel.inlined && ElementaryKernel.chosen == .avx2FMA { #expect(kernels >= .avx2FMA) }
        #expect(ElementaryKernel.baselineHasAVX2FMA == (VectorInstructionSet(isa: tp_simd_kernels_target_isa()) >= .avx2FMA))
    }

    /// The kernel chosen at run time is the AVX2+FMA one exactly where the CPU can run it, the
    /// functions' default path computes what that kernel does, and the
    /// two kernels are different code: the fused one rounds some multiply-adds differently, so on
    /// random inputs their results differ in the last bits somewhere (identical results everywhere
    /// would mean both names ran the same code), and never by more than the functions' accuracy.
    @Test func runTimeDispatchChoosesTheFusedKernelWhereAvailable() {
        #expect(ElementaryKernel.chosen == (ElementaryKernel.avx2FMA.isAvailable ? .avx2FMA : .baseline))
        // What the twin calls (the dispatching functions, or the body inline where this
        // build's target has AVX2+FMA) is the chosen kernel, bit for bit.
        var h = SplitMix64(seed: 16)
        for _ in 0..<100 {
            var x = Lane(), theta = Lane()
            for i in 0..<laneWidth {
                x[i] = -Double.random(in: 0...50, using: &h)
                theta[i] = Double.random(in: 0...1000, using: &h)
            }
            let chosen = ElementaryKernel.chosen
            #expect(laneExp(x) == laneExp(x, kernel: chosen))
            #expect(laneSquareRoot(theta) == laneSquareRoot(theta, kernel: chosen))
        }
        guard ElementaryKernel.avx2FMA.isAvailable, !ElementaryKernel.baselineHasAVX2FMA else { return }
        var g = SplitMix64(seed: 15)
        var differing = 0, largest = 0.0
        for _ in 0..<200 {
            var x = Lane()
            for i in 0..<laneWidth { x[i] = -Double.random(in: 0...20, using: &g) }
            let fused = laneExp(x, kernel: .avx2FMA), unfused = laneExp(x, kernel: .baseline)
            for i in 0..<laneWidth where fused[i] != unfused[i] {
                differing += 1
                largest = max(largest, abs(fused[i] - unfused[i]) / unfused[i])
            }
        }
        #expect(differing > 0, "the AVX2+FMA and baseline kernels gave identical bits on 3200 inputs")
        #expect(largest <= 9e-16, "kernels differ by \(largest) relative")
    }
}
