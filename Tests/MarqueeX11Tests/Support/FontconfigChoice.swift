import Foundation
import XCTest

/// What fontconfig itself (`fc-match`, a separate process) chooses on this machine, for tests
/// that must not name a fallback font: which font draws a character depends on the fonts
/// installed (with `fonts-vlgothic`, VL Gothic draws 日 before Droid Sans Fallback does).
enum FontconfigChoice {
    /// The family fontconfig's best match gives for `pattern` when the font must have `scalar`
    /// (and, with `colour`, must or must not have colour glyphs): the font the ticker's fallback
    /// takes too, the first in fontconfig's order that has the character. Nil when no installed
    /// font has it.
    static func family(drawing scalar: Unicode.Scalar, pattern: String, colour: Bool? = nil) throws -> String? {
        var query = pattern + ":charset=" + String(scalar.value, radix: 16)
        if let colour { query += ":color=" + (colour ? "true" : "false") }
        let output = try ReferenceTools.run("fc-match", ["--format=%{family[0]}\t%{charset}\t%{color}", query])
        let fields = String(decoding: output, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
        // fc-match always answers with some font: it counts only when that font has the character.
        guard fields.count == 3, covers(charset: fields[1], scalar) else { return nil }
        if let colour, (fields[2] == "True") != colour { return nil }
        return String(fields[0])
    }

    /// The family a colour font installed here gives `scalar`, or skips the test (no colour
    /// emoji font installed, e.g. without `fonts-noto-color-emoji`).
    static func colourFamily(drawing scalar: Unicode.Scalar, pattern: String) throws -> String {
        guard let family = try family(drawing: scalar, pattern: pattern, colour: true) else {
            throw XCTSkip("no colour font installed has U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
        return family
    }

    /// fontconfig's charset text ("20-7e a0-17f …", hex ranges) holds the character.
    private static func covers(charset: Substring, _ scalar: Unicode.Scalar) -> Bool {
        charset.split(separator: " ").contains { range in
            let ends = range.split(separator: "-").compactMap { UInt32($0, radix: 16) }
            guard let low = ends.first else { return false }
            return (low...(ends.last ?? low)).contains(scalar.value)
        }
    }
}
