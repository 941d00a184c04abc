import Foundation
import Hummingbird
import HummingbirdTesting
import PlaygroundServer
import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The playground against a hostile client, on a live server: every answer is a 200 or a 4xx/5xx
/// naming what it refuses, the server stays up after each, and no file outside `Public/` is
/// ever served. Seeded, so a failure replays.
@Suite struct AbuseTests {
    static let valid = APITests.body(APITests.flick)

    /// Runs `body` against a live server of `playground`, with its port.
    static func live(_ playground: Playground = Playground(), _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await playground.application(port: 0).test(.live) { client in
            try await body(client.port!)
        }
    }

    static func post(port: Int, _ json: String, host: String = "127.0.0.1", contentType: String = "application/json") async throws -> String {
        let bytes = Array(json.utf8)
        return try await RawHTTP.exchangeOffPool(
            port: port,
            head: "POST /api/release HTTP/1.1\r\nHost: \(host)\r\nContent-Type: \(contentType)\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n",
            body: bytes
        ).response
    }

    static func get(port: Int, _ path: String, host: String = "127.0.0.1") async throws -> String {
        try await RawHTTP.exchangeOffPool(port: port, head: "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n").response
    }

    /// The field a refusal names (its JSON `field`), nil when the body is not such an error.
    static func field(_ response: String) -> String? {
        guard let data = RawHTTP.body(response).data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["field"] as? String
    }

    static func expectAlive(port: Int) async throws {
        let response = try await post(port: port, valid)
        #expect(RawHTTP.status(response) == 200, "the server no longer answers a valid request: \(response.prefix(200))")
    }

