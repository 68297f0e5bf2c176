/// The copies that put a stretch of the strip on screen: what a frame draws into the window, and
/// what a ribbon wider than the window holds.
extension StripTimeline where Content == CycleContent {
    /// Appends the copies that fill columns `0..<range.count` with strip positions `range`, left
    /// to right, every column exactly once: tile pieces, the background where no text is.
    public func copies(covering range: Range<Int>, into copies: inout [FrameCopy]) {
        var covered = range.lowerBound
        func background(_ lower: Int, _ upper: Int) {
            copies.append(FrameCopy(content: nil, tile: 0, sourceX: 0, destinationX: lower - range.lowerBound, width: upper - lower))
        }
        for segment in segments {
            let lower = max(segment.lower, range.lowerBound), upper = min(segment.upper, range.upperBound)
            guard lower < upper else { continue }
            if lower > covered { background(covered, lower) }
            let content = segment.content
            if content.unitWidth == 0 {
                background(lower, upper)
            } else {
                StripGeometry.blits(stripRange: lower..<upper, destinationX: lower - range.lowerBound, anchor: segment.anchor,
                                    unitWidth: content.unitWidth) { blit in
                    copies.append(FrameCopy(content: content, tile: blit.tile, sourceX: blit.sourceX,
                                            destinationX: blit.destinationX, width: blit.width))
                }
            }
            covered = upper
        }
        if covered < range.upperBound { background(covered, range.upperBound) }
    }
}
