import CSystemdBus

/// A handler registered with sd-bus (a match, an object, a call's reply, a filter) and the
/// closure it calls: letting it go unregisters it. The closure is reached through sd-bus's
/// userdata pointer, which points at this object and lives exactly as long as the slot.
public final class BusSlot {
    var slot: OpaquePointer?
    fileprivate let handler: (BusMessage) -> Int32

    init(_ handler: @escaping (BusMessage) -> Int32) {
        self.handler = handler
    }

    deinit { sd_bus_slot_unref(slot) }

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The C callback every slot registers: it finds the slot through userdata and calls its
    /// closure with the message, borrowed for the call only.
    static let trampoline: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        let slot = Unmanaged<BusSlot>.fromOpaque(userdata).takeUnretainedValue()
        // The handler may let its own slot go (a reply handled once); keep it alive until it returns.
        return withExtendedLifetime(slot) { slot.handler(BusMessage(message)) }
    }
}
