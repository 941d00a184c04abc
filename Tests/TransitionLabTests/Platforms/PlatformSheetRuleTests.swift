import RealModule
import Testing
import TransitionLab
import TransitionPhysics

/// Each platform's sheet and pager rule against its source, as tables: the cases sit either side
/// of the constants the sources name (Compose's 125 dp/s, Android's hide friction and significant
/// velocity, FloatingPanel's redirectional progress, ViewPager's fling distance and velocity and
/// its truncators), with the arithmetic written out.
@Suite("The platforms' sheet and pager rules, from their sources")
struct PlatformSheetRuleTests {
    // MARK: Compose anchoredDraggable

    /// 400 dp of travel: 125 dp/s is 0.3125 travels per second.
    let compose = ComposeAnchoredDraggableModel(travelDips: 400)

    @Test(
        "Compose: at 125 dp/s or more the next anchor in the direction, slower the 50% positional threshold",
        arguments: [
            // (progress, dp per second, expected anchor)
            (0.3, 124.0, 0.0), (0.3, 125.0, 1.0), (0.3, 126.0, 1.0),
            (0.7, -124.0, 1.0), (0.7, -126.0, 0.0),
            (0.5, 10.0, 1.0), (0.49, 10.0, 0.0),  // forward: at least half the gap from the anchor behind
            (0.5, -10.0, 0.0), (0.51, -10.0, 1.0),  // backward: the same from the anchor above
            (0.5, 0.0, 1.0), (0.49, 0.0, 0.0),  // at rest the nearest, the later of two as near
        ])
    func composeTwoAnchors(progress: Double, dipsPerSecond: Double, expected: Double) {
        let index = compose.settlingIndex(progress: progress, velocity: dipsPerSecond / 400, stops: [0, 1])
        #expect([0.0, 1.0][index] == expected)
    }

    @Test("Compose: a fast fling goes to the next anchor only, and an anchor at the release is the next")
    func composeThreeAnchors() {
        let stops = [0, 0.5, 1.0]
        #expect(compose.settlingIndex(progress: 0.2, velocity: 5, stops: stops) == 1)
        #expect(compose.settlingIndex(progress: 0.5, velocity: 5, stops: stops) == 1)
        #expect(compose.settlingIndex(progress: 0.6, velocity: 5, stops: stops) == 2)
        #expect(compose.settlingIndex(progress: 0.8, velocity: -5, stops: stops) == 1)
        #expect(compose.settlingIndex(progress: 0.74, velocity: 0.1, stops: stops) == 1)
        #expect(compose.settlingIndex(progress: 0.75, velocity: 0.1, stops: stops) == 2)
    }

    @Test("Compose: tween() is 300 ms on FastOutSlowInEasing whatever the distance; none when already there")
    func composeCompletion() {
        let completion = compose.release(ReleaseState(progress: 0.9, velocity: 2))
        #expect(completion.decision == .finish)
        #expect(completion.curve.shape == .timingCurve(.bezier(startControlPoint: UnitPoint(x: 0.4, y: 0), endControlPoint: UnitPoint(x: 0.2, y: 1)), duration: 0.3))
        #expect(compose.release(ReleaseState(progress: 0.2, velocity: -2)).curve.shape == completion.curve.shape)
        #expect(compose.release(ReleaseState(progress: 1, velocity: 0)).curve.fixedDuration == 0)
    }

    // MARK: Android BottomSheetBehavior

    /// 1,000 pixels of travel at 2.5 pixels per dp: the minimum fling, 50 dp/s, is 125 px/s
    /// (0.125 travels per second); the significant velocity, 500 px/s, is 0.5.
    let android = AndroidBottomSheetModel(travelPixels: 1000, pixelsPerDip: 2.5)

    @Test(
        "Android without a collapsed state: up expands, else hide past 500 px/s or released low",
        arguments: [
            // (progress, travels per second, hidden?)
            (0.9, -0.2, false),  // moving up, -200 px/s: expanded, however low
            (0.9, -0.1, true),  // -100 px/s is under the minimum fling: at rest, released low
            (0.3, 0.499, false), (0.3, 0.501, true),  // the significant velocity, strictly
            (0.5, 0.0, false), (0.5001, 0.0, true),  // releasedLow, strictly past halfway
        ])
    func androidTwoStates(progress: Double, velocity: Double, hidden: Bool) {
        #expect(android.settlingIndex(progress: progress, velocity: velocity, stops: [0, 1]) == (hidden ? 1 : 0))
    }

