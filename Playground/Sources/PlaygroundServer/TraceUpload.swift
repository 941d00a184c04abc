import Foundation
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// `POST /api/traces`: a trace file the page uploads to replay it stroke by stroke (a session
/// recorded in the page, the shared recording, any file in the trace format, docs/traces.md).
/// The body is the file's bytes (`text/csv`, at most `PlaygroundLimits.maximumTraceFileBytes`);
/// the library's `TraceReader` reads it, strictly, so a bad file is refused with the reader's
/// own error naming the file, line, column and reason. The answer holds every stroke's samples
/// in the form `POST /api/release` takes them back: the page replays a stroke through the same
/// path as a drag.
public enum TraceUpload {
    /// One stroke of the file.
    public struct Stroke: Codable, Sendable, Equatable {
        /// A sample as `POST /api/release` takes it.
        public struct Sample: Codable, Sendable, Equatable {
            /// Seconds, as read (t_ms / 1000, exactly the reader's value).
            public var t: Double
            /// Position along the stroke's axis (x_px, or y_px when its axis is y), pixels.
            public var x: Double
            /// `began`, `changed`, `ended` or `cancelled` (`TouchPhase`).
            public var phase: String
            public init(t: Double, x: Double, phase: String) {
                (self.t, self.x, self.phase) = (t, x, phase)
            }
        }
        /// `trace_id`.
        public var id: String
        /// `user_id`, `device_id` and `family`; nil when empty or absent.
        public var userID: String?
        public var deviceID: String?
        public var family: String?
        /// `finish`, `cancel`, or nil when unknown.
        public var intent: String?
        /// The axis the stroke is replayed along: `x` or `y` (the declared axis, else x).
        public var axis: String
        /// `travel_px`: the distance that means progress 1, pixels.
        public var travel: Double
        /// The samples, lift-off last.
        public var samples: [Sample]
        /// The stroke's pixels per point (`GestureTrace.unitsPerPoint`: its `pixels_per_point`, 1
        /// when it declares none), which `POST /api/release` takes as `unitsPerPoint`.
        public var unitsPerPoint: Double
        public init(
            id: String, userID: String?, deviceID: String?, family: String?, intent: String?, axis: String, travel: Double,
            samples: [Sample], unitsPerPoint: Double = 1
        ) {
            (self.id, self.userID, self.deviceID, self.family, self.intent) = (id, userID, deviceID, family, intent)
            (self.axis, self.travel, self.samples, self.unitsPerPoint) = (axis, travel, samples, unitsPerPoint)
        }
    }

    /// The answer: the file's name as the page gave it, and its strokes in file order.
    public struct Contents: Codable, Sendable, Equatable {
        public var name: String
        public var strokes: [Stroke]
        /// What looks like a unit mistake in the file (`TracePlausibility`, the thresholds of the
        /// bench's warnings): sentences the page shows beside the file; empty when none.
        public var warnings: [String]
        public init(name: String, strokes: [Stroke], warnings: [String] = []) {
            (self.name, self.strokes, self.warnings) = (name, strokes, warnings)
        }

