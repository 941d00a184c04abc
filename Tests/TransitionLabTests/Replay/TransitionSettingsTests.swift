import Testing
import TransitionLab
@testable import TransitionPhysics

/// The one validator of a transition's settings (`TransitionSettings.validate()`), which the
/// driver's preconditions and the playground share, and the fling cap (`ReleaseSpeedLimit`).
@Suite("Transition settings and the fling cap")
struct TransitionSettingsTests {
    static let edges: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, Double("1e-320")!, 2.2250738585072014e-308, 1e-300, 1e-9, 0.5, 1, 3, 390, 1e9, 1e300,
        .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -1,
    ]

    @Test("the playground's reported value, 5e-324 pixels per point, is refused naming pixelsPerPoint")
    func tinyPixelsPerPoint() {
        for value in [Double.leastNonzeroMagnitude, Double("4e-324")!] {
            #expect(throws: TransitionSettingError.self) { try TransitionSettings(travel: 390, pixelsPerPoint: value).validate() }
            do {
                try TransitionSettings(travel: 390, pixelsPerPoint: value).validate()
            } catch {
                #expect(error.setting == "pixelsPerPoint")
                #expect(error.description.hasPrefix("pixelsPerPoint: invalid value '\(value)'"), "\(error)")
            }
        }
        // 1 / (travel * pixelsPerPoint) overflowing to 0 is refused too.
        #expect(throws: TransitionSettingError.self) { try TransitionSettings(travel: 1e300, pixelsPerPoint: 1e10).validate() }
        #expect(throws: Never.self) { try TransitionSettings(travel: 390, pixelsPerPoint: 3).validate() }
    }

    @Test("each setting is refused by name; the long values are cut in the message")
    func eachSettingNamed() {
        let cases: [(TransitionSettings, String)] = [
            (TransitionSettings(travel: 0), "travel"), (TransitionSettings(travel: .nan), "travel"),
            (TransitionSettings(travel: .infinity), "travel"),
            (TransitionSettings(travel: 390, pixelsPerPoint: -1), "pixelsPerPoint"),
            (TransitionSettings(travel: 390, detents: []), "detents"),
            (TransitionSettings(travel: 390, detents: [0, .nan, 1]), "detents"),
            (TransitionSettings(travel: 390, detents: [0, 1, 1]), "detents"),
            (TransitionSettings(travel: 390, detents: Array(repeating: 0.5, count: 1000)), "detents"),
            (TransitionSettings(travel: 390, maximumReleaseSpeed: 0), "maximumReleaseSpeed"),
            (TransitionSettings(travel: 390, maximumReleaseSpeed: .nan), "maximumReleaseSpeed"),
            (TransitionSettings(travel: 390, maximumReleaseSpeed: -8000), "maximumReleaseSpeed"),
            (TransitionSettings(travel: 1e300, maximumReleaseSpeed: 1e-300), "maximumReleaseSpeed"),
            (TransitionSettings(travel: 390, frameRate: 0), "frameRate"),
            (TransitionSettings(travel: 390, frameRate: .nan), "frameRate"),
            (TransitionSettings(travel: 390, frameRate: .infinity), "frameRate"),
        ]
        for (settings, name) in cases {
            do {
                try settings.validate()
                Issue.record("\(settings) was accepted")
            } catch {
                #expect(error.setting == name, "\(settings): \(error)")
                #expect(error.description.count < 400, "\(error.description.count) characters")
            }
        }
        #expect(throws: Never.self) { try TransitionSettings(travel: 390, maximumReleaseSpeed: .infinity).validate() }
    }

    /// Every combination of edge values: what `validate()` accepts runs through the driver (a
    /// release, its completion to rest, `advance(to:)` frames) without reaching a precondition,
    /// with finite progress and velocity.
    @Test("what validate() accepts, the driver runs: every edge value of travel, pixels per point and cap")
    func acceptedSettingsRun() {
        var accepted = 0
        for travel in Self.edges {
            for pixelsPerPoint in Self.edges {
                for cap in [0, 1e-300, 1, 8000, 1e300, .infinity, .nan] {
                    let settings = TransitionSettings(travel: travel, pixelsPerPoint: pixelsPerPoint, maximumReleaseSpeed: cap)
                    guard (try? settings.validate()) != nil else { continue }
                    accepted += 1
                    var transition = InteractiveTransition(
                        mapping: ProgressMapping(travel: travel, toward: .right),
                        model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator())
                    transition.pixelsPerPoint = pixelsPerPoint
                    transition.maximumReleaseSpeedPointsPerSecond = cap
                    let step = travel / 8
                    transition.handle(TouchSample(time: 0, x: 0, y: 0, phase: .began))
                    for k in 1...4 { transition.handle(TouchSample(time: Double(k) / 60, x: Double(k) * step, y: 0, phase: .changed)) }
                    let release = transition.handle(TouchSample(time: 5.0 / 60, x: 5 * step, y: 0, phase: .ended))
                    #expect(release != nil)
                    if let release {
                        #expect(release.state.velocity.isFinite, "\(settings): \(release.state)")
                        #expect(abs(release.state.velocity) <= cap / travel, "\(settings): \(release.state.velocity)")
                    }
                    for frame in 0..<8 {
                        let update = transition.advance(to: 5.0 / 60 + Double(frame) * 0.1)
                        #expect(update.progress.isFinite && update.velocity.isFinite, "\(settings): \(update)")
                    }
                }
            }
        }
        #expect(accepted > 100)
    }

    @Test("the cap clamps the magnitude, keeps the sign, and lets everything below it through")
    func capClamps() {
        #expect(ReleaseSpeedLimit.capped(30, maximumSpeed: 8000, travel: 400) == 20)
        #expect(ReleaseSpeedLimit.capped(-30, maximumSpeed: 8000, travel: 400) == -20)
        #expect(ReleaseSpeedLimit.capped(19.5, maximumSpeed: 8000, travel: 400) == 19.5)
        #expect(ReleaseSpeedLimit.capped(-0.0, maximumSpeed: 8000, travel: 400).sign == .minus)
        #expect(ReleaseSpeedLimit.capped(1e300, maximumSpeed: .infinity, travel: 400) == 1e300)
        #expect(ReleaseSpeedLimit.platformMaximum == 8000)
    }

    /// bi_02699 of the recorded swipes: two samples 327 px and 1 ms apart on a 480 px screen
    /// (681 widths/s uncapped). Capped, it releases at 8,000 / 480 widths/s and the physics
    /// completion overshoots by less than a width instead of eleven.
    @Test("a two-sample glitch releases at the cap; without the cap at the estimator's speed")
    func glitchStroke() throws {
        let travel = 480.0
        func run(cap: Double) throws -> (velocity: Double, overshoot: Double) {
            var transition = InteractiveTransition(
                mapping: ProgressMapping(travel: travel, direction: .reversible(touchSlop: 10)),
                model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator.dropTolerant)
            transition.maximumReleaseSpeedPointsPerSecond = cap
            transition.handle(TouchSample(time: 0, x: 400, y: 300, phase: .began))
            transition.handle(TouchSample(time: 0.001, x: 73, y: 300, phase: .changed))
            let lift = transition.handle(TouchSample(time: 0.001, x: 73, y: 300, phase: .ended))
            let release = try #require(lift)
            let metrics = release.completion.curve.metrics(releaseVelocity: release.state.velocity)
            return (release.state.velocity, metrics.overshoot)
        }
        let capped = try run(cap: ReleaseSpeedLimit.platformMaximum)
        #expect(capped.velocity == 8000 / travel)
        #expect(capped.overshoot < 1)
        let uncapped = try run(cap: .infinity)
        #expect(uncapped.velocity > 300, "\(uncapped)")
        #expect(uncapped.overshoot > 5, "\(uncapped)")
    }
}
