import CSystemdBus
import Glibc
import MarqueeFormats

/// Reads a message's arguments into `BusValue`s, within `BusLimits`: a string longer than the
/// bound is cut (without copying the rest), an array stops at the item bound, anything deeper
/// than the depth bound or past the value budget is skipped by sd-bus without being read.
struct BusValueReader {
    let message: OpaquePointer
    let limits: BusLimits
    private var budget: Int

    init(message: OpaquePointer, limits: BusLimits) {
        self.message = message
        self.limits = limits
        budget = limits.values
    }

    mutating func readAll() -> [BusValue] {
        var values: [BusValue] = []
        while let value = read(depth: 0) { values.append(value) }
        return values
    }

    /// The next value, or nil at the end of the current container (or on a malformed message).
    private mutating func read(depth: Int) -> BusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
        budget -= 1
        if budget < 0 || depth > limits.depth {
            return sd_bus_message_skip(message, nil) >= 0 ? .skipped : nil
        }
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g"):
            var text: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, type, &text) >= 0, let text else { return nil }
            let length = strnlen(text, limits.stringBytes + 4)
            let bytes = UnsafeRawBufferPointer(start: text, count: length)
            return .string(limits.bounded(String(decoding: bytes, as: UTF8.self)))
        case UInt8(ascii: "b"): return basic(type, Int32(0)) { .bool($0 != 0) }
        case UInt8(ascii: "y"): return basic(type, UInt8(0)) { .uint(UInt64($0)) }
        case UInt8(ascii: "n"): return basic(type, Int16(0)) { .int(Int64($0)) }
        case UInt8(ascii: "q"): return basic(type, UInt16(0)) { .uint(UInt64($0)) }
        case UInt8(ascii: "i"): return basic(type, Int32(0)) { .int(Int64($0)) }
        case UInt8(ascii: "u"): return basic(type, UInt32(0)) { .uint(UInt64($0)) }
        case UInt8(ascii: "x"): return basic(type, Int64(0)) { .int($0) }
        case UInt8(ascii: "t"): return basic(type, UInt64(0)) { .uint($0) }
        case UInt8(ascii: "d"): return basic(type, Double(0)) { .double($0) }
        case UInt8(ascii: "a"):
            return readArray(contents: contents, depth: depth)
        case UInt8(ascii: "v"), UInt8(ascii: "r"):
            guard sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
            var items: [BusValue] = []
            while let item = read(depth: depth + 1) { items.append(item) }
            guard sd_bus_message_exit_container(message) >= 0 else { return nil }
            if type == CChar(UInt8(ascii: "v")) { return .variant(items.first ?? .skipped) }
            return .structure(items)
        default:
            // A file descriptor or a type sd-bus knows and we do not keep.
            return sd_bus_message_skip(message, nil) >= 0 ? .skipped : nil
        }
    }

    /// A fixed-size basic value, read into `initial`'s type.
    private func basic<Raw: BitwiseCopyable>(_ type: CChar, _ initial: Raw, _ wrap: (Raw) -> BusValue) -> BusValue? {
        var raw = initial
        return sd_bus_message_read_basic(message, type, &raw) >= 0 ? wrap(raw) : nil
    }

    /// An array; `a{s…}` as entries. Past the item bound the rest is left unread (sd-bus moves
    /// past it when the container is left).
    private mutating func readArray(contents: UnsafePointer<CChar>?, depth: Int) -> BusValue? {
        guard let contents, sd_bus_message_enter_container(message, CChar(UInt8(ascii: "a")), contents) > 0 else { return nil }
        let signature = String(cString: contents)
        var result: BusValue
        if signature.hasPrefix("{s") {
            let entrySignature = String(signature.dropFirst().dropLast())
            var entries: [BusValue.Entry] = []
            while entries.count < limits.items,
                  sd_bus_message_enter_container(message, CChar(UInt8(ascii: "e")), entrySignature) > 0 {
                let key = read(depth: depth + 1)?.text
                let value = read(depth: depth + 1)
                guard sd_bus_message_exit_container(message) >= 0 else { return nil }
                if let key, let value { entries.append(BusValue.Entry(key, value)) }
            }
            result = .entries(entries)
        } else {
            var items: [BusValue] = []
            while items.count < limits.items, let item = read(depth: depth + 1) { items.append(item) }
            result = .array(items)
        }
        guard sd_bus_message_exit_container(message) >= 0 else { return nil }
        return result
    }
}
