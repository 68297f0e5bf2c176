/// The colour forms of X's XParseColor besides `#…` (which the markup reads too, `RGBAColor(hex:)`):
/// the device form `rgb:r/g/b` (one to four hex digits a channel) and X's colour names (`navy`,
/// `light slate gray`: case and spaces do not matter, as for the X server).
public enum XColorSpec {
    /// The colour as 16-bit channels; nil for anything else.
    public static func channels(_ spec: String) -> (red: UInt16, green: UInt16, blue: UInt16)? {
        if spec.lowercased().hasPrefix("rgb:") { return deviceRGB(spec.dropFirst(4)) }
        guard let value = X11ColorNames.value(of: spec) else { return nil }
        return (UInt16(value >> 16 & 0xFF) * 0x0101, UInt16(value >> 8 & 0xFF) * 0x0101, UInt16(value & 0xFF) * 0x0101)
    }

    /// `r/g/b` of XParseColor's device form: each channel one to four hex digits, scaled to 16
    /// bits (`f` is full, `8` about half).
    private static func deviceRGB(_ text: Substring) -> (red: UInt16, green: UInt16, blue: UInt16)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [UInt16] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            let maximum = UInt32(1) << (4 * UInt32(part.count)) - 1
            channels.append(UInt16((value * 0xFFFF + maximum / 2) / maximum))
        }
        return (channels[0], channels[1], channels[2])
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
