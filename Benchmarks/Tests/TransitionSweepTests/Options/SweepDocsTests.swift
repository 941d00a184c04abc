import ArgumentParser
import Foundation
import Testing
import ToolTestSupport
import TransitionLab
import TransitionPhysics

@testable import TransitionSweep

/// docs/sweeps.md cannot go stale: its parameter table and its column table are generated from
/// `ReleaseParameter.table` and `SweepGrid.columns` (the writer's header), and every flag
/// `transition-sweep run --help` lists is documented there.
///
/// After adding a parameter, a column or a flag, regenerate the two tables with
///
///     REGENERATE_SWEEP_DOCS=1 swift test --filter SweepDocsTests
///
/// (it rewrites the blocks between the `generated` markers), describe a new result column in
/// `resultColumnMeanings` below, and mention a new flag in the prose.
@Suite struct SweepDocsTests {
    static let url = Binary.repositoryRoot.appendingPathComponent("docs/sweeps.md")

    /// What each fixed result column holds, with its unit.
    static let resultColumnMeanings: [String: String] = [
        "row": "row number from 0, the same in a shard as in the whole grid",
        "model": "`classic`, `physics` or `cupertino`",
        "release_progress": "progress at release, fraction of the travel",
        "release_velocity_per_s": "release velocity, progress (travel widths) per second, signed toward finishing",
        "decision": "`finish` or `cancel`",
        "projected_progress": "where the release would coast, fraction of the travel; empty for classic and cupertino",
        "completion_time_s": "seconds from release until done (timed curves: their duration; springs: settled within 0.001 of the travel, on frames); `inf` for a spring that never settles",
        "visual_completion_time_s": "seconds from release until nothing moves by one physical pixel (`--travel-pixels`)",
        "velocity_jump_per_s": "|completion velocity just after release - release velocity|, progress per second",
        "overshoot": "farthest the shown progress goes past the target, fraction of the travel (springs: the motion's own, from its closed form, so no frame rate changes it; the clamp shows none, the rubber band its band of it; timed curves: over the frames)",
        "peak_acceleration_per_s2": "largest |progress acceleration|, progress per second squared (springs with `--overshoot allow`: the motion's own, from its closed form; clamped and rubber-banded springs and timed curves: over the frames up to completion)",
    ]

    /// The parameter flags, one row per `ReleaseParameter.table` row, in table order.
    static var parameterTable: String {
        var lines = ["| flag | what, unit | values | default | models |", "|---|---|---|---|---|"]
        for row in ReleaseParameter.table {
            let cells = [
                "`--\(row.flag)`", row.summary + row.note, row.rangeText,
                row.defaultValue.map(ReleaseParameter.text) ?? "none", row.models.map(\.rawValue).joined(separator: ", "),
            ]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// Every column of the sweep's CSV, numbered from 1 as a positional reader counts them.
    static var columnTable: String {
        var lines = ["| # | column | what, unit |", "|---|---|---|"]
        for (i, column) in SweepGrid.columns.enumerated() {
            let meaning: String
            if let row = ReleaseParameter.table.first(where: { $0.column == column }) {
                meaning = "`--\(row.flag)` (empty where it does not apply)"
            } else {
                meaning = resultColumnMeanings[column] ?? "UNDESCRIBED: add it to SweepDocsTests.resultColumnMeanings"
            }
            lines.append("| \(i + 1) | `\(column)` | \(meaning.replacingOccurrences(of: "|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The text between `<!-- generated: name -->` and `<!-- end generated: name -->`, trimmed.
    static func block(_ name: String, in text: String) -> Range<String.Index>? {
        guard let start = text.range(of: "<!-- generated: \(name) "), let end = text.range(of: "<!-- end generated: \(name) -->"),
            let startLineEnd = text[start.upperBound...].firstIndex(of: "\n"), startLineEnd < end.lowerBound
        else { return nil }
        return text.index(after: startLineEnd)..<end.lowerBound
    }

    @Test func theTablesAreGeneratedFromTheParameterTableAndTheHeader() throws {
        var text = try String(contentsOf: Self.url, encoding: .utf8)
        let expected = ["parameters": Self.parameterTable, "columns": Self.columnTable]
        #expect(!Self.columnTable.contains("UNDESCRIBED"), "a result column without a description:\n\(Self.columnTable)")
        var stale: [String] = []
        for name in ["parameters", "columns"] {
            let range = try #require(Self.block(name, in: text), "docs/sweeps.md lacks the generated \(name) block")
            let wanted = expected[name]! + "\n"
            if text[range] != wanted {
                stale.append(name)
                text.replaceSubrange(range, with: wanted)
            }
        }
        if !stale.isEmpty && ProcessInfo.processInfo.environment["REGENERATE_SWEEP_DOCS"] == "1" {
            try text.write(to: Self.url, atomically: true, encoding: .utf8)
            return
        }
        for name in stale {
            Issue.record("docs/sweeps.md: the \(name) table is stale; run REGENERATE_SWEEP_DOCS=1 swift test --filter SweepDocsTests, or paste:\n\(expected[name]!)")
        }
    }

    @Test func everyFlagOfRunIsDocumented() throws {
        let text = try String(contentsOf: Self.url, encoding: .utf8)
        let help = TransitionSweepCommand.helpMessage(for: RunCommand.self, columns: 1000)
        let flags = Self.flags(in: help)
        #expect(flags.count >= 30, "read the flags of `run --help`: \(flags.sorted())")
        for flag in flags.sorted() where flag != "--help" && flag != "--version" {
            #expect(text.contains("`\(flag)`") || text.contains("`\(flag) "), "docs/sweeps.md does not mention \(flag)")
        }
        // The merge subcommand's flags too.
        let merge = Self.flags(in: TransitionSweepCommand.helpMessage(for: MergeCommand.self, columns: 1000))
        #expect(merge.contains("--grid-rows"), "read the flags of `merge --help`: \(merge.sorted())")
        for flag in merge.sorted() where flag != "--help" {
            #expect(text.contains("`\(flag)`") || text.contains("`\(flag) ") || text.contains(" \(flag) "), "docs/sweeps.md does not mention merge's \(flag)")
        }
    }

    /// Every `--flag` a help text names.
    static func flags(in help: String) -> Set<String> {
        var flags = Set<String>()
        var rest = help[...]
        while let range = rest.range(of: "--") {
            let before = range.lowerBound == help.startIndex ? " " : help[help.index(before: range.lowerBound)]
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if !(before.isLetter || before.isNumber || before == "-"), let first = name.first, first.isLetter {
                flags.insert("--" + name)
            }
            rest = rest[range.upperBound...]
        }
        return flags
    }
}
