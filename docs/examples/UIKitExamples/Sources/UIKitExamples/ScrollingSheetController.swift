// docs/uikit-adapter.md, "A sheet with a scroll view": a bottom sheet whose list keeps its own
// pan, bounce, deceleration and pull to refresh, observed through ObservedScrollView. Compiled
// for the iOS Simulator by Apple CI.
#if canImport(UIKit) && !os(watchOS)
import TransitionPhysics
import TransitionPhysicsUIKit
import UIKit

enum SheetListing {
    final class SheetViewController: UIViewController, UITableViewDelegate, UIGestureRecognizerDelegate {
        let list = UITableView()
        private let pan = PhysicsPanGestureRecognizer()
        private var shared: ScrollingSheet
        private var observer = ObservedScrollView()
        private lazy var frames: PhysicsDisplayLink = PhysicsDisplayLink { [weak self] time in self?.frame(at: time) ?? false }

        init(height: CGFloat) {
            var sheet = InteractiveTransition(
                mapping: ProgressMapping(travel: Double(height), toward: .up))
            sheet.detents = [0.25, 0.5, 1]
            sheet.jump(to: 0.5, at: CACurrentMediaTime())
            shared = ScrollingSheet(sheet: sheet, maximumContentOffset: 0, policy: .sheetFirst)
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

        override func viewDidLoad() {
            super.viewDidLoad()
            list.delegate = self                       // its own pan, bounce and deceleration stay on
            list.refreshControl = UIRefreshControl()   // and pull to refresh
            pan.delegate = self
            pan.addTarget(self, action: #selector(panned(_:)))
            view.addGestureRecognizer(pan)             // on the whole sheet: header and list
            shared.sheet.pixelsPerPoint = Double(traitCollection.displayScale)
            shared.sheet.reduceMotion = UIAccessibility.isReduceMotionEnabled
        }

        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            // The list's bottom edge: its content and insets less its viewport (negative: fits).
            let insets = list.adjustedContentInset
            shared.maximumContentOffset = Double(list.contentSize.height + insets.top + insets.bottom - list.bounds.height)
        }

        // The sheet's pan and the list's own see the same finger (FloatingPanel's track(scrollView:)).
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
        ) -> Bool { other === list.panGestureRecognizer }

        @objc private func panned(_ recognizer: PhysicsPanGestureRecognizer) {
            observe()
            frames.start()   // runs until the sheet and the content rest
        }

        private func frame(at time: Double) -> Bool {
            let update = shared.advance(to: time)
            let height = shared.sheet.mapping.travel
            view.transform = CGAffineTransform(translationX: 0, y: CGFloat((1 - update.sheet.progress) * height))
            observe()
            return !update.isAtRest
        }

        // The finger's samples first (the list's callbacks may come before the sheet's action),
        // then the list's offset: it stands, or the sheet's is shown instead.
        private func observe() {
            for sample in pan.takeSamples() { shared.handle(sample) }
            let shown = Double(list.contentOffset.y + list.adjustedContentInset.top)
            if let offset = observer.offset(
                showing: shown, scrollViewDecelerates: list.isDecelerating, at: CACurrentMediaTime(), in: &shared)
            {
                // setContentOffset(_:animated:) also stops a deceleration (FloatingPanel's stopScrolling).
                let y = CGFloat(offset) - list.adjustedContentInset.top
                list.setContentOffset(CGPoint(x: list.contentOffset.x, y: y), animated: false)
            }
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) { observe() }

        // A lift-off the sheet took: the list does not decelerate under it.
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            for sample in pan.takeSamples() { shared.handle(sample) }
            if let target = observer.decelerationTarget(in: shared) {
                targetContentOffset.pointee.y = CGFloat(target) - scrollView.adjustedContentInset.top
            }
            frames.start()
        }
    }
}
#endif
