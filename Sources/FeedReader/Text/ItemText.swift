/// The message a feed item becomes: its title, or with descriptions "title — description",
/// the description cut at a word boundary so one item cannot fill the whole strip.
public enum ItemText {
    public static let descriptionLimit = 280

    public static func message(for item: ParsedFeed.Item, withDescription: Bool) -> String {
        guard withDescription, !item.description.isEmpty, item.description != item.title else {
            return item.title.isEmpty ? shortened(item.description) : item.title
        }
        let description = shortened(item.description)
        return item.title.isEmpty ? description : "\(item.title) — \(description)"
    }

    static func shortened(_ text: String) -> String {
        guard text.count > descriptionLimit else { return text }
        let cut = text.prefix(descriptionLimit)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord + "…"
    }
}
