import TransitionLab
import TransitionPhysics

/// A release model the batch integrator cannot vectorize: a user-written `ReleaseModel` (the
/// batch knows the built-in ones, `BuiltInReleaseModel`). Such a model runs on the scalar path.
public struct UnvectorizableModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The model's `name`.
    public var modelName: String
    /// The model's type.
    public var typeName: String

    /// A sentence naming the model and its type, saying it runs on the scalar path.
    public var description: String {
        "TransitionBatch vectorizes the built-in release models (\(ReleaseModelKind.allCases.map(\.rawValue).joined(separator: ", ")));"
            + " '\(modelName)' (\(typeName)) is a user-written ReleaseModel: evaluate it on the scalar path,"
            + " model.release(_:) then CompletionCurve.metrics(releaseVelocity:frameRate:settleTolerance:)."
    }
}

extension BuiltInReleaseModel {
    /// `model` as a built-in model the batch can vectorize; throws, naming it, for a
    /// user-written one.
    public init(vectorizing model: any ReleaseModel) throws(UnvectorizableModelError) {
        guard let builtIn = BuiltInReleaseModel(model) else {
            throw UnvectorizableModelError(modelName: model.name, typeName: "\(type(of: model))")
        }
        self = builtIn
    }
}

/// A batch of N releases in struct-of-arrays form: lane `i` is the release
/// `state(at: i)` handed to `model(at: i)`.
///
/// Every parameter is per lane. The projected-spring lanes keep their parameters in flat arrays
/// (the integrator reads them block by block); the timed models (classic, Cupertino, physics with
/// a timed completion shape), which are
/// evaluated through their curve lane by lane, are stored once each in `timedModels` and
/// referenced by index.
public struct BatchReleases: Sendable {
    // MARK: The release, per lane
    /// Progress at release per lane, fraction of the travel.
    public private(set) var progress: [Double] = []
    /// Release velocity per lane, progress per second.
    public private(set) var velocity: [Double] = []
    /// Progress at the last `changed` sample per lane (the edge-pan variant's decision, `classic-004`).
    public private(set) var lastChangedProgress: [Double] = []
    /// Whether the recognizer was cancelled, per lane.
    public private(set) var recognizerCancelled: [Bool] = []
    /// The model kind per lane.
    public private(set) var kind: [ReleaseModelKind] = []
    /// Per lane: true when the spring kernels run it (a physics model with the spring
    /// completion), false for timed lanes (evaluated through their curve).
    public private(set) var isSpringLane: [Bool] = []

    // MARK: Projected-spring parameters, per lane (unused by timed lanes)
    /// Spring mass per lane (physics lanes; 1 on timed lanes, unused).
    public private(set) var mass: [Double] = []
    /// Spring stiffness per lane (physics lanes; 1 on timed lanes, unused).
    public private(set) var stiffness: [Double] = []
    /// The damping coefficient (as `Spring.damping`).
    public private(set) var damping: [Double] = []
    /// Velocity kept per millisecond of coasting, per lane (physics lanes).
    public private(set) var decelerationRate: [Double] = []
    /// How the projection is computed, per lane (physics lanes).
    public private(set) var projection: [ProjectionForm] = []
    /// `projection.distancePerVelocity(rate:)`, seconds: the projected distance per unit velocity.
    public private(set) var distancePerVelocity: [Double] = []
    /// Projected progress needed to finish, per lane (physics lanes).
    public private(set) var threshold: [Double] = []
    /// Velocities slower than this (travel widths per second) do not coast, per lane (physics lanes).
    public private(set) var minFlingVelocity: [Double] = []
    /// How each physics lane shows progress past the target.
    public private(set) var overshoot: [OvershootPolicy] = []

    // MARK: Timed models (classic, Cupertino, physics with a timed completion shape)
    /// The distinct timed models of the batch.
    public private(set) var timedModels: [BuiltInReleaseModel] = []
    /// Per lane: index into `timedModels`, or -1 for spring lanes.
    public private(set) var timedModelIndex: [Int32] = []
    private var timedModelLookup: [BuiltInReleaseModel: Int32] = [:]

