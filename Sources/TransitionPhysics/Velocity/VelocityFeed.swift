/// The turning points of a finger's positions found one sample at a time: the hysteresis of
/// `VelocityWindow.reversalDistance`, written once here and run by `VelocityWindow` over a whole
/// array and by `VelocityFeed` as the samples arrive (so a frame does not rescan the stroke).
///
/// Once the positions have moved more than `distance` from where they started, the movement has
/// a direction; its farthest point becomes a turning point when the positions come back from it
/// by more than `distance`, and the movement then has the other direction.
package struct TurningPoints: Sendable {
    /// The hysteresis, in the positions' unit.
    package let distance: Double
    /// How many positions were appended.
    package private(set) var count = 0
    /// The index of the last turning point, if any.
    package private(set) var last: Int?
    /// +1 up, -1 down, 0 not yet moved by `distance`.
    private var direction = 0.0
    private var highest = 0, lowest = 0, extreme = 0
    private var highestValue = 0.0, lowestValue = 0.0, extremeValue = 0.0

    package init(distance: Double) { self.distance = distance }

    /// Takes the next position.
    package mutating func append(_ position: Double) {
        let i = count
        count += 1
        guard i > 0 else {
            (highestValue, lowestValue, extremeValue) = (position, position, position)
            return
        }
        if direction == 0 {
            if position > highestValue { (highest, highestValue) = (i, position) }
            if position < lowestValue { (lowest, lowestValue) = (i, position) }
            if highestValue - lowestValue > distance {
                direction = highest > lowest ? 1 : -1
                (extreme, extremeValue) = highest > lowest ? (highest, highestValue) : (lowest, lowestValue)
            }
        } else if direction * (position - extremeValue) >= 0 {
            (extreme, extremeValue) = (i, position)
        } else if direction * (extremeValue - position) > distance {
            last = extreme
            direction = -direction
            (extreme, extremeValue) = (i, position)
        }
    }

    /// Every position so far negated (a reversible direction flipped): the same turning points,
    /// the highest and lowest swapped, the direction reversed.
    package mutating func mirror() {
        (highest, lowest) = (lowest, highest)
        (highestValue, lowestValue) = (-lowestValue, -highestValue)
        extremeValue.negate()
        direction.negate()
    }
}

/// A marker for the package's estimators that read a `VelocityWindow` and nothing older: given
/// the window's samples and whether they start at a turning point, they answer what
/// `velocity(of:)` answers for the whole stroke, bit for bit (`VelocityFeedTests`).
package protocol WindowedVelocityEstimator: VelocityEstimator {
    /// The window the estimator reads.
    var window: VelocityWindow { get }
    /// The velocity from the window's measured samples `recent`, which start at a turning point
    /// when `fromTurningPoint`.
    func velocity(recent: ArraySlice<AxisSample>, fromTurningPoint: Bool) -> Double
}

