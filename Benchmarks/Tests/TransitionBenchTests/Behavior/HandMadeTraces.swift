import Foundation
import TransitionTraces

/// Four hand-made traces whose right answers are worked out by hand from the model rules.
///
/// Travel 400 px; samples every 10 ms; every trace starts at rest and its last 200 ms (or all
/// of it) are either exactly at rest or exactly linear, so any sensible estimator (least-squares
/// line or parabola over 100 or 200 ms, impulse, iOS-weighted) gives the same release velocity. Progress values are
/// binary fractions where a model's formula would otherwise sit on a rounding edge.
///
/// | id | what | intent | release p | release v (widths/s) | p, v with seed 004's 200 px |
/// |---|---|---|---|---|---|
/// | A | slow drag past the middle, 500 ms, then 200 ms at rest | finish | 0.625 | 0 | 1 (clamped), 0 |
/// | B | short fast flick, 2000 px/s for 60 ms | finish | 0.3 | 5 | 0.6, 10 |
/// | C | peek and return, leftwards: 300 px out, 240 px back at 1000 px/s | cancel | 0.15 | -2.5 | 0.3, -5 |
/// | D | hesitation: 160 px in 400 ms, 200 ms at rest | cancel | 0.4 | 0 | 0.8, 0 |
enum HandMadeTraces {
    static let header = "trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent"

    /// (id, intent, [(t_ms, x_px)]) ; the last sample is the up, repeating the last position.
    static var traces: [(id: String, intent: String, samples: [(t: Int, x: Double)])] {
        var a: [(Int, Double)] = stride(from: 0, through: 500, by: 10).map { ($0, 100 + 0.5 * Double($0)) }
        a += stride(from: 510, through: 700, by: 10).map { ($0, 350) }
        a.append((710, 350))
        var b: [(Int, Double)] = stride(from: 0, through: 60, by: 10).map { ($0, 100 + 2 * Double($0)) }
        b.append((70, 220))
        var c: [(Int, Double)] = stride(from: 0, through: 300, by: 10).map { ($0, 500 - Double($0)) }
        c += stride(from: 310, through: 540, by: 10).map { ($0, 200 + Double($0 - 300)) }
        c.append((550, 440))
        var d: [(Int, Double)] = stride(from: 0, through: 400, by: 10).map { ($0, 100 + 0.4 * Double($0)) }
        d += stride(from: 410, through: 600, by: 10).map { ($0, 260) }
        d.append((610, 260))
        return [("A", "finish", a), ("B", "finish", b), ("C", "cancel", c), ("D", "cancel", d)]
            .map { (id: $0.0, intent: $0.1, samples: $0.2.map { (t: $0.0, x: $0.1) }) }
    }

