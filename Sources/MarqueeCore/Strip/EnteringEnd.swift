/// The end of the strip that new text enters from, for one scroll direction: leftward text
/// enters at the right, so the newest segment is the last and its lower bound faces the older
/// ones; rightward text mirrors all of it. The timeline's swap is written once over this.
struct EnteringEnd {
    let direction: ScrollDirection

    /// The edge of the window `visible` where text comes in.
    func edge(of visible: Range<Int>) -> Int { direction == .left ? visible.upperBound : visible.lowerBound }

    func newest<Content>(of segments: [StripSegment<Content>]) -> StripSegment<Content>? {
        direction == .left ? segments.last : segments.first
    }

    func removeNewest<Content>(from segments: inout [StripSegment<Content>]) -> StripSegment<Content> {
        direction == .left ? segments.removeLast() : segments.removeFirst()
    }

    func append<Content>(_ segment: StripSegment<Content>, to segments: inout [StripSegment<Content>]) {
        if direction == .left { segments.append(segment) } else { segments.insert(segment, at: 0) }
    }

    /// The bound of `segment` that faces the older segments (where it begins, in reading order).
    func innerBound<Content>(of segment: StripSegment<Content>) -> Int {
        direction == .left ? segment.lower : segment.upper
    }

    /// The last strip position of the older text before `segment` begins.
    func firstPosition<Content>(of segment: StripSegment<Content>) -> Int {
        direction == .left ? segment.lower : segment.upper - 1
    }

    /// Whether `segment` begins beyond the entering edge: nothing of it has been shown.
    func isUnseen<Content>(_ segment: StripSegment<Content>, edge: Int) -> Bool {
        direction == .left ? segment.lower >= edge : segment.upper <= edge
    }

    /// Whether `stretch` reaches back over where `segment` begins.
    func stretch<Content>(_ stretch: Range<Int>, covers segment: StripSegment<Content>) -> Bool {
        direction == .left ? stretch.lowerBound <= segment.lower : stretch.upperBound >= segment.upper
    }

    /// `segment` cut off where newer text begins at `position`.
    func ending<Content>(_ segment: StripSegment<Content>, at position: Int) -> StripSegment<Content> {
        var segment = segment
        if direction == .left { segment.upper = position } else { segment.lower = position }
        return segment
    }

    /// A newest segment from `bound` on, open towards the entering side.
    func segment<Content>(from bound: Int, anchor: Int, content: Content) -> StripSegment<Content> {
        direction == .left ? StripSegment(lower: bound, upper: .max, anchor: anchor, content: content)
            : StripSegment(lower: .min, upper: bound, anchor: anchor, content: content)
    }
}
