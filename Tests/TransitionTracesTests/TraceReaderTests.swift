import Foundation
import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

private typealias Fx = TraceFixtures

@Suite("TraceReader reads valid files")
struct TraceReaderTests {
    @Test("the small fixture: traces in file order, seconds, pixels, per-trace fields")
    func smallFile() throws {
        let traces = try TraceReader.parse(Fx.validText, fileName: "small.csv")
        #expect(traces.map(\.id) == ["a1", "b2", "c3"])
        #expect(traces.map(\.samples.count) == [5, 4, 4])
        let a1 = traces[0]
        #expect(a1.samples[1] == TouchSample(time: 0.063, x: 694.4639, y: 680.2769, phase: .changed))
        #expect(a1.samples.map(\.phase) == [.began, .changed, .changed, .changed, .ended])
        #expect(a1.travel == 800 && a1.intent == .finish && a1.userID == "22" && a1.deviceID == "7" && a1.family == nil)
        let c3 = traces[2]
        #expect(c3.travel == 480 && c3.intent == .cancel && c3.deviceID == "11")
        #expect(c3.samples.last?.phase == .cancelled)
        #expect(traceInvariantViolation(traces) == nil)
    }

    @Test("columns in any order, extra columns ignored, family filled, quoted fields, LF endings")
    func flexibleLayout() throws {
        let text = """
            note,phase,t_ms,trace_id,x_px,y_px,travel_px,intent,family,device_id,user_id
            "hello, world",down,0,"q,1",10,20,100,,peek,d,
            x,move,"16","q,1",20,20,100,,peek,d,
            "multi
            line",cancelled,33,"q,1",30,20,100,,peek,d,

            """
        let traces = try TraceReader.parse(text, fileName: "layout.csv")
        #expect(traces.count == 1)
        let trace = try #require(traces.first)
        #expect(trace.id == "q,1" && trace.family == "peek" && trace.deviceID == "d" && trace.userID == nil && trace.intent == nil)
        #expect(trace.samples.map(\.x) == [10, 20, 30])
        #expect(trace.samples.map(\.phase) == [.began, .changed, .cancelled])
    }

    @Test("a UTF-8 byte-order mark and trailing blank lines are accepted")
    func bomAndTrailingBlankLines() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array((Fx.validText + "\r\n\r\n").utf8)
        let traces = try TraceReader.parse(bytes: bytes, fileName: "bom.csv")
        #expect(traces.count == 3)
    }

    @Test("writer and reader round-trip traces exactly, including ids that need quoting")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 42)
        var traces: [GestureTrace] = []
        for k in 0..<50 {
            var t = Double(Int.random(in: 0...3, using: &generator)) * 0.001
            let count = Int.random(in: 2...30, using: &generator)
            var samples: [TouchSample] = []
            for i in 0..<count {
                let phase: TouchPhase = i == 0 ? .began : (i == count - 1 ? (k % 5 == 0 ? .cancelled : .ended) : .changed)
                samples.append(TouchSample(
                    time: t, x: Double.random(in: -500...1500, using: &generator),
                    y: Double.random(in: -10...10, using: &generator).rounded(), phase: phase))
                t += Double.random(in: 0...0.05, using: &generator)
            }
            traces.append(GestureTrace(
                id: k % 7 == 0 ? "syn \"\(k)\", peek" : "syn-\(k)", samples: samples,
                travel: [375, 800, 1024.5][k % 3], intent: k % 4 == 0 ? nil : (k % 2 == 0 ? .finish : .cancel),
                family: k % 3 == 0 ? nil : "family-\(k % 3)", userID: k % 2 == 0 ? nil : "u\(k)", deviceID: "d"))
        }
        let text = TraceWriter.csvText(for: traces)
        let back = try TraceReader.parse(text, fileName: "roundtrip.csv")
        #expect(firstDifference(back, traces) == nil)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try TraceWriter.write(traces, to: url)
        #expect(firstDifference(try TraceReader.read(contentsOf: url), traces) == nil)
    }

    @Test("the shared BioIdent file: counts and sanity",
          .enabled(if: Fx.sharedDataURL != nil, Fx.recordedSwipesAbsent))
    func sharedBioIdentFile() throws {
        let url = try #require(Fx.sharedDataURL)
        let traces = try TraceReader.read(contentsOf: url)
        // 73,864 rows: 7,361 strokes, each one down and one up (counted with awk on the file).
        #expect(traces.count == 7361)
        #expect(traces.reduce(0) { $0 + $1.samples.count } == 73864)
        #expect(traces.allSatisfy { $0.intent == .finish })
        #expect(traces.filter { $0.deviceID == "7" }.allSatisfy { $0.travel == 800 })
        #expect(traces.filter { $0.deviceID == "7" }.count > traces.count / 2)
        #expect(Set(traces.map(\.travel)) == [480, 800])
        #expect(traceInvariantViolation(traces) == nil)
        let unsorted = traces.filter { !zip($0.samples, $0.samples.dropFirst()).allSatisfy { $0.time <= $1.time } }
        #expect(unsorted.isEmpty, "times not sorted in \(unsorted.prefix(5).map(\.id))")
        #expect(traces.allSatisfy { $0.samples.first?.time == 0 }, "every stroke starts at t_ms 0")
    }
}

/// The first field where two trace lists differ, for a readable failure; nil when equal.
func firstDifference(_ a: [GestureTrace], _ b: [GestureTrace]) -> String? {
    guard a.count == b.count else { return "\(a.count) traces vs \(b.count)" }
    for (x, y) in zip(a, b) where x != y {
        guard x.samples.count == y.samples.count else { return "\(x.id): \(x.samples.count) samples vs \(y.samples.count)" }
        for (i, (s, t)) in zip(x.samples, y.samples).enumerated() where s != t {
            return "\(x.id)[\(i)]: \(s) vs \(t)"
        }
        return "\(x.id): \(x) vs \(y)"
    }
    return nil
}
