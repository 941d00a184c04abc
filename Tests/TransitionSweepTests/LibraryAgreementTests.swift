import ArgumentParser
import Foundation
import Testing
import TransitionPhysics
@testable import TransitionSweep

/// The CSV says exactly what the library says for the same release.
@Suite struct LibraryAgreementTests {
    static let flags = [
        "--model", "classic,physics,cupertino", "--release-progress", "0:1:0.125", "--release-velocity", "-3:3:0.75",
        "--completion-curve", "easeInOut,linear,uiKitSpring", "--duration", "0.25,0.4",
        "--overshoot", "allow,clamp,rubberBand", "--damping-ratio", "0.6,1", "--projection", "discrete,continuous",
        "--frame-rate", "60,240",
    ]

    /// Parses a CSV number exactly (empty stays nil).
    static func number(_ field: Substring) -> Double? {
        field.isEmpty ? nil : Double(String(field))!
    }

    @Test func everyRowEqualsTheLibrarysAnswerBitForBit() throws {
        let result = try Binary.run(Self.flags + ["--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == Substring(SweepGrid.columns.joined(separator: ",")))

        // The same flags, parsed in process, give the variants; the library is called directly.
        let command = try #require(try TransitionSweepCommand.parseAsRoot(Self.flags) as? RunCommand)
        let plan = try command.plan(environment: [:])
        #expect(plan.grid.rowCount == lines.count - 1)
        var checked = 0
        for (index, line) in lines.dropFirst().enumerated() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(f.count == SweepGrid.columns.count)
            #expect(Int(f[0]) == index)
            let p = Self.number(f[2])!, v = Self.number(f[3])!
            let point = plan.grid.point(index)
            let variant = plan.grid.variants[point.variant]
            #expect(f[1] == Substring(variant.kind.rawValue))
            #expect(p == plan.grid.progress[point.progress] && v == plan.grid.velocity[point.velocity])
            let completion = variant.model.release(ReleaseState(progress: p, velocity: v))
            let metrics = completion.curve.metrics(releaseVelocity: v, frameRate: variant.frameRate)
            #expect(f[4] == Substring(completion.decision.rawValue))
            #expect(Self.number(f[5])?.bitPattern == completion.projectedProgress?.bitPattern)
            #expect(Self.number(f[6])!.bitPattern == metrics.completionTime.bitPattern, "row \(index)")
            #expect(Self.number(f[7])!.bitPattern == metrics.velocityJump.bitPattern, "row \(index)")
            #expect(Self.number(f[8])!.bitPattern == metrics.overshoot.bitPattern, "row \(index)")
            #expect(Self.number(f[9])!.bitPattern == metrics.peakAcceleration.bitPattern, "row \(index)")
            #expect(Self.number(f[23]) == variant.frameRate)
            switch variant.kind {
            case .classic:
                let model = try #require(variant.model as? ClassicPercentDrivenModel)
                #expect(Self.number(f[10]) == model.duration && Self.number(f[11]) == model.completionSpeed)
                #expect(Self.number(f[13]) == model.threshold)
                #expect(f[14...21].allSatisfy { $0.isEmpty })
            case .physics:
                let model = try #require(variant.model as? ProjectedSpringModel)
                #expect(f[10...12].allSatisfy { $0.isEmpty })
                #expect(Self.number(f[16]) == model.spring.stiffness && Self.number(f[17]) == model.spring.damping)
                #expect(f[20] == Substring(model.projection.rawValue) && f[22] == Substring(model.overshoot.rawValue))
                #expect(Self.number(f[19]) == model.decelerationRate.rawValue)
            case .cupertino:
                #expect(f[10...22].allSatisfy { $0.isEmpty })
            }
            checked += 1
        }
        #expect(checked == 9 * 9 * (2 * 3 * 2 + 2 * 2 * 3 * 2 + 2))
    }

    @Test func trajectoriesAreTheLibrarysSamples() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("traj.csv").path
        let flags = ["--model", "classic,physics", "--release-progress", "0.3,0.8", "--release-velocity", "-1,2", "--frame-rate", "120"]
        let result = try Binary.run(flags + ["--trajectories", path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "row,t_s,progress,velocity_per_s")
        let command = try #require(try TransitionSweepCommand.parseAsRoot(flags) as? RunCommand)
        let grid = try command.plan(environment: [:]).grid
        var expected = ["row,t_s,progress,velocity_per_s"]
        for row in 0..<grid.rowCount {
            let point = grid.point(row)
            let variant = grid.variants[point.variant]
            let v = grid.velocity[point.velocity]
            let completion = variant.model.release(ReleaseState(progress: grid.progress[point.progress], velocity: v))
            let time = completion.curve.metrics(releaseVelocity: v, frameRate: 120).completionTime
            for s in completion.curve.sampled(frameRate: 120, duration: time) {
                expected.append("\(row),\(s.time),\(s.progress),\(s.velocity)")
            }
        }
        #expect(lines.map(String.init) == expected)
    }
}

/// In-process checks of parsing and formatting.
@Suite struct ParsingTests {
    @Test func rangesAndLists() throws {
        let tenths = try AxisParser.numbers("0:1:0.1", flag: "--x")
        #expect(tenths.count == 11)
        #expect(tenths[3] == 0.3 && tenths[7] == 0.7 && tenths.last == 1)
        let velocities = try AxisParser.numbers("-5:5:0.05", flag: "--x")
        #expect(velocities.count == 201 && velocities.first == -5 && velocities[100] == 0 && velocities[101] == 0.05)
        #expect(try AxisParser.numbers("0:1:0.3", flag: "--x") == [0, 0.3, 0.6, 0.9])
        #expect(try AxisParser.numbers("2:2:1", flag: "--x") == [2])
        let exponent = try AxisParser.numbers("0:1e-3:1e-4", flag: "--x")
        #expect(exponent.count == 11 && exponent.last == 1e-3)
        #expect(try AxisParser.numbers(" 0.5 , 1,2e1", flag: "--x") == [0.5, 1, 20])
        for bad in ["1:0:0.1", "0:1:0", "0:1:-1", "0:1", "a", "", "1,,2", "inf", "0:nan:1", "0:1:1e-9"] {
            #expect(throws: ValidationError.self, "\(bad)") { try AxisParser.numbers(bad, flag: "--x") }
        }
    }

