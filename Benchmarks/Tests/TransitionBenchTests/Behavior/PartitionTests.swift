import Testing
import TransitionLab  // SplitMix64, the one seeded generator
import _Partition

/// The quantile selection's partition (`tp_partition_doubles`), with every instruction set this
/// CPU has, against its rule written out: the values below the pivot (or not above it) first,
/// the others after, the same values as before, at every length around the vectors' widths.
@Suite struct PartitionTests {
    @Test func everyInstructionSetPartitionsByTheRule() {
        var generator = SplitMix64(seed: 8)
        // Every set the CPU has, the scalar one (0) always among them.
        let sets = Array(Int(TP_PARTITION_SCALAR)...Int(tp_partition_instruction_set()))
        let pool: [Double] = [-.infinity, -1, -0.5, 0, 0.25, 0.5, 1, 2, .infinity, .greatestFiniteMagnitude, -Double.leastNonzeroMagnitude]
        for n in Array(0...40) + [63, 64, 65, 1000, 1001] {
            for pattern in 0..<4 {
                let values: [Double] = (0..<n).map { i in
                    switch pattern {
                    case 0: return Double.random(in: -1...1, using: &generator)
                    case 1: return pool.randomElement(using: &generator)!
                    case 2: return Double(i % 3)
                    default: return 0.5
                    }
                }
                let pivots = [0.5, values.first ?? 0, values.last ?? 0, -.infinity, .infinity]
                for set in sets {
                    for pivot in pivots {
                        for orEqual in [false, true] {
                            var a = values
                            var spare = [Double](repeating: .nan, count: n + 8)
                            let front = a.withUnsafeMutableBufferPointer { a in
                                spare.withUnsafeMutableBufferPointer { spare in
                                    Int(tp_partition_doubles_with(Int32(set), a.baseAddress, n, pivot, orEqual ? 1 : 0, spare.baseAddress!))
                                }
                            }
                            func inFront(_ x: Double) -> Bool { orEqual ? x <= pivot : x < pivot }
                            let context = "set \(set), n \(n), pattern \(pattern), pivot \(pivot), or equal \(orEqual)"
                            #expect(front == values.filter(inFront).count, "\(context)")
                            #expect(a[..<front].allSatisfy(inFront) && !a[front...].contains(where: inFront), "\(context)")
                            #expect(a.map(\.bitPattern).sorted() == values.map(\.bitPattern).sorted(), "\(context): the same values")
                        }
                    }
                }
            }
        }
    }
}
