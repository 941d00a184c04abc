import TransitionPhysics

/// One synthetic gesture: the samples a recognizer would report, labelled with the intent,
/// plus the ground truth of the motion that produced them (for tests of velocity estimators
/// and release models).
public struct SyntheticGesture: Hashable, Sendable {
    /// The samples, id `syn-<family>-<index>`, `family` = the family's raw value, `intent` set.
    public var trace: GestureTrace
    /// The kind of gesture it was drawn from.
    public var family: SyntheticFamily
    /// The swipe's screen direction; progress grows along it.
    public var direction: SwipeDirection
    /// The finger's true motion, in progress units along `direction`, without noise.
    public var motion: SyntheticMotion

    /// A gesture from its samples, family, direction and true motion.
    public init(trace: GestureTrace, family: SyntheticFamily, direction: SwipeDirection, motion: SyntheticMotion) {
        self.trace = trace
        self.family = family
        self.direction = direction
        self.motion = motion
    }

    /// The intended outcome (also `trace.intent`).
    public var intent: Intent { family.intent }
    /// The true progress at lift-off (travel fractions along the initial direction).
    public var releaseProgress: Double { motion.releaseProgress }
    /// The true progress velocity at lift-off, in travel widths per second; positive toward
    /// finishing, negative moving back, exactly 0 when lifted at rest.
    public var releaseVelocity: Double { motion.releaseVelocity }
    /// Seconds from touch-down to lift-off (the `ended` sample's time).
    public var liftTime: Double { motion.liftTime }
}