    @Test func parseAsRootGivesTheRunCommandWithItsOptions() throws {
        let command = try #require(
            try TransitionSweepCommand.parseAsRoot(["--model", "physics", "--response", "0.2", "--threads", "2"]) as? RunCommand)
        #expect(command.models.model == "physics" && command.threads == 2)
        let variants = try command.models.variants()
        #expect(variants.count == 1)
        let model = try #require(variants[0].model as? ProjectedSpringModel)
        #expect(model.spring == Spring(response: 0.2, dampingRatio: 1))
        #expect(try TransitionSweepCommand.parseAsRoot(["merge", "a.csv", "b.csv"]) is MergeCommand)
        // ModelOptions alone, as the benchmark runner uses it.
        let options = try ModelOptions.parse(["--model", "classic,cupertino", "--duration", "0.2:0.4:0.1"])
        #expect(try options.variants().map(\.kind) == [.classic, .classic, .classic, .cupertino])
    }

    @Test func shardsCoverEveryRowOnce() {
        for total in [0, 1, 7, 100, 40602] {
            for n in 1...9 {
                var next = 0
                for k in 1...n {
                    let rows = Shard(index: k, count: n).rows(of: total)
                    #expect(rows.lowerBound == next)
                    next = rows.upperBound
                }
                #expect(next == total)
            }
        }
        #expect(Shard(index: 3, count: 12).substitute(into: "out-{shard}.csv") == "out-03.csv")
    }
}
