/// The strip and the window onto it: the timeline of contents, the window's width, and where the
/// last frame showed it (whole pixel and sub-pixel phase). Content comes and goes here without
/// moving what is on screen (see `StripTimeline`).
public struct StripView {
    public private(set) var timeline: StripTimeline<CycleContent>?
    public private(set) var width: Int
    /// Strip position of the window's left edge in the last frame planned.
    public private(set) var position = 0
    /// The sub-pixel phase of that frame (0..<`SubpixelGrid.steps`): the text stood
    /// `phase` / steps px further on.
    public private(set) var phase = 0

    public init(width: Int) { self.width = width }

    public var visibleRange: Range<Int> { position..<(position + width) }

    /// Whether any content with text is on the strip (an empty text needs no frames).
    var hasText: Bool { timeline?.segments.contains { $0.content.unitWidth > 0 } ?? false }

    /// The frame showing the strip from `position` at `phase`; segments scrolled out are dropped first.
    mutating func show(at position: Int, phase: Int, direction: ScrollDirection) -> FramePlan {
        self.position = position
        self.phase = phase
        // Pruned in place: a copy taken out and written back would copy the segments each frame.
        let visible = visibleRange
        timeline?.prune(visible: visible, direction: direction)
        return still(direction: direction)
    }

    /// The window at `point`, where a frame shown without a plan put it (a batch's later frame).
    mutating func catchUp(to point: (pixel: Int, phase: Int), direction: ScrollDirection) {
        guard point.pixel != position || point.phase != phase else { return }
        _ = show(at: point.pixel, phase: point.phase, direction: direction)
    }

    /// The window at the last position shown.
    func still(direction: ScrollDirection) -> FramePlan {
        FramePlan(position: position, phase: phase, width: width, demand: .none, direction: direction, strip: timeline)
    }

    /// Moves the window to where the motion puts the text, without a frame (a new motion's start).
    mutating func place(at point: (pixel: Int, phase: Int)) { (position, phase) = point }

    /// A new window width; false when it is the one it had.
    mutating func resize(width newWidth: Int) -> Bool {
        guard newWidth != width else { return false }
        width = newWidth
        return true
    }

    // MARK: Content

    /// A whole new strip (the first content, a single copy, a loop started afresh).
    mutating func replace(with newTimeline: StripTimeline<CycleContent>) { timeline = newTimeline }

    /// `content` everywhere at once, its cycle starting at the window's left edge (nothing moves,
    /// or a new font: the old text cannot be painted any more).
    mutating func reset(to content: CycleContent) { timeline?.reset(to: content, anchor: position) }

    /// `content` in place of the text laid out exactly like it (a clock's next second); false when
    /// it is not laid out alike.
    mutating func updateInPlace(to content: CycleContent) -> Bool { timeline?.updateInPlace(to: content) ?? false }

    /// `content` swapped in where nothing is visible yet; returns the newest segment (it carries
    /// the content). Two window widths is a short wait at any useful speed; past it, a long message
    /// is cut at the entering edge rather than holding the new text back for minutes.
    mutating func swap(to content: CycleContent, direction: ScrollDirection, continuing: Bool) -> StripSegment<CycleContent>? {
        let (visible, deferral) = (visibleRange, 2 * width)
        timeline?.swap(to: content, visible: visible, direction: direction, maxDeferral: deferral, continuing: continuing)
        return timeline?.newestSegment(direction: direction)
    }

    /// Keeps only the newest content, in its own phase: pending swaps were placed on the entering
    /// edge of `direction`, which is about to change.
    mutating func keepNewest(direction: ScrollDirection) {
        guard var current = timeline, !current.showsOnce else { return }
        let newest = current.newestSegment(direction: direction)
        current.reset(to: newest.content, anchor: newest.anchor)
        timeline = current
    }

    // MARK: Reading

    /// How far the text must move for the next message to start at the edge it is read from.
    /// Leftward text: the one after the current, to the right. Rightward text reads from the left:
    /// the current message's start comes to the edge, or, when it is there already, the one
    /// before it (wrapping to the previous cycle). Nil for a single copy.
    func distanceToNextMessage(direction: ScrollDirection) -> Int? {
        guard let timeline, !timeline.showsOnce, let (segment, within) = timeline.locate(position) else { return nil }
        let layout = segment.content.layout
        let starts = layout.messageStarts
        let current = layout.messageIndex(containing: within)
        switch direction {
        case .left:
            return (current + 1 < starts.count ? starts[current + 1] : layout.width) - within
        case .right:
            let previous = current > 0 ? starts[current - 1] : starts[starts.count - 1] - layout.width
            return (within > starts[current] ? starts[current] : previous) - within
        }
    }

    /// The link of the text under window column `x`, if it has one (not its separator).
    public func link(atWindowX x: Int) -> String? {
        guard let (segment, offset) = timeline?.locate(position + x) else { return nil }
        return segment.content.layout.link(at: offset)
    }

    /// The layout on show at the edge the text is read from (with the window's left edge at
    /// `shown`: where the last frame planned put it) and the number of its message there.
    func messageAtReadingEdge(direction: ScrollDirection, position shown: Int? = nil) -> (layout: CycleLayout, index: Int)? {
        let position = shown ?? position
        let edge = direction == .left ? position : position + width - 1
        guard let (segment, offset) = timeline?.locate(edge), !segment.content.layout.messageStarts.isEmpty else { return nil }
        let layout = segment.content.layout
        return (layout, layout.messageIndex(containing: offset))
    }

    /// The text (tags removed) of the message at the reading edge in the layout on show: new
    /// messages may not have reached the screen yet.
    func textAtReadingEdge(direction: ScrollDirection, interpretingMarkup: Bool, position: Int? = nil) -> String? {
        guard let (layout, index) = messageAtReadingEdge(direction: direction, position: position),
              (0..<layout.messageCount).contains(index) else { return nil }
        return layout.message(at: index).visibleText(interpretingMarkup: interpretingMarkup, limit: Announcement.textLimit)
    }

    /// The number of the message at the reading edge when the layout on show holds all `count`
    /// messages (nil when it holds others: a page, or text laid out before the last change).
    func messageIndex(atReadingEdge direction: ScrollDirection, of count: Int) -> Int? {
        guard let (layout, index) = messageAtReadingEdge(direction: direction), layout.messageStarts.count == count else { return nil }
        return index
    }
}
