/// What a stretch of the strip shows, as far as its pixels go: each piece's content and where its
/// unit is anchored, or the background. A ribbon (pixels painted once for more than the window)
/// keeps the extent it was painted from; a later frame may show it as long as the timeline still
/// shows the same pixels over the frame's range. A swap or an urgent message beyond the window
/// changes the timeline there, and the ribbon is painted again when the frame reaches it.
public struct StripExtent: Equatable, Sendable {
    public struct Piece: Equatable, Sendable {
        var lower: Int
        var upper: Int
        /// The content's id; nil for the background.
        var content: UInt64?
        /// The anchor within the content's unit (a unit repeats, so only this counts).
        var phase: Int

        init(_ stretch: Range<Int>, _ segment: StripSegment<CycleContent>?) {
            lower = stretch.lowerBound
            upper = stretch.upperBound
            content = segment?.content.id
            phase = segment.map { StripGeometry.floorMod($0.anchor, $0.content.unitWidth) } ?? 0
        }
    }

    public let range: Range<Int>
    private(set) var pieces: [Piece] = []
    /// The stamp of the timeline it holds the pixels of (nil: no timeline).
    public private(set) var stamp: UInt64?

    public init(_ timeline: StripTimeline<CycleContent>?, range: Range<Int>) {
        self.range = range
        stamp = timeline?.stamp
        Self.walk(timeline, range) { stretch, segment in
            pieces.append(Piece(stretch, segment))
            return true
        }
    }

    /// Whether `range` of `timeline` shows exactly what this extent holds there. Asked every
    /// frame: a comparison of stamps while the strip is the one painted, else one pass over the
    /// segments in view, no allocation. A changed strip that still matches over the whole extent
    /// (a pruned segment, a change beyond it) gives its stamp to the extent.
    public mutating func shows(_ timeline: StripTimeline<CycleContent>?, range visible: Range<Int>) -> Bool {
        guard range.lowerBound <= visible.lowerBound && visible.upperBound <= range.upperBound else { return false }
        if let stamp, stamp == timeline?.stamp { return true }
        guard holds(timeline, over: visible) else { return false }
        if holds(timeline, over: range) { stamp = timeline?.stamp }
        return true
    }

    /// The columns of `other` (strip positions) that this extent holds as `timeline` shows them:
    /// the two ranges' overlap when all of it matches, else nil. What a ribbon painted before can
    /// give one painted now for `other`, instead of painting those columns again.
    public func sharedColumns(with timeline: StripTimeline<CycleContent>?, over other: Range<Int>) -> Range<Int>? {
        let lower = max(range.lowerBound, other.lowerBound), upper = min(range.upperBound, other.upperBound)
        guard lower < upper else { return nil }
        let shared = lower..<upper
        if let stamp, stamp == timeline?.stamp { return shared }
        return holds(timeline, over: shared) ? shared : nil
    }

    private func holds(_ timeline: StripTimeline<CycleContent>?, over visible: Range<Int>) -> Bool {
        var index = 0
        return Self.walk(timeline, visible) { stretch, segment in
            let shown = Piece(stretch, segment)
            while index < pieces.count && pieces[index].upper <= shown.lower { index += 1 }
            var position = shown.lower
            while position < shown.upper {
                guard index < pieces.count, pieces[index].lower <= position, pieces[index].content == shown.content,
                      pieces[index].phase == shown.phase else { return false }
                position = pieces[index].upper
                if position < shown.upper { index += 1 }
            }
            return true
        }
    }

    /// The timeline's stretches over `range`; all background without a timeline.
    @discardableResult
    private static func walk(_ timeline: StripTimeline<CycleContent>?, _ range: Range<Int>,
                             _ body: (Range<Int>, StripSegment<CycleContent>?) -> Bool) -> Bool {
        guard let timeline else { return body(range, nil) }
        return timeline.forEachStretch(in: range, body)
    }
}
