import ArgumentParser
import TransitionLab
import TransitionPhysics

/// The Cartesian product a sweep evaluates, and the numbering of its rows.
///
/// Row order (rows are numbered from 0, in this order, whatever the shard or thread count):
/// model outermost (in `--model` order), then release progress, then release velocity, then the
/// model's own parameter variants (see `ModelOptions`), the last varying fastest. A model's
/// block has `progress.count * velocity.count * (its variant count)` rows: models never multiply
/// each other's parameter axes.
public struct SweepGrid: Sendable {
    public let progress: [Double]
    public let velocity: [Double]
    public let variants: [ModelVariant]
    /// One block per model: its variants and its rows.
    public let blocks: [Block]
    public let rowCount: Int
    /// Physical pixels across the travel: the visual completion ends when nothing moves by one
    /// of them, `1 / travelPixels` of progress (`--travel-pixels`).
    public let travelPixels: Double
    /// The default travel in physical pixels: a 390 pt wide phone at 3x, 1,170 px.
    public static let defaultTravelPixels = 1170.0

    public struct Block: Sendable {
        public var kind: ReleaseModelKind
        public var variants: Range<Int>
        public var rows: Range<Int>
    }

    public init(
        progress: [Double], velocity: [Double], variants: [ModelVariant], travelPixels: Double = SweepGrid.defaultTravelPixels
    ) throws {
        self.travelPixels = travelPixels
        self.progress = progress
        self.velocity = velocity
        self.variants = variants
        var blocks: [Block] = []
        var row = 0
        var start = 0
        while start < variants.count {
            var end = start + 1
            while end < variants.count && variants[end].kind == variants[start].kind { end += 1 }
            let (pv, o1) = progress.count.multipliedReportingOverflow(by: velocity.count)
            let (n, o2) = pv.multipliedReportingOverflow(by: end - start)
            let (next, o3) = row.addingReportingOverflow(n)
            if o1 || o2 || o3 {
                throw ValidationError("--release-progress: the grid has more rows than a 64-bit count can number.")
            }
            blocks.append(Block(kind: variants[start].kind, variants: start..<end, rows: row..<next))
            row = next
            start = end
        }
        self.blocks = blocks
        self.rowCount = row
    }

    /// The grid point of `row`: indices into `variants`, `progress` and `velocity`.
    @inline(__always)
    public func point(_ row: Int) -> (variant: Int, progress: Int, velocity: Int) {
        var b = 0
        while row >= blocks[b].rows.upperBound { b += 1 }
        let block = blocks[b]
        let local = row - block.rows.lowerBound
        let perPoint = block.variants.count
        let k = local % perPoint
        let pv = local / perPoint
        return (block.variants.lowerBound + k, pv / velocity.count, pv % velocity.count)
    }

    /// The grid points of consecutive rows, from `row` on: `point(_:)` stepped instead of divided
    /// (four integer divisions a row were a tenth of a 10 M-row sweep's time, paid by the
    /// evaluator and the formatter alike). `GridCursorTests` checks it against `point(_:)`.
    public func cursor(from row: Int) -> Cursor { Cursor(grid: self, row: row) }

    public struct Cursor {
        let grid: SweepGrid
        var block: Int
        /// The current point: indices into `variants`, `progress` and `velocity`.
        public private(set) var point: (variant: Int, progress: Int, velocity: Int)

        init(grid: SweepGrid, row: Int) {
            self.grid = grid
            var b = 0
            while b < grid.blocks.count - 1 && row >= grid.blocks[b].rows.upperBound { b += 1 }
            block = b
            point = row < grid.rowCount ? grid.point(row) : (0, 0, 0)
        }

        /// Moves to the next row's point (the last varying fastest, as `point(_:)` numbers them).
        @inline(__always)
        public mutating func advance() {
            point.variant += 1
            guard point.variant == grid.blocks[block].variants.upperBound else { return }
            point.velocity += 1
            if point.velocity == grid.velocity.count {
                point.velocity = 0
                point.progress += 1
                if point.progress == grid.progress.count {
                    point.progress = 0
                    if block + 1 < grid.blocks.count { block += 1 }
                }
            }
            point.variant = grid.blocks[block].variants.lowerBound
        }
    }

    /// The fixed leading columns, named exactly as the issue asks.
    public static let resultColumns = [
        "row", "model", "release_progress", "release_velocity_per_s", "decision", "projected_progress",
        "completion_time_s", "visual_completion_time_s", "velocity_jump_per_s", "overshoot", "peak_acceleration_per_s2",
    ]

    /// Every column, in order.
    public static var columns: [String] { resultColumns + ReleaseParameter.table.map(\.column) }

    /// The header line, with its newline.
    public static var headerLine: String { columns.joined(separator: ",") + "\n" }
}
