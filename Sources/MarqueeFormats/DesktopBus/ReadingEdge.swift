/// What is at the ticker's reading edge: the message's visible text (nil: none), and whether it
/// is the ticker's only message, which never leaves the edge (its pass cannot end).
public struct ReadingEdge: Equatable, Sendable {
    public var text: String?
    public var isOnlyMessage: Bool

    public init(text: String?, isOnlyMessage: Bool = false) {
        self.text = text
        self.isOnlyMessage = isOnlyMessage
    }
}