    @Test(
        "Android with a collapsed state: hide when position + velocity × 0.1 s passes half the peek below collapsed",
        arguments: [
            // detents expanded 0, collapsed 0.5, hidden 1 (peek 0.5): hides iff 0.6 + 0.1 v - 0.5 > 0.25
            (0.6, 1.49, 1), (0.6, 1.51, 2),
            (0.4, 3.0, 1),  // above collapsed it never hides: moving down collapses
            (0.2, 0.1, 0), (0.3, 0.1, 1),  // 100 px/s reads as rest: the nearer of expanded and collapsed
            (0.25, 0.0, 1),  // a tie collapses
            (0.9, -0.5, 0),  // moving up expands, past collapsed too
            (0.8, 0.5, 2),  // 0.8 + 0.05 - 0.5 = 0.35 > 0.25, and released low
        ])
    func androidThreeStates(progress: Double, velocity: Double, expected: Int) {
        #expect(android.settlingIndex(progress: progress, velocity: velocity, stops: [0, 0.5, 1]) == expected)
    }

    @Test("Android: ViewDragHelper's settle duration, whole milliseconds, at most 600")
    func androidDurations() {
        // 700 px at 5,000 px/s: d = 500 + 500 sin(0.2 × 0.15π) = 547.05 px, 4 × round(109.41) = 436 ms.
        #expect(android.settleDuration(distance: 0.7, velocity: 5) == 0.436)
        // At 500 px/s the same distance takes 4 × 1094 ms, capped at 600.
        #expect(android.settleDuration(distance: 0.7, velocity: 0.5) == 0.6)
        // Under the minimum fling: (0.7 + 1) × 256 = 435.2, truncated to 435 ms.
        #expect(android.settleDuration(distance: 0.7, velocity: 0.1) == 0.435)
        #expect(android.settleDuration(distance: 0, velocity: 3) == 0)
        let completion = android.release(ReleaseState(progress: 0.3, velocity: 5))
        #expect(completion.decision == .finish)
        #expect(completion.curve.shape == .timingCurve(AndroidBottomSheetModel.androidQuinticEaseOut, duration: 0.436))
    }

    @Test("Android: the Bezier stands within 0.007 of ViewDragHelper's 1 - (1 - t)^5")
    func quinticEaseOut() {
        let curve = AndroidBottomSheetModel.androidQuinticEaseOut
        var worst = 0.0
        for step in 0...1000 {
            let t = Double(step) / 1000
            let quintic: Double = 1 - Double.pow(1 - t, 5)
            worst = max(worst, abs(curve.value(at: t) - quintic))
        }
        #expect(worst < 0.007)
        #expect(worst > 0.005)  // the fit's error, not a looser curve's
    }

    // MARK: FloatingPanel

    /// 400 points of travel; projection 0.998 / (1000 × 0.002) = 0.499 s per unit of velocity.
    let panel = FloatingPanelModel(travelPoints: 400)

    @Test(
        "FloatingPanel: the projection at 0.998 must pass more than half the segment",
        arguments: [
            // (progress, travels per second, expected anchor)
            (0.3, 0.4, 0.0),  // 0.3 + 0.1996 = 0.4996
            (0.3, 0.402, 1.0),  // 0.500598
            (0.7, -0.401, 0.0),  // 0.4999: 0.5001 of the way back
            (0.7, -0.4, 1.0),  // 0.5004
            (0.5, 0.0, 0.0),  // at rest, forward from the start at 0: exactly half is not more
        ])
    func floatingPanelTwoAnchors(progress: Double, velocity: Double, expected: Double) {
        #expect([0.0, 1.0][panel.settlingIndex(progress: progress, velocity: velocity, stops: [0, 1])] == expected)
    }

    @Test("FloatingPanel: without shouldProjectMomentum a fling stops at the next anchor, with it it may skip")
    func floatingPanelProjectMomentum() {
        let stops = [0, 0.5, 1.0]
        #expect(panel.settlingIndex(progress: 0.1, velocity: 4, stops: stops) == 1)
        #expect(panel.settlingIndex(progress: 0.6, velocity: 4, stops: stops) == 2)
        #expect(panel.settlingIndex(progress: 0.9, velocity: -4, stops: stops) == 1)
        var projecting = panel
        projecting.projectsMomentum = true
        #expect(projecting.settlingIndex(progress: 0.1, velocity: 4, stops: stops) == 2)
        #expect(projecting.settlingIndex(progress: 0.9, velocity: -4, stops: stops) == 0)
        #expect(panel.projectedProgress(progress: 0.3, velocity: 0.4) == 0.3 + 0.4 * 0.998 / (1000 * (1 - 0.998)))
    }

