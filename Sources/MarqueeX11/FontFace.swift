import CX11
import MarqueeCore
import MarqueeIO

public struct FontPatternError: Error, CustomStringConvertible {
    public let pattern: String
    public var description: String { "invalid font pattern \"\(pattern)\"" }
}

/// An opened Xft font: measures glyph advances and maps characters to glyphs for drawing.
///
/// The renderer places every glyph itself at the advance measured here (XftDrawGlyphFontSpec),
/// so what is measured and what is drawn cannot disagree.
public final class FontFace: GlyphMeasurer {
    private let connection: XConnection
    let font: UnsafeMutablePointer<XftFont>
    public let ascent: Int
    public let descent: Int
    public let matchedFamily: String

    /// Opens the best match for a fontconfig pattern. Returns a warning when the family that was
    /// asked for is not installed (fontconfig then substitutes another).
    public static func open(pattern: String, on connection: XConnection) throws(FontPatternError) -> (FontFace, warning: String?) {
        guard let parsed = FcNameParse(pattern), !pattern.isEmpty else { throw FontPatternError(pattern: pattern) }
        let requested = families(of: parsed)
        var result = FcResultMatch
        guard let matched = XftFontMatch(connection.display, connection.screen, parsed, &result),
              let font = XftFontOpenPattern(connection.display, matched) else {
            FcPatternDestroy(parsed)
            throw FontPatternError(pattern: pattern)
        }
        FcPatternDestroy(parsed)
        let face = FontFace(connection: connection, font: font)
        let generic: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "cursive", "fantasy"]
        let available = Set(families(of: font.pointee.pattern).map { $0.lowercased() })
        let missing = requested.filter { !generic.contains($0.lowercased()) && !available.contains($0.lowercased()) }
        let warning = missing.isEmpty || requested.count > missing.count ? nil
            : "font \"\(missing.joined(separator: ", "))\" not found; using \"\(face.matchedFamily)\""
        return (face, warning)
    }

    private init(connection: XConnection, font: UnsafeMutablePointer<XftFont>) {
        self.connection = connection
        self.font = font
        ascent = Int(font.pointee.ascent)
        descent = Int(font.pointee.descent)
        matchedFamily = Self.families(of: font.pointee.pattern).first ?? "unknown"
    }

    deinit { XftFontClose(connection.display, font) }

    private static func families(of pattern: OpaquePointer?) -> [String] {
        var names: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, xm_fc_family(), index, &value) == FcResultMatch, let value {
            names.append(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
            index += 1
        }
        return names
    }

    public var height: Int { ascent + descent }

    @inline(__always)
    func glyph(for scalar: Unicode.Scalar, font slot: Int) -> (font: UnsafeMutablePointer<XftFont>, index: FT_UInt) {
        (font, XftCharIndex(connection.display, font, scalar.value))
    }

    public func advance(of scalar: Unicode.Scalar, font slot: Int) -> Int {
        var glyph = XftCharIndex(connection.display, font, scalar.value)
        var info = XGlyphInfo()
        XftGlyphExtents(connection.display, font, &glyph, 1, &info)
        return Int(info.xOff)
    }
}
