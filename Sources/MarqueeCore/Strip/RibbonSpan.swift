/// How far a ribbon — the strip painted once for more than the window, at one sub-pixel phase,
/// shown from at an offset frame after frame — reaches: the window and `margin` columns more,
/// `behind` of them on the side the text leaves (a small step back, a bounce or a drag, needs no
/// repaint), the rest ahead where it enters. Both backends' ribbons are cut this way.
public struct RibbonSpan: Equatable, Sendable {
    /// Columns kept behind the view.
    public static let behind = 64
    public let margin: Int

    public init(margin: Int) {
        self.margin = margin
    }

    /// A ribbon's width for a window `windowWidth` wide.
    public func width(window windowWidth: Int) -> Int { windowWidth + margin }

    /// The strip range to paint for `plan`, the margin ahead of the text's motion.
    public func range(for plan: FramePlan) -> Range<Int> {
        range(at: plan.position, window: plan.width, direction: plan.direction)
    }

    /// The strip range to paint for a window `windowWidth` wide at strip position `position`.
    public func range(at position: Int, window windowWidth: Int, direction: ScrollDirection) -> Range<Int> {
        let width = width(window: windowWidth)
        let start = direction == .left ? position - Self.behind : position + windowWidth + Self.behind - width
        return start..<(start + width)
    }
}
