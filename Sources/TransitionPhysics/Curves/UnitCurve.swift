/// A point in the unit square, as SwiftUI's `UnitPoint` (x and y are fractions).
public struct UnitPoint: Hashable, Sendable {
    /// Horizontal coordinate, a fraction (time for a timing curve's control point).
    public var x: Double
    /// Vertical coordinate, a fraction (progress for a timing curve's control point).
    public var y: Double
    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A timing curve that maps a time fraction (x, in [0, 1]) to a progress fraction (y), after
/// SwiftUI's `UnitCurve`: a cubic Bezier from (0, 0) to (1, 1) with two control points.
///
/// `value(at:)` and `velocity(at:)` clamp their input to [0, 1]. The x coordinates of the control
/// points are clamped to [0, 1] so that x(t) is monotone and the curve is a function (as in
/// SwiftUI and CSS); y is free, so curves may overshoot.
///
/// The inverse of x(t) is solved by Newton's method with a bisection fallback to within a few
/// ulps (well under the 1e-12 the values promise).
public struct UnitCurve: Hashable, Sendable {
    /// The control point attached to (0, 0); its tangent sets the initial velocity.
    public let startControlPoint: UnitPoint
    /// The control point attached to (1, 1); its tangent sets the final velocity.
    public let endControlPoint: UnitPoint

    // Power-basis coefficients: x(t) = ((ax t + bx) t + cx) t, likewise y. Kept in the same form
    // as SwiftUI's solver so that velocity(at:) matches it bit for bit at degenerate end points.
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double

    /// A cubic Bezier timing curve through (0, 0) and (1, 1) (SwiftUI's `UnitCurve.bezier`).
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(startControlPoint: startControlPoint, endControlPoint: endControlPoint)
    }

    init(startControlPoint p1: UnitPoint, endControlPoint p2: UnitPoint) {
        precondition(
            p1.x.isFinite && p1.y.isFinite && p2.x.isFinite && p2.y.isFinite,
            "UnitCurve control points must be finite; got \(p1), \(p2).")
        startControlPoint = p1
        endControlPoint = p2
        let x1 = min(max(p1.x, 0), 1), x2 = min(max(p2.x, 0), 1)
        cx = x1 * 3.0
        bx = (x2 - x1) * 3.0 - cx
        ax = 1.0 - cx - bx
        cy = p1.y * 3.0
        by = (p2.y - p1.y) * 3.0 - cy
        ay = 1.0 - cy - by
    }

    /// The progress (y) at time fraction `progress` (x), clamped to [0, 1].
    @inlinable
    public func value(at progress: Double) -> Double {
        let t = parameter(forX: min(max(progress, 0), 1))
        return ((ay * t + by) * t + cy) * t
    }

    /// d value / d time fraction at `progress` (clamped to [0, 1]): dy/dt divided by dx/dt.
    ///
    /// Where a control point sits on its end point both derivatives vanish; SwiftUI then returns
    /// 1 when they are equal (so `easeOut.velocity(at: 0)` is 1) and their rounded quotient
    /// otherwise (so `easeIn.velocity(at: 1)` is 0). We keep those values (oracles C1 and C2 pin
    /// them against real SwiftUI), and return +-infinity where only dx/dt vanishes.
    @inlinable
    public func velocity(at progress: Double) -> Double {
        let t = parameter(forX: min(max(progress, 0), 1))
        let dx = cx + ((bx + bx) + (ax * 3 * t)) * t
        let dy = cy + ((by + by) + (ay * 3 * t)) * t
        return Self.slope(dx: dx, dy: dy)
    }

    /// dy/dx with SwiftUI's conventions: 1 when the derivatives are equal (0/0 included), +-infinity
    /// where only dx/dt vanishes.
    @usableFromInline
    static func slope(dx: Double, dy: Double) -> Double {
        if dx == dy { return 1.0 }
        if dx == 0 { return dy < 0 ? -.infinity : .infinity }
        return dy / dx
    }

    /// The curve with x and y swapped: maps a progress back to the time fraction that gives it
    /// (for monotone curves).
    public var inverse: UnitCurve {
        .bezier(
            startControlPoint: UnitPoint(x: startControlPoint.y, y: startControlPoint.x),
            endControlPoint: UnitPoint(x: endControlPoint.y, y: endControlPoint.x))
    }

    /// The Bezier parameter t in [0, 1] with x(t) = `x`, for `x` in [0, 1].
    ///
    /// Newton from t = x (at most 8 steps, kept inside the bracket), then bisection on the
    /// bracket if Newton has not converged to 4 ulps of 1. x(t) is monotone because the control
    /// x coordinates are in [0, 1].
    @inlinable
    package func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var low = 0.0, high = 1.0
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) <= 4 * Double.ulpOfOne * x { return t }
            if error < 0 { low = t } else { high = t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            var next = slope != 0 ? t - error / slope : .nan
            if !(next > low && next < high) { next = (low + high) / 2 }
            t = next
        }
        for _ in 0..<64 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if error == 0 { return t }
            if error < 0 { low = t } else { high = t }
            let mid = (low + high) / 2
            if mid <= low || mid >= high { break }
            t = mid
        }
        return t
    }
}

extension UnitCurve {
    /// Value, d value / d x and d² value / d x² at time fraction `progress` (clamped to [0, 1]).
    ///
    /// With x(t), y(t) the Bezier coordinates: dy/dx = y'/x' and d²y/dx² = (y'' x' - y' x'') / x'³.
    /// The slope follows `velocity(at:)` exactly (SwiftUI's conventions at degenerate end points);
    /// the curvature is 0 where y and x coincide (the linear curve) and not finite where x' = 0.
    package func derivatives(at progress: Double) -> (value: Double, slope: Double, curvature: Double) {
        let t = parameter(forX: min(max(progress, 0), 1))
        let value = ((ay * t + by) * t + cy) * t
        let dx = cx + ((bx + bx) + (ax * 3 * t)) * t
        let dy = cy + ((by + by) + (ay * 3 * t)) * t
        let ddx = 2 * bx + 6 * ax * t
        let ddy = 2 * by + 6 * ay * t
        let slope = Self.slope(dx: dx, dy: dy)
        let numerator = ddy * dx - dy * ddx
        let curvature = numerator == 0 ? 0 : numerator / (dx * dx * dx)
        return (value, slope, curvature)
    }
}
