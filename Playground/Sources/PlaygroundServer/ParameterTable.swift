import TransitionLab
import TransitionPhysics
import TransitionTraces

/// `GET /api/parameters`: `ReleaseParameter.table` as the page builds its controls from it (a
/// row added to the table appears in the page with no change here), the model names, the
/// transition's own properties with their defaults, the request caps, and the trace format the
/// page's record mode writes (`TraceFormatDescription`).
struct ParameterTableResponse: Encodable {
    /// One row of the table.
    struct Row: Encodable {
        var flag: String
        var summary: String
        var unit: String
        var column: String
        /// `number` or `choice`.
        var kind: String
        var lower: Double?
        var lowerInclusive: Bool?
        var upper: Double?
        var upperInclusive: Bool?
        var choices: [String]?
        /// The domain in words (`> 0`, `in (0, 1) exclusive`, the names).
        var range: String
        var models: [String]
        /// A number, a name, or null (optional parameter).
        var defaultValue: Value?
        var help: String
        var springForm: String?

        init(_ row: ReleaseParameter) {
            flag = row.flag
            summary = row.summary
            unit = row.unit
            column = row.column
            switch row.domain {
            case .number(let lower, let lowerInclusive, let upper, let upperInclusive):
                kind = "number"
                (self.lower, self.lowerInclusive, self.upper, self.upperInclusive) = (lower, lowerInclusive, upper, upperInclusive)
            case .choice(let names):
                kind = "choice"
                choices = names
            }
            range = row.rangeText
            models = row.models.map(\.rawValue)
            defaultValue = row.defaultValue.map(Value.init)
            help = row.help
            springForm = row.springForm.map { $0 == .constants ? "constants" : "responseAndDampingRatio" }
        }

        enum CodingKeys: String, CodingKey {
            case flag, summary, unit, column, kind, lower, lowerInclusive, upper, upperInclusive, choices, range, models
            case defaultValue = "default", help, springForm
        }
    }

    /// A value: encoded as a JSON number or string.
    struct Value: Encodable {
        var value: ReleaseParameterValue
        init(_ value: ReleaseParameterValue) { self.value = value }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch value {
            case .number(let x): try c.encode(x)
            case .name(let s): try c.encode(s)
            }
        }
    }

    /// The `InteractiveTransition` properties a request may set, with their defaults.
    struct TransitionProperties: Encodable {
        var detents: [Double] = [0, 1]
        var reduceMotion = false
        var pixelsPerPoint = 1.0
    }

    /// What the page's record mode writes, from the library's definitions: the trace format's
    /// columns (`TraceFormat`: the required ones in order, then family, axis and pixels per
    /// point, the page's devicePixelRatio), its phase
    /// tokens by `TouchPhase`, and the gesture families a session asks for, each with the
    /// intent a person making it means (`SyntheticFamily`, the synthetic corpus's families).
    struct TraceFormatDescription: Encodable {
        var columns = TraceFormat.requiredColumns + [TraceFormat.familyColumn, TraceFormat.axisColumn, TraceFormat.pixelsPerPointColumn]
        var phases = Dictionary(uniqueKeysWithValues: TouchPhase.allCases.map { ($0.rawValue, TraceFormat.token(for: $0)) })
        var intents = Intent.allCases.map(\.rawValue)
        var families = SyntheticFamily.allCases.map { Family(name: $0.rawValue, intent: $0.intent.rawValue) }
        struct Family: Encodable {
            var name: String
            var intent: String
        }
    }

    var models = ReleaseModelKind.allCases.map(\.rawValue)
    var traceFormat = TraceFormatDescription()
    var parameters = ReleaseParameter.table.map(Row.init)
    var transition = TransitionProperties()
    var limits: PlaygroundLimits
    /// The replay settings (`Replay`), for the page to say.
    var estimator = ReplaySettings().estimator.rawValue
}
