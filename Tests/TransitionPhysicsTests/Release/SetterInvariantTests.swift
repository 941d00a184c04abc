import Testing
import TransitionPhysics

// Every public setter of the models, the mapping and the estimators keeps the invariant its
// initializer checks (`model.threshold = 7` was accepted): an invalid value traps with
// the sentence the initializer would print. Exit tests run each body in a child process.

@Suite("Public setters keep their initializer's invariants")
struct SetterInvariantTests {
    /// What a trapped child process printed.
    static func text(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("physics threshold = 7 and minFlingVelocity = -1 trap, naming them")
    func physics() async {
        var message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var model = ProjectedSpringModel(); model.threshold = 7 })
        #expect(message.contains("Physics threshold must be in (0, 1); got 7.0."), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var model = ProjectedSpringModel(); model.minFlingVelocity = -1 })
        #expect(message.contains("Physics minFlingVelocity must be >= 0 and finite"), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var model = ProjectedSpringModel(); model.minFlingVelocity = .nan })
        #expect(message.contains("got nan"), "stderr: \(message)")
    }

    @Test("classic duration, completionSpeed and threshold trap on invalid values")
    func classic() async {
        var message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var model = ClassicPercentDrivenModel(); model.duration = 0 })
        #expect(message.contains("Classic duration must be positive and finite (seconds); got 0.0."), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var model = ClassicPercentDrivenModel(); model.completionSpeed = .infinity })
        #expect(message.contains("Classic completionSpeed must be positive and finite; got inf."), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var model = ClassicPercentDrivenModel(); model.threshold = 1 })
        #expect(message.contains("Classic threshold must be in (0, 1); got 1.0."), "stderr: \(message)")
    }

    @Test("cupertino's constants trap on negative or non-finite values, in init and on set")
    func cupertino() async {
        var message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var model = FlutterBackSwipeModel(); model.minFlingVelocity = -1 })
        #expect(message.contains("FlutterBackSwipeModel minFlingVelocity must be >= 0 and finite"), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { _ = FlutterBackSwipeModel(maximumFinishDuration: .nan) })
        #expect(message.contains("FlutterBackSwipeModel maximumFinishDuration must be >= 0 and finite seconds; got nan."), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var model = FlutterBackSwipeModel(); model.maximumCancelDuration = -0.3 })
        #expect(message.contains("FlutterBackSwipeModel maximumCancelDuration must be >= 0 and finite seconds; got -0.3."), "stderr: \(message)")
    }

    @Test("the mapping's travel and the estimators' windows trap on invalid values")
    func mappingAndEstimators() async {
        var message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var mapping = ProgressMapping(travel: 390); mapping.travel = 0 })
        #expect(message.contains("Progress travel must be positive and finite; got 0.0."), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var estimator = LeastSquaresVelocityEstimator(); estimator.degree = 3 })
        #expect(message.contains("LeastSquaresVelocityEstimator.degree must be 1 or 2; got 3."), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var estimator = LeastSquaresVelocityEstimator(); estimator.pointerStoppedAfter = 0 })
        #expect(message.contains("pointerStoppedAfter must be a finite number of seconds > 0"), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var window = VelocityWindow(); window.maxGap = 0 })
        #expect(message.contains("VelocityWindow.maxGap must be a finite number of seconds > 0; got 0.0."), "stderr: \(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var window = VelocityWindow(); window.reversalDistance = -0.02 })
        #expect(message.contains("VelocityWindow.reversalDistance must be a finite distance > 0; got -0.02."), "stderr: \(message)")
    }

    @Test("valid values set without trapping and read back")
    func validValues() {
        var model = ProjectedSpringModel()
        model.threshold = 0.4
        model.minFlingVelocity = 0.5
        #expect(model.threshold == 0.4 && model.minFlingVelocity == 0.5)
        var window = VelocityWindow()
        window.reversalDistance = nil
        window.reversalDistance = 0.02
        #expect(window.reversalDistance == 0.02)
        var classic = ClassicPercentDrivenModel()
        classic.duration = 0.35
        #expect(classic.duration == 0.35)
    }
}
