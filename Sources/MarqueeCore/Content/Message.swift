/// One message on the ticker: the text to draw and, where its source has one (a feed item),
/// the address it points to. The link is kept for a later click-to-open; it is only ever
/// data handed to an opener as one argument, never text for a shell.
public struct Message: Equatable, Sendable {
    public var text: String
    public var link: String?

    public init(_ text: String, link: String? = nil) {
        self.text = text
        self.link = link
    }
}
