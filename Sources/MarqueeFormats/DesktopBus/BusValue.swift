/// One D-Bus value as the ticker keeps it, read out of a message with bounds (`BusLimits`): what
/// a peer sends becomes this plain tree first, and the parsers of MPRIS metadata, notifications
/// and the portal's settings read only the tree — so they are pure and fuzzed without a bus.
public indirect enum BusValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    /// An array (`a…`); a dictionary `a{sv}` reads as `.entries`.
    case array([BusValue])
    /// A dictionary with string keys (`a{s…}`): the shape of metadata, hints and settings.
    case entries([Entry])
    case structure([BusValue])
    case variant(BusValue)
    /// Something the reader does not keep (a file descriptor, an item past a bound).
    case skipped

    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: BusValue

        public init(_ key: String, _ value: BusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value inside any number of variants.
    public var unwrapped: BusValue {
        var value = self
        while case .variant(let inner) = value { value = inner }
        return value
    }

    public var text: String? {
        if case .string(let text) = unwrapped { return text }
        return nil
    }

    /// A string, or the strings of an array of them (`xesam:artist` is `as`; some players send `s`).
    public var texts: [String]? {
        switch unwrapped {
        case .string(let text): return [text]
        case .array(let items): return items.compactMap(\.text)
        default: return nil
        }
    }

    public var integer: Int64? {
        switch unwrapped {
        case .int(let value): return value
        case .uint(let value): return value <= UInt64(Int64.max) ? Int64(value) : nil
        default: return nil
        }
    }

    public var boolean: Bool? {
        if case .bool(let value) = unwrapped { return value }
        return nil
    }

    /// The value under `key` in a dictionary.
    public subscript(key: String) -> BusValue? {
        guard case .entries(let entries) = unwrapped else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// How much of a peer's message is read: longer strings are cut (at a character), longer arrays
/// stop being read, deeper nesting is skipped. A hostile peer costs at most this much.
public struct BusLimits: Sendable {
    public var stringBytes: Int
    public var items: Int
    public var depth: Int
    /// Every value read from one message together.
    public var values: Int

    public init(stringBytes: Int = 16 << 10, items: Int = 256, depth: Int = 8, values: Int = 4096) {
        self.stringBytes = stringBytes
        self.items = items
        self.depth = depth
        self.values = values
    }

    /// `text` cut to `stringBytes`, at the start of a character.
    public func bounded(_ text: String) -> String {
        guard text.utf8.count > stringBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: stringBytes)
        while end > text.startIndex, !text.unicodeScalars.indices.contains(end) { end = text.utf8.index(before: end) }
        return String(text[..<end])
    }
}
