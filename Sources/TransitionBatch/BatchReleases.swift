import TransitionPhysics

/// One of the release models the batch integrator evaluates.
///
/// The projected spring (`physics`) is integrated lane-parallel; the timed models (`classic`,
/// `cupertino`) have fixed durations and are evaluated lane by lane through their curve, exactly
/// as the scalar path does (the runner reports that cost per lane-frame as `classic_curve`).
public enum BatchModel: Hashable, Sendable {
    case physics(ProjectedSpringModel)
    case classic(ClassicPercentDrivenModel)
    case cupertino(CupertinoModel)

    /// Wraps one of the three concrete models; nil for any other `ReleaseModel`.
    public init?(_ model: any ReleaseModel) {
        if let m = model as? ProjectedSpringModel {
            self = .physics(m)
        } else if let m = model as? ClassicPercentDrivenModel {
            self = .classic(m)
        } else if let m = model as? CupertinoModel {
            self = .cupertino(m)
        } else {
            return nil
        }
    }

    /// The wrapped model.
    public var model: any ReleaseModel {
        switch self {
        case .physics(let m): return m
        case .classic(let m): return m
        case .cupertino(let m): return m
        }
    }
}

/// A batch of N releases in struct-of-arrays form: lane `i` is the release
/// `state(at: i)` handed to `model(at: i)`.
///
/// Every parameter is per lane. The projected-spring lanes keep their parameters in flat arrays
/// (the integrator reads them block by block); the timed models (classic, Cupertino), which are
/// evaluated through their curve lane by lane, are stored once each in `timedModels` and
/// referenced by index.
public struct BatchReleases: Sendable {
    /// What kind of model a lane uses.
    public enum Kind: UInt8, Sendable {
        case physics, classic, cupertino
    }

    // MARK: The release, per lane
    public private(set) var progress: [Double] = []
    public private(set) var velocity: [Double] = []
    public private(set) var lastChangedProgress: [Double] = []
    public private(set) var recognizerCancelled: [Bool] = []
    public private(set) var kind: [Kind] = []

    // MARK: Projected-spring parameters, per lane (unused by timed lanes)
    public private(set) var mass: [Double] = []
    public private(set) var stiffness: [Double] = []
    /// The damping coefficient (as `Spring.damping`).
    public private(set) var damping: [Double] = []
    public private(set) var decelerationRate: [Double] = []
    public private(set) var projection: [ProjectionForm] = []
    /// `projection.distancePerVelocity(rate:)`, seconds: the projected distance per unit velocity.
    public private(set) var distancePerVelocity: [Double] = []
    public private(set) var threshold: [Double] = []
    public private(set) var minFlingVelocity: [Double] = []
    public private(set) var overshoot: [OvershootPolicy] = []

    // MARK: Timed models (classic, Cupertino)
    /// The distinct timed models of the batch.
    public private(set) var timedModels: [BatchModel] = []
    /// Per lane: index into `timedModels`, or -1 for physics lanes.
    public private(set) var timedModelIndex: [Int32] = []
    private var timedModelLookup: [BatchModel: Int32] = [:]

    /// The number of lanes.
    public var count: Int { progress.count }

    public init() {}

    /// N lanes, all with the same model.
    public init(model: BatchModel, states: [ReleaseState]) {
        reserveCapacity(states.count)
        for state in states { append(model, state) }
    }

    /// One lane per (model, state) pair.
    public init(_ lanes: [(model: BatchModel, state: ReleaseState)]) {
        reserveCapacity(lanes.count)
        for lane in lanes { append(lane.model, lane.state) }
    }

    public mutating func reserveCapacity(_ n: Int) {
        progress.reserveCapacity(n); velocity.reserveCapacity(n)
        lastChangedProgress.reserveCapacity(n); recognizerCancelled.reserveCapacity(n); kind.reserveCapacity(n)
        mass.reserveCapacity(n); stiffness.reserveCapacity(n); damping.reserveCapacity(n)
        decelerationRate.reserveCapacity(n); projection.reserveCapacity(n); distancePerVelocity.reserveCapacity(n)
        threshold.reserveCapacity(n); minFlingVelocity.reserveCapacity(n); overshoot.reserveCapacity(n)
        timedModelIndex.reserveCapacity(n)
    }

    /// Appends one lane.
    public mutating func append(_ model: BatchModel, _ state: ReleaseState) {
        progress.append(state.progress)
        velocity.append(state.velocity)
        lastChangedProgress.append(state.lastChangedProgress)
        recognizerCancelled.append(state.recognizerCancelled)
        switch model {
        case .physics(let m):
            kind.append(.physics)
            mass.append(m.spring.mass)
            stiffness.append(m.spring.stiffness)
            damping.append(m.spring.damping)
            decelerationRate.append(m.decelerationRate.rawValue)
            projection.append(m.projection)
            distancePerVelocity.append(m.projection.distancePerVelocity(rate: m.decelerationRate))
            threshold.append(m.threshold)
            minFlingVelocity.append(m.minFlingVelocity)
            overshoot.append(m.overshoot)
            timedModelIndex.append(-1)
        case .classic, .cupertino:
            if case .classic = model { kind.append(.classic) } else { kind.append(.cupertino) }
            mass.append(1); stiffness.append(1); damping.append(0)
            decelerationRate.append(0.5); projection.append(.discrete); distancePerVelocity.append(0)
            threshold.append(0.5); minFlingVelocity.append(0); overshoot.append(.allow)
            let index: Int32
            if let known = timedModelLookup[model] {
                index = known
            } else {
                index = Int32(timedModels.count)
                timedModels.append(model)
                timedModelLookup[model] = index
            }
            timedModelIndex.append(index)
        }
    }

    /// The release of lane `i`.
    public func state(at i: Int) -> ReleaseState {
        ReleaseState(
            progress: progress[i], velocity: velocity[i], lastChangedProgress: lastChangedProgress[i],
            recognizerCancelled: recognizerCancelled[i])
    }

    /// The model of lane `i`.
    public func model(at i: Int) -> BatchModel {
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
        Spring(mass: mass[i], stiffness: stiffness[i], damping: damping[i], allowOverDamping: true)
    }
}
