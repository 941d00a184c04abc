import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The caps on one request, so that no request can exhaust the server (each is named in the
/// error a request beyond it gets). Served by `GET /api/parameters` under `limits`.
public struct PlaygroundLimits: Sendable, Encodable {
    /// Largest request body, bytes (1 MiB; a page flick is a few kilobytes). A larger body gets
    /// 413 Content Too Large.
    public var maximumBodyBytes = 1 << 20
    /// Largest trace file a page may upload to `POST /api/traces` to replay it, bytes (8 MiB: the
    /// shared recording is 3.8 MB, a recorded session a few hundred kilobytes). A larger file
    /// gets 413 Content Too Large. Within the trace format's own bound
    /// (`TraceFormat.maximumFileBytes`, 256 MiB).
    public var maximumTraceFileBytes = 8 << 20
    /// Most touch samples per request (a page flick has a few hundred; the library's trace
    /// bound is `TraceFormat.maximumSamplesPerTrace`, 100,000).
    public var maximumSamples = 10_000
    /// Lowest frame rate the completion is sampled at, Hz.
    public var minimumFrameRateHz = 1.0
    /// Highest frame rate the completion is sampled at, Hz.
    public var maximumFrameRateHz = 480.0
    /// Longest completion sampled into `frames`, seconds after release; a completion still
    /// moving then is cut there and reported with `framesTruncated` true.
    public var maximumCompletionSeconds = 10.0
    /// Most points of the drag (`tracking`) returned; longer drags are thinned evenly.
    public var maximumTrackingPoints = 400
    /// Most detents.
    public var maximumDetents = 16
    /// Largest |detent|, progress (a fraction of the travel).
    public var maximumDetentMagnitude = 10.0
    /// Highest pixels per point.
    public var maximumPixelsPerPoint = 10.0
    /// Shortest travel, pixels (a shorter one makes progress velocities overflow).
    public var minimumTravelPixels = 1.0
    /// Largest |x| and |t| of a sample and largest travel, in pixels and seconds: the trace
    /// format's bound (`TraceFormat.maxMagnitude`).
    public var maximumMagnitude = TraceFormat.maxMagnitude

    /// Most replays running at once (`POST /api/release`; each is CPU work, at most about 0.3 s
    /// for the worst-case valid request: docs/playground.md).
    public var maximumConcurrentReleases = 4
    /// Most replays waiting for a slot; one more gets 503 with Retry-After.
    public var maximumQueuedReleases = 64
    /// Most open connections; the server stops accepting beyond them until one closes.
    public var maximumConnections = 64
    /// Seconds a connection may stay silent between requests before the server closes it.
    public var idleTimeoutSeconds = 10.0
    /// Seconds a request body may take to arrive in full; a stalled or trickled body gets 408 and
    /// the connection is closed, with its partial body released.
    public var bodyTimeoutSeconds = 10.0
    /// The caps above.
    public init() {}

    /// Frames sampled at most for one completion at `frameRateHz`.
    public func maximumFrames(frameRateHz: Double) -> Int { Int(maximumCompletionSeconds * frameRateHz) + 1 }
}
