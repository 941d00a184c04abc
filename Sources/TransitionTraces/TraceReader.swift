import Foundation
import TransitionCSV
import TransitionLab
import TransitionPhysics

/// Reads recorded or exported gesture traces from the trace CSV format (`TraceFormat`,
/// docs/traces.md).
///
/// Strict by default: a file is either read whole and valid or refused with a `TraceFileError`
/// naming the file, line, column and what was expected. Nothing is repaired or clamped.
/// Reading with `MalformedStrokes.skip` drops each malformed stroke instead and says which and
/// why (`TraceFileContents.skipped`); a malformed file (unreadable, too large, not UTF-8, a
/// broken header, quoting or blank line, no rows) is refused in both modes
/// (`TraceFileError.Problem.isConfinedToStroke`).
///
/// Each trace's samples carry time in seconds (t_ms / 1000, relative to the file's origin,
/// touch-down for recorded data), x and y in pixels; `travel` is travel_px; `userID`,
/// `deviceID` and `family` are nil when their field is empty (or, for family, absent).
public enum TraceReader {
    /// Reads and validates the trace file at `url`.
    ///
    /// - Returns: The traces in file order, each with at least a `down` and an `up` or `cancel`.
    /// - Throws: `TraceFileError` (`.unreadable` when the file cannot be read).
    public static func read(contentsOf url: URL) throws(TraceFileError) -> [GestureTrace] {
        try read(contentsOf: url, malformedStrokes: .refuse).traces
    }

    /// What to do with a malformed stroke (a trace whose rows break a rule of the format).
    public enum MalformedStrokes: Sendable, Hashable {
        /// Refuse the file at the first defect (the default).
        case refuse
        /// Drop each malformed stroke, note it in `TraceFileContents.skipped`, read on.
        case skip
    }

    /// Reads the trace file at `url`, refusing or skipping malformed strokes.
    ///
    /// - Returns: The valid traces in file order and, with `.skip`, the strokes dropped.
    /// - Throws: `TraceFileError`: any defect with `.refuse`; with `.skip`, only a defect of the
    ///   file itself (`.unreadable` when it cannot be read).
    public static func read(contentsOf url: URL, malformedStrokes: MalformedStrokes) throws(TraceFileError) -> TraceFileContents {
        let fileName = url.path
        let data: Data
        do {
            // Only a regular file of at most maximumFileBytes is read (a folder, a device such
            // as /dev/zero or a FIFO would fail, never end or fill the memory).
            // (attributesOfItem describes a symbolic link itself: follow it first.)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw TraceFileError(
                    fileName: fileName, line: 0, problem: .unreadable, expected: "a regular file",
                    found: "\((attributes[.type] as? FileAttributeType)?.rawValue ?? "another kind of file")")
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= TraceFormat.maximumFileBytes else {
                throw TraceFileError(
                    fileName: fileName, line: 0, problem: .fileTooLarge,
                    expected: "at most \(TraceFormat.maximumFileBytes) bytes", found: "\(size) bytes")
            }
            data = try Data(contentsOf: url)
            guard data.count <= TraceFormat.maximumFileBytes else {
                throw TraceFileError(
                    fileName: fileName, line: 0, problem: .fileTooLarge,
                    expected: "at most \(TraceFormat.maximumFileBytes) bytes", found: "\(data.count) bytes")
            }
        } catch let error as TraceFileError {
            throw error
        } catch {
            throw TraceFileError(
                fileName: fileName, line: 0, problem: .unreadable, expected: "a readable file",
                found: error.localizedDescription)
        }
        return try parse(bytes: [UInt8](data), fileName: fileName, malformedStrokes: malformedStrokes)
    }

    /// Parses trace CSV text; `fileName` only labels errors.
    public static func parse(_ text: String, fileName: String) throws(TraceFileError) -> [GestureTrace] {
        try parse(bytes: Array(text.utf8), fileName: fileName)
    }

    /// Parses trace CSV bytes, which must be UTF-8 (a leading byte-order mark is skipped);
    /// `fileName` only labels errors.
    public static func parse(bytes: [UInt8], fileName: String) throws(TraceFileError) -> [GestureTrace] {
        try parse(bytes: bytes, fileName: fileName, malformedStrokes: .refuse).traces
    }

    /// Parses trace CSV bytes (UTF-8, a leading byte-order mark skipped), refusing or skipping
    /// malformed strokes; `fileName` only labels errors.
    public static func parse(
        bytes: [UInt8], fileName: String, malformedStrokes: MalformedStrokes
    ) throws(TraceFileError) -> TraceFileContents {
        try validateUTF8(bytes, fileName: fileName)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes[start...].allSatisfy({ $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            throw TraceFileError(
                fileName: fileName, line: 1, problem: .emptyFile,
                expected: "a header line naming the columns \(TraceFormat.requiredColumns.joined(separator: ","))",
                found: "an empty file")
        }
        var reader = CSVReader(bytes: bytes, startingAt: start)
        func nextRecord() throws(TraceFileError) -> CSVRecord? {
            do {
                return try reader.nextRecord()
            } catch {
                throw TraceFileError(
                    fileName: fileName, line: error.line, fieldNumber: error.fieldNumber, problem: .malformedQuoting,
                    expected: error.expected, found: error.found)
            }
        }
        guard let header = try nextRecord() else {
            preconditionFailure("a non-empty file has a first record")
        }
        let columns = try TraceColumns(header: header, fileName: fileName)
        var assembler = TraceAssembler(columns: columns, mode: malformedStrokes)
        var pendingBlankLine: Int? = nil
        var rowCount = 0
        while let record = try nextRecord() {
            if record.isBlank {
                pendingBlankLine = pendingBlankLine ?? record.line
                continue
            }
            if let blank = pendingBlankLine {
                throw TraceFileError(
                    fileName: fileName, line: blank, problem: .blankLine,
                    expected: "a row of \(columns.fieldCount) fields (blank lines only at the end)", found: "an empty line")
            }
            try assembler.add(record)
            rowCount += 1
        }
        guard rowCount > 0 else {
            throw TraceFileError(
                fileName: fileName, line: 2, problem: .noTraces, expected: "at least one row after the header",
                found: "the end of the file")
        }
        let traces = try assembler.finish()
        return TraceFileContents(traces: traces, skipped: assembler.skipped)
    }

    /// Throws `.invalidUTF8` at the line of the first byte that is not part of valid UTF-8.
    private static func validateUTF8(_ bytes: [UInt8], fileName: String) throws(TraceFileError) {
        let scan = bytes.withUnsafeBufferPointer { buffer -> Int? in
            for i in buffer.indices where buffer[i] >= 0x80 { return i }
            return nil
        }
        guard let firstNonASCII = scan else { return }
        // Decode from the start of the line holding the first non-ASCII byte.
        let lineStart = bytes[..<firstNonASCII].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        var line = 1 + bytes[..<lineStart].count(where: { $0 == UInt8(ascii: "\n") })
        var iterator = bytes[lineStart...].makeIterator()
        var decoder = Unicode.UTF8.ForwardParser()
        var offset = lineStart
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") { line += 1 }
                offset += encoded.count
            case .emptyInput:
                return
            case .error(let length):
                let shown = bytes[offset..<min(offset + max(length, 1), bytes.count)]
                    .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                throw TraceFileError(
                    fileName: fileName, line: line, problem: .invalidUTF8, expected: "UTF-8 text",
                    found: "the byte sequence \(shown) at byte offset \(offset)")
            }
        }
    }
}
