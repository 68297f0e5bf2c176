/// What shapes a cycle besides the messages: the separator after each message, the padding
/// around each message's text (inside its capsule), and whether inline formatting is read.
public struct LayoutSettings: Equatable, Sendable {
    /// Follows every message, the last included (the cycle wraps to the first). Inline
    /// formatting applies here too: `%{F#888} • ` is a grey bullet.
    public var separator: String
    /// Pixels before and after each message's text.
    public var padding: Int
    /// False (`--markup off`): every `%` is text, in every message.
    public var interpretsMarkup: Bool

    public init(separator: String, padding: Int = 0, interpretsMarkup: Bool = true) {
        self.separator = separator
        self.padding = max(0, padding)
        self.interpretsMarkup = interpretsMarkup
    }
}
