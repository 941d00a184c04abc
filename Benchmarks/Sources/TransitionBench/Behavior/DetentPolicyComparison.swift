import TransitionLab
import TransitionPhysics

/// The detent policies side by side (`behavior --detent-policies`): each gesture replayed as a
/// sheet with detents [0, 0.5, 1] that begins at 0, under the projected spring and each
/// `DetentPolicy`, then under each platform's sheet or pager rule (`PlatformSheetRule`, the model naming
/// its detent, built for the gesture), and where its release settles, per intent. A gesture meant to finish should
/// reach the last detent (1) or at least the middle one; one meant to cancel should stay at 0.
/// A gesture that never started (edge zone) counts as settled at 0.
public enum DetentPolicyComparison {
    /// The detents of the comparison's sheet, progress.
    public static let detents = [0, 0.5, 1.0]

    /// The policies compared, with their names in the table.
    public static let policies: [(name: String, policy: DetentPolicy)] = [
        ("nearest", .nearestToProjection),
        ("one-per-fling", .oneDetentPerFling),
        ("gap 0.25", .thresholds([0.25])),
        ("gap 0.75", .thresholds([0.75])),
    ]

    /// One row: a source (a recorded file, `synthetic`) under one policy; the counts of gestures
    /// meant to finish and to cancel by the detent they settled at (index into `detents`).
    public struct Row: Equatable, Sendable {
        public var source: String
        public var policy: String
        public var finishAt: [Int]
        public var cancelAt: [Int]
    }

    /// The rows for `sets` replayed with `settings` (the run's replay flags), sources in order,
    /// policies in `policies` order.
    public static func rows(_ sets: [TraceSet], settings: ReplaySettings) -> [Row] {
        let runner = GestureRunner(model: ProjectedSpringModel(), settings: settings)
        // Ours under each policy, then each platform's rule with the default policy (its model
        // names the detent, which the policy leaves alone).
        let compared: [(name: String, policy: DetentPolicy, model: (@Sendable (GestureTrace) -> any ReleaseModel)?)] =
            policies.map { ($0.name, $0.policy, nil) }
            + PlatformSheetRule.allCases.map { rule in (rule.rawValue, .nearestToProjection, { rule.model(for: $0) }) }
        var rows: [Row] = []
        for set in sets where !set.traces.isEmpty {
            for (name, policy, model) in compared {
                var row = Row(source: set.source, policy: name, finishAt: [0, 0, 0], cancelAt: [0, 0, 0])
                for trace in set.traces {
                    var traceRunner = runner
                    if let model { traceRunner.model = model(trace) }
                    var sheet = traceRunner.transition(
                        travel: trace.travel, axis: trace.axis, pixelsPerPoint: trace.pixelsPerUnit, unitsPerPoint: trace.unitsPerPoint)
                    sheet.detents = detents.map { .fraction($0) }
                    sheet.detentPolicy = policy
                    for sample in trace.samples { sheet.handle(sample) }
                    let settled = detents.firstIndex(of: sheet.releases.last?.completion.curve.target ?? 0) ?? 0
                    if trace.intent == .finish { row.finishAt[settled] += 1 } else { row.cancelAt[settled] += 1 }
                }
                rows.append(row)
            }
        }
        return rows
    }

    /// The text table (at most 100 columns for a source name of up to 30 characters): per source
    /// and policy, the share of gestures meant to finish settled at 1, 0.5 and 0, and of those
    /// meant to cancel at 0, 0.5 and 1 (percent; `-` for none).
    public static func table(_ rows: [Row]) -> String {
        let header = ["source", "policy", "finish n", "1 %", "0.5 %", "0 %", "cancel n", "0 %", "0.5 %", "1 %"]
        func percent(_ count: Int, of total: Int) -> String {
            total == 0 ? "-" : BehaviorReport.fixed(100 * Double(count) / Double(total), decimals: 1)
        }
        var lines = [header]
        for row in rows {
            let finishes = row.finishAt.reduce(0, +), cancels = row.cancelAt.reduce(0, +)
            lines.append([
                row.source, row.policy,
                "\(finishes)", percent(row.finishAt[2], of: finishes), percent(row.finishAt[1], of: finishes), percent(row.finishAt[0], of: finishes),
                "\(cancels)", percent(row.cancelAt[0], of: cancels), percent(row.cancelAt[1], of: cancels), percent(row.cancelAt[2], of: cancels),
            ])
        }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        let rendered = lines.map { cells in
            cells.enumerated().map { column, cell in
                column < 2 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
        }.map { $0[0] + "  " + $0[1] + "  " + $0[2...].joined(separator: " ") }
        let legend = [
            "Detent policies: a sheet with detents 0, 0.5, 1 that begins at 0, the projected spring per policy,",
            "then each platform's rule, which picks the detent (a pager reads the detents as pages):",
            PlatformSheetRule.allCases.map(\.rawValue).joined(separator: ", ") + ".",
            "finish n: the gestures meant to finish, and the % settled at 1, 0.5 and 0;",
            "cancel n: those meant to cancel, and the % settled at 0, 0.5 and 1.",
            "gap 0.25, gap 0.75: .thresholds, the fraction of each gap the projection passes to go up.",
        ]
        return (legend + rendered).joined(separator: "\n") + "\n"
    }
}
