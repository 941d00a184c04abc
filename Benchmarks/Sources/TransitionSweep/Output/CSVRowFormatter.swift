import TransitionCSV
import TransitionLab
import TransitionPhysics

/// Turns evaluated chunks into CSV bytes: the dialect of `CSVWriter` (numbers in
/// `NumberFormatting`'s format), written straight into the buffer for speed; no quoting needed:
/// no value contains a comma, quote or line break. Everything that depends on
/// the grid point alone (progress, velocity, model name, parameter columns) is formatted once
/// up front; per row only the computed numbers are formatted.
public struct CSVRowFormatter: Sendable {
    let grid: SweepGrid
    let progressText: ByteTable
    let velocityText: ByteTable
    let modelText: ByteTable
    /// Per variant: "," + the parameter columns + "\n".
    let suffixText: ByteTable

    public init(grid: SweepGrid) {
        self.grid = grid
        var p = ByteTable(), v = ByteTable(), m = ByteTable(), s = ByteTable()
        for x in grid.progress { p.append(NumberFormatting.text(x)) }
        for x in grid.velocity { v.append(NumberFormatting.text(x)) }
        for variant in grid.variants {
            m.append(Array(variant.model.name.utf8))
            var line: [UInt8] = []
            for cell in variant.parameters {
                line.append(UInt8(ascii: ","))
                switch cell {
                case .number(let x)?: line += NumberFormatting.text(x)
                case .name(let t)?: line += Array(t.utf8)
                case nil: break
                }
            }
            line.append(UInt8(ascii: "\n"))
            s.append(line)
        }
        progressText = p; velocityText = v; modelText = m; suffixText = s
        func longest(_ t: ByteTable) -> Int { (0..<t.count).map { t.range($0).count }.max() ?? 0 }
        maximumRowBytes = Self.fixedRowBytes + longest(p) + longest(v) + longest(m) + longest(s)
    }

    /// The bytes of a row besides its grid point's texts, at most: the row number, the decision,
    /// the commas and six numbers (what `format` reserves per row).
    static let fixedRowBytes = 20 + 16 + 6 * 48
    /// The most bytes any row of the grid takes: a chunk's buffer of `rows * maximumRowBytes`
    /// never grows (memory is only what the rows write: the rest of the reservation is never
    /// touched).
    public let maximumRowBytes: Int

    /// Appends the rows of `chunk` to `buffer`.
    public func format(_ chunk: EvaluatedChunk, into buffer: ByteBuffer, cache: DoubleTextCache) {
        progressText.storage.withUnsafeBufferPointer { pBytes in
        velocityText.storage.withUnsafeBufferPointer { vBytes in
        modelText.storage.withUnsafeBufferPointer { mBytes in
        suffixText.storage.withUnsafeBufferPointer { sBytes in
            var cursor = grid.cursor(from: chunk.rows.lowerBound)
            for (i, row) in chunk.rows.enumerated() {
                let point = cursor.point
                defer { cursor.advance() }
                let pr = progressText.range(point.progress), vr = velocityText.range(point.velocity)
                let mr = modelText.range(point.variant), sr = suffixText.range(point.variant)
                buffer.reserve(Self.fixedRowBytes + pr.count + vr.count + mr.count + sr.count)
                var out = buffer.base + buffer.count
                @inline(__always) func put(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) {
                    copyShortBytes(from: bytes.baseAddress! + r.lowerBound, count: r.count, to: out)
                    out += r.count
                }
                @inline(__always) func comma() { out.pointee = UInt8(ascii: ","); out += 1 }
                out += NumberFormatting.writeInteger(UInt64(row), to: out)
                comma(); put(mBytes, mr)
                comma(); put(pBytes, pr)
                comma(); put(vBytes, vr)
                comma()
                let word: StaticString = chunk.decisions[i] == .finish ? "finish" : "cancel"
                out.update(from: word.utf8Start, count: 6)
                out += 6
                comma()
                let projected = chunk.projectedProgress[i]
                if !projected.isNaN { out += cache.write(projected, to: out) }
                comma(); out += cache.write(chunk.completionTime[i], to: out)
                comma(); out += cache.write(chunk.visualCompletionTime[i], to: out)
                comma(); out += cache.write(chunk.velocityJump[i], to: out)
                comma(); out += cache.write(chunk.overshoot[i], to: out)
                comma(); out += cache.write(chunk.peakAcceleration[i], to: out)
                put(sBytes, sr)
                buffer.count = out - buffer.base
            }
        }}}}
    }
}
