import Testing
import TransitionBatch
@testable import TransitionBench

/// The throughput runner holds the Python peers to the instruction set the batch's own code runs.
struct PeerInstructionSetTests {
    @Test func autoFollowsTheBatch() {
        let batch = max(BatchIntegrator.swiftInstructionSet, BatchIntegrator.kernelInstructionSet)
        // On an AVX-512 CPU, a batch without AVX-512 holds the peers to AVX2; otherwise they run free.
        #expect(PeerInstructionSet.auto.resolved(cpuHasAVX512: true) == (batch < .avx512 ? .avx2 : .native))
        #expect(PeerInstructionSet.auto.resolved(cpuHasAVX512: false) == .native)
        // An explicit choice stands.
        #expect(PeerInstructionSet.avx2.resolved(cpuHasAVX512: false) == .avx2)
        #expect(PeerInstructionSet.native.resolved(cpuHasAVX512: true) == .native)
    }

    @Test func avx2SetsBothNumbaSwitchesAndNumpysAVX512Targets() {
        let environment = PeerInstructionSet.avx2.environment
        // The CPU name alone leaves numba passing the host's AVX-512 features to LLVM.
        #expect(environment["NUMBA_CPU_NAME"] == "haswell")
        #expect(environment["NUMBA_CPU_FEATURES"] == "+avx2,+fma")
        let disabled = environment["NPY_DISABLE_CPU_FEATURES"]?.split(separator: " ") ?? []
        #expect(disabled.contains("AVX512F") && disabled.contains("AVX512_SKX") && disabled.contains("AVX512_ICL"))
        #expect(PeerInstructionSet.native.environment.isEmpty)
    }
}