    static var csv: String {
        var lines = [header]
        for trace in traces {
            for (i, s) in trace.samples.enumerated() {
                let phase = i == 0 ? "down" : (i == trace.samples.count - 1 ? "up" : "move")
                lines.append("\(trace.id),u1,d1,\(s.t),\(s.x),500,\(phase),400,\(trace.intent)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A stroke `--skip-invalid-traces` must leave out: its id, the rule it breaks, the line
    /// of its first defect and its lines.
    struct Malformed: Equatable {
        var id: String
        var problem: TraceFileError.Problem
        var line: Int
        var lines: ClosedRange<Int>
    }

    /// `csv`'s four traces with a malformed stroke of each kind among them, and those strokes.
    ///
    /// A, then `after` (a move after its up), B, `nolift` (no up: the next stroke begins),
    /// `repeat` (a move repeating the sample before it: same t_ms, x and y), C, `back` (t_ms
    /// going back), `nan` (x_px "abc"), `badid` (a row in its middle with an empty trace_id: it
    /// belongs to the stroke around it), D. The malformed strokes are labelled cancel: counted
    /// by mistake, they would show in intended_cancel.
    static var malformed: (text: String, skipped: [Malformed]) {
        var lines = [header]
        var skipped: [Malformed] = []
        func row(_ id: String, _ t: Int, _ x: String, _ phase: String, intent: String = "cancel") -> String {
            "\(id),u1,d1,\(t),\(x),500,\(phase),400,\(intent)"
        }
        let valid = Dictionary(uniqueKeysWithValues: traces.map { ($0.id, $0) })
        func addValid(_ id: String) {
            let trace = valid[id]!
            for (i, s) in trace.samples.enumerated() {
                let phase = i == 0 ? "down" : (i == trace.samples.count - 1 ? "up" : "move")
                lines.append(row(id, s.t, "\(s.x)", phase, intent: trace.intent))
            }
        }
        /// Appends `rows`; the defect is on row `defect` (0-based) of them.
        func addMalformed(_ id: String, _ problem: TraceFileError.Problem, defect: Int, _ rows: [String]) {
            let first = lines.count + 1
            lines += rows
            skipped.append(Malformed(id: id, problem: problem, line: first + defect, lines: first...(lines.count)))
        }
        addValid("A")
        addMalformed("after", .rowAfterEnd, defect: 3, [
            row("after", 0, "100", "down"), row("after", 10, "120", "move"), row("after", 20, "120", "up"),
            row("after", 30, "130", "move"),
        ])
        addValid("B")
        addMalformed("nolift", .traceNotEnded, defect: 2, [
            row("nolift", 0, "100", "down"), row("nolift", 10, "120", "move"), row("nolift", 20, "140", "move"),
        ])
        addMalformed("repeat", .repeatedSample, defect: 2, [
            row("repeat", 0, "100", "down"), row("repeat", 10, "120", "move"), row("repeat", 10, "120", "move"),
            row("repeat", 20, "140", "up"),
        ])
        addValid("C")
        addMalformed("back", .timeDecreasing, defect: 2, [
            row("back", 0, "100", "down"), row("back", 20, "120", "move"), row("back", 10, "130", "move"),
            row("back", 30, "140", "up"),
        ])
        addMalformed("nan", .notANumber, defect: 1, [
            row("nan", 0, "100", "down"), row("nan", 10, "abc", "move"), row("nan", 20, "140", "up"),
        ])
        addMalformed("badid", .invalidIdentifier, defect: 1, [
            row("badid", 0, "100", "down"), row("", 10, "120", "move"), row("badid", 20, "140", "up"),
        ])
        addValid("D")
        return (lines.joined(separator: "\n") + "\n", skipped)
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transition-bench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` as `name` in a fresh temporary directory.
    static func write(_ text: String, name: String = "hand.csv") throws -> URL {
        let url = try temporaryDirectory().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The first frame time (n / 240 s) at which a critically damped spring of `response`
    /// seconds, started at displacement x0 (progress to go, signed) with velocity v0, has
    /// sqrt(x² + v²/ω²) <= 0.001: the closed form x(t) = (x0 + (v0 + ω x0) t) e^(-ωt),
    /// independent of the library's propagator.
    static func criticallyDampedSettleTime(x0: Double, v0: Double, response: Double = 0.3) -> Double {
        let omega = 2 * Double.pi / response
        for n in 0... {
            let t = Double(n) / 240
            let e = exp(-omega * t)
            let x = (x0 + (v0 + omega * x0) * t) * e
            let v = (v0 - omega * (v0 + omega * x0) * t) * e
            if (x * x + v * v / (omega * omega)).squareRoot() <= 0.001 { return t }
        }
        fatalError("unreachable")
    }
}

/// Parses simple CSV (no quoted fields) into header-keyed rows.
func parseCSV(_ text: String) -> (header: [String], rows: [[String: String]]) {
    let lines = text.split(whereSeparator: \.isNewline).map(String.init)
    let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let rows = lines.dropFirst().map { line in
        Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
    }
    return (header, rows)
}