    /// The number of lanes.
    public var count: Int { progress.count }

    /// An empty batch.
    public init() {}

    /// N lanes, all with the same model.
    public init(model: BuiltInReleaseModel, states: [ReleaseState]) {
        append(model, states: states)
    }

    /// N lanes, all with `model`; throws, naming it, when it is not a built-in model.
    public init(model: any ReleaseModel, states: [ReleaseState]) throws(UnvectorizableModelError) {
        self.init(model: try BuiltInReleaseModel(vectorizing: model), states: states)
    }

    /// One lane per (model, state) pair.
    public init(_ lanes: [(model: BuiltInReleaseModel, state: ReleaseState)]) {
        reserveCapacity(lanes.count)
        for lane in lanes { append(lane.model, lane.state) }
    }

    /// Reserves room for `n` lanes in every array.
    public mutating func reserveCapacity(_ n: Int) {
        progress.reserveCapacity(n); velocity.reserveCapacity(n)
        lastChangedProgress.reserveCapacity(n); recognizerCancelled.reserveCapacity(n); kind.reserveCapacity(n)
        isSpringLane.reserveCapacity(n)
        mass.reserveCapacity(n); stiffness.reserveCapacity(n); damping.reserveCapacity(n)
        decelerationRate.reserveCapacity(n); projection.reserveCapacity(n); distancePerVelocity.reserveCapacity(n)
        threshold.reserveCapacity(n); minFlingVelocity.reserveCapacity(n); overshoot.reserveCapacity(n)
        timedModelIndex.reserveCapacity(n)
    }

    /// Removes every lane, keeping the arrays' storage when `keepingCapacity` (a caller that
    /// fills and runs many small batches reuses one). The timed models are forgotten too.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        progress.removeAll(keepingCapacity: keepingCapacity); velocity.removeAll(keepingCapacity: keepingCapacity)
        lastChangedProgress.removeAll(keepingCapacity: keepingCapacity)
        recognizerCancelled.removeAll(keepingCapacity: keepingCapacity); kind.removeAll(keepingCapacity: keepingCapacity)
        isSpringLane.removeAll(keepingCapacity: keepingCapacity)
        mass.removeAll(keepingCapacity: keepingCapacity); stiffness.removeAll(keepingCapacity: keepingCapacity)
        damping.removeAll(keepingCapacity: keepingCapacity); decelerationRate.removeAll(keepingCapacity: keepingCapacity)
        projection.removeAll(keepingCapacity: keepingCapacity)
        distancePerVelocity.removeAll(keepingCapacity: keepingCapacity)
        threshold.removeAll(keepingCapacity: keepingCapacity); minFlingVelocity.removeAll(keepingCapacity: keepingCapacity)
        overshoot.removeAll(keepingCapacity: keepingCapacity)
        timedModels.removeAll(keepingCapacity: keepingCapacity)
        timedModelIndex.removeAll(keepingCapacity: keepingCapacity)
        timedModelLookup.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Appends one lane.
    public mutating func append(_ model: BuiltInReleaseModel, _ state: ReleaseState) {
        progress.append(state.progress)
        velocity.append(state.velocity)
        lastChangedProgress.append(state.lastChangedProgress)
        recognizerCancelled.append(state.recognizerCancelled)
        appendModel(model, lanes: 1)
    }

    /// Appends one lane per state, all with `model` (the model's columns filled in one go: a
    /// caller with many lanes of one model, the behaviour benchmark's, appends them this way).
    public mutating func append(_ model: BuiltInReleaseModel, states: [ReleaseState]) {
        // No lanes, nothing appended: not even a timed model to the table its lanes index.
        guard !states.isEmpty else { return }
        Self.append(states, to: &progress) { $0.progress }
        Self.append(states, to: &velocity) { $0.velocity }
        Self.append(states, to: &lastChangedProgress) { $0.lastChangedProgress }
        Self.append(states, to: &recognizerCancelled) { $0.recognizerCancelled }
        appendModel(model, lanes: states.count)
    }

