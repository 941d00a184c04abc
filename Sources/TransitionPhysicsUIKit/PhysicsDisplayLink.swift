// TransitionPhysicsUIKit: the display link. NOT COMPILED ON LINUX (see
// PhysicsPanGestureRecognizer.swift); Apple CI compiles it for the iOS Simulator. The rate it
// asks for is the core's `HostFrameRate.moving`; when it runs is its owner's (for the
// transition, `HostTransitionLifecycle`, tested on Linux).
#if canImport(UIKit) && !os(watchOS)
import QuartzCore
import UIKit
import TransitionPhysics

/// A display link that calls `frame` once per display frame while something moves, at ProMotion
/// rates: while it runs it asks for 80 to 120 frames per second, 120 preferred
/// (`CADisplayLink.preferredFrameRateRange`; a 60 Hz display runs at 60). On iPhone a ProMotion
/// display gives a display link more than 60 Hz only when the app's Info.plist sets
/// `CADisableMinimumFrameDurationOnPhone` to true (Apple, "Optimizing ProMotion refresh rates for
/// iPhone 13 Pro and iPad Pro"); iPad needs no key.
///
/// `frame` receives the frame's `targetTimestamp` (seconds on `CACurrentMediaTime()`'s clock, the
/// touches' clock too: when the frame will be on screen) and returns whether something still
/// moves; false stops the link (`start()` runs it again). The link holds a weak proxy of this
/// object, so it never keeps it alive; releasing this object stops it.
@MainActor
public final class PhysicsDisplayLink {
    /// The running link, nil when stopped. Nonisolated so that deinit (nonisolated) can read it.
    nonisolated(unsafe) private var link: CADisplayLink?
    private let frame: @MainActor (_ targetTimestamp: Double) -> Bool

    /// A stopped link that will call `frame` (seconds; returns whether something still moves).
    public init(frame: @escaping @MainActor (_ targetTimestamp: Double) -> Bool) {
        self.frame = frame
    }

    deinit {
        // On the main thread, where UIKit releases its objects, the link stops now. Elsewhere
        // (invalidating off the link's thread has been seen to wait on the main thread) the
        // proxy, finding no owner, invalidates it on the main thread at its next frame.
        if Thread.isMainThread { link?.invalidate() }
    }

    /// Whether the link runs.
    public var isRunning: Bool { link != nil }

    /// Runs the link (nothing if it runs already), asking for ProMotion rates.
    public func start() {
        guard link == nil else { return }
        let link = CADisplayLink(target: DisplayLinkProxy(owner: self), selector: #selector(DisplayLinkProxy.step(_:)))
        if #available(iOS 15.0, tvOS 15.0, macCatalyst 15.0, *) {
            let rate = HostFrameRate.moving
            link.preferredFrameRateRange = CAFrameRateRange(
                minimum: Float(rate.minimum), maximum: Float(rate.maximum), preferred: Float(rate.preferred))
        }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    /// Stops the link (nothing if it is stopped).
    public func stop() {
        link?.invalidate()
        link = nil
    }

    /// One display frame (from the proxy).
    fileprivate func step(_ link: CADisplayLink) {
        guard link === self.link else { return link.invalidate() }
        if !frame(link.targetTimestamp) { stop() }
    }
}

/// The display link's target: the link retains it, not its owner, and it invalidates the link
/// when its owner is gone.
@MainActor
private final class DisplayLinkProxy: NSObject {
    weak var owner: PhysicsDisplayLink?

    init(owner: PhysicsDisplayLink) {
        self.owner = owner
        super.init()
    }

    @objc func step(_ link: CADisplayLink) {
        guard let owner else { return link.invalidate() }
        owner.step(link)
    }
}
#endif
