import TransitionCSV
import TransitionLab
import TransitionPhysics

/// One validated row of a trace file: its fields converted, each value checked on its own.
/// Rules that involve several rows (order, contiguity, consistency) are `TraceAssembler`'s.
struct TraceRow {
    var line: Int
    var traceID: String
    var userID: String?
    var deviceID: String?
    var family: String?
    var timeMs: Double
    /// t_ms / 1000, rounded once (`TraceFormat.seconds(fromMillisecondsText:value:)`).
    var time: Double
    var x: Double
    var y: Double
    var phase: TouchPhase
    var travel: Double
    var intent: Intent?
    /// The `axis` field: nil when the column is absent or the field empty.
    var axis: TouchAxis?
    /// The `pixels_per_point` field: nil when the column is absent or the field empty.
    var pixelsPerPoint: Double?
}

/// Where each column sits in a row, found from the header by name.
struct TraceColumns {
    let fileName: String
    let fieldCount: Int
    let names: [String]
    private let index: [String: Int]
    private let slots: Slots

    /// 0-based positions of the columns, resolved once from the header.
    private struct Slots {
        var traceID = 0, userID = 0, deviceID = 0, tMs = 0, x = 0, y = 0, phase = 0, travel = 0, intent = 0
        var family: Int? = nil
        var axis: Int? = nil
        var pixelsPerPoint: Int? = nil
    }

    /// Reads the header record: every required column present exactly once; extra columns
    /// (ignored) may come in any order, but no name may repeat.
    init(header: CSVRecord, fileName: String) throws(TraceFileError) {
        self.fileName = fileName
        var index: [String: Int] = [:]
        for (i, name) in header.fields.enumerated() {
            if index[name] != nil {
                throw TraceFileError(
                    fileName: fileName, line: header.line, column: name, fieldNumber: i + 1, problem: .duplicateColumn,
                    expected: "each column name once in the header", found: "\(TraceFileError.quoted(name)) again")
            }
            index[name] = i
        }
        for name in TraceFormat.requiredColumns where index[name] == nil {
            throw TraceFileError(
                fileName: fileName, line: header.line, column: name, problem: .missingColumn,
                expected: "a header naming the columns \(TraceFormat.requiredColumns.joined(separator: ","))",
                found: "no \(name) column in \(TraceFileError.quoted(header.fields.joined(separator: ",")))")
        }
        self.index = index
        self.slots = Slots(
            traceID: index["trace_id"]!, userID: index["user_id"]!, deviceID: index["device_id"]!, tMs: index["t_ms"]!,
            x: index["x_px"]!, y: index["y_px"]!, phase: index["phase"]!, travel: index["travel_px"]!,
            intent: index["intent"]!, family: index[TraceFormat.familyColumn], axis: index[TraceFormat.axisColumn],
            pixelsPerPoint: index[TraceFormat.pixelsPerPointColumn])
        self.names = header.fields
        self.fieldCount = header.fields.count
    }

