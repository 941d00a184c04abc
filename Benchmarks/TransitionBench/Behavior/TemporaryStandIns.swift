// TEMPORARY STAND-INS: DELETE THIS FILE AT MERGE.
//
// Three pieces the behaviour benchmark needs are being written in other branches:
//   - `LeastSquaresVelocityEstimator` (TransitionPhysics, velocity-traces branch)
//   - `TraceReader.read(contentsOf:)`  (TransitionTraces, velocity-traces branch)
//   - `SyntheticGestureGenerator`     (TransitionPhysics, synthetic branch)
// Until they land, the runner uses the minimal stand-ins below. Nothing outside this file names
// them except the three one-line seams in `BehaviorDependencies.swift`; swapping is: delete this
// file, change those three lines.
import Foundation
import TransitionPhysics

// MARK: - Velocity: least-squares line over the last 100 ms

/// Stand-in for `LeastSquaresVelocityEstimator`: the slope of the least-squares line through
/// the samples no older than `horizon` seconds before the newest one (at least 2 samples, else 0).
/// The real default is degree 2 with the 20-sample and 40 ms-gap rules (reference section 5).
struct StandInLineVelocityEstimator: VelocityEstimator {
    var horizon: Double = 0.1

    func velocity(of samples: [AxisSample]) -> Double {
        guard let newest = samples.last else { return 0 }
        var n = 0.0, meanT = 0.0, meanX = 0.0
        var i = samples.count - 1
        while i >= 0, newest.time - samples[i].time <= horizon {
            n += 1
            meanT += samples[i].time - newest.time
            meanX += samples[i].position
            i -= 1
        }
        guard n >= 2 else { return 0 }
        meanT /= n
        meanX /= n
        var stt = 0.0, stx = 0.0
        for j in (i + 1)..<samples.count {
            let dt = samples[j].time - newest.time - meanT
            stt += dt * dt
            stx += dt * (samples[j].position - meanX)
        }
        return stt > 0 ? stx / stt : 0
    }
}

// MARK: - Trace CSV reader (shared/data/README.md format)

/// A refused trace file: where and why. The description reads `file:line:column: reason`.
struct StandInTraceFileError: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    var reason: String
    var description: String { "\(file):\(line):\(column): \(reason)" }
}

/// Stand-in for `TraceReader`: reads `trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent`
/// (columns in any order; user_id, device_id and intent optional), one row per sample, the rows of
/// a trace contiguous, down first, up (or cancel) last, times non-decreasing. Anything else is
/// refused with file, line (1-based, the header is line 1), column (1-based field index) and reason.
enum StandInTraceReader {
    static func read(contentsOf url: URL) throws -> [GestureTrace] {
        let file = url.path
        func fail(_ line: Int, _ column: Int, _ reason: String) -> StandInTraceFileError {
            StandInTraceFileError(file: file, line: line, column: column, reason: reason)
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw fail(0, 0, "cannot read the file (\(error.localizedDescription))") }
        guard let text = String(data: data, encoding: .utf8) else { throw fail(1, 1, "not UTF-8 text") }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) // "\r\n" is one Character
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let header = lines.first else { throw fail(1, 1, "empty file: expected a header row") }
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func index(_ name: String, required: Bool) throws -> Int? {
            if let i = names.firstIndex(of: name) { return i }
            if required { throw fail(1, 1, "missing column '\(name)' in the header") }
            return nil
        }
        let cID = try index("trace_id", required: true)!, cT = try index("t_ms", required: true)!
        let cX = try index("x_px", required: true)!, cY = try index("y_px", required: true)!
        let cPhase = try index("phase", required: true)!, cTravel = try index("travel_px", required: true)!
        let cUser = try index("user_id", required: false), cDevice = try index("device_id", required: false)
        let cIntent = try index("intent", required: false)

