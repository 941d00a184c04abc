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
/// Every parameter is per lane, in a ``LaneColumn`` each (the integrator reads them block by
/// block, through their base addresses). The timed models (classic, Cupertino, physics with a
/// timed completion shape), evaluated through their curve lane by lane, are stored once each in
/// `timedModels` and referenced by index.
public struct BatchReleases: Sendable {
    // MARK: The release, per lane
    /// Progress at release per lane, fraction of the travel.
    public private(set) var progress = LaneColumn<Double>()
    /// Release velocity per lane, progress per second.
    public private(set) var velocity = LaneColumn<Double>()
    /// Progress at the last `changed` sample per lane (the edge-pan variant's decision, `classic-004`).
    public private(set) var lastChangedProgress = LaneColumn<Double>()
    /// Whether the recognizer was cancelled, per lane.
    public private(set) var recognizerCancelled = LaneColumn<Bool>()
    /// The model kind per lane.
    public private(set) var kind = LaneColumn<ReleaseModelKind>()
    /// Per lane: true when the spring kernels run it (a physics model with the spring
    /// completion), false for timed lanes (evaluated through their curve).
    public private(set) var isSpringLane = LaneColumn<Bool>()

    // MARK: Projected-spring parameters, per lane (unused by timed lanes)
    /// Spring mass per lane (physics lanes; 1 on timed lanes, unused).
    public private(set) var mass = LaneColumn<Double>()
    /// Spring stiffness per lane (physics lanes; 1 on timed lanes, unused).
    public private(set) var stiffness = LaneColumn<Double>()
    /// The damping coefficient (as `Spring.damping`).
    public private(set) var damping = LaneColumn<Double>()
    /// Velocity kept per millisecond of coasting, per lane (physics lanes).
    public private(set) var decelerationRate = LaneColumn<Double>()
    /// How the projection is computed, per lane (physics lanes).
    public private(set) var projection = LaneColumn<ProjectionForm>()
    /// `projection.distancePerVelocity(rate:)`, seconds: the projected distance per unit velocity.
    public private(set) var distancePerVelocity = LaneColumn<Double>()
    /// Projected progress needed to finish, per lane (physics lanes).
    public private(set) var threshold = LaneColumn<Double>()
    /// Velocities slower than this (travel widths per second) do not coast, per lane (physics lanes).
    public private(set) var minFlingVelocity = LaneColumn<Double>()
    /// How each physics lane shows progress past the target.
    public private(set) var overshoot = LaneColumn<OvershootPolicy>()

    // MARK: Timed models (classic, Cupertino, physics with a timed completion shape)
    /// The distinct timed models of the batch.
    public private(set) var timedModels: [BuiltInReleaseModel] = []
    /// Per lane: index into `timedModels`, or -1 for spring lanes.
    public private(set) var timedModelIndex = LaneColumn<Int32>()
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

    /// Reserves room for `n` lanes in every column.
    public mutating func reserveCapacity(_ n: Int) {
        var reserving = ReservingColumns(lanes: n)
        visitColumns(&reserving)
    }

    /// Removes every lane, keeping the columns' storage when `keepingCapacity` (a caller that
    /// fills and runs many small batches reuses one). The timed models are forgotten too.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        var emptying = EmptyingColumns(keepingCapacity: keepingCapacity)
        visitColumns(&emptying)
        timedModels.removeAll(keepingCapacity: keepingCapacity)
        timedModelLookup.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Every per-lane column, listed once: what reserving and emptying apply to each.
    private mutating func visitColumns(_ visitor: inout some LaneColumnVisitor) {
        visitor.visit(&progress); visitor.visit(&velocity); visitor.visit(&lastChangedProgress)
        visitor.visit(&recognizerCancelled); visitor.visit(&kind); visitor.visit(&isSpringLane)
        visitor.visit(&mass); visitor.visit(&stiffness); visitor.visit(&damping)
        visitor.visit(&decelerationRate); visitor.visit(&projection); visitor.visit(&distancePerVelocity)
        visitor.visit(&threshold); visitor.visit(&minFlingVelocity); visitor.visit(&overshoot)
        visitor.visit(&timedModelIndex)
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
        progress.append(states) { $0.progress }
        velocity.append(states) { $0.velocity }
        lastChangedProgress.append(states) { $0.lastChangedProgress }
        recognizerCancelled.append(states) { $0.recognizerCancelled }
        appendModel(model, lanes: states.count)
    }

    /// The model's columns of `n` new lanes (their states appended).
    private mutating func appendModel(_ model: BuiltInReleaseModel, lanes n: Int) {
        kind.append(model.kind, times: n)
        switch model {
        case .physics(let m) where m.completionShape == .spring:
            isSpringLane.append(true, times: n)
            mass.append(m.spring.mass, times: n)
            stiffness.append(m.spring.stiffness, times: n)
            damping.append(m.spring.damping, times: n)
            decelerationRate.append(m.decelerationRate.rawValue, times: n)
            projection.append(m.projection, times: n)
            distancePerVelocity.append(m.projection.distancePerVelocity(rate: m.decelerationRate), times: n)
            threshold.append(m.threshold, times: n)
            minFlingVelocity.append(m.minFlingVelocity, times: n)
            overshoot.append(m.overshoot, times: n)
            timedModelIndex.append(-1, times: n)
        case .physics, .classic, .cupertino:
            isSpringLane.append(false, times: n)
            mass.append(1, times: n)
            stiffness.append(1, times: n)
            damping.append(0, times: n)
            decelerationRate.append(0.5, times: n)
            projection.append(.discrete, times: n)
            distancePerVelocity.append(0, times: n)
            threshold.append(0.5, times: n)
            minFlingVelocity.append(0, times: n)
            overshoot.append(.allow, times: n)
            let index: Int32
            if let known = timedModelLookup[model] {
                index = known
            } else {
                index = Int32(timedModels.count)
                timedModels.append(model)
                timedModelLookup[model] = index
            }
            timedModelIndex.append(index, times: n)
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

/// What `BatchReleases.visitColumns` applies to each of its columns, whatever its element.
private protocol LaneColumnVisitor {
    mutating func visit<Element>(_ column: inout LaneColumn<Element>)
}

private struct ReservingColumns: LaneColumnVisitor {
    let lanes: Int
    func visit<Element>(_ column: inout LaneColumn<Element>) { column.reserveCapacity(lanes) }
}

private struct EmptyingColumns: LaneColumnVisitor {
    let keepingCapacity: Bool
    func visit<Element>(_ column: inout LaneColumn<Element>) { column.removeAll(keepingCapacity: keepingCapacity) }
}
