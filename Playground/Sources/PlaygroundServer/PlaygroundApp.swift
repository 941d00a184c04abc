import Foundation
import Hummingbird
import TransitionPhysics

/// The playground server: the page and its API, with no rule of its own (every number comes
/// from the library's `InteractiveTransition`, every parameter from `ReleaseParameter.table`).
///
/// Routes:
/// - `GET /` and the static page (`Public/`: HTML, CSS and plain JavaScript, no build step).
/// - `GET /api/parameters`: the parameter table, model names, transition properties and caps
///   (`ParameterTableResponse`).
/// - `POST /api/release`: a drag's samples in, each model's decision, projection, velocity jump
///   and frames out (`ReleaseRequest`, `Replay`), keyed by model name.
/// - `GET /api/recorded-swipe[?index=N]`: a recorded swipe to replay (`RecordedSwipes`), or 404
///   with the reason when the shared file is not there.
///
/// Caps (`PlaygroundLimits`): a request body of at most 1 MiB (else 413), at most 10,000
/// samples, frame rates 1 to 480 Hz, 10 s of completion frames, 400 drag points, 16 detents.
/// Every refusal is JSON `{"error": ..., "field": ...}` naming the field; a bad request is a
/// 400, never a crash.
public struct Playground: Sendable {
    /// The caps on each request.
    public var limits: PlaygroundLimits
    /// The folder the page is served from.
    public var publicFolder: String
    /// The recorded swipes.
    public var recordedSwipes: RecordedSwipes

    /// A playground serving the page from `publicFolder` (default: the bundled `Public/`) and
    /// the swipes of `recordedSwipesFile` (nil: none).
    public init(limits: PlaygroundLimits = PlaygroundLimits(), publicFolder: String? = nil, recordedSwipesFile: URL? = nil) {
        self.limits = limits
        self.publicFolder = publicFolder ?? Self.bundledPublicFolder
        self.recordedSwipes = RecordedSwipes(file: recordedSwipesFile)
    }

    /// The page's folder inside the resource bundle, wherever the executable runs from.
    public static var bundledPublicFolder: String { Bundle.module.url(forResource: "Public", withExtension: nil)!.path }

    /// The router: the API routes, then the page's files.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(FileMiddleware(publicFolder, searchForIndexHtml: true))
        let limits = self.limits, swipes = self.recordedSwipes
        router.get("/api/parameters") { _, _ in
            Self.json(ParameterTableResponse(limits: limits))
        }
        router.post("/api/release") { request, _ in
            var request = request
            do {
                let body: ByteBuffer
                do {
                    body = try await request.collectBody(upTo: limits.maximumBodyBytes)
                } catch let error as HTTPResponseError where error.status == .contentTooLarge {
                    var refusal = PlaygroundError(field: "body", "the request body is over the cap of \(limits.maximumBodyBytes) bytes")
                    refusal.status = .contentTooLarge
                    throw refusal
                }
                return Self.json(try Self.release(Data(buffer: body), limits: limits))
            } catch let error as PlaygroundError {
                return Self.json(error, status: error.status)
            }
        }
        router.get("/api/recorded-swipe") { request, _ in
            do throws(PlaygroundError) {
                let index = request.uri.queryParameters["index"].flatMap { Int(String($0)) }
                return Self.json(try swipes.swipe(index: index))
            } catch {
                return Self.json(error, status: .notFound)
            }
        }
        return router
    }

    /// The answer to a `POST /api/release` body: each model's replay keyed by model name.
    public static func release(_ body: Data, limits: PlaygroundLimits) throws(PlaygroundError) -> [String: ReplayResult] {
        let request = try ReleaseRequest(json: body, limits: limits)
        var results: [String: ReplayResult] = [:]
        for model in request.models {
            results[model.kind.rawValue] = try Replay.run(request, model: model, limits: limits)
        }
        return results
    }

    /// The application on `host`:`port`; `onServerRunning` runs once it listens.
    public func application(
        host: String = "127.0.0.1", port: Int = 8080, onServerRunning: @escaping @Sendable () async -> Void = {}
    ) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: .init(address: .hostname(host, port: port), serverName: "transition-playground"),
            onServerRunning: { _ in await onServerRunning() })
    }

    /// `value` as a JSON response (sorted keys, so answers are stable).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            // Unreachable for the values above (their numbers are checked finite); never a crash.
            data = Data(#"{"error":"the answer could not be encoded","field":"body"}"#.utf8)
            return Response(
                status: .internalServerError, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(data: data)))
        }
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: data)))
    }
}
