import MarqueeCore

/// Every character 10 px wide, one glyph each: layouts whose widths a test can count.
final class MonospaceShaper: TextShaper {
    static let advance = 10

    func shape(_ utf8: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
        var glyphs: [ShapedGlyph] = []
        var pen: Int32 = 0
        var cluster: UInt32 = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            glyphs.append(ShapedGlyph(font: 0, glyph: scalar.value, x: pen, y: 0, cluster: cluster))
            pen += Int32(Self.advance << 6)
            cluster += UInt32(String(scalar).utf8.count)
        }
        return ShapedText(glyphs: glyphs, advance: Int(pen))
    }
}
