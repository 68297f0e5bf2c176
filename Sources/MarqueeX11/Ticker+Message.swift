import MarqueeCore

extension Ticker {
    /// Messages with their links: the texts are laid out as with `setMessages([String])`. The
    /// links stay with the caller's `MessageBoard` (`entries`) until click-to-open needs them.
    public func setMessages(_ messages: [Message]) {
        setMessages(messages.map(\.text))
    }
}