        /// The JSON text of the answer, as `JSONEncoder` would write it (the same keys, sorted,
        /// absent values left out, numbers in their shortest round-trip form, so the page gets
        /// the reader's doubles exactly), written straight into bytes: an answer can hold 200,000
        /// strokes (an 8 MiB file of two-row strokes), and `JSONEncoder`'s intermediate tree of
        /// them costs the server about 260 MB where this costs 50 (docs/playground.md).
        /// `TraceUploadTests` checks it against `JSONEncoder`.
        public var jsonBytes: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(64 + strokes.reduce(0) { $0 + 160 + 48 * $1.samples.count })
            func raw(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
            func string(_ text: String) {
                out.append(UInt8(ascii: "\""))
                for byte in text.utf8 {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                        out.append(UInt8(ascii: "\\"))
                        out.append(byte)
                    case 0..<0x20:
                        let hex = Array("0123456789abcdef".utf8)
                        out.append(contentsOf: Array("\\u00".utf8))
                        out.append(hex[Int(byte >> 4)])
                        out.append(hex[Int(byte & 15)])
                    default:
                        out.append(byte)
                    }
                }
                out.append(UInt8(ascii: "\""))
            }
            // An absent value leaves its key out, as JSONEncoder does.
            func optional(_ key: StaticString, _ text: String?) {
                guard let text else { return }
                raw(key)
                string(text)
            }
            // Finite by the reader's rules (it refuses nan and inf): Swift's shortest round trip
            // is a JSON number (`0.397`, `1e-05`, `-0.0`).
            func number(_ x: Double) { out.append(contentsOf: Array((x.isFinite ? x.description : "null").utf8)) }
            raw("{\"name\":")
            string(name)
            raw(",\"strokes\":[")
            for (i, stroke) in strokes.enumerated() {
                if i > 0 { raw(",") }
                raw("{\"axis\":")
                string(stroke.axis)
                optional(",\"deviceID\":", stroke.deviceID)
                optional(",\"family\":", stroke.family)
                raw(",\"id\":")
                string(stroke.id)
                optional(",\"intent\":", stroke.intent)
                raw(",\"samples\":[")
                for (k, sample) in stroke.samples.enumerated() {
                    raw(k > 0 ? ",{\"phase\":" : "{\"phase\":")
                    string(sample.phase)
                    raw(",\"t\":")
                    number(sample.t)
                    raw(",\"x\":")
                    number(sample.x)
                    raw("}")
                }
                raw("],\"travel\":")
                number(stroke.travel)
                raw(",\"unitsPerPoint\":")
                number(stroke.unitsPerPoint)
                optional(",\"userID\":", stroke.userID)
                raw("}")
            }
            raw("],\"warnings\":[")
            for (i, warning) in warnings.enumerated() {
                if i > 0 { raw(",") }
                string(warning)
            }
            raw("]}")
            return out
        }
    }

    /// The page's warnings for `traces` (`Contents.warnings`): strokes sampled faster than touch
    /// hardware reports (t_ms in seconds?) and strokes released faster than a finger moves, with
    /// `TracePlausibility`'s thresholds and the replay's velocity estimator, as
    /// `transition-bench behavior` warns on standard error.
    static func warnings(for traces: [GestureTrace]) -> [String] {
        let findings = TracePlausibility.findings(in: traces, estimator: ReplaySettings().estimator.estimator)
        let kinds: [(count: Int, first: String?, sentence: String)] = [
            (findings.filter { $0.medianSampleInterval != nil }.count,
             findings.first { $0.medianSampleInterval != nil }?.traceID,
             "have a median sample interval under \(TracePlausibility.minimumMedianSampleInterval * 1000) ms, faster than "
                + "touch hardware reports: t_ms looks like seconds; write milliseconds (docs/traces.md)"),
            (findings.filter { $0.releaseSpeed != nil }.count, findings.first { $0.releaseSpeed != nil }?.traceID,
             "release faster than a finger moves, over \(Int(TracePlausibility.maximumReleaseSpeed)) travel widths/s: check "
                + "that t_ms is in milliseconds and x_px, y_px and travel_px in one unit (docs/traces.md)"),
        ]
        var lines: [String] = []
        for kind in kinds {
            guard let first = kind.first else { continue }
            lines.append("\(kind.count) of \(traces.count) strokes (\(first) first) \(kind.sentence)")
        }
        return lines
    }

    /// The name errors label the file with: the page's `name` query parameter reduced to a file
    /// name (the last path component, control characters dropped, at most 80 characters), or
    /// `upload.csv`.
    public static func fileName(_ given: String?) -> String {
        let last = (given ?? "").split(separator: "/").last.map(String.init) ?? ""
        let clean = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.properties.generalCategory != .control && $0 != "\\" }))
            .trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? "upload.csv" : String(clean.prefix(80))
    }

    /// Reads `bytes` as a trace file named `name`; throws a 400 whose field is the line (and
    /// column) and whose message is `TraceFileError`'s description.
    public static func read(_ bytes: [UInt8], name: String) throws(PlaygroundError) -> Contents {
        let traces: [GestureTrace]
        do {
            traces = try TraceReader.parse(bytes: bytes, fileName: name)
        } catch {
            var field = error.line > 0 ? "line \(error.line)" : "body"
            if let column = error.column { field += ", column \(column)" }
            throw PlaygroundError(field: field, error.description)
        }
        return Contents(
            name: name,
            strokes: traces.map { trace in
                let axis = trace.axis ?? TraceFormat.defaultAxis
                return Stroke(
                    id: trace.id, userID: trace.userID, deviceID: trace.deviceID, family: trace.family,
                    intent: trace.intent?.rawValue, axis: axis.rawValue, travel: trace.travel,
                    samples: trace.samples.map { .init(t: $0.time, x: axis == .x ? $0.x : $0.y, phase: $0.phase.rawValue) },
                    unitsPerPoint: trace.unitsPerPoint)
            },
            warnings: warnings(for: traces))
    }
}
