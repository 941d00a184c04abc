import Foundation
import Hummingbird
import HummingbirdTesting
import PlaygroundServer
import Testing
import TransitionLab
import TransitionPhysics

/// The playground's API on a live server (HummingbirdTesting `.live`: a real socket): its answers
/// are the library's for the same samples, and every kind of bad request gets a 400 naming the
/// field.
@Suite struct APITests {
    /// A short fast flick to the left: 90 px of a 360 px travel in 0.1 s (progress 0.25 at about
    /// 2.5 widths/s), lifted at once.
    static let flick: [TouchSample] = {
        var samples = [TouchSample(time: 0, x: 300, phase: .began)]
        for i in 1...12 { samples.append(TouchSample(time: Double(i) / 120, x: 300 - 7.5 * Double(i), phase: .changed)) }
        samples.append(TouchSample(time: 13.0 / 120, x: 210, phase: .ended))
        return samples
    }()

    /// A slow peek: 100 px in 1 s, held still for 0.2 s, then lifted.
    static let peek: [TouchSample] = {
        var samples = [TouchSample(time: 0, x: 100, phase: .began)]
        for i in 1...60 { samples.append(TouchSample(time: Double(i) / 60, x: 100 + Double(i) * 100 / 60, phase: .changed)) }
        for i in 1...12 { samples.append(TouchSample(time: 1 + Double(i) / 60, x: 200, phase: .changed)) }
        samples.append(TouchSample(time: 1.2 + 1.0 / 60, x: 200, phase: .ended))
        return samples
    }()

    /// A drag that reverses across touch-down: 30 px right, then 150 px left in 0.25 s. A
    /// reversible direction (a paging scroll view, the benchmark's rule) follows it to the left.
    static let reversal: [TouchSample] = {
        var samples = [TouchSample(time: 0, x: 200, phase: .began)]
        for i in 1...3 { samples.append(TouchSample(time: Double(i) / 60, x: 200 + 10 * Double(i), phase: .changed)) }
        for i in 1...15 { samples.append(TouchSample(time: 0.05 + Double(i) / 60, x: 230 - 10 * Double(i), phase: .changed)) }
        samples.append(TouchSample(time: 0.05 + 16.0 / 60, x: 80, phase: .ended))
        return samples
    }()

    static let travel = 360.0

    static func body(
        _ samples: [TouchSample], models: [String] = ["classic", "physics"], frameRate: Double = 120, extra: String = ""
    ) -> String {
        let cells = samples.map { #"{"t": \#($0.time), "x": \#($0.x), "phase": "\#($0.phase.rawValue)"}"# }
        return #"{"samples": [\#(cells.joined(separator: ", "))], "travel": \#(travel), "models": [\#(models.map { "\"\($0)\"" }.joined(separator: ", "))], "frameRate": \#(frameRate)\#(extra)}"#
    }

    /// Posts `json` to `/api/release` on a live server; the status and the decoded answer.
    static func post(_ json: String) async throws -> (status: HTTPResponse.Status, body: Data) {
        try await Playground().application(port: 0).test(.live) { client in
            try await client.execute(
                uri: "/api/release", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: json)
            ) { response in (response.status, Data(buffer: response.body)) }
        }
    }

    /// The answers of a successful post, by model (JSONDecoder: exact numbers).
    static func answers(_ json: String) async throws -> [String: ReplayResult] {
        let (status, body) = try await post(json)
        #expect(status == .ok, "\(String(decoding: body, as: UTF8.self).prefix(300))")
        return try JSONDecoder().decode([String: ReplayResult].self, from: body)
    }

    static func get(_ path: String, playground: Playground = Playground()) async throws -> (status: HTTPResponse.Status, body: Data) {
        try await playground.application(port: 0).test(.live) { client in
            try await client.execute(uri: path, method: .get) { response in (response.status, Data(buffer: response.body)) }
        }
    }

    /// The benchmark's replay of the same samples (`transition-bench behavior`'s defaults: the
    /// recommended least-squares estimator, reversible direction past a 10 px slop), written
    /// out here so a change in the server's settings fails this test.
    static func reference(_ samples: [TouchSample], model: BuiltInReleaseModel, frameRate: Double) -> GestureOutcome {
        GestureRunner(
            model: model.model, estimator: LeastSquaresVelocityEstimator.recommended,
            settings: ReplaySettings(touchSlop: 10, directionRule: .reversible, frameRate: frameRate)
        ).run(GestureTrace(id: "t", samples: samples, travel: travel))
    }