    @Test("FloatingPanel: response 0.4 s, damping ln(0.991) / (-2π × 0.0025) above 300 pt/s, critical below")
    func floatingPanelSpring() {
        let fast = panel.spring(velocity: 301.0 / 400)
        #expect(abs(fast.response - 0.4) < 1e-12)
        #expect(abs(fast.dampingRatio - 0.575_55) < 1e-5)
        #expect(abs(panel.spring(velocity: 299.0 / 400).dampingRatio - 1) < 1e-12)
        let completion = panel.release(ReleaseState(progress: 0.8, velocity: 1))
        #expect(completion.decision == .finish)
        #expect(completion.curve.shape == .spring(fast, overshoot: .allow))
    }

    // MARK: Android ViewPager

    /// 1,000 pixels of page at 2.5 pixels per dp (a 400 dp page): the fling distance, 25 dp, is
    /// 62 px (truncated) and the fling velocity, 400 dp/s, 1,000 px/s (1 travel per second).
    let pager = AndroidViewPagerModel(travelPixels: 1000, pixelsPerDip: 2.5)

    @Test(
        "Android pager: a fling past 25 dp and 400 dp/s turns one page its way, else 60% of a page turns it",
        arguments: [
            // (progress, dp per second, expected page); 1 dp is 0.0025 of the page.
            (0.06, 800.0, 0), (0.065, 800.0, 1),  // 24 dp (60 px) is no fling, 26 dp (65 px) is
            (0.065, -800.0, 0),  // a fling back from the page under the scroll position
            (0.3, 399.0, 0), (0.3, 401.0, 1),  // 997 px/s is no fling, 1,002 px/s is
            (0.7, -399.0, 1), (0.7, -401.0, 0),
            (0.59, 0.0, 0), (0.61, 0.0, 1),  // (int)(offset + 0.4)
            (0.59, 300.0, 0), (0.41, -300.0, 0),  // slow: the finger's direction does not count
        ])
    func pagerForward(progress: Double, dipsPerSecond: Double, expected: Int) {
        #expect(pager.settlingIndex(progress: progress, velocity: dipsPerSecond * 2.5 / 1000, stops: [0, 1]) == expected)
    }

    @Test(
        "Android pager: back from the next page, (int)(offset + 0.6): 60% of the way back turns it",
        arguments: [
            // (progress, dp per second, expected page), the drag begun on page 1 (progress 1).
            (0.41, 0.0, 1), (0.39, 0.0, 0),  // 0.59 and 0.61 of the page back
            (0.41, -300.0, 1),
            (0.94, -800.0, 1), (0.935, -800.0, 0),  // 24 dp back is no fling (and 0.06 of the way), 26 dp is
        ])
    func pagerBack(progress: Double, dipsPerSecond: Double, expected: Int) {
        var back = pager
        back.dragStartProgress = 1
        #expect(back.settlingIndex(progress: progress, velocity: dipsPerSecond * 2.5 / 1000, stops: [0, 1]) == expected)
    }

    @Test("Android pager: with three pages a fling turns one page; the target is held within the pages")
    func pagerThreePages() {
        let stops = [0, 0.5, 1.0]
        #expect(pager.settlingIndex(progress: 0.3, velocity: 5, stops: stops) == 1)
        #expect(pager.settlingIndex(progress: 0.8, velocity: 5, stops: stops) == 2)
        #expect(pager.settlingIndex(progress: 0.79, velocity: 0, stops: stops) == 1)  // 0.58 of page 1
        #expect(pager.settlingIndex(progress: 0.81, velocity: 0, stops: stops) == 2)  // 0.62
        #expect(pager.settlingIndex(progress: 1, velocity: 5, stops: stops) == 2)  // no page after the last
        #expect(pager.settlingIndex(progress: -0.2, velocity: -5, stops: stops) == 0)  // held at the first
    }

