import Foundation
import Hummingbird

/// What every request must pass before a route sees it, so that a hostile page or client cannot
/// use the playground: the Host header names this machine (a page on another site that rebinds
/// its DNS name to 127.0.0.1 sends its own name: 421), a POST says `application/json` (a
/// cross-origin form or `text/plain` POST, which a browser sends without a preflight, gets 415;
/// a trace file to `/api/traces` says `text/csv`) and announces at most the body cap (413 before
/// a byte of the body is read), and at most
/// `PlaygroundLimits.maximumConcurrentReleases` replays run at once (503 with Retry-After, so
/// that one client cannot pin the server's cores). Refusals are the playground's JSON errors
/// naming the header.
struct RequestGuards<Context: RequestContext>: RouterMiddleware {
    let limits: PlaygroundLimits
    let allowedHosts: Set<String>
    let replays: ReplaySlots

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = request.head.authority ?? ""
        guard Self.hostIsAllowed(host, allowed: allowedHosts) else {
            return Playground.json(
                PlaygroundError(field: "Host", "this server answers only to \(allowedHosts.sorted().joined(separator: ", ")); got '\(PlaygroundError.echo(host))'"),
                status: .misdirectedRequest)
        }
        guard request.method == .post else { return try await next(request, context) }
        let type = request.headers[.contentType] ?? ""
        let upload = Self.upload(forPath: request.uri.path, limits: limits)
        guard Self.mediaType(of: type) == upload.mediaType else {
            return Playground.json(
                PlaygroundError(field: "Content-Type", "must be \(upload.mediaType); got '\(PlaygroundError.echo(type))'"),
                status: .unsupportedMediaType)
        }
        if let text = request.headers[.contentLength], let length = Int(text), length > upload.maximumBytes {
            return Playground.json(
                PlaygroundError(field: "body", "the request body is over the cap of \(upload.maximumBytes) bytes (Content-Length \(length))"),
                status: .contentTooLarge)
        }
        guard await replays.enter() else {
            var response = Playground.json(
                PlaygroundError(
                    field: "body",
                    "the server is replaying \(limits.maximumConcurrentReleases) requests with \(limits.maximumQueuedReleases) waiting; retry in a second"),
                status: .serviceUnavailable)
            response.headers[.retryAfter] = "1"
            return response
        }
        do {
            let response = try await next(request, context)
            await replays.leave()
            return response
        } catch {
            await replays.leave()
            throw error
        }
    }

    /// Whether `authority` (a Host header: name or address, optional port) is one of `allowed`
    /// (names without ports, lowercase; an IPv6 address in brackets).
    static func hostIsAllowed(_ authority: String, allowed: Set<String>) -> Bool {
        var name = Substring(authority.lowercased())
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber) && rest.count > 1) else { return false }
            name = name[...close]
        } else if let colon = name.lastIndex(of: ":") {
            let port = name[name.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isNumber) else { return false }
            name = name[..<colon]
        }
        return allowed.contains(String(name))
    }

    /// What a POST to `path` must send: its media type and its largest body, bytes. A trace file
    /// (`POST /api/traces`) is `text/csv` up to `PlaygroundLimits.maximumTraceFileBytes`; every
    /// other POST is `application/json` up to `maximumBodyBytes`. Neither is a type a browser
    /// sends cross-origin without a preflight (which this server never grants), so a page on
    /// another site cannot post either.
    static func upload(forPath path: String, limits: PlaygroundLimits) -> (mediaType: String, maximumBytes: Int) {
        path == Playground.tracesPath ? ("text/csv", limits.maximumTraceFileBytes) : ("application/json", limits.maximumBodyBytes)
    }

    /// The media type of a Content-Type header, lowercase, without parameters such as a charset.
    static func mediaType(of contentType: String) -> String {
        (contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "").lowercased()
    }
}

/// The replays running now, against `PlaygroundLimits.maximumConcurrentReleases`, and those
/// waiting for a slot (first come, first served), against `maximumQueuedReleases`.
actor ReplaySlots {
    let capacity: Int
    let queueCapacity: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    init(capacity: Int, queueCapacity: Int) {
        self.capacity = capacity
        self.queueCapacity = queueCapacity
    }
    /// Takes a slot, waiting in line for one when all are taken; false when the line is full.
    func enter() async -> Bool {
        if running < capacity {
            running += 1
            return true
        }
        guard waiting.count < queueCapacity else { return false }
        await withCheckedContinuation { waiting.append($0) }
        return true  // `leave()` handed its slot over
    }
    /// Gives a slot back, to the first in line if any.
    func leave() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
}

/// Keeps the page's files inside `publicFolder`: a path whose file, once symbolic links are
/// resolved, lies outside the folder gets 404 as if it did not exist (`FileMiddleware` itself
/// refuses `..` but follows a link placed in the folder). Paths the folder does not hold pass
/// on unchanged (the routes, and `FileMiddleware`'s own 404).
struct PublicFolderGuard<Context: RequestContext>: RouterMiddleware {
    /// The folder, symbolic links resolved, with a trailing slash.
    let root: String

    init(publicFolder: String) {
        let resolved = URL(fileURLWithPath: publicFolder).resolvingSymlinksInPath().path
        root = resolved.hasSuffix("/") ? resolved : resolved + "/"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        let candidate = URL(fileURLWithPath: root + path)
        if FileManager.default.fileExists(atPath: candidate.path) {
            let resolved = candidate.resolvingSymlinksInPath().path
            guard resolved == String(root.dropLast()) || resolved.hasPrefix(root) else {
                return Playground.json(PlaygroundError(field: "path", "not found"), status: .notFound)
            }
        }
        return try await next(request, context)
    }
}
