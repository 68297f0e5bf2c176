/// Tickr's font, a Pango description's family and style words (`DejaVu Sans Bold Italic`) with a
/// size in points, as a fontconfig pattern (`DejaVu Sans:size=12:bold:italic`).
enum TickrFont {
    /// Pango's style words (any case) and fontconfig's constants for them.
    static let styles: [String: String] = [
        "bold": "bold", "italic": "italic", "oblique": "oblique", "light": "light", "medium": "medium",
        "semi-bold": "demibold", "semibold": "demibold", "demi-bold": "demibold", "heavy": "black", "black": "black",
        "ultra-bold": "extrabold", "extra-bold": "extrabold", "thin": "thin", "ultra-light": "extralight",
        "extra-light": "extralight", "book": "book", "regular": "regular", "normal": "regular", "condensed": "condensed",
        "semi-condensed": "semicondensed", "expanded": "expanded",
    ]

    /// Nil when nothing of a family is left, or the size is not one Tickr takes (1…200).
    static func pattern(pangoName: String, size: Int) -> String? {
        guard (1...200).contains(size) else { return nil }
        var words = pangoName.split(separator: " ").map(String.init)
        var constants: [String] = []
        // Style words come last in a Pango description; the family is what stands before them.
        while words.count > 1, let constant = styles[words.last!.lowercased()] {
            constants.insert(constant, at: 0)
            words.removeLast()
        }
        let family = words.joined(separator: " ")
        guard !family.isEmpty, !family.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return nil }
        return ([escaped(family), "size=\(size)"] + constants).joined(separator: ":")
    }

    /// fontconfig's name syntax gives `\`, `-`, `:` and `,` meaning: escaped, they are the family's own.
    static func escaped(_ family: String) -> String {
        var result = ""
        for character in family {
            if "\\-:,".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
