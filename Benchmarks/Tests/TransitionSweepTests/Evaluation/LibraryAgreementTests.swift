import ArgumentParser
import Foundation
import Testing
import ToolTestSupport
import TransitionLab
import TransitionPhysics
@testable import TransitionSweep

/// The CSV says exactly what the library says for the same release.
@Suite struct LibraryAgreementTests {
    static let flags = [
        "--model", "classic,physics,cupertino", "--release-progress", "0:1:0.125", "--release-velocity", "-3:3:0.75",
        "--completion-curve", "easeInOut,linear,uiKitSpring", "--duration", "0.25,0.4",
        "--overshoot", "allow,clamp,rubberBand", "--damping-ratio", "0.6,1", "--projection", "discrete,continuous",
        "--frame-rate", "60,240", "--completion-shape", "spring,minimum-jerk",
        "--completion-duration-rule", "peak-acceleration,duration",
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
        let column = Dictionary(uniqueKeysWithValues: SweepGrid.columns.enumerated().map { ($1, $0) })
        for (index, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(fields.count == SweepGrid.columns.count)
            func f(_ name: String) -> Substring { fields[column[name]!] }
            func empty(_ names: [String]) -> Bool { names.allSatisfy { f($0).isEmpty } }
            #expect(Int(f("row")) == index)
            let p = Self.number(f("release_progress"))!, v = Self.number(f("release_velocity_per_s"))!
            let point = plan.grid.point(index)
            let variant = plan.grid.variants[point.variant]
            #expect(f("model") == Substring(variant.kind.rawValue))
            #expect(p == plan.grid.progress[point.progress] && v == plan.grid.velocity[point.velocity])
            let completion = variant.model.release(ReleaseState(progress: p, velocity: v))
            let metrics = completion.curve.metrics(releaseVelocity: v, frameRate: variant.frameRate)
            #expect(f("decision") == Substring(completion.decision.rawValue))
            #expect(Self.number(f("projected_progress"))?.bitPattern == completion.projectedProgress?.bitPattern)
            #expect(Self.number(f("completion_time_s"))!.bitPattern == metrics.completionTime.bitPattern, "row \(index)")
            let visual = completion.curve.restTime(tolerance: 1 / SweepGrid.defaultTravelPixels)
            #expect(Self.number(f("visual_completion_time_s"))!.bitPattern == visual.bitPattern, "row \(index)")
            #expect(Self.number(f("velocity_jump_per_s"))!.bitPattern == metrics.velocityJump.bitPattern, "row \(index)")
            #expect(Self.number(f("overshoot"))!.bitPattern == metrics.overshoot.bitPattern, "row \(index)")
            #expect(Self.number(f("peak_acceleration_per_s2"))!.bitPattern == metrics.peakAcceleration.bitPattern, "row \(index)")
            #expect(Self.number(f("frame_rate_hz")) == variant.frameRate)
            let springColumns = ["response_s", "damping_ratio", "stiffness_per_s2", "damping_per_s", "mass", "overshoot_policy"]
            let physicsColumns = springColumns + [
                "deceleration_rate_per_ms", "projection", "min_fling_velocity_per_s", "completion_shape",
                "completion_duration_rule", "completion_peak_acceleration_per_s2",
            ]
            switch variant.kind {
            case .classic:
                let model = try #require(variant.model as? ClassicPercentDrivenModel)
                #expect(Self.number(f("duration_s")) == model.duration && Self.number(f("completion_speed")) == model.completionSpeed)
                #expect(Self.number(f("threshold")) == model.threshold)
                #expect(empty(physicsColumns))
            case .physics:
                let model = try #require(variant.model as? ProjectedSpringModel)
                #expect(empty(["completion_speed", "completion_curve"]))
                #expect(f("projection") == Substring(model.projection.rawValue))
                #expect(Self.number(f("deceleration_rate_per_ms")) == model.decelerationRate.rawValue)
                #expect(f("completion_shape") == Substring(model.completionShape.name))
                switch model.completionShape {
                case .spring:
                    #expect(Self.number(f("stiffness_per_s2")) == model.spring.stiffness && Self.number(f("damping_per_s")) == model.spring.damping)
                    #expect(f("overshoot_policy") == Substring(model.overshoot.rawValue))
                    #expect(empty(["duration_s", "completion_duration_rule", "completion_peak_acceleration_per_s2"]))
                case .minimumJerk(let rule), .easeInOut(let rule):
                    #expect(empty(springColumns))
                    #expect(f("completion_duration_rule") == Substring(rule.name))
                    switch rule {
                    case .peakAcceleration(let limit):
                        #expect(Self.number(f("completion_peak_acceleration_per_s2")) == limit && f("duration_s").isEmpty)
                    case .fullTravel(let seconds):
                        #expect(Self.number(f("duration_s")) == seconds && f("completion_peak_acceleration_per_s2").isEmpty)
                    }
                }
            case .cupertino:
                #expect(empty(["duration_s", "completion_speed", "completion_curve", "threshold"] + physicsColumns))
            }
            checked += 1
        }
        // classic: 2 durations x 3 curves x 2 frame rates; physics with the spring: 2 damping
        // ratios x 2 projections x 3 overshoot policies x 2 frame rates, with minimum jerk (no
        // spring parameters): 2 projections x 2 frame rates by peak acceleration, and x 2
        // durations by duration; cupertino: 2 frame rates.
        #expect(checked == 9 * 9 * (2 * 3 * 2 + (2 * 2 * 3 * 2 + 2 * 2 + 2 * 2 * 2) + 2))
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
