import Foundation
import TransitionLab
import TransitionPhysics

/// The body of `POST /api/release` as sent, before validation.
///
///     {"samples": [{"t": 0, "x": 300, "phase": "began"}, ...], "travel": 390,
///      "models": ["classic", "physics"], "frameRate": 120,
///      "parameters": {"response": 0.3, "completion-curve": "easeInOut"},
///      "detents": [0, 1], "reduceMotion": false, "pixelsPerPoint": 3}
///
/// `t` in seconds, `x` and `travel` in pixels, `frameRate` in Hz; `parameters` are keyed by the
/// flags of `ReleaseParameter.table` (numbers in the row's unit, names for choices); the last
/// three are `InteractiveTransition` properties (defaults [0, 1], false, 1).
struct ReleaseRequestBody: Decodable {
    struct Sample: Decodable {
        var t: Double
        var x: Double
        var phase: String
    }

    /// A parameter's value as typed: a number or a name.
    enum Value: Decodable {
        case number(Double)
        case name(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let x = try? container.decode(Double.self) {
                self = .number(x)
            } else if let s = try? container.decode(String.self) {
                self = .name(s)
            } else {
                throw DecodingError.typeMismatch(
                    Double.self, .init(codingPath: decoder.codingPath, debugDescription: "a number or a name"))
            }
        }
    }

    var samples: [Sample]
    var travel: Double
    var models: [String]
    var frameRate: Double
    var parameters: [String: Value]?
    var detents: [Double]?
    var reduceMotion: Bool?
    var pixelsPerPoint: Double?
    var unitsPerPoint: Double?
}

/// A validated `POST /api/release` request: every value checked against `PlaygroundLimits` and
/// every model built by the library (`BuiltInReleaseModel.init(kind:parameters:)`), so the
/// replay cannot trap.
public struct ReleaseRequest: Sendable {
    /// The touch samples: time in seconds, x in pixels; non-decreasing times, ending with the
    /// lift-off (or cancel) of a touch that began.
    public var samples: [TouchSample]
    /// The distance that maps to progress 1, pixels.
    public var travelPixels: Double
    /// The models to run, in the order asked.
    public var models: [BuiltInReleaseModel]
    /// The frame rate the completion is sampled and measured at, Hz.
    public var frameRateHz: Double
    /// `InteractiveTransition.detents` (progress, strictly ascending).
    public var detents: [Double]
    /// `InteractiveTransition.reduceMotion`.
    public var reduceMotion: Bool
    /// `InteractiveTransition.pixelsPerPoint` (physical pixels per sample unit).
    public var pixelsPerPoint: Double
    /// Sample units per point (default 1: a live drag's CSS pixels are points; a recorded
    /// stroke in physical pixels sends its `pixels_per_point`): the fling cap of 8,000 points/s
    /// is applied as 8,000 x unitsPerPoint sample units per second (`GestureRunner.transition`),
    /// as the benchmark applies it to the same stroke.
    public var unitsPerPoint: Double

    /// Decodes and validates a request body; throws a `PlaygroundError` naming the field.
    public init(json: Data, limits: PlaygroundLimits) throws(PlaygroundError) {
        let body: ReleaseRequestBody
        do {
            body = try JSONDecoder().decode(ReleaseRequestBody.self, from: json)
        } catch let error as DecodingError {
            throw PlaygroundError(decoding: error, body: json)
        } catch {
            throw PlaygroundError(field: "body", "malformed JSON: \(error)")
        }
        try Self.refuseUnknownFields(json)
        try self.init(body, limits: limits)
    }

    /// The fields a request may hold; any other is refused (a misspelt `pixelPerPoint` would
    /// otherwise be ignored without a word).
    static let knownFields: Set<String> = [
        "samples", "travel", "models", "frameRate", "parameters", "detents", "reduceMotion", "pixelsPerPoint",
        "unitsPerPoint",
    ]
    /// The fields of one sample.
    static let knownSampleFields: Set<String> = ["t", "x", "phase"]

