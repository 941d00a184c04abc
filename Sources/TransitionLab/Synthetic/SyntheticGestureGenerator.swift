import TransitionPhysics

/// A seeded source of synthetic, intent-labelled swipes: the same seed and settings give
/// the same gestures, bit for bit, on every platform.
///
/// Gesture i depends only on (seed, family, i) and the settings, never on how many gestures
/// are generated: each one draws from its own `Xoshiro256StarStar(seed:stream:index:)`.
///
/// ```swift
/// let generator = SyntheticGestureGenerator(seed: 42, samplingRate: 120, travel: 390)
/// let traces = generator.corpus(count: 1200)   // 100 of each family, half in each direction
/// ```
/// Speed (release build, this project's 2-core Linux machine, `perf stat` task clock): about
/// 9 ms of CPU per 1,000 gestures at 60 Hz (31 samples each on average), twice that at 120 Hz;
/// a debug build makes 6,000 in well under a second (a test checks < 5 s).
public struct SyntheticGestureGenerator: Hashable, Sendable {
    /// The corpus seed: gesture i draws from `Xoshiro256StarStar(seed:stream:index:)`.
    public var seed: UInt64
    /// Points that map to progress 1 (a phone's width, 390 pt, by default).
    public var travel: Double
    /// The touch clock, noise and recognizer model.
    public var sampling: TouchSamplingModel
    /// Physical pixels per point of the simulated phone (3: a 390 pt wide phone at 3x, 1,170 px
    /// across): the traces' `GestureTrace.pixelsPerUnit`, for the one-pixel visual completion.
    public var pixelsPerPoint = 3.0

    /// - Parameters:
    ///   - seed: any value.
    ///   - samplingRate: touch frames per second (60 or 120 on phones; > 25).
    ///   - travel: points that map to progress 1; > 0.
    public init(seed: UInt64, samplingRate: Double = 60, travel: Double = 390) {
        self.init(seed: seed, travel: travel, sampling: TouchSamplingModel(samplingRate: samplingRate))
    }

    /// A generator with an explicit touch model; `travel` in points, > 0.
    public init(seed: UInt64, travel: Double = 390, sampling: TouchSamplingModel) {
        precondition(travel > 0 && travel.isFinite, "travel must be a positive number of points, got \(travel)")
        self.seed = seed
        self.travel = travel
        self.sampling = sampling
    }

    /// The family of corpus item `index`: the families in declaration order, repeating.
    public static func family(forCorpusIndex index: Int) -> SyntheticFamily {
        SyntheticFamily.allCases[index % SyntheticFamily.allCases.count]
    }

    /// The direction of item `index`: left-to-right for the first round of all families, then
    /// right-to-left for the next round, and so on, so every 12 items hold each (family,
    /// direction) pair once.
    public static func direction(forIndex index: Int) -> SwipeDirection {
        (index / SyntheticFamily.allCases.count) % 2 == 0 ? .leftToRight : .rightToLeft
    }

    /// Gesture `index` of `family`, with its ground truth; `index` >= 0.
    ///
    /// The direction follows `direction(forIndex:)`, so `gesture(family: family(forCorpusIndex: i),
    /// index: i)` is item i of `gestures(count:)`.
    public func gesture(family: SyntheticFamily, index: Int) -> SyntheticGesture {
        precondition(index >= 0, "a gesture index must be >= 0, got \(index)")
        let familyStream = UInt64(SyntheticFamily.allCases.firstIndex(of: family)!)
        var rng = Xoshiro256StarStar(seed: seed, stream: familyStream, index: UInt64(index))
        let direction = Self.direction(forIndex: index)
        let motion = family.drawMotion(using: &rng)
        // Touch-down point: in the half of the screen the swipe moves away from, mid-height
        // of a screen about twice as tall as wide; a slight diagonal drift.
        let startFraction = rng.uniform(in: 0.05...0.5)
        let startX = (direction == .leftToRight ? startFraction : 1 - startFraction) * travel
        let startY = rng.uniform(in: 0.5...1.5) * travel
        let verticalSlope = min(max(rng.normal(mean: 0, standardDeviation: 0.12), -0.35), 0.35)
        let samples = sampling.samples(
            of: motion, direction: direction, travel: travel,
            startX: startX, startY: startY, verticalSlope: verticalSlope, using: &rng)
        let trace = GestureTrace(
            id: "syn-\(family.rawValue)-\(index)", samples: samples, travel: travel,
            intent: family.intent, family: family.rawValue, pixelsPerUnit: pixelsPerPoint)
        return SyntheticGesture(trace: trace, family: family, direction: direction, motion: motion)
    }

    /// The trace of gesture `index` of `family` (see `gesture(family:index:)`).
    public func makeTrace(family: SyntheticFamily, index: Int) -> GestureTrace {
        gesture(family: family, index: index).trace
    }

    /// `count` gestures cycling through all families and, round by round, both directions.
    public func gestures(count: Int) -> [SyntheticGesture] {
        precondition(count >= 0, "count must be >= 0, got \(count)")
        return (0..<count).map { gesture(family: Self.family(forCorpusIndex: $0), index: $0) }
    }

    /// The traces of `gestures(count:)`.
    public func corpus(count: Int) -> [GestureTrace] {
        gestures(count: count).map(\.trace)
    }
}
