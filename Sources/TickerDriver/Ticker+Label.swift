import MarqueeCore
import MarqueeIO

extension Ticker {
    /// Shows `newLabel` beside the crawl (nil: none) where the display can (`LabelHost`); the
    /// same label again changes nothing, so a clock's label costs a drawing only when its text
    /// changes. A new width comes back as the crawl's `.resized`.
    public func setLabel(_ newLabel: LaneLabel?) {
        guard newLabel != label else { return }
        guard let host = backend as? LabelHost else {
            // Said once, never dropped silently; the screen reader still hears it.
            if label == nil { Diagnostics.warn("--label: this display cannot show a label yet") }
            label = newLabel
            return
        }
        label = newLabel
        host.showLabel(newLabel)
    }

    /// What a screen reader reads as the ticker's name: the label and the message at the
    /// reading edge ("BREAKING: Markets rally").
    public var accessibleName: String? {
        guard let label else { return messageOnScreen }
        return label.accessibleName(message: messageOnScreen)
    }
}
