import Foundation
import Hummingbird
import HummingbirdCore
import TransitionLab
import TransitionPhysics

/// The playground server: the page and its API, with no rule of its own (every number comes
/// from the library's `InteractiveTransition`, every parameter from `ReleaseParameter.table`).
///
/// Routes:
/// - `GET /` and the static page (`Public/`: HTML, CSS and JavaScript modules, `js/*.mjs`, no build step).
/// - `GET /api/parameters`: the parameter table, model names, transition properties and caps
///   (`ParameterTableResponse`).
/// - `POST /api/release`: a drag's samples in, each model's decision, projection, velocity jump
///   and frames out (`ReleaseRequest`, `Replay`), keyed by model name.
/// - `POST /api/traces[?name=FILE]`: a trace file (`text/csv`) in, its strokes out, each with
///   its samples as `/api/release` takes them (`TraceUpload`); a bad file gets 400 with
///   `TraceReader`'s error naming the line.
/// - `GET /api/recorded-swipe[?index=N]`: a recorded swipe to replay (`RecordedSwipes`), or 404
///   with the reason when the shared file is not there.
///
/// Caps (`PlaygroundLimits`): a request body of at most 1 MiB, a trace file of at most 8 MiB
/// (else 413), at most 10,000
/// samples, frame rates 1 to 480 Hz, 10 s of completion frames, 400 drag points, 16 detents.
/// Every refusal is JSON `{"error": ..., "field": ...}` naming the field; a bad request is a
/// 400, never a crash. Before any route (`RequestGuards`): a Host header other than
/// `allowedHosts` gets 421, a POST that is not `application/json` (`text/csv` for a trace file) 415, a Content-Length over the
/// cap 413 before its body is read, a replay beyond `maximumConcurrentReleases` waits in a line of
/// `maximumQueuedReleases` (503 beyond it); a body that
/// has not arrived after `bodyTimeoutSeconds` gets 408, a connection silent for
/// `idleTimeoutSeconds` is closed, and at most `maximumConnections` are open.
public struct Playground: Sendable {
    /// The caps on each request.
    public var limits: PlaygroundLimits
    /// The folder the page is served from.
    public var publicFolder: String
    /// The recorded swipes.
    public var recordedSwipes: RecordedSwipes
    /// The Host header names the server answers to (lowercase, without port; IPv6 in brackets);
    /// any other gets 421 (`RequestGuards`).
    public var allowedHosts: Set<String>

    /// The names of this machine's loopback: the default `allowedHosts`.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// A playground serving the page from `publicFolder` (default: the bundled `Public/`) and
    /// the swipes of `recordedSwipesFile` (nil: none).
    public init(
        limits: PlaygroundLimits = PlaygroundLimits(), publicFolder: String? = nil, recordedSwipesFile: URL? = nil,
        allowedHosts: Set<String> = Playground.loopbackHosts
    ) {
        self.limits = limits
        self.allowedHosts = allowedHosts
        self.publicFolder = publicFolder ?? Self.bundledPublicFolder
        self.recordedSwipes = RecordedSwipes(file: recordedSwipesFile)
    }

    /// The page's folder inside the resource bundle, wherever the executable runs from.
    public static var bundledPublicFolder: String { Bundle.module.url(forResource: "Public", withExtension: nil)!.path }

    /// The router: the API routes, then the page's files.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        let limits = self.limits, swipes = self.recordedSwipes
        router.middlewares.add(
            RequestGuards(limits: limits, allowedHosts: allowedHosts, replays: ReplaySlots(capacity: limits.maximumConcurrentReleases, queueCapacity: limits.maximumQueuedReleases)))
        router.middlewares.add(PublicFolderGuard(publicFolder: publicFolder))
        router.middlewares.add(FileMiddleware(publicFolder, searchForIndexHtml: true))
        router.get("/api/parameters") { _, _ in
            Self.json(ParameterTableResponse(limits: limits))
        }
        router.post("/api/release") { request, _ in
            await Self.answer(request, upTo: limits.maximumBodyBytes, within: limits.bodyTimeoutSeconds) { body throws(PlaygroundError) in
                Self.json(try Self.release(Data(buffer: body), limits: limits))
            }
        }
        router.post(RouterPath(stringLiteral: Self.tracesPath)) { request, _ in
            let name = TraceUpload.fileName(request.uri.queryParameters["name"].map(String.init))
            return await Self.answer(request, upTo: limits.maximumTraceFileBytes, within: limits.bodyTimeoutSeconds) {
                body throws(PlaygroundError) in
                let bytes = try TraceUpload.read(Array(buffer: body), name: name).jsonBytes
                return Response(
                    status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
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

    /// The path of the trace-file upload (`TraceUpload`).
    public static let tracesPath = "/api/traces"

    /// The answer to a POST: `respond` to its body of at most `limit` bytes, or the refusal (413
    /// over the cap, 408 with the connection closed when the body is not in within `seconds`,
    /// a `PlaygroundError`'s status otherwise).
    static func answer(
        _ request: Request, upTo limit: Int, within seconds: Double, _ respond: (ByteBuffer) throws(PlaygroundError) -> Response
    ) async -> Response {
        let body: ByteBuffer
        do {
            body = try await collectBody(request, upTo: limit, within: seconds)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            return json(PlaygroundError(field: "body", "the request body is over the cap of \(limit) bytes"), status: .contentTooLarge)
        } catch is BodyTimeout {
            var response = json(PlaygroundError(field: "body", "the request body did not arrive within \(seconds) s"), status: .requestTimeout)
            response.headers[.connection] = "close"
            return response
        } catch {
            return json(PlaygroundError(field: "body", "the request body could not be read: \(error)"), status: .badRequest)
        }
        do {
            return try respond(body)
        } catch {
            return json(error, status: error.status)
        }
    }

    /// The request's body, up to `limit` bytes, if it arrives within `seconds`; else throws
    /// `BodyTimeout` (and stops reading it: a stalled client holds no more than the connection).
    static func collectBody(_ request: Request, upTo limit: Int, within seconds: Double) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask {
                var request = request
                return try await request.collectBody(upTo: limit)
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let body = first else { throw BodyTimeout() }
            return body
        }
    }

    /// A request body that did not arrive in time.
    struct BodyTimeout: Error {}

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
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(Int64(limits.idleTimeoutSeconds * 1e9)))),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "transition-playground",
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
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
