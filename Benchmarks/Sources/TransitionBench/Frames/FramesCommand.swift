import ArgumentParser
import Foundation
import TransitionPhysics

/// `transition-bench frames`: what one frame of the app's driver costs, nanoseconds per
/// `handle(_:)` + `advance(to:)`, for a transition and a `ScrollingSheet` at rest, tracking a
/// finger down for 0.5 s and for 500 s, and completing (docs/throughput.md, "A frame").
public struct FramesCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Time one display frame of InteractiveTransition and ScrollingSheet: at rest, tracking (short and long strokes), completing.",
        discussion: """
            Each case builds its driver, brings it to the state (a finger moving 300 pt/s at \
            120 Hz for the stroke's length, down before the timing starts), then times \
            --frames frames of one touch sample (tracking) and one advance(to:) each, in one \
            run, and prints the median over --rounds rounds in ns per frame. A frame that \
            costs the same after 500 s down as after 0.5 s is what the `long / short` line \
            says (1.0 is constant time). Build in release (make release) to measure.
            """)

    @Option(help: ArgumentHelp("Frames timed per round (100 to 1,000,000). Default 20,000.", valueName: "count"))
    public var frames = 20_000

    @Option(help: ArgumentHelp("Rounds per case; the median is printed (1 to 101). Default 7.", valueName: "count"))
    public var rounds = 7

    @Option(help: ArgumentHelp("Time one case only, for a profiler: \(FrameScenario.allCases.map(\.rawValue).joined(separator: ", ")), with --sheet for the scrolling sheet.", visibility: .hidden))
    public var only: FrameScenario?

    @Flag(help: ArgumentHelp("With --only: the scrolling sheet.", visibility: .hidden))
    public var sheet = false

    public init() {}

    public func validate() throws {
        guard (100...1_000_000).contains(frames) else { throw ValidationError("--frames must be in 100...1000000; got \(frames).") }
        guard (1...101).contains(rounds) else { throw ValidationError("--rounds must be in 1...101; got \(rounds).") }
    }

    public func run() throws {
        if let only {
            print("\(only.label), \(sheet ? "scrolling sheet" : "transition"): \(format(FrameTimer.time(only, sheet: sheet, frames: frames))) ns per frame")
            return
        }
        print("frames: ns per handle + advance, median of \(rounds) rounds of \(frames) frames (120 Hz)")
        print("case".padding(toLength: 44, withPad: " ", startingAt: 0) + "transition   scrolling sheet")
        var tracking: [String: (Double, Double)] = [:]
        for scenario in FrameScenario.allCases {
            let plain = median((0..<rounds).map { _ in FrameTimer.time(scenario, sheet: false, frames: frames) })
            let sheet = median((0..<rounds).map { _ in FrameTimer.time(scenario, sheet: true, frames: frames) })
            tracking[scenario.rawValue] = (plain, sheet)
            print(scenario.label.padding(toLength: 44, withPad: " ", startingAt: 0) + format(plain).padding(toLength: 13, withPad: " ", startingAt: 0) + format(sheet))
        }
        if let short = tracking[FrameScenario.trackingShort.rawValue], let long = tracking[FrameScenario.trackingLong.rawValue] {
            print("tracking, long / short (1.0: constant time)".padding(toLength: 44, withPad: " ", startingAt: 0)
                + format(long.0 / short.0, digits: 2).padding(toLength: 13, withPad: " ", startingAt: 0) + format(long.1 / short.1, digits: 2))
        }
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private func format(_ value: Double, digits: Int = 0) -> String { String(format: "%.\(digits)f", value) }
}

/// The states a frame is timed in (`transition-bench frames --only`).
public enum FrameScenario: String, CaseIterable, ExpressibleByArgument {
    case atRest, trackingShort, trackingLong, completing

    var label: String {
        switch self {
        case .atRest: return "at rest"
        case .trackingShort: return "tracking, 0.5 s down"
        case .trackingLong: return "tracking, 500 s down"
        case .completing: return "completing"
        }
    }

    /// Seconds the finger is down before timing starts (tracking cases).
    var downSeconds: Double {
        switch self {
        case .trackingShort: return 0.5
        case .trackingLong: return 500
        default: return 0
        }
    }
}

