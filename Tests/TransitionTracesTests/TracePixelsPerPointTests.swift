import Foundation
import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// A trace's pixels per point (docs/traces.md): an optional `pixels_per_point` column
/// says how many of the trace's pixels make a point, so a replay applies the platforms' fling cap,
/// 8,000 points per second, in the trace's own pixels (24,000 px/s at 3), as an app would.
@Suite("Trace pixels per point")
struct TracePixelsPerPointTests {
    static let header = "trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent"

    /// A flick on a 1170 px travel at `speed` px/s, sampled every 8 ms for 48 ms, lifted in place.
    static func flick(_ id: String, speed: Double, ratio: String?) -> [String] {
        var rows: [String] = []
        for i in 0...6 {
            let phase = i == 0 ? "down" : "move"
            rows.append("\(id),u,d,\(i * 8),\(100 + speed * Double(i) * 0.008),500,\(phase),1170,finish" + (ratio.map { ",\($0)" } ?? ""))
        }
        rows.append("\(id),u,d,52,\(100 + speed * 0.048),500,up,1170,finish" + (ratio.map { ",\($0)" } ?? ""))
        return rows
    }

    static func parse(_ lines: [String]) throws -> [GestureTrace] {
        try TraceReader.parse(lines.joined(separator: "\n") + "\n", fileName: "ratio.csv")
    }

    @Test func theColumnIsReadAndAnEmptyFieldIsUnknown() throws {
        let traces = try Self.parse(
            [Self.header + ",pixels_per_point"] + Self.flick("three", speed: 30_000, ratio: "3")
                + Self.flick("unknown", speed: 30_000, ratio: ""))
        #expect(traces.map(\.pixelsPerPoint) == [3, nil])
        #expect(traces[0].unitsPerPoint == 3 && traces[1].unitsPerPoint == 1)
    }

    @Test("bad values are refused naming the column and the line", arguments: ["0", "-2", "nan", "inf", "three"])
    func badValues(value: String) throws {
        let error = try #require(throws: TraceFileError.self) {
            try Self.parse([Self.header + ",pixels_per_point"] + Self.flick("f", speed: 1000, ratio: value))
        }
        #expect(error.column == "pixels_per_point" && error.line == 2, "\(error)")
    }

    @Test func aTraceKeepsOneRatio() throws {
        var lines = [Self.header + ",pixels_per_point"] + Self.flick("f", speed: 1000, ratio: "3")
        lines[3] = lines[3].replacingOccurrences(of: ",3", with: ",2")
        let error = try #require(throws: TraceFileError.self) { try Self.parse(lines) }
        #expect(error.problem == .inconsistentTraceField && error.column == "pixels_per_point", "\(error)")
    }

    @Test func theWriterWritesItBackAndTheReaderReadsTheSame() throws {
        let traces = try Self.parse(
            [Self.header + ",pixels_per_point"] + Self.flick("three", speed: 30_000, ratio: "3")
                + Self.flick("unknown", speed: 30_000, ratio: ""))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ratio-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try TraceWriter.write(traces, to: url)
        let again = try TraceReader.read(contentsOf: url)
        #expect(again == traces)
        let header = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")[0]
        #expect(header.hasSuffix(",pixels_per_point"))
    }

    /// The benchmark's replay, as an app: a 30,000 px/s flick on a 3x display is 10,000 points/s,
    /// capped at 8,000 points/s = 24,000 px/s; without the column its pixels are points, capped
    /// at 8,000 px/s, as before.
    @Test func theFlingCapIsInPointsInTheTracesPixels() throws {
        let traces = try Self.parse(
            [Self.header + ",pixels_per_point"] + Self.flick("three", speed: 30_000, ratio: "3")
                + Self.flick("unknown", speed: 30_000, ratio: "") + Self.flick("slow", speed: 20_000, ratio: "3"))
        let runner = GestureRunner(model: ProjectedSpringModel(), settings: ReplaySettings(directionRule: .fixedPositive))
        let capped = runner.run(traces[0]).releaseVelocity * 1170
        #expect(abs(capped - 24_000) < 1e-6, "\(capped) px/s")
        let undeclared = runner.run(traces[1]).releaseVelocity * 1170
        #expect(abs(undeclared - 8_000) < 1e-6, "\(undeclared) px/s")
        let under = runner.run(traces[2]).releaseVelocity * 1170
        #expect(under > 19_000 && under < 21_000, "a flick under the cap keeps its speed: \(under) px/s")
    }
}
