/// The endless strip as a sequence of contents along the scroll axis.
///
/// Content changes never touch what is on screen: the new content becomes a new segment that
/// begins where the old one is not yet visible (`StripSeam`: inside the message crossing the
/// entering edge when that message is unchanged, else at the next message boundary, or right at
/// the edge when that boundary is far away). Segments that have scrolled out are dropped, so
/// only a handful exist at any time.
public struct StripTimeline<Content: StripContent> {
    public private(set) var segments: [StripSegment<Content>] {
        didSet { stamp = Self.newStamp() }
    }
    /// Changes with every change of the segments, and differs between timelines made apart: two
    /// equal stamps mean the same strip, so a picture of it (a ribbon) need not be checked piece
    /// by piece. Random 64 bits, not a counter, because timelines are values made anywhere.
    public private(set) var stamp = Self.newStamp()

    private static func newStamp() -> UInt64 { UInt64.random(in: .min ... .max) }

    /// A strip showing `content` everywhere, its first cycle beginning at `anchor`.
    public init(content: Content, anchor: Int = 0) {
        segments = [StripSegment(lower: .min, upper: .max, anchor: anchor, content: content)]
    }

    /// A strip that is empty before `start` and shows `content` from there on (text that enters
    /// from off-screen). For `.right`, the text ends at `start` and the strip is empty after it.
    public init(content: Content, enteringAt start: Int, direction: ScrollDirection) {
        switch direction {
        case .left:
            segments = [StripSegment(lower: start, upper: .max, anchor: start, content: content)]
        case .right:
            segments = [StripSegment(lower: .min, upper: start, anchor: start, content: content)]
        }
    }

    /// One copy of the content's text (no separator, no repetition) from `anchor`: bounce mode,
    /// and text that fits in overflow mode.
    public init(showingOnce content: Content, anchor: Int) {
        let layout = content.layout
        let textWidth = max(0, layout.width - layout.separatorWidth)
        segments = [StripSegment(lower: anchor, upper: anchor + textWidth, anchor: anchor, content: content)]
        showsOnce = true
    }

    /// True for a single copy: nothing to swap at an edge, nothing to prune.
    public private(set) var showsOnce = false

    /// Replaces everything with `content` at once: used when nothing moves (speed 0), where
    /// there is no entering edge to wait for.
    public mutating func reset(to content: Content, anchor: Int) {
        self = StripTimeline(content: content, anchor: anchor)
    }

    /// The segment pieces that cover `visible`, in ascending strip order.
    public func pieces(in visible: Range<Int>) -> [(range: Range<Int>, segment: StripSegment<Content>)] {
        var result: [(range: Range<Int>, segment: StripSegment<Content>)] = []
        for segment in segments {
            let lower = max(segment.lower, visible.lowerBound)
            let upper = min(segment.upper, visible.upperBound)
            if lower < upper { result.append((lower..<upper, segment)) }
        }
        return result
    }

    /// Puts `content` in place of every content laid out exactly like it (the same cycle width,
    /// separator and padding, every message at the same place), keeping each segment's anchor:
    /// nothing moves, and only the text that changed changes where it stands. A clock's digits
    /// (equal widths in most fonts) tick in view this way instead of waiting for the next pass.
    /// Returns false, changing nothing, unless every segment's content is laid out alike (a seam
    /// may fall inside a message, and both sides of it must change together).
    public mutating func updateInPlace(to content: Content) -> Bool {
        let layout = content.layout
        guard !showsOnce, segments.allSatisfy({ $0.content.layout.hasSamePlaces(as: layout) }) else { return false }
        for index in segments.indices { segments[index].content = content }
        return true
    }

