import Foundation
import Testing
@testable import TransitionPhysics

/// Per-frame traces of canonical gestures, checked in under `Expected/` and diffed bit for bit:
/// the safety net for changes to the driver's structure. Each scenario runs at three display
/// cadences (60 Hz, 120 Hz, and a ProMotion cadence that varies between 120 and 40 Hz), with
/// touches stamped a fraction of a frame before the frame that shows them, as UIKit stamps them.
/// A change that moves a trace on purpose regenerates the files (`REGENERATE_FRAME_TRACES=1
/// swift test --filter FrameTraceTests`) and names the scenarios it moved in its commit.
@Suite struct FrameTraceTests {
    @Test(arguments: FrameTraceScenario.all.map(\.name))
    func traceIsUnchanged(name: String) throws {
        let scenario = try #require(FrameTraceScenario.all.first { $0.name == name })
        let trace = FrameTraceCadence.allCases.map { cadence in
            "# \(scenario.name) at \(cadence.rawValue)\n" + scenario.run(cadence).joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
        let url = Self.expectedFolder.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["REGENERATE_FRAME_TRACES"] == "1" {
            try trace.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if expected != trace {
            let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let new = trace.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
            Issue.record("""
                Frame trace \(name) moved (Expected/\(name).txt line \(line + 1)):
                  was: \(line < old.count ? old[line] : "<end>")
                  now: \(line < new.count ? new[line] : "<end>")
                Regenerate with REGENERATE_FRAME_TRACES=1 only when the move is intended, and say why in the commit.
                """)
        }
    }

    @Test func everyScenarioHasATraceFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.expectedFolder.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(FrameTraceScenario.all.map { "\($0.name).txt" }))
        #expect(FrameTraceScenario.all.count >= 20)
    }

    static let expectedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")
}

/// The display cadences a trace is taken at.
enum FrameTraceCadence: String, CaseIterable {
    case hz60 = "60 Hz"
    case hz120 = "120 Hz"
    /// ProMotion lowering and raising its rate: a repeating run of intervals between 1/120 and
    /// 1/40 s.
    case proMotion = "ProMotion varying"

    /// Frame times from 0 up to `end` seconds.
    func frameTimes(until end: Double) -> [Double] {
        switch self {
        case .hz60: return (0...Int(end * 60)).map { Double($0) / 60 }
        case .hz120: return (0...Int(end * 120)).map { Double($0) / 120 }
        case .proMotion:
            let pattern: [Double] = [1.0 / 120, 1.0 / 120, 1.0 / 120, 1.0 / 80, 1.0 / 60, 1.0 / 120, 1.0 / 40, 1.0 / 120, 1.0 / 60]
            var times = [0.0], i = 0
            while times[times.count - 1] < end {
                times.append(times[times.count - 1] + pattern[i % pattern.count])
                i += 1
            }
            return times
        }
    }

    /// The digitizer's interval, seconds: 60 Hz under a 60 Hz display, else 120 Hz.
    var touchInterval: Double { self == .hz60 ? 1.0 / 60 : 1.0 / 120 }
}

/// One canonical gesture: what is driven (a transition or a sheet), the finger strokes, and
/// code's calls, each at a time.
struct FrameTraceScenario {
    var name: String
    var duration: Double = 1.6
    var makeTransition: () -> InteractiveTransition
    /// Content range for a `ScrollingSheet`, nil for a plain transition.
    var sheetContent: Double? = nil
    var sheetPolicy: ScrollHandoffPolicy = .sheetFirst
    var edgeFling: ScrollingSheet.EdgeFling = .bouncesSheet
    var strokes: [Stroke]
    var calls: [(time: Double, call: (inout InteractiveTransition, Double) -> Void)] = []

    /// One finger: touch-down at `start` (seconds) at `origin`, moving along `path` (points from
    /// the origin as a function of the time since touch-down), lifting after `duration` seconds,
    /// `liftPhase` (.ended or .cancelled) `liftDelay` seconds after its last move.
    struct Stroke {
        var start: Double
        var origin: (x: Double, y: Double) = (200, 600)
        var duration: Double
        var path: (Double) -> (x: Double, y: Double)
        var liftPhase: TouchPhase? = .ended
        var liftDelay: Double = 0.004
        var pointer: Int? = nil

        /// The stroke's samples under `cadence`: stamped 0.3 of a touch interval before a frame.
        func samples(_ cadence: FrameTraceCadence) -> [TouchSample] {
            let dt = cadence.touchInterval
            let first = (start / dt).rounded(.up) * dt - 0.3 * dt
            var samples: [TouchSample] = []
            var t = first
            while t <= first + duration + 1e-12 {
                let p = path(t - first)
                samples.append(TouchSample(
                    time: t, x: origin.x + p.x, y: origin.y + p.y, phase: samples.isEmpty ? .began : .changed, pointer: pointer))
                t += dt
            }
            if let liftPhase, let last = samples.last {
                samples.append(TouchSample(time: last.time + liftDelay, x: last.x, y: last.y, phase: liftPhase, pointer: pointer))
            }
            return samples
        }
    }