    /// Converts one record; throws on the first field that is not a valid value by itself.
    func row(_ record: CSVRecord) throws(TraceFileError) -> TraceRow {
        guard record.fields.count == fieldCount else {
            throw TraceFileError(
                fileName: fileName, line: record.line, problem: .wrongFieldCount,
                expected: "\(fieldCount) comma-separated fields, as in the header",
                found: "\(record.fields.count)")
        }
        let phaseText = record.fields[slots.phase]
        guard let phase = TraceFormat.phase(forToken: phaseText) else {
            throw failure("phase", record, .unknownPhase, "down, move, up, cancel or cancelled", found: phaseText)
        }
        let intentText = record.fields[slots.intent]
        let intent: Intent?
        if intentText.isEmpty {
            intent = nil
        } else if let known = Intent(rawValue: intentText) {
            intent = known
        } else {
            throw failure("intent", record, .unknownIntent, "finish, cancel or an empty field", found: intentText)
        }
        var axis: TouchAxis? = nil
        if let slot = slots.axis, !record.fields[slot].isEmpty {
            guard let declared = TouchAxis(rawValue: record.fields[slot]) else {
                throw failure(TraceFormat.axisColumn, record, .unknownAxis, "x, y or an empty field", found: record.fields[slot])
            }
            axis = declared
        }
        var pixelsPerPoint: Double? = nil
        if let slot = slots.pixelsPerPoint, !record.fields[slot].isEmpty {
            let ratio = try number(TraceFormat.pixelsPerPointColumn, slot, record)
            guard ratio > 0 else {
                throw failure(
                    TraceFormat.pixelsPerPointColumn, record, .outOfRange,
                    "physical pixels per point > 0 (a display scale, 1 to 4 on today's devices) or an empty field",
                    found: record.fields[slot])
            }
            pixelsPerPoint = ratio
        }
        let travel = try number("travel_px", slots.travel, record)
        guard travel > 0 else {
            throw failure("travel_px", record, .nonPositiveTravel, "a travel distance > 0 pixels", found: record.fields[slots.travel])
        }
        let timeMs = try number("t_ms", slots.tMs, record)
        guard timeMs >= 0 else {
            throw failure("t_ms", record, .outOfRange, "milliseconds since touch-down, >= 0", found: record.fields[slots.tMs])
        }
        return TraceRow(
            line: record.line,
            traceID: try identifier("trace_id", slots.traceID, record, required: true)!,
            userID: try identifier("user_id", slots.userID, record, required: false),
            deviceID: try identifier("device_id", slots.deviceID, record, required: false),
            family: try slots.family.flatMap { slot throws(TraceFileError) in
                try identifier(TraceFormat.familyColumn, slot, record, required: false)
            },
            timeMs: timeMs, time: TraceFormat.seconds(fromMillisecondsText: record.fields[slots.tMs], value: timeMs),
            x: try number("x_px", slots.x, record), y: try number("y_px", slots.y, record),
            phase: phase, travel: travel, intent: intent, axis: axis, pixelsPerPoint: pixelsPerPoint)
    }

    /// The row's trace_id if its stroke can be told despite a defect elsewhere in the row: the
    /// header's number of fields (otherwise no column can be trusted) and a valid identifier.
    func readableTraceID(_ record: CSVRecord) -> String? {
        guard record.fields.count == fieldCount else { return nil }
        return try? identifier("trace_id", slots.traceID, record, required: true)
    }

    /// The 1-based position of a column, if the header has it.
    func fieldNumber(_ name: String) -> Int? {
        index[name].map { $0 + 1 }
    }

    private func number(_ name: String, _ slot: Int, _ record: CSVRecord) throws(TraceFileError) -> Double {
        let text = record.fields[slot]
        guard TraceFormat.isDecimalNumber(text), let value = Double(text) else {
            if TraceFormat.namesNonFinite(text) {
                throw failure(name, record, .nonFinite, "a finite decimal number", found: text)
            }
            throw failure(name, record, .notANumber, "a decimal number", found: text)
        }
        guard value.isFinite else {
            throw failure(name, record, .nonFinite, "a finite decimal number", found: text)
        }
        guard abs(value) <= TraceFormat.maxMagnitude else {
            throw failure(name, record, .outOfRange, "a magnitude <= \(Int(TraceFormat.maxMagnitude))", found: text)
        }
        return value
    }

    /// An identifier field: non-empty when `required` (empty otherwise gives nil), no control
    /// characters (C0, DEL, C1), no U+FFFD, no leading or trailing space or tab.
    private func identifier(_ name: String, _ slot: Int, _ record: CSVRecord, required: Bool) throws(TraceFileError) -> String? {
        let text = record.fields[slot]
        if text.isEmpty {
            if required { throw failure(name, record, .invalidIdentifier, "a non-empty identifier", found: text) }
            return nil
        }
        var copy = text
        let clean = copy.withUTF8 { bytes -> Bool in
            let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
            if bytes.first == space || bytes.first == tab || bytes.last == space || bytes.last == tab { return false }
            for i in bytes.indices {
                let byte = bytes[i]
                if byte < 0x20 || byte == 0x7F { return false }
                if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return false }
                if byte == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBD { return false }
            }
            return true
        }
        guard clean else {
            throw failure(
                name, record, .invalidIdentifier, "an identifier without control characters or surrounding spaces",
                found: text)
        }
        return text
    }

    func failure(
        _ name: String, _ record: CSVRecord, _ problem: TraceFileError.Problem, _ expected: String, found: String
    ) -> TraceFileError {
        let i = index[name]!
        return TraceFileError(
            fileName: fileName, line: record.fieldLines[i], column: name, fieldNumber: i + 1, problem: problem,
            expected: expected, found: TraceFileError.quoted(found))
    }
}
