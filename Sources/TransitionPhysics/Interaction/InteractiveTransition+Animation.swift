/// A completion in play, as the driver holds and reports it (`InteractiveTransition.Phase`).
extension InteractiveTransition {
    /// A completion in play: a curve started at `startTime` from the progress and velocity of
    /// that moment, and the time from which it counts as done (the one-pixel rule).
    public struct Animation: Sendable {
        /// When the curve starts, seconds (the samples' clock).
        public var startTime: Double
        /// Progress and velocity as functions of the time since `startTime`.
        public var curve: CompletionCurve
        /// From this time (seconds, the samples' clock) nothing visible moves: progress is the
        /// target exactly and velocity 0 (`CompletionCurve.restTime(tolerance:)`).
        public var endTime: Double
        /// The direction the completion moves the view in, +1 or -1 (the sign of touch
        /// movement along the axis that means progress); nil when none was ever decided (code
        /// moved the view from idle with a direction decided by movement). A touch that catches
        /// the completion in motion keeps it.
        package var sign: Double?
        /// Whether `.completed` has been reported for this animation.
        var completionReported = false
        /// A release's completion whose start is the next frame's time (`advance(to:)` sets
        /// `startTime` and `endTime` then): no frame has shown the release position yet.
        var startsAtNextFrame = false

        /// Progress and progress velocity (travels per second) at `time`: the curve's closed
        /// form, the target exactly from `endTime` on. A release's completion that waits for its
        /// first frame is read as that frame, at `time`, would start it
        /// (`InteractiveTransition.startPendingCompletion(at:)`): the release position until then.
        public func state(at time: Double) -> (progress: Double, velocity: Double) {
            let start = startsAtNextFrame ? min(time, startTime + InteractiveTransition.longestFrameInterval) : startTime
            if time >= endTime - startTime + start { return (curve.target, 0) }
            let state = curve.state(at: max(0, time - start))
            return (state.progress, state.velocity)
        }
    }
}
