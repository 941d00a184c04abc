import Foundation
import Testing
import TransitionCSV
import TransitionLab  // SplitMix64, the one seeded generator
@testable import TransitionBench

/// `--pareto`: the front against the definition checked pair by pair, and as a user reads it.
@Suite struct ParetoFrontTests {
    static func row(
        _ model: String, source: String = "s", match: Double?, visual: Double?, peak: Double?, overshoot: Double? = nil,
        jump: Double? = 0
    ) -> BehaviorSummary {
        var row = BehaviorSummary(model: model, source: source, traces: [], outcomes: [])
        row.intentMatchRate = match
        row.medianVisualCompletionTime = visual
        row.medianPeakAcceleration = peak
        row.p90Overshoot = overshoot
        row.p90VelocityJump = jump
        return row
    }

    /// Overshoot is a figure of the front and a limit of the pick: a spring that is faster only
    /// by carrying the view past the end does not hide a critically damped one, and is picked
    /// only when `--max-overshoot` allows its overshoot.
    @Test func thePickStaysWithinTheOvershootLimit() {
        let rows = [
            Self.row("underdamped", match: 0.9, visual: 0.30, peak: 100, overshoot: 0.0137),
            Self.row("critical", match: 0.9, visual: 0.35, peak: 100, overshoot: 0),
            Self.row("default", match: 0.9, visual: 0.40, peak: 100, overshoot: 0),
            Self.row("slow", match: 0.8, visual: 0.50, peak: 100, overshoot: 0),
        ]
        func picked(_ limit: Double) -> [String] {
            var marked = rows
            ParetoFront.mark(&marked, defaultModels: ["default"], limits: PickLimits(overshoot: limit))
            #expect(marked.map { $0.pareto! } == [true, true, false, false])
            #expect(marked.map { $0.beatenBy! } == [0, 0, 1, 1] && marked.map { $0.defaultModel! } == [false, false, true, false])
            return marked.filter { $0.pick! }.map(\.model)
        }
        #expect(picked(ParetoFront.defaultMaxOvershoot) == ["critical"])
        #expect(picked(0.02) == ["underdamped"])
        // No front row within the limit: no pick, and the footer says why.
        var none = [Self.row("a", match: 0.9, visual: 0.3, peak: 100, overshoot: 0.01)]
        ParetoFront.mark(&none, limits: PickLimits(overshoot: 0.001))
        #expect(none[0].pick == false)
        let footer = ParetoFront.footer(none, limits: PickLimits(overshoot: 0.001)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(footer.contains("no pick: no front row is within a p90 overshoot of 0.001 and a p90 velocity jump of 0.5 travel/s"))
    }

    /// The velocity jump is a limit of the pick, not a figure of the front: a curve that starts
    /// from rest, the best and fastest otherwise, stays on the front and is picked only when
    /// `--max-velocity-jump` allows its jump; a row without the figure (no started trace) is not
    /// picked.
    @Test func thePickStaysWithinTheVelocityJumpLimit() {
        let rows = [
            Self.row("fromRest", match: 0.99, visual: 0.28, peak: 86, overshoot: 0, jump: 7.8),
            Self.row("fromTheFinger", match: 0.988, visual: 0.12, peak: 120, overshoot: 0, jump: 0),
            Self.row("default", match: 0.988, visual: 0.37, peak: 126, overshoot: 0.002, jump: 0),
            Self.row("unknown", match: 0.995, visual: 0.5, peak: 200, overshoot: 0, jump: nil),
        ]
        func picked(_ limits: PickLimits) -> [String] {
            var marked = rows
            ParetoFront.mark(&marked, defaultModels: ["default"], limits: limits)
            #expect(marked.map { $0.pareto! } == [true, true, false, true], "the jump moves no row off the front")
            return marked.filter { $0.pick! }.map(\.model)
        }
        #expect(picked(.default) == ["fromTheFinger"])
        #expect(picked(PickLimits(velocityJump: 7.8)) == ["fromRest"])
        #expect(picked(PickLimits(velocityJump: .greatestFiniteMagnitude)) == ["fromRest"])
        #expect(picked(PickLimits(velocityJump: 0)) == ["fromTheFinger"])
    }

    /// The front equals the definition, every pair compared: no row beats a front row, and every
    /// other row is beaten by some row, with ties, missing figures and infinities.
    @Test func frontIsExactlyTheUnbeatenRows() {
        var generator = SplitMix64(seed: 47)
        for trial in 0..<200 {
            let n = Int.random(in: 1...40, using: &generator)
            let values: [Double?] = [nil, 0, 0.25, 0.5, 1, .infinity]
            var rows = (0..<n).map { i in
                Self.row(
                    "m\(i)", source: i % 3 == 0 ? "a" : "b", match: values.randomElement(using: &generator)!.map { min($0, 1) },
                    visual: values.randomElement(using: &generator)!, peak: values.randomElement(using: &generator)!,
                    overshoot: values.randomElement(using: &generator)!)
            }
            ParetoFront.mark(&rows)
            for a in rows {
                let beaten = rows.contains { b in
                    b.source == a.source && ParetoFront.Figures(b).beats(ParetoFront.Figures(a))
                }
                #expect(a.pareto == !beaten, "trial \(trial): \(a.model)")
                let beatenBy = rows.filter { b in
                    b.source == a.source && b.pareto == true && ParetoFront.Figures(b).beats(ParetoFront.Figures(a))
                }.count
                #expect(a.beatenBy == beatenBy, "trial \(trial): \(a.model)")
            }
        }
        // By hand: b beats a on all three; c trades intent for speed; d ties c exactly.
        var rows = [
            Self.row("a", match: 0.9, visual: 0.4, peak: 150), Self.row("b", match: 0.95, visual: 0.3, peak: 120),
            Self.row("c", match: 0.8, visual: 0.2, peak: 200), Self.row("d", match: 0.8, visual: 0.2, peak: 200),
            Self.row("e", match: 0.95, visual: 0.3, peak: 121), Self.row("f", match: nil, visual: 0.1, peak: 10),
        ]
        ParetoFront.mark(&rows)
        #expect(rows.map { $0.pareto! } == [false, true, true, true, false, true])
        #expect(ParetoFront.tableOrder(rows).map(\.model) == ["b", "c", "d", "f", "e", "a"])
    }

    /// The front as it was defined first, each row in best-first order compared with every
    /// row of the front so far (rows times the front's size): the oracle of the sweep.
    static func quadraticFront(_ figures: [ParetoFront.Figures]) -> (pareto: [Bool], beatenBy: [Int]) {
        var pareto = [Bool](repeating: false, count: figures.count), beatenBy = [Int](repeating: 0, count: figures.count)
        var front: [Int] = []
        for k in figures.indices.sorted(by: { ParetoFront.bestFirst(figures, $0, $1) }) {
            let beaters = front.reduce(0) { $0 + (figures[$1].beats(figures[k]) ? 1 : 0) }
            if beaters == 0 { front.append(k) }
            pareto[k] = beaters == 0
            beatenBy[k] = beaters
        }
        return (pareto, beatenBy)
    }

    static func figures(_ match: Double?, _ visual: Double?, _ peak: Double?, _ overshoot: Double?) -> ParetoFront.Figures {
        ParetoFront.Figures(row("m", match: match, visual: visual, peak: peak, overshoot: overshoot))
    }

    /// The sweep gives the quadratic front's marks and places on random sets (few values, so
    /// ties and duplicates on every figure; continuous values; missing figures and infinities)
    /// and adversarial ones: every row on the front (a plane of trades), one chain (each beats
    /// the next), every row the same, rows equal but on one figure, the best one or two rows
    /// repeated, and -0 against 0.
    @Test func theSweepIsTheQuadraticFront() {
        var generator = SplitMix64(seed: 48)
        let few: [Double?] = [nil, -0.0, 0, 0.25, 0.5, 1, .infinity, -.infinity, .greatestFiniteMagnitude]
        var sets: [[ParetoFront.Figures]] = [[], [Self.figures(0.5, 1, 1, 0)]]
        for _ in 0..<300 {
            let n = Int.random(in: 2...300, using: &generator)
            let values = Array(few.shuffled(using: &generator).prefix(Int.random(in: 1...few.count, using: &generator)))
            sets.append((0..<n).map { _ in
                Self.figures(
                    values.randomElement(using: &generator)!, values.randomElement(using: &generator)!,
                    values.randomElement(using: &generator)!, values.randomElement(using: &generator)!)
            })
        }
        for _ in 0..<20 {
            let n = Int.random(in: 500...3000, using: &generator)
            sets.append((0..<n).map { _ in
                Self.figures(
                    Double(Int.random(in: 0...20, using: &generator)) / 20, Double.random(in: 0.1...0.6, using: &generator),
                    Double(Int.random(in: 0...50, using: &generator)) * 10, Double.random(in: 0...0.02, using: &generator))
            })
        }
        for _ in 0..<10 {  // every figure continuous, one with four values
            sets.append((0..<Int.random(in: 1...2000, using: &generator)).map { _ in
                Self.figures(
                    Double.random(in: 0...1, using: &generator), Double.random(in: 0...1, using: &generator),
                    Double(Int.random(in: 0...3, using: &generator)), Double.random(in: 0...1, using: &generator))
            })
        }
        let n = 400
        sets.append((0..<n).map { i in Self.figures(Double(i % 20), Double(i / 20), 0, 0) })  // a plane
        sets.append((0..<n).map { i in Self.figures(Double(i) / 1000, -Double(i), 5, -Double(i % 7)) })  // every row trades
        sets.append((0..<n).map { i in Self.figures(1 - Double(i) / Double(n), Double(i), Double(i), Double(i)) })  // a chain
        sets.append((0..<n).map { _ in Self.figures(0.9, 0.3, 100, 0.001) })  // every row the same
        sets.append((0..<n).map { i in Self.figures(0.9, 0.3, 100, Double(i % 3) / 1000) })  // equal but on the last
        sets.append((0..<n).map { i in Self.figures(Double(i % 2), 0.3, 100, 0.001) })  // equal but on the first
        sets.append((0..<n).map { (i: Int) -> ParetoFront.Figures in  // the best row twice, beating every other
            let (a, b, c, d) = (Double(i % 5) / 5, Double(i % 11), Double(i % 13), Double(i % 3))
            return i < 2 ? Self.figures(1, 0, 0, 0) : Self.figures(a, b, c, d)
        })
        sets.append((0..<n).map { (i: Int) -> ParetoFront.Figures in  // missing figures and infinities
            let visual: Double? = i % 2 == 0 ? nil : 0.3, peak: Double = i % 3 == 0 ? .infinity : 100
            return Self.figures(nil, visual, peak, nil)
        })
        for (k, set) in sets.enumerated() {
            let expected = Self.quadraticFront(set), got = ParetoFront.front(set)
            #expect(got.pareto == expected.pareto && got.beatenBy == expected.beatenBy, "set \(k) of \(set.count) rows")
        }
    }

    /// The records of a CSV text, each its fields (the package's one reader, `CSVReader`).
    static func records(_ csv: String) throws -> [[String]] {
        var reader = CSVReader(bytes: Array(csv.utf8), lineEnds: .lf)
        var records: [[String]] = []
        while let record = try reader.nextRecord() { records.append(record.fields) }
        return records
    }

    /// As a user runs it: a `pareto` column in CSV and JSON, the text table's front first and
    /// the default preset marked, the footer saying where it stands.
    @Test func commandLine() throws {
        let traces = try HandMadeTraces.write(HandMadeTraces.csv)
        let directory = traces.deletingLastPathComponent()
        let flags = [
            "--traces", traces.path, "--synthetic", "200", "--seed", "2", "--builtin", "classic", "--builtin", "physics",
            "--model", "physics", "--response", "0.2,0.3,0.5", "--deceleration-rate", "0.99,0.998", "--pareto",
        ]
        let csv = try BehaviorCommand.parse(flags + ["--format", "csv"]).report(currentDirectory: directory) { _ in }
        // Model names and Swift expressions hold commas (quoted): split records by RFC 4180.
        let records = try Self.records(csv)
        let paretoColumn = try #require(records[0].firstIndex(of: "pareto"))
        #expect(records[0].last == "swift_expression")
        #expect(records[0].count == paretoColumn + BehaviorSummary.paretoColumns.count + BehaviorSummary.modelColumns.count)
        // Every source has one pick, on its front, and the default model's row says its place.
        let pickColumn = try #require(records[0].firstIndex(of: "pick"))
        let defaultColumn = try #require(records[0].firstIndex(of: "default_model"))
        let beatenColumn = try #require(records[0].firstIndex(of: "beaten_by"))
        var picksBySource: [String: Int] = [:]
        for record in records.dropFirst() {
            if record[pickColumn] == "true" {
                picksBySource[record[1], default: 0] += 1
                #expect(record[paretoColumn] == "true" && record[beatenColumn] == "0")
            }
            #expect((record[paretoColumn] == "true") == (record[beatenColumn] == "0"))
        }
        #expect(Set(picksBySource.values) == [1])
        #expect(records.dropFirst().contains { $0[defaultColumn] == "true" })
        var frontBySource: [String: Int] = [:]
        for record in records.dropFirst() {
            let flag = record[paretoColumn]
            #expect(["true", "false"].contains(flag), "\(record)")
            frontBySource[record[1], default: 0] += flag == "true" ? 1 : 0
        }
        #expect(frontBySource.count > 1 && frontBySource.values.allSatisfy { $0 > 0 }, "every source has a front: \(frontBySource)")
        let json = try BehaviorCommand.parse(flags + ["--format", "json"]).report(currentDirectory: directory) { _ in }
        #expect(json.contains("\"pareto\": true") && json.contains("\"pareto\": false"))
        #expect(json.contains("\"pick\": true") && json.contains("\"default_model\": true") && json.contains("\"beaten_by\": "))
        let table = try BehaviorCommand.parse(flags).report(currentDirectory: directory) { _ in }
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The parameters every variant shares, once above the table; variants named by the rest.
        #expect(lines[0].hasPrefix("variants' fixed parameters: ") && table.contains("threshold 0.5"))
        // Per source: a heading with its counts, two header lines, then the rows.
        let headers = lines.indices.filter { lines[$0].hasPrefix("model ") }
        #expect(headers.count > 1 && headers.allSatisfy { lines[$0].hasSuffix("front  note") && lines[$0 - 2].contains(" traces") })
        // Within the first source, the front's rows come first, each with its Swift expression under it.
        let firstSource = lines[(headers[0] + 1)...].prefix { !$0.isEmpty }
        let rows = firstSource.filter { !$0.hasPrefix("    ") }
        let fronts = rows.map { row -> String in
            let fields = row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return ["yes", "no"].contains(fields.last!) ? fields.last! : fields[fields.count - 2]
        }
        #expect(fronts.allSatisfy { ["yes", "no"].contains($0) })
        #expect(fronts.firstIndex(of: "no").map { i in fronts[i...].allSatisfy { $0 == "no" } } ?? true)
        let frontRows = fronts.filter { $0 == "yes" }.count
        #expect(firstSource.filter { $0.hasPrefix("    ") }.count == frontRows)
        #expect(firstSource.contains { $0.hasPrefix("    ProjectedSpringModel(") || $0 == "    ClassicPercentDrivenModel()" })
        #expect(table.contains("physics ") && table.contains(BehaviorReport.defaultPresetMark))
        #expect(table.contains("pareto front") && table.contains("default preset physics") && table.contains("how to pick"))
        #expect(lines.contains { $0.hasSuffix("  " + BehaviorReport.pickMark) || $0.hasSuffix("  \(BehaviorReport.pickMark), \(BehaviorReport.defaultPresetMark)") })
        // Presets beside the variants: the variants still named by what varies alone, within a
        // terminal's width.
        #expect(lines.filter { !$0.hasPrefix("    ") }.allSatisfy { $0.count <= BehaviorReport.terminalWidth }, "\(lines.map(\.count).max()!)")
        // The variant with every default is the default preset too.
        let marked = lines.filter { $0.hasSuffix(BehaviorReport.defaultPresetMark) }
        #expect(marked.contains { $0.hasPrefix("response 0.3 s, deceleration rate 0.998/ms ") })
    }

    /// A one- or two-parameter grid's text table fits a terminal (`BehaviorReport.terminalWidth`
    /// characters), with `--pareto` and without: variants of one model named by what varies
    /// alone, the model and the fixed parameters said once above, the source's counts in its
    /// heading. (Only the Swift expressions, lines to paste, may run longer.)
    @Test(arguments: [
        ["--response", "0.2,0.3,0.5"], ["--response", "0.2,0.3", "--damping-ratio", "0.15,1"],
        // A preset beside a two-parameter grid, as a designer compares one with the shipped default.
        ["--builtin", "physics", "--response", "0.2,0.25,0.3,0.4", "--damping-ratio", "0.8:1:0.1"],
    ])
    func smallGridFitsATerminal(grid: [String]) throws {
        let traces = try HandMadeTraces.write(HandMadeTraces.csv)
        let directory = traces.deletingLastPathComponent()
        let flags = ["--traces", traces.path, "--synthetic", "100", "--seed", "3", "--model", "physics"] + grid
        for extra in [[], ["--pareto"]] {
            let table = try BehaviorCommand.parse(flags + extra).report(currentDirectory: directory) { _ in }
            let lines = table.split(separator: "\n").map(String.init)
            let widest = lines.filter { !$0.hasPrefix("    ") }.max { $0.count < $1.count }!
            #expect(widest.count <= BehaviorReport.terminalWidth, "\(extra): \(widest.count) characters: \(widest)")
            #expect(lines[0].hasPrefix("variants' fixed parameters: model physics, "))
            #expect(lines.contains { $0.hasPrefix("response 0.2 s") }, "named by what varies, without the model around it")
            // It says where the rest is.
            #expect(lines.last == BehaviorReport.restOfTheColumns)
        }
    }

    /// A designer's grid over synthetic gestures: the pick never carries the view past the end
    /// more than `--max-overshoot` allows (a damping ratio 0.8 spring is faster, and picked only
    /// when overshoot is allowed), the CSV and JSON carry it, and the typed 0.9 of a range
    /// `0.8:1:0.1` is 0.9 in every name, column and expression.
    @Test func thePickOfADesignersGridDoesNotOvershootUnlessAllowed() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let flags = [
            "--no-recorded", "--synthetic", "2000", "--seed", "7", "--builtin", "physics", "--model", "physics",
            "--response", "0.2,0.25,0.3,0.4", "--damping-ratio", "0.8:1:0.1", "--pareto",
        ]
        func picks(_ extra: [String]) throws -> (records: [[String]], picked: [[String]], header: [String]) {
            let csv = try BehaviorCommand.parse(flags + extra + ["--format", "csv"]).report(currentDirectory: directory) { _ in }
            let records = try Self.records(csv)
            let pick = try #require(records[0].firstIndex(of: "pick"))
            return (records, records.dropFirst().filter { $0[pick] == "true" }, records[0])
        }
        let (records, picked, header) = try picks([])
        let overshoot = try #require(header.firstIndex(of: "p90_overshoot"))
        let ratio = try #require(header.firstIndex(of: "damping_ratio"))
        let expression = try #require(header.firstIndex(of: "swift_expression"))
        #expect(picked.count == 1 + 5, "one pick on synthetic and on each of its five families: \(picked.map { $0[1] })")
        for row in picked {
            #expect(Double(row[overshoot])! <= ParetoFront.defaultMaxOvershoot, "\(row[0]) on \(row[1])")
        }
        #expect(picked.first { $0[1] == "synthetic" }?[ratio] == "1.0")
        // Allowing overshoot, a faster underdamped spring is the synthetic set's pick.
        let allowed = try #require(try picks(["--max-overshoot", "1"]).picked.first { $0[1] == "synthetic" })
        #expect(["0.8", "0.9"].contains(allowed[ratio]) && Double(allowed[overshoot])! > ParetoFront.defaultMaxOvershoot)
        // 0.9 as typed, everywhere.
        #expect(Set(records.dropFirst().map { $0[ratio] }) == ["0.8", "0.9", "1.0"])
        #expect(records.dropFirst().contains { $0[0].contains("damping ratio 0.9") && $0[expression].contains("dampingRatio: 0.9)") })
        let table = try BehaviorCommand.parse(flags).report(currentDirectory: directory) { _ in }
        let json = try BehaviorCommand.parse(flags + ["--format", "json"]).report(currentDirectory: directory) { _ in }
        for text in [table, json, records.map { $0.joined(separator: ",") }.joined(separator: "\n")] {
            #expect(!text.contains("0.8999") && !text.contains("0.9000"))
        }
        #expect(json.contains("\"pick\": true") && json.contains("\"p90_overshoot\": "))
        // The table says what the pick means when the families disagree.
        #expect(table.contains("synthetic's families all pick") || table.contains("is over all its families together"))
    }