    /// Checks one model's answer against the library: decision, projection, velocity jump and
    /// release state as `GestureRunner.run` reports them, and every frame on the completion
    /// curve's closed form until its one-pixel rest time, the target after it.
    static func expectLibrary(_ answer: ReplayResult, _ outcome: GestureOutcome, frameRate: Double, pixelsPerPoint: Double = 1) {
        #expect(answer.decision == outcome.decision.rawValue)
        #expect(answer.projectedProgress == outcome.projectedProgress)
        #expect(answer.velocityJump == outcome.metrics.velocityJump)
        #expect(answer.releaseProgress == outcome.releaseProgress)
        #expect(answer.releaseVelocity == outcome.releaseVelocity)
        #expect(answer.completionTime == outcome.metrics.completionTime)
        let frames = answer.frames
        let curve = outcome.completion.curve
        let rest = curve.restTime(tolerance: 1 / (travel * pixelsPerPoint))
        for (k, frame) in frames.enumerated() {
            let t = Double(k) / frameRate
            #expect(frame.t == t)
            let state = curve.state(at: t)
            let progress: Double = t >= rest ? curve.target : state.progress
            let velocity: Double = t >= rest ? 0 : state.velocity
            let progressError = abs(frame.progress - progress), velocityError = abs(frame.velocity - velocity)
            #expect(progressError <= 1e-12, "frame \(k)")
            #expect(velocityError <= 1e-12, "frame \(k)")
        }
        // Frames run exactly until the completion is done.
        let lastTime = frames[frames.count - 1].t
        let beforeLast = frames.count < 2 ? -1.0 : frames[frames.count - 2].t
        #expect(lastTime >= rest)
        #expect(beforeLast < rest)
        #expect(frames.last?.progress == curve.target)
    }

    @Test func flickAndPeekAreTheLibrarysAnswers() async throws {
        for samples in [Self.flick, Self.peek, Self.reversal] {
            let byModel = try await Self.answers(Self.body(samples))
            #expect(Set(byModel.keys) == ["classic", "physics"])
            for kind in [ReleaseModelKind.classic, .physics] {
                let model = try BuiltInReleaseModel(kind: kind, parameters: [:])
                Self.expectLibrary(byModel[kind.rawValue]!, Self.reference(samples, model: model, frameRate: 120), frameRate: 120)
            }
        }
    }

    /// The library's labelled synthetic gestures (every family: flings, peeks, reversals, drops),
    /// under all three models: the server replays them exactly as the benchmark does.
    @Test func syntheticGesturesAreTheLibrarysAnswers() async throws {
        let traces = SyntheticGestureGenerator(seed: 19, travel: Self.travel).corpus(count: 40)
        let kinds = ReleaseModelKind.allCases
        for trace in traces {
            let byModel = try await Self.answers(Self.body(trace.samples, models: kinds.map(\.rawValue)))
            for kind in kinds {
                let model = try BuiltInReleaseModel(kind: kind, parameters: [:])
                Self.expectLibrary(byModel[kind.rawValue]!, Self.reference(trace.samples, model: model, frameRate: 120), frameRate: 120)
            }
        }
    }

    /// What the page shows: classic cancels the flick, physics finishes it; the physics card
    /// leaves with the finger's velocity, the classic one from rest; both cancel the peek.
    @Test func flickFinishesOnlyUnderPhysicsAndPeekCancelsUnderBoth() async throws {
        let flick = try await Self.answers(Self.body(Self.flick))
        let classic = flick["classic"]!, physics = flick["physics"]!
        #expect(classic.decision == "cancel")
        #expect(physics.decision == "finish")
        #expect(physics.releaseVelocity > 2 && physics.releaseVelocity < 3)  // 90 px of 360 in 0.1 s: 2.5 widths/s
        #expect(physics.direction == -1)  // to the left
        #expect(physics.frames[0].velocity == physics.releaseVelocity)
        #expect(classic.frames[0].velocity == 0)
        #expect(physics.velocityJump == 0)
        #expect(classic.velocityJump > 2)
        // The drag up to the last move (1/120 s before the lift-off), from touch-down 13/120 s before it.
        #expect(abs(physics.tracking.last!.t + 1.0 / 120) < 1e-12)
        #expect(abs(physics.tracking.first!.t + 13.0 / 120) < 1e-12)
        let reversal = try await Self.answers(Self.body(Self.reversal))["physics"]!
        #expect(reversal.direction == -1 && reversal.releaseProgress > 0.3)  // followed to the left
        let peek = try await Self.answers(Self.body(Self.peek))
        #expect(peek["classic"]!.decision == "cancel")
        #expect(peek["physics"]!.decision == "cancel")
    }

