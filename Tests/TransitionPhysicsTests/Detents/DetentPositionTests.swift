import Testing
@testable import TransitionPhysics

/// Values between detents: the two detents around a progress and the fraction between them, and a
/// dimming curve, as tables (FloatingPanel tests `backdropAlpha(for:)` the same way), and per
/// frame along a drag at 60 and 120 Hz.
@Suite struct DetentPositionTests {
    /// Detents [0, peek 0.25, 0.5, 1] as an 800 pt sheet resolves them.
    static let detents: [ResolvedDetent] = [0, ResolvedDetent(id: "peek", progress: 0.25), 0.5, 1]

    @Test("the detents around a progress, the fraction between them and the continuous index", arguments: [
        // progress, lower, upper, fraction, index
        (-0.2, 0 as Detent.ID, 0 as Detent.ID, 0.0, 0.0),  // below the first (a rubber band): at the first
        (0.0, 0, 0, 0, 0),
        (0.1, 0, "peek", 0.4, 0.4),
        (0.25, "peek", "peek", 0, 1),  // on a detent
        (0.3125, "peek", 0.5, 0.25, 1.25),
        (0.75, 0.5, 1, 0.5, 2.5),
        (1.0, 1, 1, 0, 3),
        (1.3, 1, 1, 0, 3),  // an overshoot past the last
        (Double.nan, 0, 0, 0, 0),
        (-Double.infinity, 0, 0, 0, 0),
        (Double.infinity, 1, 1, 0, 3),
    ] as [(Double, Detent.ID, Detent.ID, Double, Double)])
    func positionTable(progress: Double, lower: Detent.ID, upper: Detent.ID, fraction: Double, index: Double) {
        let position = DetentPosition(of: progress, among: Self.detents)
        #expect(position.lower.id == lower && position.upper.id == upper)
        #expect(position.fraction == fraction && position.index == index)
    }

    @Test("a single detent: every progress is on it")
    func oneDetent() {
        for progress in [-1.0, 0, 0.5, 2] {
            let position = DetentPosition(of: progress, among: [0.5])
            #expect(position.lower.id == 0.5 && position.upper.id == 0.5 && position.fraction == 0 && position.index == 0)
        }
    }

    @Test("dimming: clear up through the chosen detent, linear to the maximum at the next, the maximum above", arguments: [
        // undimmed through, progress, opacity (maximum 0.4)
        ("peek" as Detent.ID?, 0.0, 0.0),
        ("peek", 0.25, 0.0),
        ("peek", 0.3125, 0.1),
        ("peek", 0.375, 0.2),
        ("peek", 0.5, 0.4),
        ("peek", 0.9, 0.4),
        ("peek", 1.2, 0.4),  // an overshoot past the last stays at the maximum
        (nil, 0.0, 0.0),  // nil: dimmed at every detent but the first
        (nil, 0.125, 0.2),
        (nil, 0.25, 0.4),
        ("gone", 0.125, 0.2),  // an inactive detent: as nil
        (1, 0.9, 0.0),  // undimmed through the last: nothing dims
        (1, 1.3, 0.0),
        (0.5, 0.75, 0.2),
        ("peek", Double.nan, 0.0),
        ("peek", -Double.infinity, 0.0),
        ("peek", Double.infinity, 0.4),
    ] as [(Detent.ID?, Double, Double)])
    func dimmingTable(undimmedThrough: Detent.ID?, progress: Double, opacity: Double) {
        let dimming = DetentDimming(undimmedThrough: undimmedThrough, maximumOpacity: 0.4)
        #expect(abs(dimming.opacity(at: progress, among: Self.detents) - opacity) < 1e-15)
    }

    @Test("a maximum opacity outside 0...1 is read as the nearest end; not a number as 0", arguments: [
        (1.7, 1.0), (-0.3, 0.0), (Double.nan, 0.0), (Double.infinity, 1.0),
    ])
    func maximumOutOfRange(maximum: Double, shown: Double) {
        let dimming = DetentDimming(undimmedThrough: nil, maximumOpacity: maximum)
        #expect(dimming.opacity(at: 1, among: Self.detents) == shown)
    }

    @Test("per frame along a drag from closed to full, at 60 and 120 Hz: continuous, monotone, on the detents exactly", arguments: [60.0, 120.0])
    func perFrame(rate: Double) {
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 800, toward: .up))
        sheet.detents = [0, .points(200, id: "peek"), 0.5, 1]
        let dimming = DetentDimming(undimmedThrough: "peek", maximumOpacity: 0.3)
        // A slow drag up 800 pt in 2 s, samples at the frame rate.
        let frames = Int(2 * rate)
        sheet.handle(TouchSample(time: 0, y: 800, phase: .began))
        var previousIndex = 0.0, previousOpacity = 0.0
        for i in 1...frames {
            let t = Double(i) / rate
            sheet.handle(TouchSample(time: t, y: 800 - 800 * Double(i) / Double(frames), phase: .changed))
            let frame = sheet.advance(to: t)
            let position = sheet.detentPosition(of: frame.progress)
            let opacity = dimming.opacity(at: frame.progress, among: sheet.resolvedDetents)
            #expect(position.index >= previousIndex && opacity >= previousOpacity)
            // No step larger than the drag's own per frame (4 detent gaps of at most 0.5 progress).
            #expect(position.index - previousIndex <= (1 / Double(frames)) / 0.25 + 1e-12)
            if abs(frame.progress - 0.25) < 1e-12 { #expect(position.lower.id == "peek" && opacity == 0) }
            if frame.progress >= 0.5 { #expect(opacity == 0.3) }
            previousIndex = position.index
            previousOpacity = opacity
        }
        #expect(previousIndex == 3 && previousOpacity == 0.3)
    }
}
