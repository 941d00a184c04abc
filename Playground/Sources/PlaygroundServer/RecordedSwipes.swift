import Foundation
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The recorded swipes the page can replay (`GET /api/recorded-swipe`): the shared BioIdent
/// trace file read once at start-up by the library's `TraceReader`, or why it is not there.
/// The data (docs/references.md#the-recorded-swipes) are read from the path the server is given;
/// they are never copied into the repository.
public struct RecordedSwipes: Sendable {
    /// The traces, or the sentence the page shows when there are none.
    let traces: Result<[GestureTrace], PlaygroundError>

    /// Why there are no swipes to replay, or nil when there are.
    public var unavailableReason: String? {
        if case .failure(let reason) = traces { return reason.error }
        return nil
    }

    /// Reads `file`; a missing or invalid file is remembered as the reason, never fatal.
    public init(file: URL?) {
        guard let file else {
            traces = .failure(PlaygroundError(field: "file", "no recorded-swipe file was given to the server (--recorded-swipes)"))
            return
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            traces = .failure(PlaygroundError(field: "file", "no recorded swipes: \(file.path) is not there"))
            return
        }
        do {
            let read = try TraceReader.read(contentsOf: file)
            traces = read.isEmpty ? .failure(PlaygroundError(field: "file", "\(file.path) holds no swipes")) : .success(read)
        } catch {
            traces = .failure(PlaygroundError(field: "file", "recorded swipes unreadable: \(error)"))
        }
    }

    /// A swipe as the page posts it back: `{id, travel (px), samples: [{t (s), x (px), phase}]}`.
    struct Swipe: Encodable {
        struct Sample: Encodable {
            var t: Double
            var x: Double
            var phase: String
        }
        var id: String
        var travel: Double
        var samples: [Sample]
        var count: Int
    }

    /// A random trace (or the one at `index`, modulo the count).
    func swipe(index: Int?) throws(PlaygroundError) -> Swipe {
        let traces = try self.traces.get()
        let i = index.map { (($0 % traces.count) + traces.count) % traces.count } ?? Int.random(in: 0..<traces.count)
        let trace = traces[i]
        let origin = trace.samples.first?.time ?? 0
        return Swipe(
            id: trace.id, travel: trace.travel,
            samples: trace.samples.map { .init(t: $0.time - origin, x: $0.x, phase: $0.phase.rawValue) }, count: traces.count)
    }
}
