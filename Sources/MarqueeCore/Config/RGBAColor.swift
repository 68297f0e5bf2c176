/// A colour as 16-bit channels, the form the renderers take.
public struct RGBAColor: Equatable, Sendable {
    public var red: UInt16
    public var green: UInt16
    public var blue: UInt16
    public var alpha: UInt16

    public init(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16 = 0xFFFF) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`, as markup and options write colours. Returns nil
    /// for anything else (X's colour names and device form are read with the options).
    public init?(hex spec: String) {
        guard spec.hasPrefix("#") else { return nil }
        let digits = Array(spec.utf8.dropFirst())
        guard digits.allSatisfy({ Self.hexValue($0) != nil }) else { return nil }
        func channel(_ index: Int, width: Int) -> UInt16 {
            var value: UInt16 = 0
            for offset in 0..<width { value = value << 4 | UInt16(Self.hexValue(digits[index * width + offset])!) }
            // Widen to 16 bits by repeating the digits: 0xf -> 0xffff, 0xab -> 0xabab.
            return width == 1 ? value * 0x1111 : value * 0x0101
        }
        switch digits.count {
        case 3: self.init(red: channel(0, width: 1), green: channel(1, width: 1), blue: channel(2, width: 1))
        case 6: self.init(red: channel(0, width: 2), green: channel(1, width: 2), blue: channel(2, width: 2))
        case 8: self.init(red: channel(0, width: 2), green: channel(1, width: 2), blue: channel(2, width: 2),
                          alpha: channel(3, width: 2))
        default: return nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The same colour with its red, green and blue scaled by its alpha: the form XRender's solid
    /// colours take (a fill, a glyph's source). Unscaled channels with alpha < 1 would be read as
    /// a brighter colour, and over another colour they add instead of blending.
    public var premultiplied: RGBAColor {
        func scaled(_ channel: UInt16) -> UInt16 { UInt16((UInt32(channel) * UInt32(alpha) + 0x7FFF) / 0xFFFF) }
        return RGBAColor(red: scaled(red), green: scaled(green), blue: scaled(blue), alpha: alpha)
    }

    /// The same red, green and blue, fully opaque.
    public var opaque: RGBAColor { RGBAColor(red: red, green: green, blue: blue) }

    public var isOpaque: Bool { alpha == 0xFFFF }

    /// 8-bit channels, for comparing with pixels read back from a 24-bit visual.
    public var rgb8: (UInt8, UInt8, UInt8) { (UInt8(red >> 8), UInt8(green >> 8), UInt8(blue >> 8)) }
}