    /// The platforms' curves that start from rest against the springs that start at the finger's
    /// velocity, on synthetic gestures: no pick stops a flick dead unless `--max-velocity-jump`
    /// allows it, the footer states the limit, and a limit a user cannot mean is refused by name.
    @Test func noPickStopsAFlickDeadUnlessAllowed() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let flags = ["--no-recorded", "--synthetic", "1000", "--seed", "7", "--pareto"]
            + ["classic", "compose-anchored", "android-pager", "physics", "physics-minimum-jerk"].flatMap { ["--builtin", $0] }
        func picked(_ extra: [String]) throws -> [[String: String]] {
            let records = try Self.records(
                try BehaviorCommand.parse(flags + extra + ["--format", "csv"]).report(currentDirectory: directory) { _ in })
            return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }.filter { $0["pick"] == "true" }
        }
        let picks = try picked([])
        #expect(picks.count == 7, "one pick on synthetic and on each of its six families: \(picks.map { $0["source"]! })")
        for row in picks {
            #expect(Double(row["p90_velocity_jump_per_s"]!)! <= ParetoFront.defaultMaxVelocityJump, "\(row["model"]!) on \(row["source"]!)")
        }
        // Allowing any jump, a curve from rest is the pick somewhere (the fastest of the front's best).
        let anyJump = try picked(["--max-velocity-jump", "1000"])
        #expect(anyJump.contains { Double($0["p90_velocity_jump_per_s"]!)! > ParetoFront.defaultMaxVelocityJump })
        let table = try BehaviorCommand.parse(flags).report(currentDirectory: directory) { _ in }
        #expect(table.contains("(--max-velocity-jump)"))
        for bad in ["-1", "nan", "inf"] {
            #expect {
                _ = try BehaviorCommand.parse(flags + ["--max-velocity-jump=\(bad)"])
            } throws: { error in
                BehaviorCommand.message(for: error).contains("--max-velocity-jump: invalid value")
            }
        }
    }

    /// Four parameters varying: the names are their values alone, the parameters named once
    /// above the table, and the table still fits a terminal.
    @Test func aFourParameterGridIsNamedByValues() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let flags = [
            "--no-recorded", "--synthetic", "100", "--seed", "3", "--model", "physics", "--response", "0.2,0.3",
            "--damping-ratio", "0.8,1", "--deceleration-rate", "0.99,0.998", "--threshold", "0.4,0.5",
        ]
        for extra in [[], ["--pareto"]] {
            let table = try BehaviorCommand.parse(flags + extra).report(currentDirectory: directory) { _ in }
            let lines = table.split(separator: "\n").map(String.init)
            let widest = lines.filter { !$0.hasPrefix("    ") }.max { $0.count < $1.count }!
            #expect(widest.count <= BehaviorReport.terminalWidth, "\(extra): \(widest.count) characters: \(widest)")
            #expect(table.contains("variants named by their response, damping ratio, deceleration rate, threshold"))
            #expect(lines.contains { $0.hasPrefix("0.2 s, 0.8, 0.99/ms, 0.4 ") }, "\(lines.prefix(8))")
        }
    }
}
