import CSystemdBus

/// A value the ticker sends: the few shapes its calls, replies and signals need.
public indirect enum BusArgument {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case byte(UInt8)
    case int32(Int32)
    case uint32(UInt32)
    case strings([String])
    /// A variant holding one value of the given signature.
    case variant(signature: String, BusArgument)
    /// An array of the given element signature.
    case array(element: String, [BusArgument])
    /// A struct (or dict entry, with `dictEntry`) of these fields, its signature given.
    case structure(signature: String, [BusArgument], dictEntry: Bool = false)

    /// Appends itself to `message`.
    func append(to message: OpaquePointer) throws(BusError) {
        switch self {
        case .string(let text), .objectPath(let text):
            let type: UInt8 = if case .objectPath = self { UInt8(ascii: "o") } else { UInt8(ascii: "s") }
            let result = text.withCString { pointer in sd_bus_message_append_basic(message, CChar(type), pointer) }
            try BusError.check(result, "append a string")
        case .bool(let value):
            var raw: Int32 = value ? 1 : 0
            try BusError.check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &raw), "append a boolean")
        case .byte(var value):
            try BusError.check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "y")), &value), "append a byte")
        case .int32(var value):
            try BusError.check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "i")), &value), "append an integer")
        case .uint32(var value):
            try BusError.check(sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &value), "append an integer")
        case .strings(let texts):
            try BusArgument.array(element: "s", texts.map { .string($0) }).append(to: message)
        case .variant(let signature, let inner):
            try container("v", signature, message) { () throws(BusError) in try inner.append(to: message) }
        case .array(let element, let items):
            try container("a", element, message) { () throws(BusError) in for item in items { try item.append(to: message) } }
        case .structure(let signature, let fields, let dictEntry):
            try container(dictEntry ? "e" : "r", signature, message) { () throws(BusError) in
                for field in fields { try field.append(to: message) }
            }
        }
    }

    private func container(_ type: Unicode.Scalar, _ contents: String, _ message: OpaquePointer,
                           _ body: () throws(BusError) -> Void) throws(BusError) {
        try BusError.check(sd_bus_message_open_container(message, CChar(UInt8(ascii: type)), contents), "open a container")
        try body()
        try BusError.check(sd_bus_message_close_container(message), "close a container")
    }
}
