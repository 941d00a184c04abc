import Foundation
import Testing
import ToolTestSupport
import TransitionLab
import TransitionPhysics
@testable import TransitionSweep

/// `--evaluator batch` (the default) and `--evaluator scalar` write the same bytes.
@Suite(.serialized) struct EvaluatorIdentityTests {
    /// Grids covering every model and every physics axis the batch integrator sees. Each is
    /// small enough for a debug build (undamped springs run 60 s of frames before they give up).
    static let grids: [(name: String, flags: [String])] = [
        ("every model, curves, overshoot policies, springs, projections, fling speeds", [
            "--model", "classic,physics,cupertino", "--release-progress", "0:1:0.125", "--release-velocity", "-4:4:1",
            "--completion-curve", "easeInOut,linear,uiKitSpring", "--duration", "0.25,0.4", "--completion-speed", "1,1.5",
            "--overshoot", "allow,clamp,rubberBand", "--response", "0.2,0.5", "--damping-ratio", "0.15,0.6,1,2.5",
            "--projection", "discrete,continuous,perMillisecondSum", "--min-fling-velocity", "0,0.5",
            "--frame-rate", "60,240",
        ]),
        ("spring constants: under-, critically and overdamped, masses, deceleration rates", [
            "--model", "physics,cupertino", "--release-progress", "0,0.001,0.3,0.5,0.7,0.999,1",
            "--release-velocity", "-20,-3,-0.4,0,0.4,3,20",
            "--stiffness", "50,300", "--damping", "0,5,34.64101615137755,80", "--mass", "0.5,1",
            "--deceleration-rate", "0.99,0.998", "--overshoot", "allow,clamp,rubberBand", "--min-fling-velocity", "0,1",
            "--frame-rate", "30",
        ]),
        ("completion shapes and their duration rules", [
            "--model", "physics,classic", "--release-progress", "0:1:0.05", "--release-velocity", "-6:6:0.5",
            "--completion-shape", "spring,minimum-jerk,ease-in-out", "--completion-duration-rule", "peak-acceleration,duration",
            "--completion-peak-acceleration", "30,400", "--duration", "0.2,0.5", "--travel-pixels", "390",
        ]),
        ("the default grid, coarser", ["--release-progress", "0:1:0.05", "--release-velocity", "-5:5:0.25"]),
    ]

    @Test(arguments: grids.indices)
    func batchAndScalarEvaluatorsWriteIdenticalBytes(index: Int) throws {
        let (name, flags) = Self.grids[index]
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [Data] = []
        for (evaluator, threads) in [("scalar", "2"), ("batch", "1")] {
            let path = folder.appendingPathComponent("\(evaluator)-\(threads).csv").path
            let result = try Binary.run(flags + ["--evaluator", evaluator, "--threads", threads, "--quiet", "--output", path])
            #expect(result.status == 0, "\(name), \(evaluator): \(result.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        if index == Self.grids.count - 1 {
            // The default is the batch evaluator (and all cores give the same bytes).
            let defaultPath = folder.appendingPathComponent("default.csv").path
            #expect(try Binary.run(flags + ["--quiet", "--output", defaultPath]).status == 0)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: defaultPath)))
        }

        let reference = outputs[0]
        let rows = reference.split(separator: UInt8(ascii: "\n")).count - 1
        #expect(rows > 1000, "\(name): only \(rows) rows")
        for (k, other) in outputs.enumerated().dropFirst() {
            #expect(other == reference, "\(name), output \(k): \(Self.firstDifference(reference, other))")
        }
    }

    /// The first differing line of two CSV files, for the failure message.
    static func firstDifference(_ a: Data, _ b: Data) -> String {
        let la = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let lb = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (x, y) in zip(la, lb) where x != y { return "scalar: \(x)\nbatch:  \(y)" }
        return la.count == lb.count ? "same lines" : "\(la.count) vs \(lb.count) lines"
    }

    /// Bit for bit, chunk by chunk, in process: the batch evaluator with timed rows in the batch
    /// too (not the default) and with the default routing, against the scalar evaluator.
    @Test func everyChunkArrayMatchesTheScalarEvaluatorBitForBit() throws {
        let flags = [
            "--model", "classic,physics,cupertino", "--release-progress", "0,0.25,0.5,0.8,1", "--release-velocity", "-3,-0.5,0,1,4",
            "--completion-curve", "easeInOut,linear,uiKitSpring", "--duration", "0.25,0.4",
            "--overshoot", "allow,clamp,rubberBand", "--response", "0.2,0.5", "--damping-ratio", "0.15,1,2.5",
            "--projection", "discrete,continuous", "--min-fling-velocity", "0,0.5", "--frame-rate", "60,240",
        ]
        let command = try #require(try TransitionSweepCommand.parseAsRoot(flags) as? RunCommand)
        let grid = try command.plan(environment: [:]).grid
        let scalar = ScalarEvaluator(grid: grid)
        for timed in [BatchEvaluator.TimedRows.scalar, .batch] {
            let batch = BatchEvaluator(grid: grid, timedRows: timed)
            // Odd chunk sizes: lanes that do not fill a SIMD block, chunks that straddle models.
            for size in [1, 37, 4096] {
                var lower = 0
                while lower < grid.rowCount {
                    let rows = lower..<min(lower + size, grid.rowCount)
                    let s = scalar.evaluate(rows: rows), b = batch.evaluate(rows: rows)
                    #expect(s.decisions == b.decisions, "\(timed) \(rows)")
                    for (name, x, y) in [
                        ("projected", s.projectedProgress, b.projectedProgress), ("time", s.completionTime, b.completionTime),
                        ("jump", s.velocityJump, b.velocityJump), ("overshoot", s.overshoot, b.overshoot),
                        ("peak", s.peakAcceleration, b.peakAcceleration),
                    ] {
                        let bad = zip(x, y).enumerated().first { $0.element.0.bitPattern != $0.element.1.bitPattern }
                        #expect(bad == nil, "\(timed) \(name) row \(rows.lowerBound + (bad?.offset ?? 0)): \(bad.map { "\($0.element)" } ?? "")")
                    }
                    lower = rows.upperBound
                }
            }
        }
    }
}
