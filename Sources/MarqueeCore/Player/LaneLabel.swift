/// The fixed label at the start edge of a lane (`--label`): text that stands still, in its own
/// colours, with the crawl running beside it. A clock's label (a strftime form) is formatted by
/// the app; this is what stands now. A label belongs with a lane's settings, not the window's:
/// the backend shows it on a surface of its own, drawn once per text, and the crawl's width is
/// the lane's minus the label's.
public struct LaneLabel: Equatable, Sendable {
    public var text: String
    public var foreground: RGBAColor
    public var background: RGBAColor

    public init(text: String, foreground: RGBAColor, background: RGBAColor) {
        self.text = text
        self.foreground = foreground
        self.background = background
    }

    /// What a screen reader reads as the lane's name: the label, then the message beside it
    /// ("BREAKING: Markets rally"), as a viewer reads the screen.
    public func accessibleName(message: String?) -> String {
        guard let message, !message.isEmpty else { return text }
        return text.isEmpty ? message : "\(text): \(message)"
    }

    /// Whether a label's `format` holds a strftime conversion other than `%%`: a clock, which
    /// ticks; plain text arms no timer.
    public static func ticks(_ format: String) -> Bool {
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { continue }
            guard let conversion = characters.next() else { return false }
            if conversion != "%" { return true }
        }
        return false
    }

    /// The label's side margins in pixels for a font of `fontHeight`: half the font's height
    /// each side, like an item box's padding.
    public static func padding(fontHeight: Int) -> Int { max(2, fontHeight / 2) }
}