    @Test("Android pager: smoothScrollTo's duration, (pageDelta + 1) × 100 ms at rest, any velocity else, at most 600")
    func pagerDurations() {
        // At rest from 0.7 to 1: (300 / 1000 + 1) × 100 = 130 ms.
        #expect(pager.settleDuration(from: 0.7, to: 1, of: [0, 1], velocity: 0) == 0.13)
        // 700 px at 5,000 px/s: the same influenced distance as ViewDragHelper's, 436 ms.
        #expect(pager.settleDuration(from: 0.3, to: 1, of: [0, 1], velocity: 5) == 0.436)
        // 2 px/s is a velocity to ViewPager (no minimum fling): 4 × round(1000 × 547.05 / 2), capped.
        #expect(pager.settleDuration(from: 0.3, to: 1, of: [0, 1], velocity: 0.002) == 0.6)
        // Under 1 px/s the int velocity is 0: at rest.
        #expect(pager.settleDuration(from: 0.7, to: 1, of: [0, 1], velocity: 0.0009) == 0.13)
        // At rest from 0.6: (0.4 + 1) × 100 = 140 ms, the source's float arithmetic (not 139).
        #expect(pager.settleDuration(from: 0.6, to: 1, of: [0, 1], velocity: 0) == 0.14)
        // Three pages, back from 0.79 to 0.5: 290 px of a 500 px page, (0.58 + 1) × 100 = 158 ms.
        #expect(pager.settleDuration(from: 0.79, to: 1, of: [0, 0.5, 1], velocity: 0) == 0.158)
        #expect(pager.settleDuration(from: 1, to: 1, of: [0, 1], velocity: 3) == 0)
        let completion = pager.release(ReleaseState(progress: 0.7, velocity: 0))
        #expect(completion.decision == .finish)
        #expect(completion.curve.shape == .timingCurve(AndroidBottomSheetModel.androidQuinticEaseOut, duration: 0.13))
    }

    // MARK: Per gesture

    @Test("a rule's model is built from the trace's travel in points and its pixels per point")
    func perTrace() throws {
        let samples = [TouchSample(time: 0, x: 0, phase: .began), TouchSample(time: 0.1, x: 600, phase: .ended)]
        let recorded = GestureTrace(id: "r", samples: samples, travel: 1170, pixelsPerPoint: 3)
        let android = try #require(PlatformSheetRule.androidBottomSheet.model(for: recorded) as? AndroidBottomSheetModel)
        #expect(android.travelPixels == 1170 && android.pixelsPerDip == 3)
        let compose = try #require(PlatformSheetRule.composeAnchoredDraggable.model(for: recorded) as? ComposeAnchoredDraggableModel)
        #expect(compose.travelDips == 390)
        let points = GestureTrace(id: "s", samples: samples, travel: 390, pixelsPerUnit: 3)
        let panel = try #require(PlatformSheetRule.floatingPanel.model(for: points) as? FloatingPanelModel)
        #expect(panel.travelPoints == 390)
        let pager = try #require(PlatformSheetRule.androidViewPager.model(for: recorded) as? AndroidViewPagerModel)
        #expect(pager.travelPixels == 1170 && pager.pixelsPerDip == 3)
        #expect(PlatformSheetRule.allCases.map { $0.model(for: points).name } == PlatformSheetRule.allCases.map(\.rawValue))
    }

    @Test("a trace's absurd pixels per point builds a model that decides, no trap", arguments: PlatformSheetRule.allCases)
    func absurdDensity(rule: PlatformSheetRule) {
        let samples = [TouchSample(time: 0, x: 0, phase: .began), TouchSample(time: 0.1, x: 600, phase: .ended)]
        for pixelsPerPoint in [1e-300, Double.leastNonzeroMagnitude, 1e300] {
            let trace = GestureTrace(id: "t", samples: samples, travel: 1e7, pixelsPerPoint: pixelsPerPoint)
            let model = rule.model(for: trace)
            for state in [ReleaseState(progress: 0.3, velocity: 5), ReleaseState(progress: 0.7, velocity: -5), ReleaseState(progress: 0.6, velocity: 0)] {
                let completion = model.release(state)
                #expect(completion.curve.target == 0 || completion.curve.target == 1)
                #expect(completion.curve.fixedDuration.map { $0.isFinite && $0 >= 0 } ?? true)
            }
        }
    }

    @Test("through the driver, the detent a rule names is where a sheet settles", arguments: PlatformSheetRule.allCases)
    func throughTheDriver(rule: PlatformSheetRule) {
        // A slow drag to 0.82 of a 400-point travel, then at rest: every rule settles at the end
        // (Android's sheet: released low; Compose and FloatingPanel: nearer the end than the
        // middle; Android's pager: 0.64 of the page from 0.5, past its 0.6).
        let model = rule.model(travelPoints: 400, pixelsPerPoint: 2)
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 400), model: model)
        sheet.detents = [.fraction(0), .fraction(0.5), .fraction(1)]
        for i in 0...41 { sheet.handle(TouchSample(time: Double(i) * 0.02, x: Double(i) * 8, phase: i == 0 ? .began : .changed)) }
        for i in 1...10 { sheet.handle(TouchSample(time: 0.82 + Double(i) * 0.02, x: 328, phase: .changed)) }
        sheet.handle(TouchSample(time: 1.04, x: 328, phase: .ended))
        #expect(sheet.releases.last?.completion.curve.target == 1)
    }
}
