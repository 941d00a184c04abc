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
    /// release-velocity points (each model's first parameter variant), with a typical release of
    /// each kind of disagreement (`typical`).
    static func disagreement(grid: SweepGrid) -> [String] {
        guard let classic = grid.variants.first(where: { $0.kind == .classic }),
            let physics = grid.variants.first(where: { $0.kind == .physics })
        else {
            return ["disagreement: needs both classic and physics in --model"]
        }
        let points = grid.progress.count * grid.velocity.count
        var physicsOnly: [Release] = [], classicOnly: [Release] = []
        for p in grid.progress {
            for v in grid.velocity {
                let state = ReleaseState(progress: p, velocity: v)
                let c = classic.model.release(state).decision
                let physicsCompletion = physics.model.release(state)
                let f = physicsCompletion.decision
                if c == f { continue }
                let release = Release(progress: p, velocity: v, projected: physicsCompletion.projectedProgress)
                if f == .finish { physicsOnly.append(release) } else { classicOnly.append(release) }
            }
        }
        func share(_ n: Int) -> String { String(format: "%.2f%%", 100 * Double(n) / Double(max(points, 1))) }
        var lines = [
            "classic vs physics over \(grouped(points)) release points (\(grid.progress.count) progress x \(grid.velocity.count) velocity"
                + (grid.variants.count > 2 ? ", first parameter variant of each)" : ")") + ":",
            "  decide differently at \(grouped(physicsOnly.count + classicOnly.count)) (\(share(physicsOnly.count + classicOnly.count))): "
                + "physics finishes where classic cancels at \(share(physicsOnly.count)), classic finishes where physics cancels at \(share(classicOnly.count))",
        ]
        let progressSpan = (grid.progress.max() ?? 0) - (grid.progress.min() ?? 0)
        let velocitySpan = (grid.velocity.max() ?? 0) - (grid.velocity.min() ?? 0)
        func describe(_ e: Release, _ physicsWord: String, _ classicWord: String) -> String {
            let projected = e.projected.map { ", projected progress \(String(format: "%.3f", $0))" } ?? ""
            return "  typical: released at progress \(e.progress) (fraction of the travel) moving \(e.velocity) travel widths per second: "
                + "classic \(classicWord), physics \(physicsWord)\(projected)"
        }
        if let e = typical(physicsOnly, progressSpan: progressSpan, velocitySpan: velocitySpan) {
            lines.append(describe(e, "finishes", "cancels"))
        }
        if let e = typical(classicOnly, progressSpan: progressSpan, velocitySpan: velocitySpan) {
            lines.append(describe(e, "cancels", "finishes"))
        }
        return lines
    }

    /// A release point: progress (fraction of the travel), velocity (travel widths per second)
    /// and the physics model's projected progress.
    struct Release: Equatable {
        var progress: Double
        var velocity: Double
        var projected: Double?
    }

    /// The typical release of a set: the one nearest its mean (progress and velocity each over
    /// the grid's span, so both count alike), the first in grid order on a tie; nil for an
    /// empty set. A region's middle, not its corner: the grid's edges are where no one releases.
    static func typical(_ releases: [Release], progressSpan: Double, velocitySpan: Double) -> Release? {
        guard !releases.isEmpty else { return nil }
        let n = Double(releases.count)
        let meanProgress = releases.reduce(0) { $0 + $1.progress } / n
        let meanVelocity = releases.reduce(0) { $0 + $1.velocity } / n
        func distance(_ r: Release) -> Double {
            let dp = progressSpan > 0 ? (r.progress - meanProgress) / progressSpan : 0
            let dv = velocitySpan > 0 ? (r.velocity - meanVelocity) / velocitySpan : 0
            return dp * dp + dv * dv
        }
        var best = releases[0]
        for r in releases.dropFirst() where distance(r) < distance(best) { best = r }
        return best
    }
}
