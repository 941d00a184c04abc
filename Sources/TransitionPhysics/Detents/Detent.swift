/// A stop a transition settles at: an identity, and a size that the layout resolves to progress
/// (UIKit's `UISheetPresentationController.Detent`, SwiftUI's `PresentationDetent`,
/// FloatingPanel's states, Compose's anchors).
///
/// A size is a fraction of the travel, a length in points, or what the app's resolver says for
/// the layout (its travel and content length, `DetentLayout`); a resolver that returns nil, or a
/// length that does not fit in the travel, makes the detent inactive in that layout (UIKit's `.custom` resolver returning nil): releases,
/// stepping and the veto skip it. The driver resolves its detents at every layout change
/// (`InteractiveTransition.updateLayout(travel:contentLength:detents:at:)`), so a 200 pt detent
/// stays 200 pt through a rotation or a keyboard.
///
/// Fractions stay one line to write: a number literal is the fraction detent named by that
/// number, so `transition.detents = [0, 0.5, 1]` is the fraction detents 0, 0.5 and 1, and `release.detent == 0.5`
/// compares with the fraction detent 0.5's identity.
///
/// ```swift
/// let peek = Detent.points(200, id: "peek")
/// let content = Detent.custom(id: "content") { layout in layout.contentLength.map { $0 + 34 } }
/// sheet.detents = [0, peek, content, 1]
/// ```
public struct Detent: Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A detent's identity: what releases, events, `currentDetent(at:)`, stepping and the veto
    /// name. A string (`"peek"`), or a number literal for the fraction detent of that number.
    public struct ID: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
        CustomStringConvertible
    {
        /// The identity's text: the app's name, or a fraction detent's number (`0.5`).
        public var rawValue: String
        /// An identity named `value`.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The identity of the fraction detent `value` (its number as text, `0.5`).
        public init(floatLiteral value: Double) { self.rawValue = "\(value)" }
        /// The identity of the fraction detent `value` (`1` is `1.0`).
        public init(integerLiteral value: Int) { self.rawValue = "\(Double(value))" }
        /// The identity's text.
        public var description: String { rawValue }
    }

    /// How a detent's position follows the layout.
    package enum Size: Sendable {
        /// A fraction of the travel (progress): 0 closed, 1 the travel's end.
        case fraction(Double)
        /// A length in points along the axis from progress 0: a sheet's height.
        case points(Double)
        /// A length in points from the app's resolver for a layout, or nil: inactive there.
        case custom(@Sendable (DetentLayout) -> Double?)
    }

    /// The detent's identity.
    public var id: ID
    /// How its position follows the layout.
    package var size: Size

    /// A detent named `id` of `size`.
    package init(id: ID, size: Size) {
        self.id = id
        self.size = size
    }

    /// The detent at `fraction` of the travel, named by `id` (by default the fraction's number).
    public static func fraction(_ fraction: Double, id: ID? = nil) -> Detent {
        Detent(id: id ?? ID(floatLiteral: fraction), size: .fraction(fraction))
    }

    /// The detent `points` from progress 0 along the axis (a sheet `points` tall), named `id`.
    public static func points(_ points: Double, id: ID) -> Detent { Detent(id: id, size: .points(points)) }

    /// A detent whose length in points `resolver` gives for each layout (nil: inactive there),
    /// named `id`: sized by content (`layout.contentLength`), or by anything the app knows.
    public static func custom(id: ID, resolver: @escaping @Sendable (DetentLayout) -> Double?) -> Detent {
        Detent(id: id, size: .custom(resolver))
    }

    /// The fraction detent `value`.
    public init(floatLiteral value: Double) { self = .fraction(value) }
    /// The fraction detent `value` (0 or 1, usually).
    public init(integerLiteral value: Int) { self = .fraction(Double(value)) }

    /// Its progress in `layout`, or nil when it is inactive there: a fraction as it is; a length
    /// in points over the travel, inactive outside 0...travel (a sheet cannot be taller than its
    /// travel, nor less than closed); a value that is not finite is inactive.
    /// With a keyboard (`layout.keyboardHeight` above 0), a detent above closed is lifted by the
    /// keyboard's height so the sheet shows the same above it, and one lifted past the travel's
    /// end is at the end (1).
    package func progress(in layout: DetentLayout) -> Double? {
        let progress: Double?
        switch size {
        case .fraction(let fraction): progress = fraction.isFinite ? fraction : nil
        case .points(let points): progress = points / layout.travel
        case .custom(let resolver): progress = resolver(layout).map { $0 / layout.travel }
        }
        guard let progress, progress.isFinite, (0...1).contains(progress) else { return nil }
        guard layout.keyboardHeight > 0, progress > 0 else { return progress }
        return min(1, progress + layout.keyboardHeight / layout.travel)
    }
}

/// What a detent's size is resolved against: the travel and, when the app reports it, the
/// content's length (`InteractiveTransition.updateLayout(travel:contentLength:detents:at:)`).
public struct DetentLayout: Hashable, Sendable {
    /// The travel, points: progress 1.
    public var travel: Double
    /// The content's length along the axis, points, as the app last reported it; nil until then.
    public var contentLength: Double?
    /// The height of the keyboard over the travel's start, points (0: none), under
    /// `KeyboardPolicy.liftsDetents` (`InteractiveTransition.updateKeyboard(height:duration:curve:at:)`):
    /// every detent above closed is lifted by it.
    public var keyboardHeight: Double

    /// A layout of `travel` points with content `contentLength` points long (nil: not reported)
    /// and a keyboard `keyboardHeight` points high.
    package init(travel: Double, contentLength: Double? = nil, keyboardHeight: Double = 0) {
        self.travel = travel
        self.contentLength = contentLength
        self.keyboardHeight = keyboardHeight
    }
}

/// A detent resolved in a layout: its identity and its progress there.
public struct ResolvedDetent: Hashable, Sendable {
    /// The detent's identity.
    public var id: Detent.ID
    /// Its progress in the layout it was resolved in.
    public var progress: Double

    /// The detent `id` at `progress`.
    package init(id: Detent.ID, progress: Double) {
        self.id = id
        self.progress = progress
    }

    /// `0.5` for the fraction detent 0.5; `peek at 0.25` otherwise (for event descriptions).
    package var description: String {
        id == Detent.ID(floatLiteral: progress) ? id.rawValue : "\(id) at \(progress)"
    }

    /// The active detents of `detents` in `layout`, ascending by progress; of detents that
    /// resolve to one progress the first given is kept (the others are merged into it). Never
    /// empty: when none is active, a fraction detent 0 (`0.0`) stands in, where a transition
    /// rests before anything begins.
    package static func resolve(_ detents: [Detent], in layout: DetentLayout) -> [ResolvedDetent] {
        var resolved: [ResolvedDetent] = []
        for detent in detents {
            guard let progress = detent.progress(in: layout), !resolved.contains(where: { $0.progress == progress || $0.id == detent.id }) else {
                continue
            }
            resolved.append(ResolvedDetent(id: detent.id, progress: progress))
        }
        if resolved.isEmpty { return [ResolvedDetent(id: 0, progress: 0)] }
        return resolved.sorted { $0.progress < $1.progress }
    }
}
