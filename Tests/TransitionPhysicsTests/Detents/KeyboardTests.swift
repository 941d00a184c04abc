import Testing
@testable import TransitionPhysics

/// A keyboard under a sheet: its detents lifted above it, or the sheet opened to the top, moving
/// with the keyboard's curve and duration, at 60 and 120 Hz.
@Suite struct KeyboardTests {
    /// An 800 pt bottom sheet on a 3x display with detents [0, peek 200 pt, 1], resting at peek.
    static func sheet(_ policy: KeyboardPolicy = .liftsDetents) -> InteractiveTransition {
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 800, toward: .up))
        sheet.pixelsPerPoint = 3
        sheet.detents = [0, .points(200, id: "peek"), 1]
        sheet.keyboardPolicy = policy
        sheet.jump(toDetent: "peek", at: 0)
        _ = sheet.advance(to: 0)
        return sheet
    }

    @Test("lifted: the sheet keeps 200 pt above the keyboard in every frame and arrives with it", arguments: [60.0, 120.0], [KeyboardCurve.system, .timing(.easeInOut)])
    func movesWithTheKeyboard(rate: Double, curve: KeyboardCurve) {
        var sheet = Self.sheet()
        sheet.updateKeyboard(height: 300, duration: 0.25, curve: curve, at: 1)
        // The keyboard's own motion along the same curve: 0 to 300 pt in 0.25 s.
        let keyboard = curve.completion(from: 0, to: 300, duration: 0.25)
        var t = 1.0, events: [TransitionEvent] = []
        while t <= 1.3 {
            let frame = sheet.advance(to: t)
            events += frame.events
            // Within a physical pixel (1/3 pt): the sheet is done, and shows its detent, from the
            // last instant it is a pixel away (the one-pixel rule), the keyboard ends its curve.
            #expect(abs(frame.progress * 800 - (200 + keyboard.progress(at: t - 1))) < 1.0 / 3)
            t += 1 / rate
        }
        #expect(sheet.resolvedDetents == [0, ResolvedDetent(id: "peek", progress: 500.0 / 800), 1])
        #expect(events.contains { $0.name == "layoutChanged" } && events.last == .completed(progress: 500.0 / 800))
        #expect(sheet.currentDetent(at: t) == "peek")
        // Hidden again: back to 200 pt, with the keyboard.
        sheet.updateKeyboard(height: 0, duration: 0.25, curve: curve, at: 2)
        let end = sheet.advance(to: 2.25)
        #expect(abs(end.progress * 800 - 200) < 1e-9 && end.isAtRest)
    }

    @Test("closed stays closed; a detent lifted past the travel is at its end; a negative height is none")
    func liftsWithinTheTravel() {
        var sheet = Self.sheet()
        sheet.detents = [0, .points(200, id: "peek"), .points(700, id: "tall"), 1]
        sheet.updateKeyboard(height: 300, duration: 0, at: 1)
        // tall (700 + 300 pt) and 1 (800 + 300) both at the end: merged into the first given.
        #expect(sheet.resolvedDetents.map(\.id) == [0, "peek", "tall"])
        #expect(sheet.resolvedDetents.map(\.progress) == [0, 0.625, 1])
        sheet.updateKeyboard(height: -40, duration: 0, at: 2)
        #expect(sheet.resolvedDetents.map(\.progress) == [0, 0.25, 0.875, 1])
    }

    @Test("opens to the last detent when the keyboard appears, arriving with it; hiding it leaves the sheet", arguments: [60.0, 120.0])
    func opensToTheTop(rate: Double) {
        var sheet = Self.sheet(.opensToLastDetent)
        sheet.updateKeyboard(height: 300, duration: 0.25, at: 1)
        #expect(sheet.resolvedDetents.map(\.progress) == [0, 0.25, 1])
        var t = 1.0, frame = sheet.advance(to: t)
        while t < 1.25 {
            t += 1 / rate
            frame = sheet.advance(to: t)
        }
        #expect(frame.progress == 1 && frame.isAtRest)
        // A second change while shown (a taller keyboard) does not move it again; hiding leaves it.
        sheet.updateKeyboard(height: 320, duration: 0.25, at: 2)
        sheet.updateKeyboard(height: 0, duration: 0.25, at: 3)
        #expect(sheet.advance(to: 4).progress == 1)
    }

    @Test("a finger dragging through a keyboard change keeps the sheet under it")
    func fingerDown() {
        var sheet = Self.sheet()
        sheet.handle(TouchSample(time: 1, y: 600, phase: .began))
        sheet.handle(TouchSample(time: 1.01, y: 590, phase: .changed))
        let before = sheet.advance(to: 1.01).progress
        sheet.updateKeyboard(height: 300, duration: 0.25, at: 1.01)
        #expect(abs(sheet.advance(to: 1.02).progress - before) < 1e-12)
        sheet.handle(TouchSample(time: 1.03, y: 580, phase: .changed))
        #expect(abs(sheet.advance(to: 1.03).progress - (before + 10.0 / 800)) < 1e-12)
    }
}
