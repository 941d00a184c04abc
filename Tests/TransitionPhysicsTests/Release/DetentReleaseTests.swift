import RealModule
import Testing
import TransitionPhysics

/// Releases exactly on a detent keep the finger's velocity: a completion that starts at
/// its target with a velocity goes out on the motion's side and comes back, under every overshoot
/// policy and both velocity-continuous shapes, checked against the closed forms; `.clamp` holds a
/// target once it gets back there; at the ends 0 and 1 a `.clamp` release pushing outward stays.
///
/// The reproduction: a sheet with detents [0, 0.5, 1] on an 800 pt travel, dragged to exactly
/// 400 pt at 0.15 travel widths per second (120 pt/s) and lifted, through the public driver.
@Suite("Releases exactly on a detent")
struct DetentReleaseTests {
    static let travel = 800.0
    static let speed = 0.15   // travel widths per second

    static let shapes: [PhysicsCompletionShape] = [
        .spring, .minimumJerk(.peakAcceleration(120)), .minimumJerk(.fullTravel(seconds: 0.3)),
    ]
    static let springs = [Spring(response: 0.3, dampingRatio: 1), Spring(response: 0.3, dampingRatio: 0.5)]

    /// A drag at 240 Hz from touch-down at x = 0 that ends exactly at `progress` of the travel
    /// moving steadily at `velocity` widths per second (a moving-back release first goes 200 pt
    /// beyond), and its lift-off 4 ms later at the same place.
    static func drag(to progress: Double, velocity: Double) -> [TouchSample] {
        let end = progress * travel, step = velocity * travel / 240   // points per sample
        var xs: [Double] = [0]
        let turn = velocity > 0 ? 0 : end + 200
        while xs.last! < turn { xs.append(min(turn, xs.last! + 5)) }
        // The steady part: at least 40 samples (1/6 s) at `velocity`, ending exactly at `end`.
        let count = max(40, Int(((end - xs.last!) / step).rounded(.up)))
        let from = end - step * Double(count)
        if velocity > 0 { xs = xs.filter { $0 < from } + [from] }
        for i in 1...count { xs.append(from + step * Double(i)) }
        xs[xs.count - 1] = end
        var samples = xs.enumerated().map { i, x in
            TouchSample(time: Double(i) / 240, x: max(x, 0), phase: i == 0 ? .began : .changed)
        }
        samples.append(TouchSample(time: samples.last!.time + 0.004, x: end, phase: .ended))
        return samples
    }

