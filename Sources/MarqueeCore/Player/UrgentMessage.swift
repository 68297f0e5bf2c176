/// A message from `ctl say` on its way in: shown once, at the next place it can enter.
public struct UrgentMessage: Equatable, Sendable {
    public let text: String
    /// Strip position the entering edge must pass for the message to have fully entered; nil
    /// until the content carrying it has been swapped in.
    public private(set) var clearEdge: Int?

    public init(text: String) { self.text = text }

    public var isEntering: Bool { clearEdge != nil }

    /// The content carrying the message has been swapped in as the newest segment: the message is
    /// its first (leftward text) or last (rightward) message, and it is clear once the entering
    /// edge has passed its end.
    public mutating func entered(_ segment: StripSegment<CycleContent>, direction: ScrollDirection) {
        let layout = segment.content.layout
        guard layout.width > 0 else { return }
        switch direction {
        case .left:
            let start = segment.anchor >= segment.lower ? segment.anchor : segment.anchor + layout.width
            clearEdge = start + (layout.messageStarts.count > 1 ? layout.messageStarts[1] : layout.width)
        case .right:
            clearEdge = segment.anchor - (layout.width - (layout.messageStarts.last ?? 0))
        }
    }

    /// Whether the window showing `visible` has let the whole message in.
    public func hasEntered(visible: Range<Int>, direction: ScrollDirection) -> Bool {
        guard let clearEdge else { return false }
        return direction == .left ? visible.upperBound >= clearEdge : visible.lowerBound <= clearEdge
    }
}
