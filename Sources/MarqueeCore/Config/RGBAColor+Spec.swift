extension RGBAColor {
    /// A colour as a user writes it, the same on every display: `#rgb`, `#rrggbb`, `#rrggbbaa`,
    /// X's `rgb:r/g/b` (one to four hex digits a channel) or one of X's colour names (`navy`,
    /// `light slate gray`: case and spaces do not matter, as for the X server). Nil otherwise.
    public init?(spec: String) {
        if spec.hasPrefix("#") {
            self.init(hex: spec)
        } else if spec.lowercased().hasPrefix("rgb:") {
            self.init(deviceRGB: spec.dropFirst(4))
        } else {
            guard let value = X11ColorNames.value(of: spec) else { return nil }
            self.init(red: UInt16(value >> 16 & 0xFF) * 0x0101, green: UInt16(value >> 8 & 0xFF) * 0x0101,
                      blue: UInt16(value & 0xFF) * 0x0101)
        }
    }

    /// `r/g/b` of XParseColor's device form: each channel one to four hex digits, scaled to 16
    /// bits (`f` is full, `8` about half).
    private init?(deviceRGB text: Substring) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [UInt16] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            let maximum = UInt32(1) << (4 * UInt32(part.count)) - 1
            channels.append(UInt16((value * 0xFFFF + maximum / 2) / maximum))
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }
}

extension X11ColorNames {
    /// The colour named `name` as 0xRRGGBB, folded as the server folds names (case and spaces
    /// ignored); nil for a name X does not know.
    static func value(of name: String) -> UInt32? {
        let folded = name.lowercased().filter { $0 != " " }
        guard !folded.isEmpty, folded.count <= 32, !folded.contains("\n") else { return nil }
        for line in table.split(separator: "\n") {
            guard let space = line.firstIndex(of: " "), line[..<space] == folded else { continue }
            return UInt32(line[line.index(after: space)...], radix: 16)
        }
        return nil
    }
}
