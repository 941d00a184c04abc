import ArgumentParser
import Foundation
import TransitionLab
import TransitionPhysics
import TransitionSweep
import TransitionTraces

/// `transition-bench traces`: what recorded trace files hold (sampling, strokes, lift-off
/// samples, the state at release, the fling cap) and what an axis lock refuses on them: the recording's
/// statistics docs/references.md ("The recorded swipes") and docs/behaviour.md quote.
public struct TracesCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "traces",
        abstract: "Print the statistics of recorded trace files: sampling intervals, strokes, lift-off samples, release state, axis-lock refusals.",
        discussion: """
            For each file (--traces, else the default recorded file as `behavior` finds it: \
            \(TraceSources.defaultRecordedRelativePath)), one line per statistic. Times are in \
            milliseconds (ms), travel in fractions of each stroke's travel (travel_px: the \
            screen width), velocities in travels per second (travels/s), shares in percent of \
            the count they name. Medians interpolate linearly (numpy's default).

            Lift-off samples: an up at a new position; an up repeating the sample before it \
            when that came at most --lift-off-repeat ms before (a move delivered just before \
            lift-off); an up repeating an older sample (the finger rested). The release state \
            and the finish counts replay each stroke through the driver with \
            ProjectedSpringModel() and the default estimator, as `behavior` does (the fling cap in \
            points/s, the traces' units read as points unless they declare pixels_per_point); \
            the zero count replays them with Flutter's tracker; the axis lock \
            is AxisLock(slop: --lock-slop, ratio: each --lock-ratios) in the trace's units.

            Exit status: \(ExitStatus.helpText())
            """)

    @OptionGroup
    public var recorded: RecordedTraceOptions

    @Option(help: ArgumentHelp("Longest gap, ms, from the sample before an up that repeats it for the up to count as repeating a move delivered just before lift-off (0 to 1000).", valueName: "ms"))
    public var liftOffRepeat: Double = 25

    @Option(help: ArgumentHelp("A sample interval longer than this, ms, counts as a long interval (0 to 10000).", valueName: "ms"))
    public var longInterval: Double = 40

    @Option(help: ArgumentHelp("Axis lock slop, in the traces' units (pixels for the recorded file) (above 0, at most 1000).", valueName: "units"))
    public var lockSlop: Double = 10

    @Option(help: ArgumentHelp("Axis lock ratios (along / across), comma-separated, each in (0, 100].", valueName: "ratios"))
    public var lockRatios = "1,2"

    public init() {}

    /// The axis lock ratios, as given.
    public var ratios: [Double] {
        lockRatios.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    public func validate() throws {
        guard liftOffRepeat.isFinite, (0...1000).contains(liftOffRepeat) else {
            throw ValidationError("--lift-off-repeat must be in 0...1000 ms; got \(liftOffRepeat).")
        }
        guard longInterval.isFinite, (0...10_000).contains(longInterval) else {
            throw ValidationError("--long-interval must be in 0...10000 ms; got \(longInterval).")
        }
        guard lockSlop.isFinite, lockSlop > 0, lockSlop <= 1000 else {
            throw ValidationError("--lock-slop must be above 0 and at most 1000 units; got \(lockSlop).")
        }
        for part in lockRatios.split(separator: ",", omittingEmptySubsequences: false) {
            guard let ratio = Double(part.trimmingCharacters(in: .whitespaces)), ratio > 0, ratio <= 100 else {
                throw ValidationError("--lock-ratios: '\(part)' is not a ratio in (0, 100].")
            }
        }
    }

    /// The report; `note` receives what goes to standard error.
    public func report(currentDirectory: URL, packageRoot: URL = TraceSources.packageRoot, note: (String) -> Void) throws -> String {
        let urls = recorded.urls(currentDirectory: currentDirectory, packageRoot: packageRoot, note: note)
        return try TraceSources.recorded(urls).map { statistics(of: $0) }.joined(separator: "\n")
    }

    func statistics(of set: TraceSet) -> String {
        let traces = set.traces
        var intervals: [Double] = [], laterIntervals: [Double] = []
        var samePair = 0, fewSamples = 0
        var durations: [Double] = [], travels: [Double] = []
        var newPosition: [Double] = [], repeating: [Double] = [], rested = 0
        var towardLower = 0
        var devices: [String: Int] = [:]
        for trace in traces {
            let s = trace.samples
            let axis = trace.axis ?? .x
            let along = { (sample: TouchSample) in axis == .x ? sample.x : sample.y }
            for i in s.indices.dropFirst() {
                let gap = Self.milliseconds(s[i].time - s[i - 1].time)
                intervals.append(gap)
                if i > 1 { laterIntervals.append(gap) }
            }
            if zip(s, s.dropFirst()).contains(where: { $0.time == $1.time && ($0.x != $1.x || $0.y != $1.y) }) { samePair += 1 }
            if s.count <= 3 { fewSamples += 1 }
            if let first = s.first, let last = s.last {
                durations.append(Self.milliseconds(last.time - first.time))
                travels.append(abs(along(last) - along(first)) / trace.travel)
                if along(last) < along(first) { towardLower += 1 }
            }
            if s.count >= 2, let up = s.last, up.phase == .ended {
                let before = s[s.count - 2]
                let gap = Self.milliseconds(up.time - before.time)
                if up.x != before.x || up.y != before.y {
                    newPosition.append(gap)
                } else if gap <= liftOffRepeat {
                    repeating.append(gap)
                } else {
                    rested += 1
                }
            }
            devices[trace.deviceID ?? "-", default: 0] += 1
        }
        let n = traces.count
        var out = "\(set.source): \(n) strokes\n"
        out += "sample interval, ms: median \(Self.number(Self.median(intervals))) of \(intervals.count)\n"
        out += "intervals over \(Self.number(longInterval)) ms: \(Self.percent(intervals.filter { $0 > longInterval }.count, of: intervals.count)) of all; "
        out += "\(Self.percent(laterIntervals.filter { $0 > longInterval }.count, of: laterIntervals.count)) of those after the first (touch-down's)\n"
        out += "strokes with two samples in one millisecond at different positions: \(samePair)\n"
        out += "strokes with at most 3 samples (touch-down and lift-off counted): \(fewSamples)\n"
        out += "stroke duration, touch-down to lift-off, ms: median \(Self.number(Self.median(durations)))\n"
        out += "travel, touch-down to lift-off, fraction of the travel: median \(Self.fraction(Self.median(travels))); "
        out += "past half: \(Self.percent(travels.filter { $0 > 0.5 }.count, of: n))\n"
        out += "strokes toward lower x or y along their axis: \(Self.percent(towardLower, of: n))\n"
        if let (device, count) = devices.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) {
            out += "largest device share: device \(device), \(Self.percent(count, of: n))\n"
        }
        let ups = newPosition.count + repeating.count + rested
        out += "lift-off at a new position: \(newPosition.count) (\(Self.percent(newPosition.count, of: ups)) of \(ups) ups), "
        out += "median \(Self.number(Self.median(newPosition))) ms after the sample before\n"
        out += "lift-off repeating a sample at most \(Self.number(liftOffRepeat)) ms before: \(repeating.count), "
        out += "median \(Self.number(Self.median(repeating))) ms after it\n"
        out += "lift-off repeating an older sample: \(rested)\n"
        let moved = newPosition.count + repeating.count
        out += "new position / (new position + repeating): \(moved == 0 ? "-" : Self.fraction(Double(newPosition.count) / Double(moved)))\n"

        let runner = GestureRunner(model: ProjectedSpringModel())
        let flutter = GestureRunner(model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator())
        var progress: [Double] = [], speed: [Double] = []
        var finished = 0, meant = 0, capped = 0, zeroed = 0
        var locked = [(refused: Int, finished: Int)](repeating: (0, 0), count: ratios.count)
        for trace in traces {
            let free = runner.replay(trace)
            if let release = free.releases.last {
                progress.append(release.state.progress)
                speed.append(abs(release.state.velocity))
                // At the fling cap: the estimate clamped to cap / travel travels per second.
                let cap = free.maximumReleaseSpeedPointsPerSecond / free.mapping.travel
                if abs(release.state.velocity) >= cap * (1 - 1e-12) { capped += 1 }
            }
            if let release = flutter.replay(trace).releases.last, release.state.velocity == 0 { zeroed += 1 }
            guard trace.intent == .finish else { continue }
            meant += 1
            if free.releases.last?.completion.decision == .finish { finished += 1 }
            for (k, ratio) in ratios.enumerated() {
                var transition = runner.transition(
                    travel: trace.travel, axis: trace.axis, pixelsPerPoint: trace.pixelsPerUnit, unitsPerPoint: trace.unitsPerPoint)
                transition.mapping.axisLock = AxisLock(slop: lockSlop * trace.unitsPerPoint, ratio: ratio)
                var refused = false
                for sample in trace.samples {
                    transition.handle(sample)
                    for case .refused in transition.advance(to: sample.time).events { refused = true }
                }
                if refused { locked[k].refused += 1 }
                if transition.releases.last?.completion.decision == .finish { locked[k].finished += 1 }
            }
        }
        out += "release (ProjectedSpringModel()): median progress \(Self.fraction(Self.median(progress))), "
        out += "median speed \(Self.fraction(Self.median(speed), digits: 1)) travels/s, of \(progress.count) releases\n"
        out += "releases at the fling cap (\(Self.number(runner.settings.maximumReleaseSpeed)) points/s): \(capped)\n"
        out += "releases at velocity 0 under LeastSquaresVelocityEstimator() (Flutter's tracker): \(zeroed) "
        out += "(\(Self.percent(zeroed, of: traces.count)) of the strokes)\n"
        out += "meant to finish: \(meant); finished without a lock: \(finished)\n"
        for (k, ratio) in ratios.enumerated() {
            out += "axis lock \(Self.number(lockSlop)) units, ratio \(Self.number(ratio)): refused \(locked[k].refused) "
            out += "(\(Self.percent(locked[k].refused, of: meant)) of those meant to finish); finished \(locked[k].finished)\n"
        }
        return out
    }

    /// A time difference in seconds as milliseconds, rounded to a microsecond: the files' whole
    /// milliseconds stay whole, so a 25 ms gap is not read as 25.000000000000004.
    static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1e6).rounded() / 1e3
    }

    static func median(_ values: [Double]) -> Double? {
        quantile(values.sorted(), 0.5)
    }

    static func number(_ value: Double?) -> String {
        guard let value else { return "-" }
        let text = String(format: "%.1f", value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static func fraction(_ value: Double?, digits: Int = 3) -> String {
        value.map { String(format: "%.\(digits)f", $0) } ?? "-"
    }

    static func percent(_ count: Int, of total: Int) -> String {
        total == 0 ? "-" : String(format: "%.1f%%", Double(count) / Double(total) * 100)
    }

    public func run() throws {
        try ReportCommand.run { directory, note in try report(currentDirectory: directory, note: note) }
    }
}
