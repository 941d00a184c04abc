import TransitionLab
import TransitionPhysics

extension ProgressMapping {
    /// A random mapping for the driver's property tests: either axis, a fixed direction either
    /// way or one decided by movement (once, or reversibly), clamped or rubber-banded, a travel
    /// of 200 to 1000 pt.
    static func random(using g: inout Xoshiro256StarStar) -> ProgressMapping {
        let axis: TouchAxis = g.uniform() < 0.5 ? .x : .y
        let directions: [ProgressMapping.Direction] = [
            .fixed(positive: true), .fixed(positive: false), .decidedByFirstMovement(touchSlop: 10), .reversible(touchSlop: 8),
        ]
        let direction = directions[Int(g.uniform() * 4) % 4]
        let overdrag: ProgressMapping.Overdrag = g.uniform() < 0.5 ? .clamp : .rubberBand
        return ProgressMapping(travel: g.uniform(in: 200...1000), axis: axis, direction: direction, overdrag: overdrag)
    }
}