    /// The frames of this scenario at `cadence`, one line each.
    func run(_ cadence: FrameTraceCadence) -> [String] {
        var samples = strokes.flatMap { $0.samples(cadence) }
        samples.sort { $0.time < $1.time }
        var pendingCalls = calls.sorted { $0.time < $1.time }[...]
        var pending = samples[...]
        var lines: [String] = []
        var transition = makeTransition()
        var sheet = sheetContent.map { ScrollingSheet(sheet: makeTransition(), maximumContentOffset: $0, policy: sheetPolicy) }
        sheet?.edgeFling = edgeFling
        for frame in cadence.frameTimes(until: duration) {
            while let sample = pending.first, sample.time <= frame {
                pending.removeFirst()
                if sheet != nil { sheet!.handle(sample) } else { transition.handle(sample) }
            }
            while let call = pendingCalls.first, call.time <= frame {
                pendingCalls.removeFirst()
                if sheet != nil { call.call(&sheet!.sheet, call.time) } else { call.call(&transition, call.time) }
            }
            if sheet != nil {
                let update = sheet!.advance(to: frame)
                lines.append(Self.line(frame, update.sheet)
                    + " content \(update.contentOffset) \(update.contentVelocity)\(update.isAtRest ? " rest" : "")")
            } else {
                lines.append(Self.line(frame, transition.advance(to: frame)))
            }
        }
        return lines
    }

    static func line(_ time: Double, _ update: TransitionUpdate) -> String {
        var line = "t \(time) p \(update.progress) v \(update.velocity) target \(update.target)\(update.isAtRest ? " done" : "")"
        if !update.events.isEmpty { line += " | " + update.events.map(event).joined(separator: "; ") }
        return line
    }

    /// An event with every number in full.
    static func event(_ event: TransitionEvent) -> String {
        switch event {
        case .released(let release):
            return "released(\(release.completion.decision) to \(release.detent) at \(release.time) from \(release.state.progress) at \(release.state.velocity))"
        case .completed(let progress): return "completed(\(progress))"
        case .layoutChanged(let travel, let detents): return "layoutChanged(\(travel), [\(detents.map(\.description).joined(separator: ", "))])"
        case .refused(let along, let across): return "refused(\(along), \(across))"
        case .detentRefused(let detent): return "detentRefused(\(detent))"
        case .timesLookLikeMilliseconds(let interval): return "timesLookLikeMilliseconds(\(interval))"
        default: return event.name
        }
    }
}

