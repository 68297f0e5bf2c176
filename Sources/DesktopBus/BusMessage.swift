import CSystemdBus
import MarqueeFormats

/// A message sd-bus hands a handler, borrowed for the handler's run only (it is never kept): who
/// sent it, what it is, and its arguments read as bounded `BusValue`s.
public struct BusMessage {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    public var sender: String? { sd_bus_message_get_sender(pointer).map { String(cString: $0) } }
    public var member: String? { sd_bus_message_get_member(pointer).map { String(cString: $0) } }
    public var interface: String? { sd_bus_message_get_interface(pointer).map { String(cString: $0) } }
    public var path: String? { sd_bus_message_get_path(pointer).map { String(cString: $0) } }

    public var isMethodCall: Bool {
        var type: UInt8 = 0
        return sd_bus_message_get_type(pointer, &type) >= 0 && type == UInt8(SD_BUS_MESSAGE_METHOD_CALL)
    }

    /// The error name of an error reply (nil for anything else).
    public var errorName: String? {
        guard sd_bus_message_is_method_error(pointer, nil) > 0 else { return nil }
        return sd_bus_message_get_error(pointer)?.pointee.name.map { String(cString: $0) } ?? "error"
    }

    /// Every argument from the start, within `limits`.
    public func arguments(_ limits: BusLimits = BusLimits()) -> [BusValue] {
        sd_bus_message_rewind(pointer, 1)
        var reader = BusValueReader(message: pointer, limits: limits)
        return reader.readAll()
    }
}