    /// Swaps in `content` where it is not visible yet (see `StripSeam` for where exactly).
    /// - Parameters:
    ///   - visible: the strip positions the window shows now.
    ///   - maxDeferral: how far past the entering edge a message boundary may be and still be
    ///     waited for; beyond it the old text is cut right at the edge.
    ///   - continuing: false when the new content must begin with its first message (an urgent
    ///     one), rather than carry on with the message crossing the edge.
    public mutating func swap(to content: Content, visible: Range<Int>, direction: ScrollDirection, maxDeferral: Int,
                              continuing: Bool = true) {
        let end = EnteringEnd(direction: direction)
        let edge = end.edge(of: visible)
        var newest = end.removeNewest(from: &segments)
        if end.isUnseen(newest, edge: edge) {
            // Not on screen yet: the newer content takes its place, aligned like it where it has
            // the same message there (an urgent one still on its way keeps its place), else joined
            // to what precedes it at the same seam (or, entering from off-screen, starting there).
            let start = end.innerBound(of: newest)
            if continuing, let seam = StripSeam.continuation(old: newest.content.layout, oldAnchor: newest.anchor,
                                                             new: content.layout, at: end.firstPosition(of: newest)) {
                newest.anchor = seam.anchor
            } else if let previous = end.newest(of: segments) {
                newest.anchor = StripSeam.joining(old: previous.content.layout, oldAnchor: previous.anchor, new: content.layout,
                                                  edge: start, direction: direction, maxDeferral: 0,
                                                  continuing: continuing).anchor
            } else {
                newest.anchor = start
            }
            newest.content = content
            end.append(newest, to: &segments)
            return
        }
        let seam = StripSeam.joining(old: newest.content.layout, oldAnchor: newest.anchor, new: content.layout, edge: edge,
                                     direction: direction, maxDeferral: maxDeferral, continuing: continuing)
        if let stretch = seam.continuedStretch, end.stretch(stretch, covers: newest) {
            // All of the old segment lies inside the message that carries on, where the new
            // content draws the same pixels: it takes the segment over, so a clock ticking
            // beside a long message does not pile up a segment a second.
            end.append(end.segment(from: end.innerBound(of: newest), anchor: seam.anchor, content: content), to: &segments)
            return
        }
        end.append(end.ending(newest, at: seam.position), to: &segments)
        end.append(end.segment(from: seam.position, anchor: seam.anchor, content: content), to: &segments)
    }

    /// Drops segments that have scrolled out on the side the text leaves by, and lets the oldest
    /// remaining one extend to infinity there, so a window widened later shows text, not a gap.
    public mutating func prune(visible: Range<Int>, direction: ScrollDirection) {
        guard !showsOnce else { return }
        switch direction {
        case .left:
            while segments.count > 1 && segments[0].upper <= visible.lowerBound { segments.removeFirst() }
            // Written only when it changes: a write would copy the segments on every frame.
            if segments[0].lower != .min && segments[0].lower <= visible.lowerBound { segments[0].lower = .min }
        case .right:
            while segments.count > 1 && segments[segments.count - 1].lower >= visible.upperBound { segments.removeLast() }
            let last = segments.count - 1
            if segments[last].upper != .max && segments[last].upper >= visible.upperBound { segments[last].upper = .max }
        }
    }

    /// The content that will be shown next (the newest one).
    public func newest(direction: ScrollDirection) -> Content { newestSegment(direction: direction).content }

    /// The segment on the side the text enters from: the newest content and where its cycles lie.
    public func newestSegment(direction: ScrollDirection) -> StripSegment<Content> {
        // Never empty: every initializer makes a segment and a swap puts back what it takes.
        EnteringEnd(direction: direction).newest(of: segments) ?? segments[0]
    }

    /// The segment showing strip position `position` and how far into its content's cycle that
    /// position lies; nil where nothing is shown there or the content is empty.
    public func locate(_ position: Int) -> (segment: StripSegment<Content>, offset: Int)? {
        guard let segment = segments.first(where: { $0.lower <= position && position < $0.upper }) else { return nil }
        let cycle = segment.content.layout.width
        guard cycle > 0 else { return nil }
        return (segment, StripGeometry.floorMod(position - segment.anchor, cycle))
    }
}
