import Foundation
import TransitionLab
import TransitionPhysics

/// The short report `--summary` prints (and `make sweep` shows).
enum SweepSummary {
    static func text(plan: RunCommand.Plan, seconds: Double) -> String {
        let rows = plan.rows.count
        var lines: [String] = []
        let target = plan.output ?? "standard output"
        lines.append(
            "transition-sweep: \(grouped(rows)) rows in \(String(format: "%.2f", seconds)) s "
                + "(\(grouped(Int((Double(rows) / max(seconds, 1e-9)).rounded()))) rows/s) -> \(target)"
                + (plan.shard == .whole ? "" : " (shard \(plan.shard) of \(grouped(plan.grid.rowCount)) rows)"))
        lines.append(contentsOf: disagreement(grid: plan.grid))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where classic and physics decide differently over the release-progress x
    /// release-velocity points (each model's first parameter variant).
    static func disagreement(grid: SweepGrid) -> [String] {
        guard let classic = grid.variants.first(where: { $0.kind == .classic }),
            let physics = grid.variants.first(where: { $0.kind == .physics })
        else {
            return ["disagreement: needs both classic and physics in --model"]
        }
        let points = grid.progress.count * grid.velocity.count
        var physicsOnly = 0, classicOnly = 0
        var physicsExample: (Double, Double, Completion)?
        var classicExample: (Double, Double, Completion)?
        for p in grid.progress {
            for v in grid.velocity {
                let state = ReleaseState(progress: p, velocity: v)
                let c = classic.model.release(state).decision
                let physicsCompletion = physics.model.release(state)
                let f = physicsCompletion.decision
                if c == f { continue }
                if f == .finish {
                    physicsOnly += 1
                    // The most telling: the earliest release that physics still finishes (a flick).
                    if physicsExample == nil || p < physicsExample!.0 || (p == physicsExample!.0 && abs(v) < abs(physicsExample!.1)) {
                        physicsExample = (p, v, physicsCompletion)
                    }
                } else {
                    classicOnly += 1
                    // The latest release that physics still cancels (a flick back).
                    if classicExample == nil || p > classicExample!.0 || (p == classicExample!.0 && abs(v) < abs(classicExample!.1)) {
                        classicExample = (p, v, physicsCompletion)
                    }
                }
            }
        }
        func share(_ n: Int) -> String { String(format: "%.2f%%", 100 * Double(n) / Double(max(points, 1))) }
        var lines = [
            "classic vs physics over \(grouped(points)) release points (\(grid.progress.count) progress x \(grid.velocity.count) velocity"
                + (grid.variants.count > 2 ? ", first parameter variant of each)" : ")") + ":",
            "  decide differently at \(grouped(physicsOnly + classicOnly)) (\(share(physicsOnly + classicOnly))): "
                + "physics finishes where classic cancels at \(share(physicsOnly)), classic finishes where physics cancels at \(share(classicOnly))",
        ]
        func describe(_ e: (Double, Double, Completion), _ physicsWord: String, _ classicWord: String) -> String {
            "  e.g. release at progress \(e.0), velocity \(e.1)/s: classic \(classicWord), "
                + "physics \(physicsWord) (projected progress \(String(format: "%.3f", e.2.projectedProgress ?? .nan)))"
        }
        if let e = physicsExample { lines.append(describe(e, "finishes", "cancels")) }
        if let e = classicExample { lines.append(describe(e, "cancels", "finishes")) }
        return lines
    }
}
