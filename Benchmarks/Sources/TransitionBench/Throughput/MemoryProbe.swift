import _NonTemporal

/// Write-bandwidth probes and build facts for the throughput runner (benchmark-only: the
/// library writes trajectories through `_NonTemporal` itself and needs none of this).
enum MemoryProbe {
    /// Fills `buffer` with `value` using ordinary stores (SIMD, write-allocate): the limit a
    /// trajectory written with ordinary stores can reach.
    static func fill(_ buffer: UnsafeMutableBufferPointer<Double>, with value: Double) {
        guard let base = buffer.baseAddress else { return }
        let count = buffer.count
        let raw = UnsafeMutableRawPointer(base)
        let vector = SIMD8<Double>(repeating: value)
        var i = 0
        while i + 8 <= count {
            raw.storeBytes(of: vector, toByteOffset: i * 8, as: SIMD8<Double>.self)
            i += 8
        }
        while i < count { base[i] = value; i += 1 }
    }

    /// Fills `buffer` with `value` using non-temporal stores (C helper).
    static func fillNonTemporal(_ buffer: UnsafeMutableBufferPointer<Double>, with value: Double) {
        guard let base = buffer.baseAddress else { return }
        tp_stream_fill_doubles(base, value, buffer.count)
        tp_store_fence()
    }

    /// Whether non-temporal stores are real on this build.
    static var hasNonTemporalStores: Bool { tp_has_non_temporal_stores() != 0 }

    /// The flags the C helper target was compiled with, as its preprocessor saw them (the
    /// `-Xcc -march=...` part of the build command).
    static var cBuildFlags: String { String(cString: tp_c_build_flags()) }
}
