import Foundation
import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

enum TraceFixtures {
    /// A small valid file: three traces, two devices, CRLF line ends as in the BioIdent export.
    static let validLines = [
        "trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent",
        "a1,22,7,0,698.125,681.697,down,800,finish",
        "a1,22,7,63,694.4639,680.2769,move,800,finish",
        "a1,22,7,79,690.9578,677.2184,move,800,finish",
        "a1,22,7,96,687.4444,674.9944,move,800,finish",
        "a1,22,7,97,687.4444,674.9944,up,800,finish",
        "b2,22,7,0,737.5,710.7879,down,800,finish",
        "b2,22,7,65,730.2227,708.2273,move,800,finish",
        "b2,22,7,82,725.0005,705.2124,move,800,finish",
        "b2,22,7,98,717.1243,701.5409,up,800,finish",
        "c3,9,11,0,120,300.5,down,480,cancel",
        "c3,9,11,16,140,301,move,480,cancel",
        "c3,9,11,33,150.25,302,move,480,cancel",
        "c3,9,11,50,151,302,cancel,480,cancel",
    ]
    static var validText: String { validLines.joined(separator: "\r\n") + "\r\n" }

    /// `validLines` with line `number` (1-based, header = 1) replaced.
    static func replacing(line number: Int, with text: String) -> String {
        var lines = validLines
        lines[number - 1] = text
        return lines.joined(separator: "\n") + "\n"
    }

    /// The recorded BioIdent swipes (docs/references.md#the-recorded-swipes), which are not part
    /// of the repository: the file `RECORDED_SWIPES` names when it is set, else
    /// `../shared/data/bioident-gallery-swipes.csv` beside the checkout; nil when not there, and
    /// the tests that need it are skipped (`recordedSwipesAbsent` says why).
    static let sharedDataURL: URL? = {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = ProcessInfo.processInfo.environment["RECORDED_SWIPES"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.appendingPathComponent("../shared/data/bioident-gallery-swipes.csv").standardizedFileURL
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()
    static let recordedSwipesAbsent: Comment =
        "needs the recorded swipes: set RECORDED_SWIPES to the file or put it at ../shared/data/bioident-gallery-swipes.csv"
}

/// Invariants every accepted trace list must satisfy, written independently of the reader.
/// Returns the first violation, or nil.
func traceInvariantViolation(_ traces: [GestureTrace]) -> String? {
    if traces.isEmpty { return "no traces accepted" }
    var ids = Set<String>()
    for trace in traces {
        if trace.id.isEmpty { return "empty trace id" }
        if !ids.insert(trace.id).inserted { return "trace \(trace.id) appears twice" }
        if !(trace.travel.isFinite && trace.travel > 0 && trace.travel <= 1e7) { return "\(trace.id): travel \(trace.travel)" }
        guard trace.samples.count >= 2 else { return "\(trace.id): \(trace.samples.count) samples" }
        if trace.samples.first!.phase != .began { return "\(trace.id): does not start with began" }
        if ![.ended, .cancelled].contains(trace.samples.last!.phase) { return "\(trace.id): does not end" }
        for (i, s) in trace.samples.enumerated() {
            if !(s.time.isFinite && s.time >= 0 && s.time <= 1e4) { return "\(trace.id)[\(i)]: time \(s.time)" }
            if !(s.x.isFinite && s.y.isFinite && abs(s.x) <= 1e7 && abs(s.y) <= 1e7) { return "\(trace.id)[\(i)]: position \(s.x), \(s.y)" }
            if i > 0 && s.time < trace.samples[i - 1].time { return "\(trace.id)[\(i)]: time goes back" }
            if i > 0 && i < trace.samples.count - 1 && s.phase != .changed { return "\(trace.id)[\(i)]: phase \(s.phase) inside" }
        }
    }
    return nil
}