extension FrameTraceScenario {
    /// A horizontal pop: 390 pt, fixed direction, 3x display.
    static func pop(overdrag: ProgressMapping.Overdrag = .clamp) -> InteractiveTransition {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, direction: .fixed(positive: true), overdrag: overdrag))
        transition.pixelsPerPoint = 3
        return transition
    }

    /// A bottom sheet: 800 pt tall, opening upward, detents 0, 0.5, 1, 3x display.
    static func bottomSheet(detents: [Double] = [0, 0.5, 1]) -> InteractiveTransition {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 800, toward: .up, overdrag: .rubberBand))
        transition.pixelsPerPoint = 3
        transition.detents = detents.map { .fraction($0) }
        return transition
    }

    /// Constant speed along x, points per second.
    static func along(_ speed: Double) -> (Double) -> (x: Double, y: Double) { { t in (speed * t, 0) } }
    /// Constant speed along y (negative opens a bottom sheet), points per second.
    static func vertical(_ speed: Double) -> (Double) -> (x: Double, y: Double) { { t in (0, speed * t) } }

    static var all: [FrameTraceScenario] { [
        FrameTraceScenario(name: "flick", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.08, path: along(1_200))]),
        FrameTraceScenario(name: "slow-drag-past-half", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.6, path: along(400), liftDelay: 0.08)]),
        FrameTraceScenario(name: "short-drag-cancels", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.2, path: along(300), liftDelay: 0.06)]),
        FrameTraceScenario(name: "hold-then-flick", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.5, path: { t in (t < 0.35 ? 60 * t : 21 + 1_500 * (t - 0.35), 0) })]),
        FrameTraceScenario(name: "reversal-flick-back", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.4, path: { t in (t < 0.25 ? 800 * t : 200 - 1_000 * (t - 0.25), 0) })]),
        FrameTraceScenario(name: "catch-mid-flight", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.08, path: along(1_200)),
            Stroke(start: 0.32, origin: (400, 600), duration: 0.2, path: along(-500), liftDelay: 0.05)]),
        FrameTraceScenario(name: "retarget-mid-completion", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.08, path: along(1_200))], calls: [
            (0.33, { t, time in t.retarget(to: 0, at: time) })]),
        FrameTraceScenario(name: "finish-while-tracking", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.4, path: along(200))], calls: [
            (0.3, { t, time in t.finish(at: time) })]),
        FrameTraceScenario(name: "rubber-band-past-end", makeTransition: { pop(overdrag: .rubberBand) }, strokes: [
            Stroke(start: 0.1, duration: 0.6, path: along(900), liftDelay: 0.05)]),
        FrameTraceScenario(name: "rotation-while-dragging", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.3, path: along(600))], calls: [
            (0.25, { t, time in t.updateLayout(travel: 844, at: time) })]),
        FrameTraceScenario(name: "rotation-mid-completion", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.08, path: along(1_200))], calls: [
            (0.3, { t, time in t.updateLayout(travel: 844, at: time) })]),
        FrameTraceScenario(name: "sheet-flick-to-middle", makeTransition: { bottomSheet() }, strokes: [
            Stroke(start: 0.1, duration: 0.1, path: vertical(-1_400))]),
        FrameTraceScenario(name: "sheet-rotation-at-rest", makeTransition: { bottomSheet() }, strokes: [], calls: [
            (0.05, { t, time in t.jump(to: 0.5, at: time) }),
            (0.3, { t, time in t.updateLayout(travel: 390, at: time) })]),
        FrameTraceScenario(name: "sheet-system-cancel", makeTransition: { bottomSheet() }, strokes: [
            Stroke(start: 0.2, origin: (200, 400), duration: 0.2, path: vertical(-300), liftPhase: .cancelled)], calls: [
            (0.05, { t, time in t.jump(to: 0.5, at: time) })]),
        FrameTraceScenario(name: "second-finger-latest", makeTransition: { pop() }, strokes: [
            Stroke(start: 0.1, duration: 0.4, path: along(300), pointer: 1),
            Stroke(start: 0.25, origin: (300, 500), duration: 0.15, path: along(900), pointer: 2)]),
        FrameTraceScenario(
            name: "second-finger-centroid",
            makeTransition: {
                var t = pop()
                t.multitouch = .centroid
                return t
            },
            strokes: [
                Stroke(start: 0.1, duration: 0.4, path: along(300), pointer: 1),
                Stroke(start: 0.25, origin: (300, 500), duration: 0.15, path: along(900), pointer: 2)]),
        FrameTraceScenario(
            name: "refused-stroke",
            makeTransition: {
                var t = bottomSheet()
                t.mapping.axisLock = AxisLock()
                return t
            },
            strokes: [Stroke(start: 0.1, duration: 0.2, path: { t in (600 * t, -150 * t) })]),
        FrameTraceScenario(name: "step-next-and-back", makeTransition: { bottomSheet() }, strokes: [], calls: [
            (0.1, { t, time in t.step(.next, at: time) }),
            (0.6, { t, time in t.step(.next, at: time) }),
            (0.7, { t, time in t.step(.previous, at: time) })]),
        FrameTraceScenario(
            name: "sheet-veto-dismissal",
            makeTransition: {
                var t = bottomSheet()
                t.refusesDetent = { $0 == 0 }
                return t
            },
            strokes: [Stroke(start: 0.2, origin: (200, 400), duration: 0.1, path: vertical(1_600))],
            calls: [(0.05, { t, time in t.jump(to: 0.5, at: time) })]),
        FrameTraceScenario(
            name: "reduce-motion-release",
            makeTransition: {
                var t = pop()
                t.reduceMotion = true
                return t
            },
            strokes: [Stroke(start: 0.1, duration: 0.08, path: along(1_200))]),
        FrameTraceScenario(name: "scroll-opens-sheet-then-list", makeTransition: { bottomSheet() }, sheetContent: 2_000, strokes: [
            Stroke(start: 0.1, origin: (200, 700), duration: 0.5, path: vertical(-1_000))]),
        FrameTraceScenario(
            name: "list-coast-hands-to-sheet", duration: 2.0, makeTransition: { bottomSheet() }, sheetContent: 2_000,
            edgeFling: .continuesIntoSheet,
            strokes: [
                Stroke(start: 0.1, origin: (200, 300), duration: 0.4, path: vertical(-900)),
                Stroke(start: 0.7, origin: (200, 300), duration: 0.08, path: vertical(2_000))],
            calls: [(0.05, { t, time in t.jump(to: 1, at: time) })]),
    ] }
}
