/// One CSV record: its fields, unquoted, and the line it starts on.
struct CSVRecord {
    /// 1-based line of the record's first byte.
    var line: Int
    var fields: [String]
    /// 1-based line where each field starts (differs from `line` only after a quoted line break).
    var fieldLines: [Int]

    /// A record made of one empty field: an empty line.
    var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }
}

/// Splits UTF-8 bytes into RFC 4180 records, strictly.
///
/// Accepted: fields separated by `,`; records ended by CRLF or LF (the last one optionally
/// unterminated); a field wholly enclosed in double quotes may hold commas, line breaks and
/// doubled quotes (`""` for `"`). Refused with `.malformedQuoting`: an unterminated quoted
/// field, a quote inside an unquoted field, anything but a comma or a line break after a closing
/// quote, and a carriage return not followed by a line feed.
struct CSVTokenizer {
    private let bytes: [UInt8]
    private let fileName: String
    private var position: Int
    private var line = 1

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    init(bytes: [UInt8], startingAt start: Int = 0, fileName: String) {
        self.bytes = bytes
        self.position = start
        self.fileName = fileName
    }

    /// The next record, or nil at the end of the bytes.
    mutating func nextRecord() throws(TraceFileError) -> CSVRecord? {
        guard position < bytes.count else { return nil }
        var record = CSVRecord(line: line, fields: [], fieldLines: [])
        while true {
            record.fieldLines.append(line)
            record.fields.append(try nextField(fieldNumber: record.fields.count + 1))
            guard position < bytes.count else { return record }
            switch bytes[position] {
            case Self.comma:
                position += 1
            case Self.lf:
                position += 1
                line += 1
                return record
            default:   // CR, which nextField has checked is followed by LF
                position += 2
                line += 1
                return record
            }
        }
    }

    private mutating func nextField(fieldNumber: Int) throws(TraceFileError) -> String {
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

    private mutating func quotedField(fieldNumber: Int) throws(TraceFileError) -> String {
        let openingLine = line
        position += 1
        var content: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw TraceFileError(
                    fileName: fileName, line: openingLine, fieldNumber: fieldNumber, problem: .malformedQuoting,
                    expected: "a closing quote for the field opened on this line", found: "the end of the file")
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

    private func requireLineFeedAfterCarriageReturn(fieldNumber: Int) throws(TraceFileError) {
        if position + 1 >= bytes.count || bytes[position + 1] != Self.lf {
            throw error(fieldNumber, "line breaks as CRLF or LF", found: "a carriage return without a line feed")
        }
    }

    private func error(_ fieldNumber: Int, _ expected: String, found: String) -> TraceFileError {
        TraceFileError(
            fileName: fileName, line: line, fieldNumber: fieldNumber, problem: .malformedQuoting,
            expected: expected, found: found)
    }
}
