/// Writes CSV records (RFC 4180) into a `ByteBuffer`: `,` between fields, LF after each record,
/// a field quoted (`"…"`, inner quotes doubled) when it holds a comma, a quote, CR or LF,
/// numbers in `NumberFormatting`'s format, an empty field for no value.
///
///     var csv = CSVWriter()
///     csv.record(["model", "time_s"])
///     csv.field("classic"); csv.field(0.25); csv.endRecord()
///     csv.text  // "model,time_s\nclassic,0.25\n"
public struct CSVWriter {
    public let buffer: ByteBuffer
    /// Fields written so far in the current record (a separator goes before every later one).
    private var fieldsInRecord = 0

    public init(buffer: ByteBuffer = ByteBuffer(capacity: 1 << 12)) {
        self.buffer = buffer
    }

    /// Everything written so far, as text.
    public var text: String { buffer.string }

    private mutating func separate() {
        if fieldsInRecord > 0 { buffer.append(UInt8(ascii: ",")) }
        fieldsInRecord += 1
    }

    /// A text field, quoted when it needs to be.
    public mutating func field(_ text: String) {
        separate()
        var text = text
        text.withUTF8 { utf8 in
            guard utf8.contains(where: Self.needsQuotes) else { return buffer.append(utf8) }
            let quote = UInt8(ascii: "\"")
            buffer.append(quote)
            // The runs between inner quotes appended whole, each quote twice (once ending a run,
            // once starting the next): a byte at a time, a 10,000-variant table's quoted model
            // names and Swift expressions took a second.
            var run = 0
            for i in utf8.indices where utf8[i] == quote {
                buffer.append(UnsafeBufferPointer(rebasing: utf8[run...i]))
                run = i
            }
            buffer.append(UnsafeBufferPointer(rebasing: utf8[run...]))
            buffer.append(quote)
        }
    }

    /// A number field.
    public mutating func field(_ value: Double) {
        separate()
        NumberFormatting.append(value, to: buffer)
    }

    /// A number field, empty for nil.
    public mutating func field(_ value: Double?) {
        if let value { field(value) } else { emptyField() }
    }

    /// An integer field (decimal digits).
    public mutating func field(_ value: Int) {
        separate()
        buffer.append(String(value))
    }

    /// An empty field: no value.
    public mutating func emptyField() {
        separate()
    }

    /// Ends the current record with LF.
    public mutating func endRecord() {
        buffer.append(UInt8(ascii: "\n"))
        fieldsInRecord = 0
    }

    /// A whole record of text fields (a header, say).
    public mutating func record(_ fields: [String]) {
        for f in fields { field(f) }
        endRecord()
    }

    /// Whether a field holding `byte` must be quoted: comma, quote, CR, LF.
    static func needsQuotes(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    /// `text` as one CSV field: unchanged, or quoted when it needs to be.
    public static func quoted(_ text: String) -> String {
        var one = CSVWriter(buffer: ByteBuffer(capacity: text.utf8.count + 2))
        one.field(text)
        return one.text
    }
}
