import ArgumentParser
import Testing
import TransitionLab
@testable import TransitionSweep

/// The variants are recognized locally (`ModelOptions.forEachVariant`): the same list, in the
/// same order, as keeping the first of every set of combinations with equal cells, over grids
/// with parameters a configuration leaves unused and with repeated values; a slice holds exactly
/// its places of that list, and the count is its length.
@Suite struct VariantSliceTests {
    static let grids: [[String]] = [
        ["--model", "physics", "--response", "0.2,0.3,0.2", "--damping-ratio", "0.8,1"],
        ["--model", "physics", "--completion-shape", "spring,minimum-jerk,ease-in-out", "--response", "0.2,0.3",
         "--completion-peak-acceleration", "80,120", "--overshoot", "allow,clamp"],
        ["--model", "classic,cupertino,physics", "--duration", "0.2:0.4:0.1", "--threshold", "0.4,0.5,0.40"],
        ["--model", "physics", "--frame-rate", "60,120", "--deceleration-rate", "0.99,0.998", "--damping-ratio", "0.5,0.5,1"],
    ]

    /// The first of each set of combinations with equal cells, by a set of those seen (the rule
    /// the local test must equal), as (kind, cells) in row order.
    static func bySet(_ options: ModelOptions) throws -> [String] {
        var seen = Set<[ReleaseParameterValue?]>(), result: [String] = []
        let plan = try options.variantPlan()
        for kind in plan.models {
            let axes = plan.axes(of: kind)
            var index = [Int](repeating: 0, count: axes.count)
            repeat {
                var assignment: [ReleaseParameter.ID: ReleaseParameterValue] = [:]
                for (a, axis) in axes.enumerated() { assignment[axis.parameter] = axis.values[index[a]] }
                let variant = try ModelVariant(kind: kind, assignment: assignment)
                if seen.insert(variant.parameters).inserted { result.append("\(kind) \(variant.parameters)") }
                var a = axes.count - 1
                while a >= 0 {
                    index[a] += 1
                    if index[a] < axes[a].values.count { break }
                    index[a] = 0
                    a -= 1
                }
                if a < 0 { break }
            } while true
        }
        return result
    }

    @Test("the local rule keeps what a set of those seen keeps; slices and the count agree", arguments: grids)
    func localRuleAndSlices(arguments: [String]) throws {
        let options = try ModelOptions.parse(arguments)
        let all = try options.variants()
        let described = all.map { "\($0.kind) \($0.parameters)" }
        #expect(described == (try Self.bySet(options)), "\(arguments)")
        #expect(try options.variantCount() == all.count)
        for places in [0..<0, 0..<1, 1..<3, 2..<all.count, 0..<all.count, all.count..<all.count] where places.upperBound <= all.count {
            let slice = try options.variants(in: places)
            #expect(slice.map { "\($0.kind) \($0.parameters)" } == Array(described[places]), "\(arguments) \(places)")
        }
    }
}
