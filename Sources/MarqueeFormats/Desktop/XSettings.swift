/// The settings a desktop's settings manager publishes for every toolkit (the XSETTINGS
/// protocol): GNOME, KDE and Xfce put `Xft/DPI`, `Gtk/EnableAnimations` and many more in the
/// `_XSETTINGS_SETTINGS` property of the window owning `_XSETTINGS_S<screen>`.
///
/// The property's bytes, as the specification lays them out:
///
///     CARD8 byte order (0 = LSB first), 3 pad, CARD32 serial, CARD32 count, then per setting:
///     CARD8 type (0 integer, 1 string, 2 colour), 1 pad, CARD16 name length, the name padded
///     to 4, CARD32 last-change serial, and the value: INT32; or CARD32 length and the bytes
///     padded to 4; or four CARD16 (red, blue, green, alpha — that order).
///
/// The bytes come from another client: parsing checks every length against what is left, so
/// truncated or hostile data is an error, never a crash or an allocation it asked for.
public struct XSettings: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case integer(Int32)
        case string(String)
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public var serial: UInt32
    public var values: [String: Value]

    public init(serial: UInt32 = 0, values: [String: Value] = [:]) {
        self.serial = serial
        self.values = values
    }

    /// `Xft/DPI` in dots per inch (the setting is DPI × 1024; -1 means "the default").
    public var dpi: Double? {
        guard case .integer(let raw)? = values["Xft/DPI"], raw > 0 else { return nil }
        return Double(raw) / 1024
    }

    /// `Gtk/EnableAnimations`: false when the user asked for reduced motion.
    public var animationsEnabled: Bool? {
        guard case .integer(let raw)? = values["Gtk/EnableAnimations"] else { return nil }
        return raw != 0
    }

    public init(parsing bytes: [UInt8]) throws(ParseError) {
        var reader = Reader(bytes: bytes)
        let order = try reader.byte()
        guard order == 0 || order == 1 else { throw ParseError(description: "unknown byte order \(order)") }
        reader.bigEndian = order == 1
        try reader.skip(3)
        serial = try reader.card32()
        let count = try reader.card32()
        values = [:]
        // Each setting takes at least 12 bytes: a count beyond what is left is a lie, not a size
        // to reserve for.
        guard UInt64(count) * 12 <= UInt64(reader.remaining) else {
            throw ParseError(description: "\(count) settings announced in \(reader.remaining) bytes")
        }
        for _ in 0..<count {
            let type = try reader.byte()
            try reader.skip(1)
            let name = try reader.paddedString(length: Int(try reader.card16()))
            _ = try reader.card32() // the serial of its last change
            switch type {
            case 0: values[name] = .integer(Int32(bitPattern: try reader.card32()))
            case 1: values[name] = .string(try reader.paddedString(length: Int(try reader.card32())))
            case 2:
                let red = try reader.card16(), blue = try reader.card16(), green = try reader.card16()
                values[name] = .color(red: red, green: green, blue: blue, alpha: try reader.card16())
            default: throw ParseError(description: "setting \"\(name.prefix(40))\" has unknown type \(type)")
            }
        }
    }

    /// The property's bytes for these settings (a settings manager's side; the tests' fake one).
    public func encoded(bigEndian: Bool = false) -> [UInt8] {
        var writer = Writer(bigEndian: bigEndian)
        writer.bytes += [bigEndian ? 1 : 0, 0, 0, 0]
        writer.card32(serial)
        writer.card32(UInt32(values.count))
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let type: UInt8
            switch value {
            case .integer: type = 0
            case .string: type = 1
            case .color: type = 2
            }
            writer.bytes += [type, 0]
            writer.card16(UInt16(name.utf8.count))
            writer.padded(Array(name.utf8))
            writer.card32(serial)
            switch value {
            case .integer(let number): writer.card32(UInt32(bitPattern: number))
            case .string(let text):
                writer.card32(UInt32(text.utf8.count))
                writer.padded(Array(text.utf8))
            case .color(let red, let green, let blue, let alpha):
                [red, blue, green, alpha].forEach { writer.card16($0) }
            }
        }
        return writer.bytes
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        var remaining: Int { bytes.count - offset }

        mutating func skip(_ count: Int) throws(ParseError) {
            guard count <= remaining else { throw ParseError(description: "truncated at byte \(offset)") }
            offset += count
        }

        mutating func byte() throws(ParseError) -> UInt8 {
            try skip(1)
            return bytes[offset - 1]
        }

        mutating func card16() throws(ParseError) -> UInt16 {
            try skip(2)
            let a = UInt16(bytes[offset - 2]), b = UInt16(bytes[offset - 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        mutating func card32() throws(ParseError) -> UInt32 {
            let first = UInt32(try card16()), second = UInt32(try card16())
            return bigEndian ? first << 16 | second : second << 16 | first
        }

        /// `length` bytes of text, then the padding to a multiple of 4.
        mutating func paddedString(length: Int) throws(ParseError) -> String {
            let start = offset
            try skip(length)
            try skip((4 - length % 4) % 4)
            return String(decoding: bytes[start..<(start + length)], as: UTF8.self)
        }
    }

    private struct Writer {
        let bigEndian: Bool
        var bytes: [UInt8] = []

        mutating func card16(_ value: UInt16) {
            let high = UInt8(value >> 8), low = UInt8(value & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }

        mutating func card32(_ value: UInt32) {
            let high = UInt16(value >> 16), low = UInt16(value & 0xFFFF)
            if bigEndian { card16(high); card16(low) } else { card16(low); card16(high) }
        }

        mutating func padded(_ data: [UInt8]) {
            bytes += data
            bytes += [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
        }
    }
}
