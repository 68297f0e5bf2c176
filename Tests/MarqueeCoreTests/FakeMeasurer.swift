import MarqueeCore

/// A font where every character has a known width: 'i' 3 px, 'W' 15 px, space 4 px, others 8 px.
/// Deliberately proportional, so a monospace assumption would fail the tests.
final class FakeMeasurer: GlyphMeasurer {
    private(set) var calls = 0
    func advance(of scalar: Unicode.Scalar) -> Int {
        calls += 1
        switch scalar {
        case "i": return 3
        case "W": return 15
        case " ": return 4
        default: return 8
        }
    }
}

extension CycleLayoutBuilder {
    static func layout(_ messages: [String], separator: String = " | ") -> CycleLayout {
        layout(messages: messages, separator: separator, cache: AdvanceCache(measurer: FakeMeasurer()))
    }
}
