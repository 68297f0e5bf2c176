/// The stretches of the strip over a range, and the copies that put them on screen: what a frame
/// draws into the window, what a ribbon wider than the window holds, and what it was painted from.
extension StripTimeline where Content == CycleContent {
    /// Walks strip positions `range` left to right, stretch by stretch: each segment's part with
    /// its segment, or nil where only the background shows (between segments, or a content with
    /// nothing to draw). `body` returns false to stop; the result says whether the walk ended.
    @discardableResult
    public func forEachStretch(in range: Range<Int>, _ body: (Range<Int>, StripSegment<Content>?) -> Bool) -> Bool {
        var covered = range.lowerBound
        for segment in segments {
            let lower = max(segment.lower, range.lowerBound), upper = min(segment.upper, range.upperBound)
            guard lower < upper else { continue }
            if lower > covered && !body(covered..<lower, nil) { return false }
            guard body(lower..<upper, segment.content.unitWidth > 0 ? segment : nil) else { return false }
            covered = upper
        }
        return covered >= range.upperBound || body(covered..<range.upperBound, nil)
    }

    /// Appends the copies that fill columns `0..<range.count` with strip positions `range`, left
    /// to right, every column exactly once: tile pieces, the background where no text is.
    public func copies(covering range: Range<Int>, into copies: inout [FrameCopy]) {
        forEachStretch(in: range) { stretch, segment in
            let destination = stretch.lowerBound - range.lowerBound
            // No text (a segment of empty content: every source withdrew its messages) is background.
            guard let segment, segment.content.unitWidth > 0 else {
                copies.append(FrameCopy(content: nil, tile: 0, sourceX: 0, destinationX: destination, width: stretch.count))
                return true
            }
            let content = segment.content
            StripGeometry.blits(stripRange: stretch, destinationX: destination, anchor: segment.anchor,
                                unitWidth: content.unitWidth) { blit in
                copies.append(FrameCopy(content: content, tile: blit.tile, sourceX: blit.sourceX,
                                        destinationX: blit.destinationX, width: blit.width))
            }
            return true
        }
    }
}
