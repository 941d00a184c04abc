/// The rules the driver's settings obey, each once: `InteractiveTransition`'s setters trap on
/// what they refuse (a programming error in an app), and the lab's `TransitionSettings.validate()`
/// reports the same refusal by name to a tool that takes the settings from a person or a request
/// (the playground, the benchmark).
package enum TransitionSettingRules {
    /// Why `travel` (points) cannot be a travel, or nil.
    package static func travelProblem(_ travel: Double) -> String? {
        travel > 0 && travel.isFinite ? nil : "the travel must be a positive, finite number of points"
    }

    /// Why `pixelsPerPoint` cannot be used with `travel` points, or nil.
    package static func pixelsPerPointProblem(_ pixelsPerPoint: Double, travel: Double) -> String? {
        guard pixelsPerPoint > 0 && pixelsPerPoint.isFinite else { return "pixels per point must be positive and finite" }
        let pixel = 1 / (travel * pixelsPerPoint)
        guard pixel > 0 && pixel.isFinite else {
            return "one physical pixel of progress, 1 / (travel \(travel) points * \(pixelsPerPoint) pixels per point) = \(pixel), "
                + "must be positive and finite"
        }
        return nil
    }

    /// Why `detents` cannot be the progress stops, or nil.
    package static func detentsProblem(_ detents: [Double]) -> String? {
        guard !detents.isEmpty else { return "give at least one detent" }
        if let bad = detents.first(where: { !$0.isFinite }) { return "every detent must be finite progress; got \(bad)" }
        for (a, b) in zip(detents, detents.dropFirst()) where !(a < b) {
            return "detents must be strictly ascending; \(b) after \(a)"
        }
        return nil
    }

    /// Why `maximumReleaseSpeed` (points per second) cannot cap releases over `travel` points, or nil.
    package static func maximumReleaseSpeedProblem(_ speed: Double, travel: Double) -> String? {
        guard speed > 0 else { return "the maximum release speed must be positive (points per second; infinity for no cap)" }
        let limit = speed / travel
        guard limit > 0 else {
            return "the maximum release speed in progress, \(speed) points/s / travel \(travel) points = \(limit) per second, must be positive"
        }
        return nil
    }
}