    /// Throws for the first field of `json` (already decoded, so well formed) that the request
    /// does not know, naming it.
    static func refuseUnknownFields(_ json: Data) throws(PlaygroundError) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return }
        for key in object.keys.sorted() where !knownFields.contains(key) {
            throw PlaygroundError(
                field: key, "unknown field; known: \(knownFields.sorted().joined(separator: ", "))")
        }
        for (i, sample) in ((object["samples"] as? [Any]) ?? []).enumerated() {
            guard let fields = sample as? [String: Any] else { continue }
            for key in fields.keys.sorted() where !knownSampleFields.contains(key) {
                throw PlaygroundError(
                    field: "samples[\(i)].\(key)", "unknown field; a sample has \(knownSampleFields.sorted().joined(separator: ", "))")
            }
        }
    }

    init(_ body: ReleaseRequestBody, limits: PlaygroundLimits) throws(PlaygroundError) {
        let bound = limits.maximumMagnitude
        func finite(_ value: Double, _ field: String, unit: String, within range: ClosedRange<Double>) throws(PlaygroundError) {
            guard value.isFinite else { throw PlaygroundError(field: field, "must be finite; got \(value)") }
            guard range.contains(value) else {
                throw PlaygroundError(field: field, "must be in [\(range.lowerBound), \(range.upperBound)] \(unit); got \(value)")
            }
        }

        // Samples: count, finite bounded numbers, known phases, time order, a release at the end.
        guard !body.samples.isEmpty else { throw PlaygroundError(field: "samples", "must hold at least a began and an ended sample") }
        guard body.samples.count <= limits.maximumSamples else {
            throw PlaygroundError(field: "samples", "at most \(limits.maximumSamples) samples per request; got \(body.samples.count)")
        }
        var samples: [TouchSample] = []
        samples.reserveCapacity(body.samples.count)
        for (i, sample) in body.samples.enumerated() {
            try finite(sample.t, "samples[\(i)].t", unit: "s", within: -bound...bound)
            try finite(sample.x, "samples[\(i)].x", unit: "px", within: -bound...bound)
            guard let phase = TouchPhase(rawValue: sample.phase) else {
                throw PlaygroundError(
                    field: "samples[\(i)].phase",
                    "must be one of \(TouchPhase.allCases.map(\.rawValue).joined(separator: ", ")); got '\(PlaygroundError.echo(sample.phase))'")
            }
            if let previous = samples.last, sample.t < previous.time {
                throw PlaygroundError(field: "samples[\(i)].t", "times must not decrease; \(sample.t) s after \(previous.time) s")
            }
            samples.append(TouchSample(time: sample.t, x: sample.x, phase: phase))
        }
        guard samples.last!.phase == .ended || samples.last!.phase == .cancelled else {
            throw PlaygroundError(field: "samples[\(samples.count - 1)].phase", "the last sample must be the lift-off (ended or cancelled)")
        }
        try finite(body.travel, "travel", unit: "px", within: limits.minimumTravelPixels...bound)
        try finite(body.frameRate, "frameRate", unit: "Hz", within: limits.minimumFrameRateHz...limits.maximumFrameRateHz)

        // Parameters: keyed by the table's flags, mapped and validated by the library.
        var parameters: [ReleaseParameter.ID: ReleaseParameterValue] = [:]
        for (flag, value) in body.parameters ?? [:] {
            guard let row = ReleaseParameter.table.first(where: { $0.flag == flag }) else {
                throw PlaygroundError(
                    field: "parameters.\(PlaygroundError.echo(flag))",
                    "unknown parameter; known: \(ReleaseParameter.table.map(\.flag).joined(separator: ", "))")
            }
            guard row.id != .frameRate else {
                throw PlaygroundError(field: "parameters.\(flag)", "give the frame rate as the request's frameRate (Hz)")
            }
            switch value {
            case .number(let x): parameters[row.id] = .number(x)
            case .name(let s): parameters[row.id] = .name(s)
            }
        }
        guard !body.models.isEmpty else { throw PlaygroundError(field: "models", "name at least one model") }
        // A parameter none of the requested models reads would be ignored without a word.
        let kinds = Set(body.models.compactMap(ReleaseModelKind.init(rawValue:)))
        for flag in (body.parameters ?? [:]).keys.sorted() {
            guard let row = ReleaseParameter.table.first(where: { $0.flag == flag }), !kinds.isEmpty else { continue }
            if kinds.isDisjoint(with: row.models) {
                throw PlaygroundError(
                    field: "parameters.\(flag)",
                    "applies to \(row.models.map(\.rawValue).joined(separator: ", ")) only; none of them is in models")
            }
        }
        var models: [BuiltInReleaseModel] = []
        for (i, name) in body.models.enumerated() {
            guard let kind = ReleaseModelKind(rawValue: name) else {
                throw PlaygroundError(
                    field: "models[\(i)]",
                    "unknown model '\(PlaygroundError.echo(name))'; known: \(ReleaseModelKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard !models.contains(where: { $0.kind == kind }) else {
                throw PlaygroundError(field: "models[\(i)]", "model '\(PlaygroundError.echo(name))' named twice")
            }
            do {
                let model = try BuiltInReleaseModel(kind: kind, parameters: parameters)
                try model.checkMeasurable(frameRate: body.frameRate)
                models.append(model)
            } catch {
                let field = error.parameter == .frameRate ? "frameRate" : "parameters.\(ReleaseParameter[error.parameter].flag)"
                throw PlaygroundError(field: field, "\(error)")
            }
        }

        // The transition's own properties.
        let detents = body.detents ?? [0, 1]
        guard (1...limits.maximumDetents).contains(detents.count) else {
            throw PlaygroundError(field: "detents", "give 1 to \(limits.maximumDetents) detents; got \(detents.count)")
        }
        for (i, detent) in detents.enumerated() {
            try finite(detent, "detents[\(i)]", unit: "(progress)", within: -limits.maximumDetentMagnitude...limits.maximumDetentMagnitude)
            if i > 0, detent <= detents[i - 1] {
                throw PlaygroundError(field: "detents[\(i)]", "detents must be strictly ascending; \(detent) after \(detents[i - 1])")
            }
        }
        let pixelsPerPoint = body.pixelsPerPoint ?? 1
        try finite(pixelsPerPoint, "pixelsPerPoint", unit: "", within: 0...limits.maximumPixelsPerPoint)
        guard pixelsPerPoint > 0 else { throw PlaygroundError(field: "pixelsPerPoint", "must be > 0; got \(pixelsPerPoint)") }
        let unitsPerPoint = body.unitsPerPoint ?? 1
        try finite(unitsPerPoint, "unitsPerPoint", unit: "(sample units per point)", within: 0...limits.maximumPixelsPerPoint)
        guard unitsPerPoint > 0 else { throw PlaygroundError(field: "unitsPerPoint", "must be > 0; got \(unitsPerPoint)") }
        // What the driver would trap on (a one-pixel tolerance that overflows, say), refused by
        // the library's own validator, the one the driver's preconditions state.
        do {
            try TransitionSettings(travel: body.travel, pixelsPerPoint: pixelsPerPoint, detents: detents, frameRate: body.frameRate)
                .validate()
        } catch {
            throw PlaygroundError(field: error.setting, "\(error)")
        }

        self.samples = samples
        self.travelPixels = body.travel
        self.models = models
        self.frameRateHz = body.frameRate
        self.detents = detents
        self.reduceMotion = body.reduceMotion ?? false
        self.pixelsPerPoint = pixelsPerPoint
        self.unitsPerPoint = unitsPerPoint
    }
}
