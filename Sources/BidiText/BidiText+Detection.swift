extension BidiText {
    /// Cheap check: true when any scalar is right-to-left or Arabic-joining (Hebrew, Arabic,
    /// Syriac, Thaana, NKo, RTL presentation forms, RLM/RLE/RLO/RLI marks…). Most text answers
    /// false and skips the rest.
    public static func mayNeedReordering<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        // Everything below U+0590 (Latin, Greek, Cyrillic, Armenian) is left-to-right and never
        // joins: one comparison per character for most text.
        for scalar in scalars where scalar.value >= 0x0590 && isRightToLeftOrFormatting(scalar.value) {
            return true
        }
        return false
    }

    /// The blocks whose default bidi class is R or AL (so also their unassigned code points), and
    /// the explicit bidi formatting characters. Generous on purpose: a false "maybe" costs one
    /// run of the algorithm, a false "no" would show a line in the wrong order.
    static func isRightToLeftOrFormatting(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF: true // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic Extended
        case 0x200E...0x200F: true // LRM, RLM
        case 0x202A...0x202E: true // LRE, RLE, PDF, LRO, RLO
        case 0x2066...0x2069: true // LRI, RLI, FSI, PDI
        case 0xFB1D...0xFDFF: true // Hebrew and Arabic presentation forms A
        case 0xFE70...0xFEFF: true // Arabic presentation forms B
        case 0x10800...0x10FFF: true // historic right-to-left scripts, Hanifi Rohingya, Yezidi
        case 0x1E800...0x1EFFF: true // Mende Kikakui, Adlam, Arabic mathematical symbols
        default: false
        }
    }
}
