import MarqueeCore
import MarqueeFormats

/// How one feed's items are shown: prefixed with a title (`--feed-title`: the feed's own, or the
/// one its `[[feed]]` table gives), and in a colour of their own. Feed text is data: it is never
/// read as formatting; a colour is put around it as a tag, with every `%` in it written `%%`.
public struct FeedItemStyle: Equatable, Sendable {
    public enum Title: Equatable, Sendable {
        case none
        /// The title the feed gives itself.
        case feedOwn
        case given(String)
    }

    public var title: Title = .none
    /// `#rgb` or `#rrggbb`.
    public var colour: String?

    public init(title: Title = .none, colour: String? = nil) {
        self.title = title
        self.colour = colour
    }

    public func message(_ text: String, link: String, feedTitle: String?) -> Message {
        var shown = TextSanitizer.singleLine(text)
        let prefix: String?
        switch title {
        case .none: prefix = nil
        case .feedOwn: prefix = feedTitle.map(TextSanitizer.singleLine)
        case .given(let given): prefix = given
        }
        if let prefix, !prefix.isEmpty { shown = "\(prefix): \(shown)" }
        let link = link.isEmpty ? nil : link
        guard let colour else { return .data(shown, link: link) }
        return Message("%{F\(colour)}" + shown.split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%") + "%{F-}", link: link, markup: true)
    }
}