        var traces: [GestureTrace] = []
        var seen: Set<String> = []
        var current: GestureTrace?
        var currentEnded = false
        func close(at line: Int) throws {
            guard let trace = current else { return }
            if !currentEnded { throw fail(line, cPhase + 1, "trace '\(trace.id)' has no up sample before its rows end") }
            traces.append(trace)
        }
        for (offset, row) in lines.enumerated().dropFirst() {
            let line = offset + 1
            if row.contains("\"") { throw fail(line, 1, "quoted fields are not expected in a trace file") }
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == names.count else {
                throw fail(line, min(fields.count, names.count) + 1, "expected \(names.count) fields, found \(fields.count)")
            }
            func number(_ c: Int, _ what: String) throws -> Double {
                guard let v = Double(fields[c]), v.isFinite else { throw fail(line, c + 1, "expected a finite number for \(what), found '\(fields[c])'") }
                return v
            }
            let id = String(fields[cID])
            guard !id.isEmpty else { throw fail(line, cID + 1, "empty trace_id") }
            let time = try number(cT, "t_ms") / 1000
            let x = try number(cX, "x_px"), y = try number(cY, "y_px"), travel = try number(cTravel, "travel_px")
            guard travel > 0 else { throw fail(line, cTravel + 1, "expected a positive travel_px, found '\(fields[cTravel])'") }
            let phase: TouchPhase
            switch fields[cPhase] {
            case "down": phase = .began
            case "move": phase = .changed
            case "up": phase = .ended
            case "cancel": phase = .cancelled
            default: throw fail(line, cPhase + 1, "expected phase down, move, up or cancel, found '\(fields[cPhase])'")
            }
            var intent: Intent?
            if let c = cIntent, !fields[c].isEmpty {
                guard let i = Intent(rawValue: String(fields[c])) else { throw fail(line, c + 1, "expected intent finish or cancel, found '\(fields[c])'") }
                intent = i
            }
            let sample = TouchSample(time: time, x: x, y: y, phase: phase)
            if current?.id != id {
                try close(at: line)
                guard !seen.contains(id) else { throw fail(line, cID + 1, "trace '\(id)' appears again after other traces (rows of a trace must be contiguous)") }
                guard phase == .began else { throw fail(line, cPhase + 1, "trace '\(id)' must start with a down sample") }
                seen.insert(id)
                current = GestureTrace(
                    id: id, samples: [sample], travel: travel, intent: intent, family: nil,
                    userID: cUser.map { String(fields[$0]) }, deviceID: cDevice.map { String(fields[$0]) })
                currentEnded = false
                continue
            }
            guard !currentEnded else { throw fail(line, cPhase + 1, "trace '\(id)' has samples after its up sample") }
            guard phase != .began else { throw fail(line, cPhase + 1, "trace '\(id)' has a second down sample") }
            guard time >= current!.samples.last!.time else { throw fail(line, cT + 1, "time goes backwards in trace '\(id)'") }
            guard travel == current!.travel else { throw fail(line, cTravel + 1, "travel_px changes within trace '\(id)'") }
            guard intent == current!.intent else { throw fail(line, (cIntent ?? 0) + 1, "intent changes within trace '\(id)'") }
            current!.samples.append(sample)
            currentEnded = phase == .ended || phase == .cancelled
        }
        try close(at: lines.count)
        guard !traces.isEmpty else { throw fail(1, 1, "no traces in the file") }
        return traces
    }
}

// MARK: - Synthetic corpus: minimum-jerk segments, six labelled families

/// Stand-in for `SyntheticGestureGenerator`: the six families of issue 3, both directions,
/// minimum-jerk segments (Flash and Hogan 1985) sampled at 60 or 120 Hz with ±1 ms jitter, 5%
/// dropped frames and 0.5 pt position noise, travel 390 pt. Trace i depends only on (seed, i).
/// Parameter ranges are rough guesses, not fitted to the recorded swipes.
struct StandInSyntheticGenerator {
    var seed: UInt64
    static let families = [
        "shortFastFlick", "dragThroughMiddle", "slowDragPastMiddle",
        "peekAndReturn", "hesitateBelowMiddle", "pastMiddleThenFlickBack",
    ]

