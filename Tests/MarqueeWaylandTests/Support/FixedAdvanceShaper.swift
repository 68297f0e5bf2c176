import MarqueeCore

/// A stand-in for HarfBuzz where every character is one glyph 12 px wide whose id is its code
/// point: the layout, strip and motion are real, and the glyphs the rasterizer draws for those ids
/// are some glyphs of the test font (readable text is the fonts' business, tested with them).
final class FixedAdvanceShaper: TextShaper {
    static let advance = 12

    func shape(_ utf8: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
        var glyphs: [ShapedGlyph] = []
        var pen = 0
        var offset = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            glyphs.append(ShapedGlyph(font: 0, glyph: scalar.value, x: Int32(pen), y: 0, cluster: UInt32(offset)))
            pen += Self.advance << 6
            offset += String(scalar).utf8.count
        }
        return ShapedText(glyphs: glyphs, advance: pen)
    }
}
