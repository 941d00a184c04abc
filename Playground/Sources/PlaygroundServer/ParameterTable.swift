import TransitionPhysics

/// `GET /api/parameters`: `ReleaseParameter.table` as the page builds its controls from it (a
/// row added to the table appears in the page with no change here), the model names, the
/// transition's own properties with their defaults, and the request caps.
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

    var models = ReleaseModelKind.allCases.map(\.rawValue)
    var parameters = ReleaseParameter.table.map(Row.init)
    var transition = TransitionProperties()
    var limits: PlaygroundLimits
    /// The replay settings (`Replay`), for the page to say.
    var estimator = Replay.settings.estimator.rawValue
}