    /// The model's columns of `n` new lanes (their states appended).
    private mutating func appendModel(_ model: BuiltInReleaseModel, lanes n: Int) {
        Self.append(model.kind, to: &kind, times: n)
        switch model {
        case .physics(let m) where m.completionShape == .spring:
            Self.append(true, to: &isSpringLane, times: n)
            Self.append(m.spring.mass, to: &mass, times: n)
            Self.append(m.spring.stiffness, to: &stiffness, times: n)
            Self.append(m.spring.damping, to: &damping, times: n)
            Self.append(m.decelerationRate.rawValue, to: &decelerationRate, times: n)
            Self.append(m.projection, to: &projection, times: n)
            Self.append(m.projection.distancePerVelocity(rate: m.decelerationRate), to: &distancePerVelocity, times: n)
            Self.append(m.threshold, to: &threshold, times: n)
            Self.append(m.minFlingVelocity, to: &minFlingVelocity, times: n)
            Self.append(m.overshoot, to: &overshoot, times: n)
            Self.append(-1, to: &timedModelIndex, times: n)
        case .physics, .classic, .cupertino:
            Self.append(false, to: &isSpringLane, times: n)
            Self.append(1, to: &mass, times: n)
            Self.append(1, to: &stiffness, times: n)
            Self.append(0, to: &damping, times: n)
            Self.append(0.5, to: &decelerationRate, times: n)
            Self.append(.discrete, to: &projection, times: n)
            Self.append(0, to: &distancePerVelocity, times: n)
            Self.append(0.5, to: &threshold, times: n)
            Self.append(0, to: &minFlingVelocity, times: n)
            Self.append(.allow, to: &overshoot, times: n)
            let index: Int32
            if let known = timedModelLookup[model] {
                index = known
            } else {
                index = Int32(timedModels.count)
                timedModels.append(model)
                timedModelLookup[model] = index
            }
            Self.append(index, to: &timedModelIndex, times: n)
        }
    }

    /// `value` appended `n` times (one lane, the sweep's way of appending, a plain append).
    @inline(__always)
    private static func append<Element>(_ value: Element, to column: inout [Element], times n: Int) {
        if n == 1 { column.append(value) } else { column.append(contentsOf: repeatElement(value, count: n)) }
    }

    /// Each state's `field` appended to `column`: grown in one go, then written in place (through
    /// lazy maps the generic copy cost more than the appends it saved).
    @inline(__always)
    private static func append<Element>(
        _ states: [ReleaseState], to column: inout [Element], _ field: (ReleaseState) -> Element
    ) {
        guard let first = states.first else { return }
        let start = column.count
        column.append(contentsOf: repeatElement(field(first), count: states.count))
        column.withUnsafeMutableBufferPointer { buffer in
            for (j, state) in states.enumerated() { buffer[start + j] = field(state) }
        }
    }

    /// The release of lane `i`.
    public func state(at i: Int) -> ReleaseState {
        ReleaseState(
            progress: progress[i], velocity: velocity[i], lastChangedProgress: lastChangedProgress[i],
            recognizerCancelled: recognizerCancelled[i])
    }

    /// The model of lane `i`.
    public func model(at i: Int) -> BuiltInReleaseModel {
        if !isSpringLane[i] { return timedModels[Int(timedModelIndex[i])] }
        switch kind[i] {
        case .physics:
            return .physics(
                ProjectedSpringModel(
                    spring: spring(at: i), decelerationRate: DecelerationRate(rawValue: decelerationRate[i]),
                    projection: projection[i], threshold: threshold[i], minFlingVelocity: minFlingVelocity[i],
                    overshoot: overshoot[i]))
        case .classic, .cupertino:
            return timedModels[Int(timedModelIndex[i])]
        }
    }

    /// The completion spring of physics lane `i`.
    public func spring(at i: Int) -> Spring {
        Spring(validatedMass: mass[i], stiffness: stiffness[i], damping: damping[i])
    }
}