/// Builds a driver in a `FrameScenario` and times its frames.
enum FrameTimer {
    static let hz = 120.0
    static let travel = 800.0

    static func sheet() -> InteractiveTransition {
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: travel, toward: .up))
        sheet.detents = [0, 0.5, 1]
        sheet.pixelsPerPoint = 3
        return sheet
    }

    /// A finger moving back and forth along y (300 pt/s, turning every 2 s) at `time`: it stays
    /// on screen however long it is down, and turns, as a finger that long does.
    static func y(at time: Double) -> Double {
        let phase = time.truncatingRemainder(dividingBy: 4)
        return 600 - 300 * (phase < 2 ? phase : 4 - phase) / 4
    }

    /// Frames timed between two copies of the state: a tracking case stays as long as it says
    /// (0.5 s + 50 frames is under a second down; 500 s + 2,000 frames is 517 s). A long
    /// stroke's batch is long enough that its arrays' growth after the copy (one doubling of
    /// the whole stroke's samples) is amortized as over a real stroke.
    static func batch(_ scenario: FrameScenario) -> Int { scenario.downSeconds >= 100 ? 2_000 : 50 }

    /// Nanoseconds per frame over `frames` frames of `scenario`, for a plain transition or a
    /// `ScrollingSheet` around the same sheet: batches of `batch(scenario)` frames, each on a
    /// copy of the state made (and first written to, untimed) before it.
    static func time(_ scenario: FrameScenario, sheet useSheet: Bool, frames: Int) -> Double {
        var base = Driver(useSheet: useSheet)
        var t = 0.0
        var sink = 0.0
        switch scenario {
        case .atRest:
            base.jump(to: 0.5, at: 0)
        case .trackingShort, .trackingLong:
            base.handle(TouchSample(time: 0, y: y(at: 0), phase: .began))
            let samples = Int(scenario.downSeconds * hz)
            for i in 1...samples {
                t = Double(i) / hz
                base.handle(TouchSample(time: t, y: y(at: t), phase: .changed))
            }
            sink += base.advance(t)
        case .completing:
            // A critically damped spring of 1,000 s response: it completes through every timed frame.
            base.jump(to: 0, at: 0)
            base.finishSlowly()
        }
        let tracking = scenario == .trackingShort || scenario == .trackingLong
        var elapsed = 0.0, timed = 0
        while timed < frames {
            var driver = base
            var time = t + 1 / hz
            // Untimed: the copy's first write copies its buffers.
            if tracking { driver.handle(TouchSample(time: time, y: y(at: time), phase: .changed)) }
            sink += driver.advance(time)
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<batch(scenario) {
                time += 1 / hz
                if tracking { driver.handle(TouchSample(time: time, y: y(at: time), phase: .changed)) }
                sink += driver.advance(time)
            }
            elapsed += Double(DispatchTime.now().uptimeNanoseconds - start)
            timed += batch(scenario)
        }
        if sink.isNaN { print("") }  // keeps the frames from being optimised away
        return elapsed / Double(timed)
    }
}

/// A plain transition or a `ScrollingSheet` around the same sheet.
struct Driver {
    var useSheet: Bool
    var plain = FrameTimer.sheet()
    var scrolling = ScrollingSheet(sheet: FrameTimer.sheet(), maximumContentOffset: 2_000)

    init(useSheet: Bool) { self.useSheet = useSheet }

    mutating func handle(_ sample: TouchSample) {
        if useSheet { scrolling.handle(sample) } else { plain.handle(sample) }
    }

    mutating func advance(_ time: Double) -> Double {
        useSheet ? scrolling.advance(to: time).sheet.progress : plain.advance(to: time).progress
    }

    mutating func jump(to progress: Double, at time: Double) {
        if useSheet { scrolling.sheet.jump(to: progress, at: time) } else { plain.jump(to: progress, at: time) }
    }

    /// Opens from code with a spring of 1,000 s response, so every timed frame is mid-completion.
    mutating func finishSlowly() {
        if useSheet {
            scrolling.sheet.completionSpring = Spring(response: 1_000, dampingRatio: 1)
            scrolling.sheet.finish(at: 0)
        } else {
            plain.completionSpring = Spring(response: 1_000, dampingRatio: 1)
            plain.finish(at: 0)
        }
    }
}