    func corpus(count: Int) -> [GestureTrace] { (0..<count).map(trace) }

    func trace(_ i: Int) -> GestureTrace {
        var rng = SplitMix64(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(i) &* 0xBF58_476D_1CE4_E5B9 &+ 1)
        let family = Self.families[i % Self.families.count]
        let sign: Double = (i / Self.families.count) % 2 == 0 ? 1 : -1
        let travel = 390.0
        // Segments of (distance in progress, duration s, fraction of the last segment played).
        var segments: [(to: Double, duration: Double)] = []
        var hold = 0.0, cut = 1.0
        switch family {
        case "shortFastFlick":
            segments = [(rng.uniform(0.1, 0.3), rng.uniform(0.08, 0.15))]; cut = rng.uniform(0.55, 0.8)
        case "dragThroughMiddle":
            segments = [(rng.uniform(0.7, 1.0), rng.uniform(0.3, 0.6))]; cut = rng.uniform(0.6, 0.8)
        case "slowDragPastMiddle":
            segments = [(rng.uniform(0.58, 0.9), rng.uniform(0.5, 0.9))]; hold = rng.uniform(0.12, 0.3)
        case "peekAndReturn":
            let peak = rng.uniform(0.15, 0.4)
            segments = [(peak, rng.uniform(0.2, 0.4)), (peak * rng.uniform(0.0, 0.3), rng.uniform(0.15, 0.3))]; cut = rng.uniform(0.55, 0.8)
        case "hesitateBelowMiddle":
            segments = [(rng.uniform(0.15, 0.42), rng.uniform(0.4, 0.8))]; hold = rng.uniform(0.15, 0.4)
        default: // pastMiddleThenFlickBack
            let peak = rng.uniform(0.55, 0.8)
            segments = [(peak, rng.uniform(0.4, 0.7)), (peak - rng.uniform(0.2, 0.4), rng.uniform(0.1, 0.18))]; cut = rng.uniform(0.6, 0.8)
        }
        let period = rng.next() % 2 == 0 ? 1.0 / 60 : 1.0 / 120
        let startX = sign > 0 ? rng.uniform(20, 80) : travel - rng.uniform(20, 80)
        let y = rng.uniform(200, 600)
        // The piecewise minimum-jerk path, progress as a function of time.
        var starts: [(t: Double, from: Double)] = []
        var t0 = 0.0, from = 0.0
        for s in segments { starts.append((t0, from)); t0 += s.duration; from = s.to }
        let lastDuration = segments.last!.duration * cut
        let end = starts.last!.t + lastDuration + hold
        func progress(_ t: Double) -> Double {
            var k = 0
            while k + 1 < segments.count && t >= starts[k + 1].t { k += 1 }
            let tau = min(max((t - starts[k].t) / segments[k].duration, 0), k == segments.count - 1 ? cut : 1)
            let shape = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
            return starts[k].from + (segments[k].to - starts[k].from) * shape
        }
        var samples = [TouchSample(time: 0, x: startX, y: y, phase: .began)]
        var n = 1
        while Double(n) * period <= end + 1e-9 {
            let nominal = Double(n) * period
            n += 1
            if rng.uniform(0, 1) < 0.05 && nominal < end - period { continue } // dropped frame
            let t = max(samples.last!.time + 0.0005, nominal + rng.uniform(-0.001, 0.001))
            let x = startX + sign * progress(min(t, end)) * travel + rng.gaussian() * 0.5
            samples.append(TouchSample(time: t, x: x, y: y, phase: .changed))
        }
        let last = samples.last!
        samples.append(TouchSample(time: last.time + period / 2, x: last.x, y: y, phase: .ended))
        let intent: Intent = i % Self.families.count < 3 ? .finish : .cancel
        return GestureTrace(id: "syn_\(i)", samples: samples, travel: travel, intent: intent, family: family)
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): small, seedable, good enough for test data.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
    mutating func gaussian() -> Double {
        let u = max(uniform(0, 1), 1e-300), v = uniform(0, 1)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