    /// The driver after the drag, its one release, and the frames it shows from the release on
    /// at `frameRate` Hz for `seconds`: (time since release, progress, velocity).
    static func release(
        model: ProjectedSpringModel, at progress: Double, velocity: Double, detents: [Double] = [0, 0.5, 1],
        frameRate: Double = 240, seconds: Double = 1.5
    ) -> (release: InteractiveTransition.Release, frames: [(t: Double, p: Double, v: Double)]) {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: travel, toward: .right), model: model,
            estimator: LeastSquaresVelocityEstimator())
        transition.detents = detents.map { .fraction($0) }
        for sample in drag(to: progress, velocity: velocity) { transition.handle(sample) }
        let release = transition.releases[0]
        var frames: [(Double, Double, Double)] = []
        var n = 0.0
        while n / frameRate <= seconds {
            let frame = transition.advance(to: release.time + n / frameRate)
            frames.append((n / frameRate, frame.progress, frame.velocity))
            n += 1
        }
        return (release, frames)
    }

    /// The largest |acceleration| of the completion from the detent with velocity `v0`, widths/s²:
    /// the spring's from the target at most (c / m) |v0| < 60 |v0| for these springs (c / m is
    /// 2 zeta omega0 = 41.9 1/s at response 0.3 s, ratio 1); a quintic's its rule's limit (a full
    /// travel in 0.3 s from rest: 10 / sqrt(3) / 0.3² = 64.2).
    static func accelerationBound(_ shape: PhysicsCompletionShape, v0: Double) -> Double {
        switch shape {
        case .minimumJerk(.peakAcceleration(let limit)): return limit * (1 + 1e-9)
        case .minimumJerk(.fullTravel(let seconds)): return 5.7735026918962584 / (seconds * seconds) * (1 + 1e-9)
        default: return 60 * abs(v0)
        }
    }

    /// The closed-form displacement and velocity of `spring` from the target with velocity `v0`.
    static func springFromTarget(_ spring: Spring, v0: Double, t: Double) -> (x: Double, v: Double) {
        let lambda = spring.decayRate
        let q = spring.stiffness / spring.mass - lambda * lambda
        if q > 0 {
            let wd = q.squareRoot()
            let e = Double.exp(-lambda * t)
            let x = v0 * e * Double.sin(wd * t) / wd
            let v = v0 * e * (Double.cos(wd * t) - lambda * Double.sin(wd * t) / wd)
            return (x, v)
        }
        let e = Double.exp(-lambda * t)   // critical (the springs here are not overdamped)
        return (v0 * t * e, v0 * e * (1 - lambda * t))
    }

    @Test("the reproduction: every policy and shape keeps the finger's velocity in the release frame and after",
          arguments: [OvershootPolicy.allow, .clamp, .rubberBand], [1.0, -1.0])
    func releaseOnAMiddleDetentKeepsItsVelocity(policy: OvershootPolicy, direction: Double) {
        for shape in Self.shapes {
            for spring in Self.springs where shape == .spring || spring == Self.springs[0] {
                let model = ProjectedSpringModel(spring: spring, overshoot: policy, completionShape: shape)
                let (release, frames) = Self.release(model: model, at: 0.5, velocity: direction * Self.speed)
                let v0 = release.state.velocity
                #expect(release.state.progress == 0.5)
                #expect(abs(v0 - direction * Self.speed) < 1e-9, "\(shape) \(policy)")
                #expect(release.completion.curve.target == 0.5, "the model picks the detent it is on")
                // The completion starts at the finger's progress and velocity: no jump at release.
                #expect(release.completion.curve.progress(at: 0) == 0.5)
                #expect(abs(release.completion.curve.velocity(at: 0) - v0) < 1e-12, "\(shape) \(policy)")
                // The release frame shows it, unless the whole out-and-back stays within one
                // pixel (the driver's documented end: then it shows the target, at rest).
                let subPixel = release.completion.curve.restTime(tolerance: 1 / Self.travel) == 0
                #expect(frames[0].p == 0.5)
                #expect(abs(frames[0].v - (subPixel ? 0 : v0)) < 1e-12, "\(shape) \(policy): \(frames[0].v) at release, finger \(v0)")
                // After it: the view moves out on the motion's side first (no dead stop), and the
                // velocity changes by no more than the shape's acceleration allows in a frame.
                if !subPixel {
                    #expect((frames[1].p - 0.5) * direction > 0, "\(shape) \(policy) stops dead: \(frames[1].p)")
                }
                let bound = Self.accelerationBound(shape, v0: v0)
                // (Up to the frame the driver reports it done: from then on the target, at rest.)
                let moving = frames.prefix { !($0.p == 0.5 && $0.v == 0) || $0.t == 0 }
                for (a, b) in zip(moving, moving.dropFirst()) where abs(b.v - a.v) > bound * (b.t - a.t) + 1e-12 {
                    Issue.record("\(shape) \(policy): jump \(a.v) -> \(b.v) at \(b.t) s")
                    break
                }
                // It comes back to the detent and ends there.
                #expect(abs(frames.last!.p - 0.5) < 1e-3, "\(shape) \(policy) ends at \(frames.last!.p)")
            }
        }
    }

    @Test("the spring from the detent is the closed form until it gets back; .clamp then holds the target",
          arguments: [OvershootPolicy.allow, .clamp, .rubberBand], [1.0, -1.0])
    func springFromTheDetentAgainstTheClosedForm(policy: OvershootPolicy, direction: Double) {
        for spring in Self.springs {
            let v0 = direction * Self.speed
            let curve = ProjectedSpringModel(spring: spring, overshoot: policy).completionCurve(
                start: 0.5, startVelocity: v0, target: 0.5)
            let lambda = spring.decayRate, q = spring.stiffness / spring.mass - lambda * lambda
            let firstReturn = q > 0 ? Double.pi / q.squareRoot() : Double.infinity
            #expect(spring.firstZeroCrossing(initialDisplacement: 0, initialVelocity: v0).map { abs($0 - firstReturn) < 1e-12 }
                    ?? firstReturn.isInfinite)
            for i in 0...400 {
                let t = Double(i) / 240
                let (x, v) = Self.springFromTarget(spring, v0: v0, t: t)
                let shown = curve.state(at: t)
                if t < firstReturn {
                    // Out on the motion's side: every policy shows the spring as it is.
                    #expect(abs(shown.progress - (0.5 + x)) < 1e-12, "\(policy) ratio \(spring.dampingRatio) at \(t) s")
                    #expect(abs(shown.velocity - v) < 1e-12, "\(policy) ratio \(spring.dampingRatio) at \(t) s")
                } else if policy == .clamp {
                    #expect(shown.progress == 0.5 && shown.velocity == 0, "clamp left the detent at \(t) s: \(shown.progress)")
                }
            }
        }
    }

    @Test("the minimum-jerk quintic from the detent is p0 + v0 T s (1 - s)^3 (1 + 3 s), with a positive duration",
          arguments: [1.0, -1.0])
    func minimumJerkFromTheDetent(direction: Double) {
        let v0 = direction * Self.speed
        for rule in [TimedCompletionDuration.peakAcceleration(120), .peakAcceleration(5), .fullTravel(seconds: 0.3)] {
            let curve = PhysicsCompletionShape.minimumJerk(rule).curve(
                start: 0.5, startVelocity: v0, target: 0.5, spring: Self.springs[0], overshoot: .allow)
            guard case .minimumJerk(let duration) = curve.shape else { Issue.record("not a quintic"); continue }
            #expect(duration > 0 && duration < CompletionCurve.maximumSeconds, "\(rule): duration \(duration)")
            if case .peakAcceleration(let limit) = rule {
                let peak = MinimumJerkCompletion.peakAcceleration(start: 0.5, startVelocity: v0, target: 0.5, duration: duration)
                #expect(peak <= limit * (1 + 1e-9) && peak >= limit * 0.999, "\(rule): peak \(peak)")
            }
            for i in 0...100 {
                let s = Double(i) / 100, t = s * duration
                let expected = 0.5 + v0 * duration * s * (1 - s) * (1 - s) * (1 - s) * (1 + 3 * s)
                #expect(abs(curve.progress(at: t) - expected) < 1e-12, "\(rule) at s = \(s)")
                #expect((curve.progress(at: t) - 0.5) * direction >= 0, "\(rule): passes the detent at s = \(s)")
            }
            #expect(curve.velocity(at: 0) == v0)
        }
    }

    @Test("at the ends a .clamp release pushing outward holds the end; one moving inward shows its excursion")
    func theEndsUnderClamp() {
        let model = ProjectedSpringModel(spring: Self.springs[1], overshoot: .clamp)
        // At 1 pushing on (+): nowhere to go. At 0 pushing back (-): the same.
        for (end, v0) in [(1.0, Self.speed), (0.0, -Self.speed)] {
            let curve = model.completionCurve(start: end, startVelocity: v0, target: end)
            for i in 0...100 { #expect(curve.progress(at: Double(i) / 240) == end) }
        }
        // At 1 moving inward (-) and at 0 moving inward (+): out, back, then held.
        for (end, v0) in [(1.0, -Self.speed), (0.0, Self.speed)] {
            let curve = model.completionCurve(start: end, startVelocity: v0, target: end)
            #expect(abs(curve.velocity(at: 0) - v0) < 1e-15)
            #expect((curve.progress(at: 0.02) - end) * v0 > 0)
            let back = Self.springs[1].firstZeroCrossing(initialDisplacement: 0, initialVelocity: v0)!
            for i in 0...100 { #expect(curve.progress(at: back + Double(i) / 60) == end) }
        }
    }

    @Test("at four frame rates the release frame shows the finger's velocity", arguments: [60.0, 90, 120, 240])
    func frameRates(rate: Double) {
        for policy in OvershootPolicy.allCases {
            for shape in Self.shapes {
                let model = ProjectedSpringModel(overshoot: policy, completionShape: shape)
                let (release, frames) = Self.release(model: model, at: 0.5, velocity: Self.speed, frameRate: rate, seconds: 0.2)
                let subPixel = release.completion.curve.restTime(tolerance: 1 / Self.travel) == 0
                #expect(abs(frames[0].v - (subPixel ? 0 : release.state.velocity)) < 1e-12, "\(policy) \(shape) at \(rate) Hz")
                #expect(abs(release.completion.curve.velocity(at: 0) - release.state.velocity) < 1e-12)
                if !subPixel { #expect(frames[1].p > 0.5, "\(policy) \(shape) at \(rate) Hz") }
            }
        }
    }
}
