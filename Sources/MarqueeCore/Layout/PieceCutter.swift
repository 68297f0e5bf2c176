/// Cuts a run of text into the pieces the layout shapes one at a time: each word with the spaces
/// that follow it (spaces that open a run stand alone). Kerning and ligatures live inside words,
/// so a word shaped alone is drawn as it would be in the whole line, and a word that recurs is
/// shaped once (`ShapeCache`).
///
/// Text without spaces (Thai, CJK, a long address) is cut as well, so no piece is long enough
/// to stall a frame: past `preferredScalars`, before the next character that begins a grapheme
/// cluster; past `maxScalars` (a base with hundreds of marks), anywhere.
struct PieceCutter {
    static let preferredScalars = 64
    static let maxScalars = 96

    /// The piece so far, UTF-8.
    private(set) var bytes: [UInt8] = []
    private var scalars = 0
    private var previous: Unicode.Scalar = " "

    var isEmpty: Bool { bytes.isEmpty }

    /// Whether `scalar` begins a new piece: the piece so far must be taken first.
    @inline(__always)
    func startsNewPiece(_ scalar: Unicode.Scalar) -> Bool {
        guard scalars > 0 else { return false }
        if previous == " " && scalar != " " { return true }
        if scalars < Self.preferredScalars { return false }
        return scalars >= Self.maxScalars || Self.beginsCluster(scalar, after: previous)
    }

    @inline(__always)
    mutating func append(_ scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { bytes.append($0) }
        scalars += 1
        previous = scalar
    }

    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        scalars = 0
    }

    /// A conservative grapheme-cluster start, only used to cut overlong words: never before a
    /// mark, a joiner or a variation selector, after a joiner or a virama, inside an emoji
    /// modifier sequence or a pair of regional indicators.
    private static func beginsCluster(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isGraphemeExtend || properties.isEmojiModifier || properties.generalCategory == .spacingMark {
            return false
        }
        if previous == "\u{200D}" || previous.properties.canonicalCombiningClass == .virama { return false }
        let regional: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
        return !(regional.contains(scalar.value) && regional.contains(previous.value))
    }
}
