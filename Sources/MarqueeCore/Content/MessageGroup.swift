/// One source's messages, in order (see `MessageBoard`). The layout keeps each group in a block of
/// its own, so an update from one source lays out that source's block and nothing else.
public struct MessageGroup: Sendable {
    /// Names the source ("file", "clock", a feed's address…); blocks are matched by it.
    public var source: String
    public var messages: [Message]

    public init(source: String, messages: [Message]) {
        self.source = source
        self.messages = messages
    }

    /// Whether `messages` is the very array another group holds (no element is compared): a
    /// source that did not change hands the board the same storage again.
    func holdsSameArray(as other: [Message]) -> Bool {
        messages.count == other.count && messages.withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
        }
    }
}
