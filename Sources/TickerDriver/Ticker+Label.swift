import MarqueeCore
import MarqueeFormats
import MarqueeIO

extension Ticker {
    /// Shows `newLabel` beside lane `index`'s crawl (nil: none) where the display can
    /// (`LabelHost`); the same label again changes nothing, so a clock's label costs a drawing
    /// only when its text changes. A new width comes back as the lane's `.resized`.
    public func setLabel(_ newLabel: LaneLabel?, lane index: Int = 0) {
        let lane = lanes[index]
        guard newLabel != lane.label else { return }
        guard let host = backend as? LabelHost else {
            // Said once, never dropped silently; the screen reader still hears it.
            if lane.label == nil { Diagnostics.warn("--label: this display cannot show a label yet") }
            lane.label = newLabel
            return
        }
        lane.label = newLabel
        host.showLabel(newLabel, lane: index)
    }

    /// What a screen reader reads as the ticker's name: each lane's label and the message at its
    /// reading edge ("BREAKING: Markets rally"), lane after lane.
    public var accessibleName: String? {
        let names = lanes.compactMap { lane -> String? in
            let message = StatusReport.message(onScreen: lane.player)
            guard let label = lane.label else { return message }
            return label.accessibleName(message: message)
        }
        return names.isEmpty ? nil : names.joined(separator: "; ")
    }
}
