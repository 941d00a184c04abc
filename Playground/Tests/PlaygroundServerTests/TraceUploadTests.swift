import Foundation
import Hummingbird
import HummingbirdTesting
import PlaygroundServer
import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// `POST /api/traces` on a live server: a trace file in, its strokes out exactly as `TraceReader`
/// reads them, each replayed by `POST /api/release` as `GestureRunner` replays the reader's trace;
/// a bad file refused with the reader's error naming the line, a wrong type with 415, a file over
/// the cap with 413.
@Suite struct TraceUploadTests {
    /// Labelled synthetic strokes of every family, written by the library's `TraceWriter`
    /// (family and axis columns included), as a page's download would be.
    static let traces: [GestureTrace] = SyntheticGestureGenerator(seed: 24, travel: 1080).corpus(count: 24).enumerated().map { i, trace in
        var trace = trace
        trace.userID = "tester"
        trace.deviceID = "browser-touch-3x"
        trace.axis = .x
        trace.id = "rec-\(i)"
        return trace
    }
    static let csv = TraceWriter.csvText(for: traces)

    /// Posts `body` to `path` with `contentType` on a live server of `playground`.
    static func post(
        _ body: [UInt8], path: String = "/api/traces?name=session.csv", contentType: String = "text/csv",
        playground: Playground = Playground()
    ) async throws -> (status: HTTPResponse.Status, body: Data) {
        try await playground.application(port: 0).test(.live) { client in
            try await client.execute(
                uri: path, method: .post, headers: [.contentType: contentType], body: ByteBuffer(bytes: body)
            ) { response in (response.status, Data(buffer: response.body)) }
        }
    }

    static func refusal(_ body: Data) -> [String: String] { (try? JSONDecoder().decode([String: String].self, from: body)) ?? [:] }

    @Test func strokesAreTheReadersAndReplayAsTheBenchmark() async throws {
        let (status, body) = try await Self.post(Array(Self.csv.utf8))
        #expect(status == .ok, "\(String(decoding: body, as: UTF8.self).prefix(300))")
        let contents = try JSONDecoder().decode(TraceUpload.Contents.self, from: body)
        let read = try TraceReader.parse(Self.csv, fileName: "session.csv")
        #expect(contents.name == "session.csv")
        #expect(contents.strokes.count == read.count)
        for (stroke, trace) in zip(contents.strokes, read) {
            #expect(stroke.id == trace.id && stroke.intent == trace.intent?.rawValue && stroke.family == trace.family)
            #expect(stroke.userID == "tester" && stroke.deviceID == "browser-touch-3x" && stroke.axis == "x")
            #expect(stroke.travel == trace.travel)
            #expect(stroke.samples.map(\.t) == trace.samples.map(\.time))  // exact: the reader's seconds
            #expect(stroke.samples.map(\.x) == trace.samples.map(\.x))
            #expect(stroke.samples.map(\.phase) == trace.samples.map(\.phase.rawValue))
        }
        // A stroke posted back to /api/release is GestureRunner's replay of the reader's trace.
        for (stroke, trace) in zip(contents.strokes, read).prefix(8) {
            let samples = stroke.samples.map { TouchSample(time: $0.t, x: $0.x, phase: TouchPhase(rawValue: $0.phase)!) }
            let json = try String(decoding: JSONEncoder().encode(samples.map { ["t": AnyCodableNumber.number($0.time), "x": .number($0.x), "phase": .text($0.phase.rawValue)] }), as: UTF8.self)
            let request = #"{"samples": \#(json), "travel": \#(stroke.travel), "models": ["classic", "physics"], "frameRate": 120}"#
            let answers = try await APITests.answers(request)
            for kind in [ReleaseModelKind.classic, .physics] {
                let model = try BuiltInReleaseModel(kind: kind, parameters: [:])
                let outcome = Replay.runner(for: model, frameRateHz: 120).run(trace)
                let answer = answers[kind.rawValue]!
                #expect(answer.decision == outcome.decision.rawValue, "\(trace.id)")
                #expect(answer.releaseVelocity == outcome.releaseVelocity, "\(trace.id)")
                #expect(answer.releaseProgress == outcome.releaseProgress, "\(trace.id)")
                #expect(answer.projectedProgress == outcome.projectedProgress, "\(trace.id)")
            }
        }
    }

    /// A stroke along y comes back with its y positions as the coordinate to replay along.
    @Test func aVerticalStrokeIsReplayedAlongY() async throws {
        let text = """
            trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent,axis
            pull,,,0,700,900,down,2532,cancel,y
            pull,,,16,701,950,move,2532,cancel,y
            pull,,,33,702,1010,up,2532,cancel,y

            """
        let (status, body) = try await Self.post(Array(text.utf8))
        #expect(status == .ok)
        let stroke = try JSONDecoder().decode(TraceUpload.Contents.self, from: body).strokes[0]
        #expect(stroke.axis == "y" && stroke.samples.map(\.x) == [900, 950, 1010] && stroke.intent == "cancel")
        #expect(stroke.userID == nil && stroke.family == nil)
    }

