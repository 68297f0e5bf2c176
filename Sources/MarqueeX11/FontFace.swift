import CX11
import MarqueeCore
import MarqueeIO

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
        let request = try FontRequest(pattern: pattern, on: connection)
        guard let font = request.openBestMatch() else { throw FontPatternError(pattern: pattern) }
        return (FontFace(connection: connection, font: font), request.missingFamilyWarning(opened: font))
    }

    private init(connection: XConnection, font: UnsafeMutablePointer<XftFont>) {
        self.connection = connection
        self.font = font
        ascent = Int(font.pointee.ascent)
        descent = Int(font.pointee.descent)
        matchedFamily = FontconfigPattern.families(of: font.pointee.pattern).first ?? "unknown"
    }

    deinit { XftFontClose(connection.display, font) }

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
