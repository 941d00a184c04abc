import Foundation
import Hummingbird

/// A request the server refuses: the HTTP status (400, or 413 for a body over the cap), the
/// field to blame as a JSON path (`samples[3].t`, `parameters.response`, `body`), and why.
/// Sent as `{"error": message, "field": field}`.
public struct PlaygroundError: Error, Sendable, Equatable, Encodable {
    /// The JSON path of the field to blame, or `body` for the request as a whole.
    public var field: String
    /// Why, in one sentence naming the value and the rule.
    public var error: String
    /// The HTTP status code (not encoded: it is the response's status).
    var status: HTTPResponse.Status = .badRequest

    /// A 400 for `field` with `message`; both are cut to `maximumFieldCharacters` and
    /// `maximumMessageCharacters` (a client's 1 MiB key or value never comes back as a 1 MiB error).
    public init(field: String, _ message: String) {
        self.field = Self.cut(field, to: Self.maximumFieldCharacters)
        self.error = Self.cut(message, to: Self.maximumMessageCharacters)
    }

    /// Longest field path in an error, characters.
    public static let maximumFieldCharacters = 120
    /// Longest error message, characters.
    public static let maximumMessageCharacters = 1000
    /// Longest client value quoted inside a message (`echo(_:)`), characters.
    public static let maximumEchoedCharacters = 80

    /// A client's value as quoted in a message: at most `maximumEchoedCharacters`, with the
    /// length of what was cut.
    static func echo(_ value: some StringProtocol) -> String { cut(String(value), to: maximumEchoedCharacters) }

    static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "... (\(text.utf8.count) bytes)"
    }

    enum CodingKeys: String, CodingKey { case field, error }

    /// The JSON path of a `DecodingError`'s coding path: keys joined by dots, indices in brackets.
    static func path(_ codingPath: [any CodingKey], last: (any CodingKey)? = nil) -> String {
        var text = ""
        for key in codingPath + (last.map { [$0] } ?? []) {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "body" : text
    }

    /// The refusal for a body JSONDecoder could not decode into the request, naming the field.
    init(decoding error: DecodingError, body: Data) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(field: Self.path(context.codingPath, last: key), "missing")
        case .typeMismatch(let type, let context):
            self.init(field: Self.path(context.codingPath), "expected \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(field: Self.path(context.codingPath), "expected \(Self.describe(type)), got null (a non-finite number?)")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // JSONDecoder says only "not valid JSON"; JSONSerialization says what and where
            // ("Number 1e999 is not representable", "Invalid value around character 6").
            var detail = context.debugDescription
            do { _ = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) } catch {
                detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? detail
            }
            self.init(field: "body", "malformed JSON (numbers must be finite): \(detail)")
        case .dataCorrupted(let context):
            self.init(field: Self.path(context.codingPath), "invalid value: \(context.debugDescription)")
        @unknown default:
            self.init(field: "body", "malformed JSON")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: return "a finite number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "an object"
        }
    }
}
