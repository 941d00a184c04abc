/// The named timing curves (Core Animation's control points, docs/references.md#timing-curves).
extension UnitCurve {
    /// Identity: value = time fraction, velocity 1. Control points (0, 0), (1, 1).
    public static let linear = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    /// Slow start: (0.42, 0), (1, 1).
    public static let easeIn = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    /// Slow end: (0, 0), (0.58, 1).
    public static let easeOut = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// Slow start and end: (0.42, 0), (0.58, 1). UIKit's documented default `completionCurve`.
    public static let easeInOut = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// Core Animation's `kCAMediaTimingFunctionDefault`: (0.25, 0.1), (0.25, 1).
    public static let `default` = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1))
    /// Flutter's `Curves.fastLinearToSlowEaseIn` (the Cupertino page transition): (0.18, 1), (0.04, 1).
    public static let fastLinearToSlowEaseIn = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.18, y: 1), endControlPoint: UnitPoint(x: 0.04, y: 1))
}