    /// Table parameters reach the models through `BuiltInReleaseModel.init(kind:parameters:)`.
    @Test func parametersAreMappedByTheLibrary() async throws {
        let extra = #", "parameters": {"response": 0.6, "damping-ratio": 0.5, "duration": 0.5, "completion-curve": "linear"}"#
        let answer = try await Self.answers(Self.body(Self.flick, extra: extra))
        let parameters: [ReleaseParameter.ID: ReleaseParameterValue] = [
            .response: .number(0.6), .dampingRatio: .number(0.5), .duration: .number(0.5), .completionCurve: .name("linear"),
        ]
        for kind in [ReleaseModelKind.classic, .physics] {
            let model = try BuiltInReleaseModel(kind: kind, parameters: parameters)
            Self.expectLibrary(answer[kind.rawValue]!, Self.reference(Self.flick, model: model, frameRate: 120), frameRate: 120)
        }
        let classicEnd = answer["classic"]!.frames.last!.t
        let frameInterval = 1.0 / 120
        #expect(abs(classicEnd - 0.5 * 0.25) < frameInterval + 1e-9)  // linear, 0.5 s per travel, 0.25 of it back
    }

    /// Detents, reduce motion and pixels per point are the transition's, as the request says.
    @Test func transitionPropertiesApply() async throws {
        let detents = try await Self.answers(Self.body(Self.peek, extra: #", "detents": [0, 0.25, 1]"#))
        #expect(detents["physics"]!.target == 0.25)
        #expect(detents["physics"]!.frames.last?.progress == 0.25)
        let reduced = try await Self.answers(Self.body(Self.flick, extra: #", "reduceMotion": true"#))
        for model in ["classic", "physics"] {
            let answer = reduced[model]!
            let curve = CompletionCurve.reducedMotion(start: answer.releaseProgress, target: answer.target)
            #expect(answer.frames[0].velocity == curve.state(at: 0).velocity)  // not the finger's
            let end = answer.frames.last!.t
            let frameInterval = 1.0 / 120
            #expect(abs(end - CompletionCurve.reducedMotionDuration) < frameInterval + 1e-9)
        }
        #expect(reduced["physics"]!.decision == "finish")  // the same decision
        let fine = try await Self.answers(Self.body(Self.flick, extra: #", "pixelsPerPoint": 3"#))
        let model = try BuiltInReleaseModel(kind: .physics, parameters: [:])
        Self.expectLibrary(fine["physics"]!, Self.reference(Self.flick, model: model, frameRate: 120), frameRate: 120, pixelsPerPoint: 3)
        let coarse = try await Self.answers(Self.body(Self.flick))
        #expect(fine["physics"]!.frames.count > coarse["physics"]!.frames.count)  // a finer pixel settles later
    }

    /// The largest request allowed is answered within the caps: 10,000 samples, a drag thinned to
    /// at most 400 points, and a spring too slow to settle cut at 10 s of frames.
    @Test func capsBoundTheWork() async throws {
        let limits = PlaygroundLimits()
        var samples = [TouchSample(time: 0, x: 300, phase: .began)]
        for i in 1..<(limits.maximumSamples - 1) { samples.append(TouchSample(time: Double(i) / 1000, x: 300 - Double(i) / 100, phase: .changed)) }
        samples.append(TouchSample(time: Double(limits.maximumSamples) / 1000, x: 200, phase: .ended))
        let answer = try await Self.answers(Self.body(samples, models: ["physics"], extra: #", "parameters": {"response": 1000}"#))
        let physics = answer["physics"]!
        #expect(physics.tracking.count <= limits.maximumTrackingPoints)
        #expect(physics.tracking.count > limits.maximumTrackingPoints / 2)
        #expect(physics.framesTruncated)
        #expect(physics.frames.count == limits.maximumFrames(frameRateHz: 120))
    }

    /// Each kind of bad request: 400 (413 for a body over the cap) and a JSON error naming the field.
    @Test(arguments: [
        ("{\"samples\": [", "body"),
        ("[1, 2]", "body"),
        (APITests.body(APITests.flick, models: ["classic", "spring"]), "models[1]"),
        (body(flick, models: []), "models"),
        (body(flick, models: ["physics", "physics"]), "models[1]"),
        (body(flick).replacingOccurrences(of: #"{"t": 0.0, "#, with: #"{"t": 1e999, "#), "body"),
        (body(flick).replacingOccurrences(of: #"{"t": 0.0, "#, with: #"{"t": null, "#), "samples[0].t"),
        (body(flick).replacingOccurrences(of: #""x": 300.0"#, with: #""x": "NaN""#), "samples[0].x"),
        (body(flick).replacingOccurrences(of: #""phase": "began""#, with: #""phase": "down""#), "samples[0].phase"),
        (body(Array(flick.dropLast())), "samples[12].phase"),
        (body([flick[0], flick[3], flick[2], flick[13]]), "samples[2].t"),
        (body(flick, frameRate: 0), "frameRate"),
        (body(flick, frameRate: 100_000), "frameRate"),
        (body(flick, frameRate: 1000), "frameRate"),  // within the table's domain, over the playground's cap
        (body(flick, extra: #", "parameters": {"response": 0}"#), "parameters.response"),
        (body(flick, extra: #", "parameters": {"completion-curve": "bouncy"}"#), "parameters.completion-curve"),
        (body(flick, extra: #", "parameters": {"response": "fast"}"#), "parameters.response"),
        (body(flick, extra: #", "parameters": {"spring": 1}"#), "parameters.spring"),
        (body(flick, extra: #", "parameters": {"frame-rate": 60}"#), "parameters.frame-rate"),
        (body(flick, extra: #", "parameters": {"response": [1]}"#), "parameters.response"),
        (body(flick, extra: #", "detents": [0, 1, 0.5]"#), "detents[2]"),
        (body(flick, extra: #", "detents": []"#), "detents"),
        (body(flick, extra: #", "pixelsPerPoint": 0"#), "pixelsPerPoint"),
        (body(flick, extra: #", "unitsPerPoint": 0"#), "unitsPerPoint"),
        (body(flick, extra: #", "unitsPerPoint": -3"#), "unitsPerPoint"),
        (body(flick).replacingOccurrences(of: #""travel": 360.0"#, with: #""travel": 0"#), "travel"),
        (body(flick).replacingOccurrences(of: #""travel": 360.0, "#, with: ""), "travel"),
        (body([TouchSample(time: 0, x: 1, phase: .ended)]), "samples"),
        (body(Array(repeating: flick[1], count: 10_000) + [flick[13]]), "samples"),
    ])
    func badRequestIsRefusedNamingTheField(json: String, field: String) async throws {
        let (status, body) = try await Self.post(json)
        #expect(status == .badRequest)
        let refusal = try? JSONDecoder().decode([String: String].self, from: body)
        #expect(refusal?["field"] == field, "\(refusal ?? [:])")
        let message = refusal?["error"] ?? ""
        #expect(!message.isEmpty)
    }

    /// A stroke in physical pixels of a 3x display (a record-mode stroke with pixels_per_point 3)
    /// flicked at 30,000 px/s, 10,000 points/s: with `unitsPerPoint` 3 the fling cap of 8,000
    /// points/s holds it at 24,000 px/s, as the benchmark replays that stroke; without it its
    /// pixels are points, capped at 8,000 px/s.
    @Test func theFlingCapIsInPointsOfTheSamplesUnit() async throws {
        var fast = [TouchSample(time: 0, x: 10, phase: .began)]
        for i in 1...6 { fast.append(TouchSample(time: Double(i) * 0.004, x: 10 + 120 * Double(i), phase: .changed)) }
        fast.append(TouchSample(time: 0.028, x: 730, phase: .ended))
        let three = try await Self.answers(Self.body(fast, models: ["physics"], extra: #", "unitsPerPoint": 3"#))
        let one = try await Self.answers(Self.body(fast, models: ["physics"]))
        let capped = try #require(three["physics"]).releaseVelocity * Self.travel
        let asPoints = try #require(one["physics"]).releaseVelocity * Self.travel
        #expect(abs(capped - 24_000) < 1e-6, "\(capped) px/s")
        #expect(abs(asPoints - 8_000) < 1e-6, "\(asPoints) px/s")
    }

    @Test func bodyOverTheCapIsRefused() async throws {
        let huge = Self.body(Self.flick, extra: ", \"padding\": \"" + String(repeating: "x", count: PlaygroundLimits().maximumBodyBytes) + "\"")
        let (status, body) = try await Self.post(huge)
        #expect(status == .contentTooLarge)
        #expect((try? JSONDecoder().decode([String: String].self, from: body))?["field"] == "body")
    }

    /// The page's controls come from the library's table: every row, with its domain and default.
    @Test func parameterTableIsTheLibrarys() async throws {
        let (status, body) = try await Self.get("/api/parameters")
        #expect(status == .ok)
        let json = try JSONSerialization.jsonObject(with: body) as! [String: Any]
        let rows = json["parameters"] as! [[String: Any]]
        #expect(rows.map { $0["flag"] as! String } == ReleaseParameter.table.map(\.flag))
        for (row, parameter) in zip(rows, ReleaseParameter.table) {
            #expect(row["help"] as? String == parameter.help)
            #expect(row["range"] as? String == parameter.rangeText)
        }
        #expect(json["models"] as? [String] == ReleaseModelKind.allCases.map(\.rawValue))
    }

    @Test func pageIsServed() async throws {
        let (status, body) = try await Self.get("/")
        #expect(status == .ok)
        #expect(String(decoding: body, as: UTF8.self).contains(#"<script type="module" src="js/main.mjs"></script>"#))
    }

    /// Every module of the page (Public/js/*.mjs) is served as JavaScript: a browser refuses a
    /// module script of any other type, and the page would not start.
    @Test func modulesAreServedAsJavaScript() async throws {
        let folder = URL(fileURLWithPath: Playground.bundledPublicFolder).appendingPathComponent("js")
        let modules = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mjs") }.sorted()
        #expect(modules.contains("main.mjs") && modules.count > 10, "\(modules)")
        try await Playground().application(port: 0).test(.live) { client in
            for module in modules {
                let source = try String(contentsOf: folder.appendingPathComponent(module), encoding: .utf8)
                try await client.execute(uri: "/js/\(module)", method: .get) { response in
                    #expect(response.status == .ok, "\(module)")
                    #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true, "\(module): \(response.headers[.contentType] ?? "no type")")
                    #expect(String(decoding: Data(buffer: response.body), as: UTF8.self) == source, "\(module)")
                }
                // Each module it imports is one of the folder's, so none is missing on the server.
                for match in source.matches(of: /from "\.\/([\w-]+\.mjs)"/) {
                    #expect(modules.contains(String(match.1)), "\(module) imports \(match.1)")
                }
            }
        }
    }

    @Test func recordedSwipeWhenNotThere() async throws {
        let missing = try await Self.get("/api/recorded-swipe", playground: Playground(recordedSwipesFile: URL(fileURLWithPath: "/nonexistent/swipes.csv")))
        #expect(missing.status == .notFound)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("/nonexistent/swipes.csv is not there"))
    }

    @Test(.enabled(if: recordedSwipesFile != nil, Comment(rawValue: recordedSwipesAbsent)))
    func recordedSwipeWhenThere() async throws {
        let shared = try #require(recordedSwipesFile)
        let found = try await Self.get("/api/recorded-swipe?index=0", playground: Playground(recordedSwipesFile: shared))
        #expect(found.status == .ok)
        let swipe = try JSONSerialization.jsonObject(with: found.body) as! [String: Any]
        // Posted back, the swipe is answered.
        let samples = (swipe["samples"] as! [[String: Any]]).map {
            TouchSample(time: $0["t"] as! Double, x: $0["x"] as! Double, phase: TouchPhase(rawValue: $0["phase"] as! String)!)
        }
        #expect(samples.first?.phase == .began && samples.last?.phase == .ended)
        let (status, _) = try await Self.post(Self.body(samples))
        #expect(status == .ok)
    }
}
