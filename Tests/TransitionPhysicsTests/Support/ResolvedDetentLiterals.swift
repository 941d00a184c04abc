@testable import TransitionPhysics

/// In the tests, a number is the fraction detent of that number resolved at its own progress, so
/// expected detents and events read as `[0, 0.5, 1]`.
extension ResolvedDetent: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self.init(id: Detent.ID(floatLiteral: value), progress: value) }
    public init(integerLiteral value: Int) { self.init(floatLiteral: Double(value)) }
}