    /// The shared recording (3.8 MB) fits the cap and reads whole, when it is there.
    @Test(.enabled(if: recordedSwipesFile != nil, Comment(rawValue: recordedSwipesAbsent)))
    func theSharedRecordingUploads() async throws {
        let file = try #require(recordedSwipesFile)
        let bytes = try Data(contentsOf: file)
        #expect(bytes.count <= PlaygroundLimits().maximumTraceFileBytes)
        let (status, body) = try await Self.post([UInt8](bytes), path: "/api/traces?name=bioident-gallery-swipes.csv")
        #expect(status == .ok)
        let contents = try JSONDecoder().decode(TraceUpload.Contents.self, from: body)
        #expect(contents.strokes.count == (try TraceReader.read(contentsOf: file)).count)
        #expect(contents.strokes.allSatisfy { $0.intent == "finish" })
    }

    /// Bad files, by what is wrong with them.
    static func badFile(_ defect: String) -> String {
        let header = "trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent\n"
        switch defect {
        case "empty": return ""
        case "missing columns": return "trace_id,t_ms\n"
        case "NaN time": return csv.replacingOccurrences(of: "rec-0,tester,browser-touch-3x,0,", with: "rec-0,tester,browser-touch-3x,NaN,")
        case "unknown phase": return csv.replacingOccurrences(of: ",down,", with: ",touch,")
        case "unknown intent": return csv.replacingOccurrences(of: ",finish,", with: ",maybe,")
        case "no lift-off": return String(csv.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).joined(separator: "\n")) + "\n"
        case "open quote": return header + "\"a,1\n"
        default: preconditionFailure(defect)
        }
    }

    /// Each kind of bad file: 400, the field naming the line (and column), the message the
    /// reader's, labelled with the page's file name.
    @Test(arguments: [
        ("empty", "line 1", "session.csv:1:"),
        ("missing columns", "line 1", "session.csv:1:"),
        ("NaN time", "line 2, column t_ms", "session.csv:2: column t_ms"),
        ("unknown phase", "line 2, column phase", "expected"),
        ("unknown intent", "line", "column intent"),
        ("no lift-off", "line", "up"),
        ("open quote", "line 2", "session.csv:2"),
    ])
    func badFileIsRefusedNamingTheLine(defect: String, field: String, message: String) async throws {
        let (status, body) = try await Self.post(Array(Self.badFile(defect).utf8))
        #expect(status == .badRequest)
        let refusal = Self.refusal(body)
        #expect(refusal["field"]?.hasPrefix(field) == true, "\(refusal)")
        #expect(refusal["error"]?.contains(message) == true, "\(refusal)")
    }

    @Test func notUTF8IsRefused() async throws {
        let (status, body) = try await Self.post(Array("trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent\n".utf8) + [0xFF, 0xFE, 0x0A])
        #expect(status == .badRequest)
        #expect(Self.refusal(body)["error"]?.contains("UTF-8") == true)
    }

    /// The wrong media type for each route: 415 naming Content-Type, and what it must be.
    @Test func wrongContentTypeIsRefused() async throws {
        for type in ["application/json", "text/plain", "multipart/form-data; boundary=x", ""] {
            let (status, body) = try await Self.post(Array(Self.csv.utf8), contentType: type)
            #expect(status == .unsupportedMediaType, "\(type)")
            #expect(Self.refusal(body)["field"] == "Content-Type")
            #expect(Self.refusal(body)["error"]?.contains("text/csv") == true)
        }
        #expect(try await Self.post(Array(Self.csv.utf8), contentType: "text/csv; charset=utf-8").status == .ok)
        let (status, body) = try await Self.post(Array(Self.csv.utf8), path: "/api/release")
        #expect(status == .unsupportedMediaType)
        #expect(Self.refusal(body)["error"]?.contains("application/json") == true)
    }

    /// A file over the cap: 413 naming the body (announced by Content-Length, before it is read).
    @Test func fileOverTheCapIsRefused() async throws {
        var limits = PlaygroundLimits()
        limits.maximumTraceFileBytes = 4096
        let (status, body) = try await Self.post(Array(Self.csv.utf8), playground: Playground(limits: limits))
        #expect(Self.csv.utf8.count > 4096)
        #expect(status == .contentTooLarge)
        #expect(Self.refusal(body)["field"] == "body")
        // The default cap: 8 MiB and one byte more.
        let huge = [UInt8](repeating: UInt8(ascii: "a"), count: PlaygroundLimits().maximumTraceFileBytes + 1)
        #expect(try await Self.post(huge).status == .contentTooLarge)
        // A JSON request's own cap (1 MiB) is not the trace file's: a 2 MiB file is read.
        var big = Self.csv
        var i = 0
        while big.utf8.count < 2 << 20 {
            big += Self.csv.split(separator: "\n").dropFirst().map { $0.replacingOccurrences(of: "rec-", with: "copy\(i)-") }.joined(separator: "\n") + "\n"
            i += 1
        }
        #expect(try await Self.post(Array(big.utf8)).status == .ok)
    }

    /// The answer's hand-written JSON is `JSONEncoder`'s: the same object, the same doubles, for
    /// awkward text (quotes, backslashes, control characters, non-ASCII) and numbers.
    @Test func answerIsJSONEncodersJSON() throws {
        let odd = "q\"b\\s\u{1}\n\t\u{7F}é😀"
        let contents = TraceUpload.Contents(
            name: odd,
            strokes: [
                .init(
                    id: odd, userID: nil, deviceID: "d", family: odd, intent: nil, axis: "y", travel: 1e7,
                    samples: [
                        .init(t: 0, x: -0.0, phase: "began"), .init(t: .leastNonzeroMagnitude, x: 1e-5, phase: "changed"),
                        .init(t: 0.1 + 0.2, x: -9999999.999, phase: "ended"),
                    ]),
                .init(id: "2", userID: "u", deviceID: nil, family: nil, intent: "cancel", axis: "x", travel: 1, samples: []),
            ],
            warnings: [odd, "t_ms looks like seconds"])
        let written = Data(contents.jsonBytes)
        #expect(try JSONDecoder().decode(TraceUpload.Contents.self, from: written) == contents)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let reference = try JSONSerialization.jsonObject(with: encoder.encode(contents)) as! NSDictionary
        #expect((try JSONSerialization.jsonObject(with: written) as! NSDictionary) == reference)
        let decoded = try JSONDecoder().decode(TraceUpload.Contents.self, from: written)
        #expect(decoded.strokes[0].samples.map(\.t) == [0, .leastNonzeroMagnitude, 0.1 + 0.2])
        #expect(decoded.strokes[0].samples[0].x.sign == .minus)
    }

    /// A file whose t_ms is in seconds is read, with the bench's warning for the page; one in
    /// milliseconds has none.
    @Test func secondsAreWarnedAbout() throws {
        var rows = ["trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent,family,axis"]
        for (i, x) in stride(from: 100.0, through: 300, by: 20).enumerated() {
            let phase = i == 0 ? "down" : x >= 300 ? "up" : "move"
            rows.append("s1,u,d,\(Double(i) * 0.016),\(x),500.0,\(phase),1000.0,finish,,x")
        }
        let seconds = try TraceUpload.read(Array((rows.joined(separator: "\n") + "\n").utf8), name: "seconds.csv")
        #expect(seconds.strokes.count == 1 && seconds.warnings.contains { $0.contains("t_ms looks like seconds") })
        let milliseconds = rows.enumerated().map { i, row -> String in
            guard i > 0 else { return row }
            var fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[3] = String(Double(fields[3])! * 1000)
            return fields.joined(separator: ",")
        }
        let fine = try TraceUpload.read(Array((milliseconds.joined(separator: "\n") + "\n").utf8), name: "ms.csv")
        #expect(fine.warnings.isEmpty)
    }

    /// The name the errors label the file with: a file name, never a path or control characters.
    @Test func fileNameIsAName() {
        #expect(TraceUpload.fileName("../../etc/passwd") == "passwd")
        #expect(TraceUpload.fileName(nil) == "upload.csv")
        #expect(TraceUpload.fileName("a\u{1B}[31mb.csv") == "a[31mb.csv")
        #expect(TraceUpload.fileName(String(repeating: "x", count: 500)).count == 80)
    }

    /// The trace format the page's record mode writes comes from the library's definitions.
    @Test func pageGetsTheTraceFormat() async throws {
        let (status, body) = try await APITests.get("/api/parameters")
        #expect(status == .ok)
        let json = try JSONSerialization.jsonObject(with: body) as! [String: Any]
        let format = json["traceFormat"] as! [String: Any]
        #expect(format["columns"] as? [String] == TraceFormat.requiredColumns + [TraceFormat.familyColumn, TraceFormat.axisColumn, TraceFormat.pixelsPerPointColumn])
        let families = format["families"] as! [[String: String]]
        #expect(families.map { $0["name"]! } == SyntheticFamily.allCases.map(\.rawValue))
        #expect(families.map { $0["intent"]! } == SyntheticFamily.allCases.map(\.intent.rawValue))
        #expect(format["phases"] as? [String: String] == ["began": "down", "changed": "move", "ended": "up", "cancelled": "cancel"])
        let limits = json["limits"] as! [String: Any]
        #expect(limits["maximumTraceFileBytes"] as? Int == 8 << 20)
    }
}

/// A JSON number or string, for building request bodies with exact numbers.
enum AnyCodableNumber: Encodable {
    case number(Double)
    case text(String)
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let x): try c.encode(x)
        case .text(let s): try c.encode(s)
        }
    }
}
