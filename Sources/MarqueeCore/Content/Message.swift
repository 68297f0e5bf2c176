/// One message on the ticker: the text to draw and, where its source has one (a feed item),
/// the address it points to. The link is kept for a later click-to-open; it is only ever
/// data handed to an opener as one argument, never text for a shell.
public struct Message: Equatable, Sendable {
    public var text: String
    public var link: String?
    /// Whether inline formatting (`%{F#f00}`…) in the text is interpreted: true for what the user
    /// writes (arguments, files, commands, schedules, the clock), false for text that is data
    /// from elsewhere (feed items), which is always shown exactly as it came.
    public var markup: Bool
    /// Drawn with tabular digits: a clock, whose width must not change from one second to the next.
    public var tabularDigits: Bool

    public init(_ text: String, link: String? = nil, markup: Bool = true, tabularDigits: Bool = false) {
        self.text = text
        self.link = link
        self.markup = markup
        self.tabularDigits = tabularDigits
    }

    /// Text from outside (a feed item): never interpreted as formatting.
    public static func data(_ text: String, link: String? = nil) -> Message {
        Message(text, link: link, markup: false)
    }
}
