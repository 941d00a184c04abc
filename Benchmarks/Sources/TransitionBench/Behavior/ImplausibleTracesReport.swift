import TransitionLab
import TransitionPhysics
import TransitionTraces

/// Warnings about recorded traces whose numbers no finger or touch panel makes
/// (`TracePlausibility`): a release faster than `maximumReleaseSpeed`, samples closer than
/// `minimumMedianSampleInterval`. They are counted as usual; standard error names them.
enum ImplausibleTracesReport {
    /// Traces named one by one per file and warning; the rest are counted.
    static let listedPerFile = 5

    /// Standard-error lines for one recorded set (none when every trace is plausible): one per
    /// kind of finding, with the first `listedPerFile` trace ids and their values.
    static func notes(for set: TraceSet, estimator: any VelocityEstimator) -> [String] {
        let findings = TracePlausibility.findings(in: set.traces, estimator: estimator)
        var lines: [String] = []
        let dense = findings.compactMap { f in f.medianSampleInterval.map { (f.traceID, $0) } }
        if !dense.isEmpty {
            let ms = TracePlausibility.minimumMedianSampleInterval * 1000
            lines.append(
                "warning: \(set.source): \(count(dense.count)) with a median sample interval under \(ms) ms, faster than touch "
                    + "hardware reports (TracePlausibility.minimumMedianSampleInterval): "
                    + listed(dense.map { "\($0.0) (\(BehaviorReport.fixed($0.1 * 1000, decimals: 3)) ms)" })
                    + "; t_ms looks like seconds: write milliseconds (docs/traces.md)")
        }
        let fast = findings.compactMap { f in f.releaseSpeed.map { (f.traceID, $0) } }
        if !fast.isEmpty {
            lines.append(
                "warning: \(set.source): \(count(fast.count)) released faster than a finger moves, over "
                    + "\(BehaviorReport.fixed(TracePlausibility.maximumReleaseSpeed, decimals: 0)) travel widths/s "
                    + "(TracePlausibility.maximumReleaseSpeed): "
                    + listed(fast.map { "\($0.0) (\(BehaviorReport.fixed($0.1, decimals: 1)) widths/s)" })
                    + "; check that t_ms is in milliseconds and x_px, y_px and travel_px in one unit (docs/traces.md)")
        }
        return lines
    }

    private static func count(_ n: Int) -> String { n == 1 ? "1 trace" : "\(n) traces" }

    private static func listed(_ items: [String]) -> String {
        let shown = items.prefix(listedPerFile).joined(separator: ", ")
        return items.count > listedPerFile ? "\(shown) and \(items.count - listedPerFile) more" : shown
    }
}