    @Test("Host, Content-Type and Content-Length are checked before any route")
    func guardsComeFirst() async throws {
        try await Self.live { port in
            for host in ["evil.example", "127.0.0.1.evil.example", "localhost.", "", "[::2]", "127.0.0.1:80x"] {
                let response = try await Self.get(port: port, "/", host: host)
                #expect(RawHTTP.status(response) == 421, "Host '\(host)': \(response.prefix(120))")
                #expect(Self.field(response) == "Host")
            }
            for host in ["127.0.0.1", "localhost:8080", "LOCALHOST", "[::1]:9"] {
                #expect(RawHTTP.status(try await Self.get(port: port, "/", host: host)) == 200, "Host '\(host)'")
            }
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""] {
                let response = try await Self.post(port: port, Self.valid, contentType: type)
                #expect(RawHTTP.status(response) == 415, "Content-Type '\(type)'")
                #expect(Self.field(response) == "Content-Type")
            }
            #expect(RawHTTP.status(try await Self.post(port: port, Self.valid, contentType: "application/json; charset=utf-8")) == 200)
            // A Content-Length over the cap: refused at once, before any byte of the body.
            let (announced, seconds) = try await RawHTTP.exchangeOffPool(
                port: port,
                head: "POST /api/release HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(2 << 20)\r\n\r\n")
            #expect(RawHTTP.status(announced) == 413)
            #expect(seconds < 5)
            try await Self.expectAlive(port: port)
        }
    }

    @Test("values that would trap the driver or the curves get a 400 naming the field")
    func trapsAreRefused() async throws {
        try await Self.live { port in
            let cases: [(String, String)] = [
                (APITests.body(APITests.flick, extra: #", "pixelsPerPoint": 5e-324"#), "pixelsPerPoint"),
                (APITests.body(APITests.flick, extra: #", "pixelsPerPoint": 4e-324"#), "pixelsPerPoint"),
                (APITests.body(APITests.flick, models: ["classic"], extra: #", "parameters": {"completion-curve": "uiKitSpring", "duration": 1e-309}"#), "parameters.duration"),
                (APITests.body(APITests.flick, models: ["classic"], extra: #", "parameters": {"completion-curve": "uiKitSpring", "duration": 2.2e-308}"#), "parameters.duration"),
                (APITests.body(APITests.flick, models: ["classic"], extra: #", "parameters": {"completion-curve": "uiKitSpring", "duration": 1e-12, "completion-speed": 1e300}"#), "parameters.duration"),
            ]
            for (json, field) in cases {
                let response = try await Self.post(port: port, json)
                #expect(RawHTTP.status(response) == 400, "\(json.suffix(120)): \(response.prefix(300))")
                #expect(Self.field(response).map { $0 == field || $0.hasPrefix("parameters.") } == true, "\(response.suffix(300))")
                try await Self.expectAlive(port: port)
            }
        }
    }

    @Test("unknown and inapplicable fields are refused by name; echoed values are cut")
    func unknownFieldsAndEchoes() async throws {
        try await Self.live { port in
            var response = try await Self.post(port: port, APITests.body(APITests.flick, extra: #", "pixelPerPoint": 3"#))
            #expect(RawHTTP.status(response) == 400)
            #expect(Self.field(response) == "pixelPerPoint")
            response = try await Self.post(port: port, Self.valid.replacingOccurrences(of: #""phase": "began""#, with: #""phase": "began", "y": 3"#))
            #expect(Self.field(response) == "samples[0].y")
            response = try await Self.post(port: port, APITests.body(APITests.flick, models: ["classic"], extra: #", "parameters": {"response": 0.3}"#))
            #expect(RawHTTP.status(response) == 400)
            #expect(Self.field(response) == "parameters.response")
            // A 100 kB value or key comes back cut, not whole.
            let huge = String(repeating: "a", count: 100_000)
            for json in [
                Self.valid.replacingOccurrences(of: #""phase": "began""#, with: #""phase": "\#(huge)""#),
                APITests.body(APITests.flick, models: [huge]),
                APITests.body(APITests.flick, extra: #", "parameters": {"\#(huge)": 1}"#),
                APITests.body(APITests.flick, extra: #", "\#(huge)": 1"#),
            ] {
                response = try await Self.post(port: port, json)
                #expect(RawHTTP.status(response) == 400)
                #expect(RawHTTP.body(response).utf8.count < 2000, "an error of \(RawHTTP.body(response).utf8.count) bytes")
            }
        }
    }

    @Test("a stalled body gets 408 within the body deadline and the server stays up")
    func stalledBody() async throws {
        var limits = PlaygroundLimits()
        limits.bodyTimeoutSeconds = 1
        try await Self.live(Playground(limits: limits)) { port in
            let (response, seconds) = try await RawHTTP.exchangeOffPool(
                port: port,
                head: "POST /api/release HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n",
                body: Array(#"{"samples": ["#.utf8), readTimeout: 10)
            #expect(RawHTTP.status(response) == 408, "\(response.prefix(200))")
            #expect(seconds < 5, "answered after \(seconds) s")
            try await Self.expectAlive(port: port)
        }
    }

    @Test("replays beyond the slots and the line get 503 with Retry-After")
    func replaySlots() async throws {
        var limits = PlaygroundLimits()
        limits.maximumConcurrentReleases = 0
        limits.maximumQueuedReleases = 0
        try await Self.live(Playground(limits: limits)) { port in
            let response = try await Self.post(port: port, Self.valid)
            #expect(RawHTTP.status(response) == 503)
            #expect(response.lowercased().contains("retry-after: 1"))
            #expect(RawHTTP.status(try await Self.get(port: port, "/api/parameters")) == 200)
        }
    }

    /// Random and mutated bodies: wrong types, extreme and non-finite numbers in every numeric
    /// field, huge and empty arrays, deep nesting, unknown fields, duplicate keys, truncations.
    static func fuzzBodies(seed: UInt64, count: Int) -> [String] {
        var g = SplitMix64(seed: seed)
        let numbers = ["NaN", "Infinity", "-Infinity", "1e308", "-1e308", "1e999", "-0", "-0.0", "5e-324", "4e-324", "0", "-1", "1e-309", "2.2e-308", "9007199254740993", "\"1\"", "null", "true", "[]", "{}", "\"\""]
        let numericFields = ["travel", "frameRate", "pixelsPerPoint", "t", "x"]
        var bodies: [String] = []
        let base = valid
        for _ in 0..<count {
            var body = base
            switch g.nextInt(below: 9) {
            case 0:  // a numeric field replaced
                let field = numericFields[g.nextInt(below: numericFields.count)]
                let value = numbers[g.nextInt(below: numbers.count)]
                if field == "pixelsPerPoint" {
                    body = APITests.body(APITests.flick, extra: #", "pixelsPerPoint": \#(value)"#)
                } else if let range = body.range(of: "\"\(field)\": ") {
                    let end = body[range.upperBound...].firstIndex(where: { $0 == "," || $0 == "}" })!
                    body.replaceSubrange(range.upperBound..<end, with: value)
                }
            case 1:  // a parameter with an extreme or wrong value
                let row = ReleaseParameter.table[g.nextInt(below: ReleaseParameter.table.count)]
                let value = numbers[g.nextInt(below: numbers.count)]
                body = APITests.body(APITests.flick, models: ["classic", "physics", "cupertino"], extra: #", "parameters": {"\#(row.flag)": \#(value)}"#)
            case 2:  // truncated
                body = String(body.prefix(g.nextInt(below: body.count)))
            case 3:  // deep nesting
                let depth = [10, 600, 5000, 100_000][g.nextInt(below: 4)]
                body = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            case 4:  // huge or empty arrays
                body = [
                    #"{"samples": [], "travel": 360, "models": ["physics"], "frameRate": 60}"#,
                    APITests.body(APITests.flick, extra: #", "detents": [\#((0..<5000).map { "\($0)" }.joined(separator: ","))]"#),
                    #"{"samples": [\#(String(repeating: #"{"t": 0, "x": 0, "phase": "changed"},"#, count: 12000))], "travel": 360, "models": ["physics"], "frameRate": 60}"#,
                    APITests.body(APITests.flick, models: []),
                ][g.nextInt(below: 4)]
            case 5:  // duplicate keys and unknown fields
                body = [
                    APITests.body(APITests.flick, extra: #", "travel": -5"#),
                    APITests.body(APITests.flick, extra: #", "models": ["nope"]"#),
                    APITests.body(APITests.flick, extra: #", "__proto__": {}"#),
                ][g.nextInt(below: 3)]
            case 6:  // random bytes
                body = String((0..<g.nextInt(below: 200)).map { _ in Character(UnicodeScalar(UInt8(32 + g.nextInt(below: 95)))) })
            case 7:  // a byte flipped somewhere
                var bytes = Array(body.utf8)
                bytes[g.nextInt(below: bytes.count)] = UInt8(32 + g.nextInt(below: 95))
                body = String(decoding: bytes, as: UTF8.self)
            default:  // the wrong type for a whole field
                let field = ["samples", "travel", "models", "frameRate", "detents", "reduceMotion", "parameters"][g.nextInt(below: 7)]
                body = APITests.body(APITests.flick).replacingOccurrences(of: "\"\(field)\":", with: "\"\(field)_\":") + ""
                body = String(body.dropLast()) + #", "\#(field)": \#(numbers[g.nextInt(below: numbers.count)])}"#
            }
            bodies.append(body)
        }
        return bodies
    }

    @Test("seeded fuzz of POST /api/release: a 200 or a 4xx naming a field, the server alive after each")
    func fuzzRelease() async throws {
        let bodies = Self.fuzzBodies(seed: 2026, count: 300)
        try await Self.live { port in
            var statuses: [Int: Int] = [:]
            for (i, body) in bodies.enumerated() {
                let response = try await Self.post(port: port, body)
                let status = RawHTTP.status(response)
                statuses[status, default: 0] += 1
                #expect([200, 400, 413].contains(status), "case \(i) (\(body.prefix(160))): \(response.prefix(300))")
                if status != 200 { #expect(Self.field(response) != nil, "case \(i): no field named: \(response.prefix(300))") }
                if i % 25 == 0 { try await Self.expectAlive(port: port) }
            }
            try await Self.expectAlive(port: port)
            #expect((statuses[200] ?? 0) > 0 && (statuses[400] ?? 0) > 100, "statuses \(statuses)")
        }
    }

    /// Mutated trace files: truncations, flipped and random bytes (not UTF-8 included), stray
    /// quotes, carriage returns and blank lines, non-finite and huge numbers in random places.
    static func fuzzTraceFiles(seed: UInt64, count: Int) -> [[UInt8]] {
        var g = SplitMix64(seed: seed)
        let base = Array(TraceWriter.csvText(for: Array(TraceUploadTests.traces.prefix(3))).utf8)
        let inserts = ["NaN", "1e999", "-1e308", "inf", "\"", "\r", "\n\n", ",", "0x1p3", "-", "\u{0}", "é", ",,,,", "up", "down"]
        var files: [[UInt8]] = []
        for _ in 0..<count {
            var bytes = base
            switch g.nextInt(below: 6) {
            case 5:  // the file as written, with CRLF line ends or a byte-order mark
                bytes = g.nextInt(below: 2) == 0
                    ? [0xEF, 0xBB, 0xBF] + bytes : Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
            case 0:
                bytes = Array(bytes.prefix(g.nextInt(below: bytes.count)))
            case 1:
                for _ in 0...g.nextInt(below: 3) { bytes[g.nextInt(below: bytes.count)] = UInt8(g.nextInt(below: 256)) }
            case 2:
                let insert = Array(inserts[g.nextInt(below: inserts.count)].utf8)
                bytes.insert(contentsOf: insert, at: g.nextInt(below: bytes.count))
            case 3:
                bytes = (0..<g.nextInt(below: 400)).map { _ in UInt8(g.nextInt(below: 256)) }
            default:  // a field replaced by another row's, or a row repeated
                var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let i = 1 + g.nextInt(below: lines.count - 2)
                lines.insert(lines[1 + g.nextInt(below: lines.count - 2)], at: i)
                bytes = Array(lines.joined(separator: "\n").utf8)
            }
            files.append(bytes)
        }
        return files
    }

    @Test("seeded fuzz of POST /api/traces: a 200 or a 400 naming the line, the server alive after each")
    func fuzzTraceFiles() async throws {
        let files = Self.fuzzTraceFiles(seed: 24, count: 200)
        try await Self.live { port in
            var statuses: [Int: Int] = [:]
            for (i, file) in files.enumerated() {
                let response = try await RawHTTP.exchangeOffPool(
                    port: port,
                    head: "POST /api/traces?name=fuzz.csv HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/csv\r\nContent-Length: \(file.count)\r\nConnection: close\r\n\r\n",
                    body: file
                ).response
                let status = RawHTTP.status(response)
                statuses[status, default: 0] += 1
                #expect([200, 400].contains(status), "case \(i): \(response.prefix(300))")
                if status == 400 {
                    let field = Self.field(response) ?? ""
                    #expect(field.hasPrefix("line ") || field == "body", "case \(i): \(response.prefix(300))")
                }
                if i % 25 == 0 { try await Self.expectAlive(port: port) }
            }
            try await Self.expectAlive(port: port)
            #expect((statuses[200] ?? 0) > 0 && (statuses[400] ?? 0) > 50, "statuses \(statuses)")
        }
    }

    @Test("static paths never leave Public/: .., encoded dots, absolute paths, a symlink out")
    func staticPaths() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("playground-abuse-\(UUID().uuidString)")
        let publicFolder = root.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let marker = "SECRET-\(UUID().uuidString)"
        let secret = root.appendingPathComponent("secret.txt")
        try marker.write(to: secret, atomically: true, encoding: .utf8)
        try "<html>page</html>".write(to: publicFolder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: publicFolder.appendingPathComponent("leak.txt"), withDestinationURL: secret)
        try FileManager.default.createSymbolicLink(at: publicFolder.appendingPathComponent("up"), withDestinationURL: root)
        let paths = [
            "/leak.txt", "/up/secret.txt", "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/..%2fsecret.txt",
            "/..%2Fsecret.txt", "/.%2e/secret.txt", "//\(secret.path)", "/\(secret.path)", secret.path, "/./../secret.txt",
            "/index.html/../../secret.txt", "/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd", "/..\\secret.txt", "/%00/../secret.txt",
            "/index.html%00.txt", "/\(String(repeating: "../", count: 40))etc/passwd",
        ]
        try await Self.live(Playground(publicFolder: publicFolder.path)) { port in
            for path in paths {
                let response = try await Self.get(port: port, path)
                #expect(!response.contains(marker), "\(path) served the secret")
                #expect(!response.contains("root:x:0:0"), "\(path) served /etc/passwd")
                #expect(RawHTTP.status(response) != 0, "\(path): no answer")
            }
            #expect(RawHTTP.status(try await Self.get(port: port, "/index.html")) == 200)
            try await Self.expectAlive(port: port)
        }
    }
}

extension SplitMix64 {
    /// A uniform integer in 0..<bound.
    mutating func nextInt(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
