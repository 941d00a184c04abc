/// One CSV record: its fields, unquoted, where it starts and the bytes it spans.
public struct CSVRecord: Sendable {
    /// 1-based line of the record's first byte.
    public var line: Int
    public var fields: [String]
    /// 1-based line where each field starts (differs from `line` only after a quoted line break).
    public var fieldLines: [Int]
    /// The bytes of the input the record spans, its line end included.
    public var bytes: Range<Int>
    /// Whether a line end closes the record (only the input's last record may lack one).
    public var isTerminated: Bool

    /// A record made of one empty field: an empty line.
    public var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }
}

/// What is wrong where in a CSV text (`CSVReader`): the 1-based line and field, what was
/// expected there and what was found. Readers wrap it in their own error (`TraceFileError`, the
/// tools' `FileIOError`), which names the file.
public struct CSVSyntaxError: Error, Equatable, Sendable {
    public var line: Int
    public var fieldNumber: Int
    public var expected: String
    public var found: String

    public init(line: Int, fieldNumber: Int, expected: String, found: String) {
        self.line = line
        self.fieldNumber = fieldNumber
        self.expected = expected
        self.found = found
    }
}

/// The one CSV reader of the package (the writer is `CSVWriter`): splits UTF-8 bytes into RFC
/// 4180 records, strictly. The trace files (`TraceReader`) and the bench's tables
/// (`transition-bench merge`) are read through it.
///
/// Accepted: fields separated by `,`; records ended by LF, or CRLF unless `lineEnds` is `.lf`
/// (the last one optionally unterminated: `CSVRecord.isTerminated`); a field wholly enclosed in
/// double quotes may hold commas, line breaks and doubled quotes (`""` for `"`). Refused with a
/// `CSVSyntaxError`: an unterminated quoted field, a quote inside an unquoted field, anything
/// but a comma or a line break after a closing quote, and a carriage return not followed by a
/// line feed (or any carriage return outside quotes, with `.lf`).
public struct CSVReader {
    /// Which line ends a record may have.
    public enum LineEnds: Sendable {
        /// LF or CRLF (files from any platform).
        case lfOrCRLF
        /// LF only (what `CSVWriter` writes: a table written by the tools).
        case lf
    }

    private let bytes: [UInt8]
    private let lineEnds: LineEnds
    private var position: Int
    private var line = 1

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    public init(bytes: [UInt8], startingAt start: Int = 0, lineEnds: LineEnds = .lfOrCRLF) {
        self.bytes = bytes
        self.position = start
        self.lineEnds = lineEnds
    }

    /// The next record, or nil at the end of the bytes.
    public mutating func nextRecord() throws(CSVSyntaxError) -> CSVRecord? {
        guard position < bytes.count else { return nil }
        let start = position
        var record = CSVRecord(line: line, fields: [], fieldLines: [], bytes: start..<start, isTerminated: true)
        while true {
            record.fieldLines.append(line)
            record.fields.append(try nextField(fieldNumber: record.fields.count + 1))
            guard position < bytes.count else {
                record.isTerminated = false
                record.bytes = start..<position
                return record
            }
            switch bytes[position] {
            case Self.comma:
                position += 1
            case Self.lf:
                position += 1
                line += 1
                record.bytes = start..<position
                return record
            default:  // CR, which nextField has checked is followed by LF
                position += 2
                line += 1
                record.bytes = start..<position
                return record
            }
        }
    }

    private mutating func nextField(fieldNumber: Int) throws(CSVSyntaxError) -> String {
        if position < bytes.count && bytes[position] == Self.quote {
            return try quotedField(fieldNumber: fieldNumber)
        }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.comma || byte == Self.lf { break }
            if byte == Self.cr {
                try requireLineFeedAfterCarriageReturn(fieldNumber: fieldNumber)
                break
            }
            if byte == Self.quote {
                throw error(fieldNumber, "a quote only around a whole field (RFC 4180)", found: "a quote inside an unquoted field")
            }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quotedField(fieldNumber: Int) throws(CSVSyntaxError) -> String {
        let openingLine = line
        position += 1
        var content: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw CSVSyntaxError(
                    line: openingLine, fieldNumber: fieldNumber, expected: "a closing quote for the field opened on this line",
                    found: "the end of the file")
            }
            let byte = bytes[position]
            if byte == Self.quote {
                if position + 1 < bytes.count && bytes[position + 1] == Self.quote {
                    content.append(Self.quote)
                    position += 2
                    continue
                }
                position += 1
                break
            }
            if byte == Self.lf { line += 1 }
            content.append(byte)
            position += 1
        }
        if position < bytes.count {
            let byte = bytes[position]
            if byte == Self.cr {
                try requireLineFeedAfterCarriageReturn(fieldNumber: fieldNumber)
            } else if byte != Self.comma && byte != Self.lf {
                throw error(fieldNumber, "a comma or a line break after a closing quote", found: "text after the closing quote")
            }
        }
        return String(decoding: content, as: UTF8.self)
    }

    private func requireLineFeedAfterCarriageReturn(fieldNumber: Int) throws(CSVSyntaxError) {
        if lineEnds == .lf {
            throw error(fieldNumber, "line breaks as LF", found: "a carriage return")
        }
        if position + 1 >= bytes.count || bytes[position + 1] != Self.lf {
            throw error(fieldNumber, "line breaks as CRLF or LF", found: "a carriage return without a line feed")
        }
    }

    private func error(_ fieldNumber: Int, _ expected: String, found: String) -> CSVSyntaxError {
        CSVSyntaxError(line: line, fieldNumber: fieldNumber, expected: expected, found: found)
    }
}
