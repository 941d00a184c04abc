import RealModule

/// The content's coast after a lift-off it owns: UIScrollView's deceleration, an exponential decay
/// of velocity at `rate` (`rate.rawValue` kept per millisecond), in closed form from its start, so
/// the frame rate never changes it.
///
/// offset(t) = offset0 + v0 * tau * (1 - e^(-t / tau)), velocity(t) = v0 * e^(-t / tau), with
/// tau = -1 / (1000 ln rate) seconds (`ProjectionForm.continuous.distancePerVelocity(rate:)`): the
/// whole coast is `rate.projectedDistance(initialVelocity: v0, form: .continuous)`
/// (docs/references.md#projection-and-rubber-band).
struct ContentCoast: Sendable {
    /// When the coast starts, seconds (the samples' clock).
    var startTime: Double
    /// The content's offset at `startTime`, points.
    var startOffset: Double
    /// The content's velocity at `startTime`, points per second (positive toward larger offsets).
    var startVelocity: Double
    /// The deceleration rate.
    var rate: DecelerationRate
    /// A lift-off's coast that starts at the next frame (the one that shows the finger's last
    /// position, as the sheet's release does); `startTime` is the lift-off's until then.
    var startsAtNextFrame = false

    /// The time constant tau, seconds: velocity falls by e every tau.
    var timeConstant: Double { ProjectionForm.continuous.distancePerVelocity(rate: rate) }

    /// Where the coast comes to rest, points: the start plus the whole coast's distance.
    var restOffset: Double { startOffset + rate.projectedDistance(initialVelocity: startVelocity, form: .continuous) }

    /// Offset (points) and velocity (points per second) at `time`; the start before it.
    func state(at time: Double) -> (offset: Double, velocity: Double) {
        let decay = Double.exp(-max(0, time - startTime) / timeConstant)
        return (startOffset + startVelocity * timeConstant * (1 - decay), startVelocity * decay)
    }

    /// When the coast reaches the content's edge it moves toward (0 moving back, `maximumOffset`
    /// moving on), and its velocity there (points per second); nil when it comes to rest first.
    /// An edge already behind the start (the content shrank) is reached at the start.
    func edgeHit(maximumOffset: Double) -> (time: Double, offset: Double, velocity: Double)? {
        guard startVelocity != 0 else { return nil }
        let edge = startVelocity > 0 ? max(0, maximumOffset) : 0
        let distance = edge - startOffset
        let whole = startVelocity * timeConstant
        // The fraction of the whole coast that reaches the edge: 1 or more never does.
        let fraction = distance / whole
        guard fraction < 1 else { return nil }
        guard fraction > 0 else { return (startTime, edge, startVelocity) }
        let time = startTime - timeConstant * Double.log(onePlus: -fraction)
        return (time, edge, startVelocity * (1 - fraction))
    }

    /// From this time the coast moves less than `pixel` points in all (the one-pixel rule of the
    /// sheet's completions): the remaining distance |v(t)| tau falls below it.
    func restTime(pixel: Double) -> Double {
        let remaining = abs(startVelocity) * timeConstant
        guard remaining > pixel else { return startTime }
        return startTime + timeConstant * Double.log(remaining / pixel)
    }
}
