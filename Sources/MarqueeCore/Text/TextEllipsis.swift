/// Fitting a line into a width by cutting its end and marking the cut with "…".
public enum TextEllipsis {
    public static let mark: Character = "…"

    /// `text` cut so that it and the ellipsis fit in `width`, or nil when the whole text fits.
    /// Cuts between grapheme clusters (never inside an emoji or a letter with its marks) and
    /// drops the spaces before the ellipsis. Reads only as far as the width reaches, so a long
    /// message costs what fits in the window, not its length.
    public static func cut(_ text: String, toFit width: Int, measure: (Character) -> Int) -> String? {
        let ellipsisWidth = measure(mark)
        var total = 0
        var fitting = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            total += measure(character)
            if total > width {
                let kept = text[..<fitting].reversed().drop { $0 == " " }.reversed()
                return String(kept) + String(mark)
            }
            index = text.index(after: index)
            if total + ellipsisWidth <= width { fitting = index }
        }
        return nil
    }
}
