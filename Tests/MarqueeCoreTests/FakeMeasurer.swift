import MarqueeCore

/// A font where every character has a known width: 'i' 3 px, 'W' 15 px, space 4 px, others 8 px.
/// Deliberately proportional, so a monospace assumption would fail the tests. Font slot n
/// multiplies every width by n + 1, so a run in the second font measures twice as wide.
final class FakeMeasurer: GlyphMeasurer {
    private(set) var calls = 0
    func advance(of scalar: Unicode.Scalar, font: Int) -> Int {
        calls += 1
        let width: Int
        switch scalar {
        case "i": width = 3
        case "W": width = 15
        case " ": width = 4
        default: width = 8
        }
        return width * (font + 1)
    }
}

extension CycleLayoutBuilder {
    static func layout(_ messages: [String], separator: String = " | ") -> CycleLayout {
        layout(messages: messages, separator: separator, cache: AdvanceCache(measurer: FakeMeasurer()))
    }
}