/// A finger's samples as its velocity estimate reads them, kept so that an estimate costs the
/// same after 0.5 s and after 500 s down: the measured samples (`AxisSample.isResampled` false),
/// each with the sign flips that came after it, and their turning points found as they arrive.
/// A `WindowedVelocityEstimator` (the package's least-squares estimator) then reads only the
/// samples its window can hold (at most `maxSamples`, within its `horizon`); any other
/// estimator gets the whole stroke, as before.
package struct VelocityFeed: Sendable {
    /// The measured samples, positions as appended (before later flips).
    private var samples: [AxisSample] = []
    /// How many flips had happened when each sample was appended.
    private var flipsBefore: [Int] = []
    /// Flips so far: a sample's position is negated once for each flip after it.
    private var flips = 0
    /// The turning points of the samples, for the reversal distance they were found with.
    private var turns: TurningPoints?
    /// The turning points before the newest sample was appended (for `replaceLast`).
    private var turnsBeforeLast: TurningPoints?

    /// An empty feed whose turning points are found as samples arrive for `reversalDistance`
    /// (the estimator's `VelocityWindow.reversalDistance`, if any).
    package init(reversalDistance: Double?) {
        turns = reversalDistance.map { TurningPoints(distance: $0) }
    }

    /// A feed holding `samples` (oldest first, as the estimator reads them).
    package init(_ samples: [AxisSample], reversalDistance: Double?) {
        self.init(reversalDistance: reversalDistance)
        for sample in samples { append(sample) }
    }

    /// The reversal distance of `estimator`'s window, if it is a `WindowedVelocityEstimator`.
    package static func reversalDistance(of estimator: any VelocityEstimator) -> Double? {
        (estimator as? any WindowedVelocityEstimator)?.window.reversalDistance
    }

    /// Takes the next sample (a resampled or predicted one is left out, as every estimator does).
    package mutating func append(_ sample: AxisSample) {
        guard !sample.isResampled else { return }
        samples.append(sample)
        flipsBefore.append(flips)
        turnsBeforeLast = turns
        turns?.append(sample.position)
    }

    /// Replaces the newest sample (several fingers' samples of one instant), when it is measured.
    package mutating func replaceLast(with sample: AxisSample) {
        guard !sample.isResampled, !samples.isEmpty else { return }
        samples[samples.count - 1] = sample
        flipsBefore[flipsBefore.count - 1] = flips
        turns = turnsBeforeLast
        turns?.append(sample.position)
    }

    /// Every sample so far negated (a reversible direction flipped).
    package mutating func mirror() {
        flips += 1
        turns?.mirror()
        turnsBeforeLast?.mirror()
    }

    /// The sample at `index` as the estimator reads it.
    private func sample(_ index: Int) -> AxisSample {
        var sample = samples[index]
        if (flips - flipsBefore[index]) % 2 == 1 { sample.position.negate() }
        return sample
    }

    /// Every sample, as the estimator reads them.
    package var all: [AxisSample] { samples.indices.map(sample) }

    /// The velocity `estimator` gives these samples: from the newest `window.maxSamples` only for
    /// a `WindowedVelocityEstimator` with no reversal distance or the one this feed tracks, from
    /// all of them otherwise (another estimator, or one set since the feed began).
    package func velocity(_ estimator: any VelocityEstimator) -> Double {
        velocity(estimator, windowed: estimator as? any WindowedVelocityEstimator)
    }

    /// `velocity(_:)` with `estimator` already cast to a windowed one (`windowed`, nil when it is
    /// not one): a driver casts once per estimator, not once per frame.
    package func velocity(_ estimator: any VelocityEstimator, windowed: (any WindowedVelocityEstimator)?) -> Double {
        guard let windowed, windowed.window.reversalDistance == nil || windowed.window.reversalDistance == turns?.distance
        else {
            return estimator.velocity(of: all)
        }
        let window = windowed.window
        // The samples the window can hold: at most `maxSamples`, none older than its horizon
        // (`VelocityWindow.continuousSamples` then applies its rules to them alone).
        var suffixStart = samples.count - 1
        if let newest = samples.last {
            while suffixStart > 0 && samples.count - suffixStart < window.maxSamples
                && newest.time - samples[suffixStart - 1].time <= window.horizon + VelocityWindow.timeResolution
            {
                suffixStart -= 1
            }
        }
        suffixStart = max(0, suffixStart)
        // The suffix as stored when no mirroring reaches it (indices as in `samples`), else a copy
        // with the mirrorings applied (indices from `suffixStart` on, all the same).
        let suffix = suffixStart == samples.count || flipsBefore[suffixStart] == flips
            ? samples[suffixStart...] : ArraySlice((suffixStart..<samples.count).map(sample))
        let offset = suffix.startIndex - suffixStart
        let recent = window.continuousSamples(suffix)
        // `VelocityWindow.recentMovement`: the window starts at the last turning point inside it.
        if recent.count >= 3, let turn = turns?.last, turn + offset > recent.startIndex {
            return windowed.velocity(recent: suffix[(turn + offset)...], fromTurningPoint: true)
        }
        return windowed.velocity(recent: recent, fromTurningPoint: false)
    }
}
