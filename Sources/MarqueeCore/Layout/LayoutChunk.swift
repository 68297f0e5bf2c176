/// A stretch of pieces (words, spaces) in one style, with a known position and width, as a
/// block stores it.
///
/// Chunks keep long texts cheap: a tile draws only the chunks it overlaps, found by binary
/// search, so the work for a frame never depends on how long the whole text is. A chunk of a
/// message's text holds no glyphs, only where its bytes are: its pieces are cut and shaped again
/// (through the shape cache) when a tile draws it. A 10 MB text thus costs its bytes and a
/// record per chunk, not a shaped piece per word.
struct LayoutChunk: Equatable {
    /// Where its pieces come from.
    enum Pieces: Equatable {
        /// Bytes of message `message` (its index in the block), cut and shaped again from
        /// there in the chunk's style; `bytes` starts at the first piece's first character.
        case text(message: Int32, bytes: Range<UInt32>)
        /// The block's `retainedPieces` (a message put into visual order, which is short).
        case retained(Range<Int32>)
        /// The block's `separatorPieces`, whose pens are from the separator's start.
        case separator(Range<Int32>)
    }

    /// The pen of its first piece from its block's start, in 1/64 px.
    var pen: Int
    var width: Int32
    /// Index of its style in its block's `styles`.
    var style: Int32
    var pieces: Pieces

    /// Left edge within its block, in pixels.
    var x: Int { pixels(pen) }
    var end: Int { x + Int(width) }
}
