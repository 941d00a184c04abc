import TransitionPhysics

/// Whether a gesture was meant to complete the transition or to abandon it.
public enum Intent: String, Hashable, Sendable, CaseIterable {
    /// The gesture was made to complete the transition.
    case finish
    /// The gesture was made to go back.
    case cancel
}

/// A recorded or synthetic gesture: its samples, the travel that maps to progress 1, and
/// (when known) what the person meant.
public struct GestureTrace: Hashable, Sendable {
    /// Identifier (the trace file's `trace_id`, or a synthetic id).
    public var id: String
    /// Samples in time order, from `began` to `ended` or `cancelled`.
    public var samples: [TouchSample]
    /// The distance along the axis that maps to progress 1, in the samples' position unit
    /// (the screen width for a page turn).
    public var travel: Double
    /// The intended outcome, when known.
    public var intent: Intent?
    /// Where the trace came from: a synthetic family name, or a source label for recorded data.
    public var family: String?
    /// Recorded-data identifiers (user, device), empty for synthetic traces.
    public var userID: String?
    /// Recorded-data device identifier, nil for synthetic traces.
    public var deviceID: String?
    /// Physical pixels per unit of the samples' positions: 1 for recorded traces (positions in
    /// pixels, `travel_px`), 3 for synthetic ones (points on a 3x phone). A completion is visually
    /// done when nothing moves by one physical pixel (`CompletionCurve.restTime(tolerance:)`).
    public var pixelsPerUnit: Double
    /// The screen axis the trace's progress follows, when it declares one (a trace file's
    /// `axis` column); nil: not declared, and a `GestureRunner` replays it along its own `axis`
    /// (x by default).
    public var axis: TouchAxis?
    /// The recording device's physical pixels per point (its display scale), when the trace
    /// declares it (a trace file's `pixels_per_point` column); nil: unknown.
    public var pixelsPerPoint: Double?

    /// The trace's units per point, pixelsPerPoint / pixelsPerUnit: what a fling cap in points
    /// per second is multiplied by to be in the trace's unit. 1 when the trace does not declare
    /// its pixels per point (one unit is read as one point).
    public var unitsPerPoint: Double { pixelsPerPoint.map { $0 / pixelsPerUnit } ?? 1 }

    /// A trace from its samples and the `travel` that maps to progress 1 (the samples' unit), with
    /// `pixelsPerUnit` physical pixels per unit (default 1: positions in pixels), the `axis` it
    /// declares (default nil: the runner's) and the device's `pixelsPerPoint` (default nil:
    /// unknown).
    public init(
        id: String, samples: [TouchSample], travel: Double, intent: Intent? = nil,
        family: String? = nil, userID: String? = nil, deviceID: String? = nil, pixelsPerUnit: Double = 1,
        axis: TouchAxis? = nil, pixelsPerPoint: Double? = nil
    ) {
        precondition(pixelsPerUnit > 0 && pixelsPerUnit.isFinite, "pixelsPerUnit must be positive and finite; got \(pixelsPerUnit).")
        if let pixelsPerPoint {
            precondition(pixelsPerPoint > 0 && pixelsPerPoint.isFinite, "pixelsPerPoint must be positive and finite; got \(pixelsPerPoint).")
        }
        self.pixelsPerUnit = pixelsPerUnit
        self.pixelsPerPoint = pixelsPerPoint
        self.id = id
        self.samples = samples
        self.travel = travel
        self.intent = intent
        self.family = family
        self.userID = userID
        self.deviceID = deviceID
        self.axis = axis
    }
}
