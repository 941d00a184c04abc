/// The phase of a touch sample, as a gesture recognizer reports it.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    /// Touch down (UIKit `.began`; the trace format's `down`).
    case began
    /// Movement (UIKit `.changed`; `move`).
    case changed
    /// Lift-off (UIKit `.ended`; `up`). Often repeats the last known position.
    case ended
    /// The system cancelled the gesture (UIKit `.cancelled`): a cancelled recognizer releases
    /// without intent, and the classic pop always cancels the transition then.
    case cancelled
}

/// One touch sample: when, where, and in which phase.
public struct TouchSample: Hashable, Sendable {
    /// Seconds since an arbitrary origin (usually touch-down); non-decreasing along a trace.
    public var time: Double
    /// Horizontal position in points (or pixels, consistently with the mapping's travel).
    public var x: Double
    /// Vertical position in points (or pixels, as `x`).
    public var y: Double
    /// The recognizer phase this sample reports.
    public var phase: TouchPhase
    /// True for a sample the platform made up rather than measured: resampled to the display's
    /// frame time (Android's `MotionEvent.isResampled`) or predicted ahead of the finger
    /// (`UIEvent.predictedTouches`, Android's `getPredictedEvents`). It still moves the
    /// transition, but no velocity estimator uses it (`AxisSample.isResampled`), as Android's
    /// `VelocityTracker` skips resampled samples. Default false: a measured sample.
    public var isResampled: Bool = false
    /// Which finger this sample is of, for a host that reports each touch on its own (Android's
    /// `MotionEvent` pointer ids, a web page's `PointerEvent.pointerId`); nil (the default) for
    /// one finger, or for a host that already merged its fingers into one point (UIKit's
    /// `UIPanGestureRecognizer.location(in:)`, the centroid of its touches). Each finger's
    /// samples run `.began`, `.changed`..., `.ended`; `InteractiveTransition.multitouch` says
    /// which finger drives (`MultitouchPolicy`).
    public var pointer: Int?

    /// A sample at `time` seconds and position (`x`, `y`) in points; a gesture along one axis
    /// gives that coordinate only: `TouchSample(time: t, x: 120, phase: .changed)` for a pop,
    /// `TouchSample(time: t, y: 640, phase: .changed)` for a sheet.
    public init(time: Double, x: Double = 0, y: Double = 0, phase: TouchPhase) {
        self.time = time
        self.x = x
        self.y = y
        self.phase = phase
    }

    /// A sample at `time` seconds and position (`x`, `y`) in points, measured or, with
    /// `isResampled`, resampled or predicted by the platform (skipped by velocity estimators).
    public init(time: Double, x: Double = 0, y: Double = 0, phase: TouchPhase, isResampled: Bool) {
        self.init(time: time, x: x, y: y, phase: phase)
        self.isResampled = isResampled
    }

    /// A sample of finger `pointer` (an id the host gives each touch) at `time` seconds and
    /// position (`x`, `y`) in points.
    public init(time: Double, x: Double = 0, y: Double = 0, phase: TouchPhase, pointer: Int?) {
        self.init(time: time, x: x, y: y, phase: phase)
        self.pointer = pointer
    }
}

/// A one-dimensional sample along the gesture's axis: the input of a velocity estimator.
public struct AxisSample: Hashable, Sendable {
    /// Seconds.
    public var time: Double
    /// Position along the axis, in any unit (points, or progress fractions).
    public var position: Double
    /// True for a resampled or predicted sample (`TouchSample.isResampled`): every velocity
    /// estimator leaves it out (`Array.measured`). Default false.
    public var isResampled: Bool = false

    /// A sample at `time` seconds and `position` along the axis.
    public init(time: Double, position: Double) {
        self.time = time
        self.position = position
    }

    /// A sample at `time` seconds and `position` along the axis, measured or (`isResampled`)
    /// resampled or predicted by the platform.
    public init(time: Double, position: Double, isResampled: Bool) {
        self.init(time: time, position: position)
        self.isResampled = isResampled
    }
}

/// What a release model decided: complete the transition (progress to 1) or cancel it (to 0).
public enum Decision: String, Hashable, Sendable, CaseIterable {
    /// Complete the transition: progress goes to 1 (or the last detent).
    case finish
    /// Go back: progress goes to 0 (or the first detent).
    case cancel

    /// The progress this decision animates to: 1 for finish, 0 for cancel.
    public var targetProgress: Double { self == .finish ? 1 : 0 }
}

