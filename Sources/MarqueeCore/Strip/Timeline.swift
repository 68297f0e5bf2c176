/// What the timeline needs to know about a content to swap it in at a safe place.
public protocol StripContent: AnyObject {
    var layout: CycleLayout { get }
}

/// Which way the text moves across the window.
public enum ScrollDirection: String, Sendable, CaseIterable {
    /// Text moves right to left (the usual ticker); new text enters at the right edge.
    case left
    /// Text moves left to right; new text enters at the left edge.
    case right
}

/// A stretch of the strip showing one content, repeated from `anchor` in both directions.
public struct StripSegment<Content: StripContent> {
    /// Strip positions `[lower, upper)` this segment covers; `Int.min`/`Int.max` for open ends.
    public var lower: Int
    public var upper: Int
    /// A strip position where a cycle of the content begins.
    public var anchor: Int
    public var content: Content
    /// True when the segment was cut in at an arbitrary place and so starts with a separator.
    var leadsWithSeparator: Bool
}

/// The endless strip as a sequence of contents along the scroll axis.
///
/// Content changes never touch what is on screen: the new content becomes a new segment that
/// begins where the old one is not yet visible (at the next message boundary past the entering
/// edge, or right at the edge when that boundary is far away). Segments that have scrolled out
/// are dropped, so only a handful exist at any time.
public struct StripTimeline<Content: StripContent> {
    public private(set) var segments: [StripSegment<Content>]

    /// A strip showing `content` everywhere, its first cycle beginning at `anchor`.
    public init(content: Content, anchor: Int = 0) {
        segments = [StripSegment(lower: .min, upper: .max, anchor: anchor, content: content, leadsWithSeparator: false)]
    }

    /// A strip that is empty before `start` and shows `content` from there on (text that enters
    /// from off-screen). For `.right`, the text ends at `start` and the strip is empty after it.
    public init(content: Content, enteringAt start: Int, direction: ScrollDirection) {
        switch direction {
        case .left:
            segments = [StripSegment(lower: start, upper: .max, anchor: start, content: content, leadsWithSeparator: false)]
        case .right:
            segments = [StripSegment(lower: .min, upper: start, anchor: start, content: content, leadsWithSeparator: false)]
        }
    }

    /// One copy of the content's text (no separator, no repetition) from `anchor`: bounce mode,
    /// and text that fits in overflow mode.
    public init(showingOnce content: Content, anchor: Int) {
        let layout = content.layout
        let textWidth = max(0, layout.width - layout.separatorWidth)
        segments = [StripSegment(lower: anchor, upper: anchor + textWidth, anchor: anchor, content: content, leadsWithSeparator: false)]
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

    /// Swaps in `content` where it is not visible yet.
    /// - Parameters:
    ///   - visible: the strip positions the window shows now.
    ///   - maxDeferral: how far past the entering edge a message boundary may be and still be
    ///     waited for; beyond it the old text is cut right at the edge.
    public mutating func swap(to content: Content, visible: Range<Int>, direction: ScrollDirection, maxDeferral: Int) {
        switch direction {
        case .left: swapEnteringRight(content, edge: visible.upperBound, maxDeferral: maxDeferral)
        case .right: swapEnteringLeft(content, edge: visible.lowerBound, maxDeferral: maxDeferral)
        }
    }

    private mutating func swapEnteringRight(_ content: Content, edge: Int, maxDeferral: Int) {
        var last = segments.removeLast()
        if last.lower >= edge {
            // Not on screen yet: the newer content simply takes its place.
            last.content = content
            last.anchor = Self.anchor(startingAt: last.lower, content, leadsWithSeparator: last.leadsWithSeparator)
            segments.append(last)
            return
        }
        var cut = edge
        var lead = true
        let layout = last.content.layout
        if layout.width > 0 {
            let local = edge - last.anchor
            let cycleStart = edge - StripGeometry.floorMod(local, layout.width)
            let within = edge - cycleStart
            let boundary = cycleStart + (layout.messageStart(atOrAfter: within) ?? layout.width)
            if boundary - edge <= maxDeferral {
                cut = boundary
                lead = false
            }
        } else {
            lead = false
        }
        last.upper = cut
        segments.append(last)
        segments.append(StripSegment(lower: cut, upper: .max,
                                     anchor: Self.anchor(startingAt: cut, content, leadsWithSeparator: lead),
                                     content: content, leadsWithSeparator: lead))
    }

    private mutating func swapEnteringLeft(_ content: Content, edge: Int, maxDeferral: Int) {
        var first = segments.removeFirst()
        if first.upper <= edge {
            first.content = content
            first.anchor = first.upper
            segments.insert(first, at: 0)
            return
        }
        var cut = edge
        let layout = first.content.layout
        if layout.width > 0 {
            let within = StripGeometry.floorMod(edge - first.anchor, layout.width)
            let boundary = edge - within + layout.messageStart(atOrBefore: within)
            if edge - boundary <= maxDeferral { cut = boundary }
        }
        first.lower = cut
        segments.insert(first, at: 0)
        // The new content's cycle ends (with its separator) exactly at the cut.
        segments.insert(StripSegment(lower: .min, upper: cut, anchor: cut, content: content, leadsWithSeparator: false), at: 0)
    }

    /// Where a content's cycles must be anchored so that it starts at `start`: at a message, or
    /// (after a cut at an arbitrary place) with its separator first, so the cut reads as a gap.
    private static func anchor(startingAt start: Int, _ content: Content, leadsWithSeparator: Bool) -> Int {
        let layout = content.layout
        guard leadsWithSeparator && layout.width > 0 else { return start }
        return start - (layout.width - layout.separatorWidth)
    }

    /// Drops segments that have scrolled out on the side the text leaves by, and lets the oldest
    /// remaining one extend to infinity there, so a window widened later shows text, not a gap.
    public mutating func prune(visible: Range<Int>, direction: ScrollDirection) {
        guard !showsOnce else { return }
        switch direction {
        case .left:
            while segments.count > 1 && segments[0].upper <= visible.lowerBound { segments.removeFirst() }
            if segments[0].lower <= visible.lowerBound { segments[0].lower = .min }
        case .right:
            while segments.count > 1 && segments[segments.count - 1].lower >= visible.upperBound { segments.removeLast() }
            if segments[segments.count - 1].upper >= visible.upperBound { segments[segments.count - 1].upper = .max }
        }
    }

    /// The content that will be shown next (the newest one).
    public func newest(direction: ScrollDirection) -> Content {
        direction == .left ? segments[segments.count - 1].content : segments[0].content
    }
}
