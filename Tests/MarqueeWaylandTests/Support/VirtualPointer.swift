import CWaylandClient
import Foundation
import WaylandProtocols

/// A pointer driven from outside, as a Wayland client of its own: a zwlr_virtual_pointer_v1 on
/// the compositor's seat. A headless sway has no input devices, so its seat offers clients no
/// wl_pointer (and `swaymsg seat seat0 cursor set` reaches no one) until a virtual pointer joins
/// it. Owns its connection and proxies; gone (and the seat's pointer with it) on `close`.
final class VirtualPointer {
    private let display: OpaquePointer
    private let registry: OpaquePointer
    private let registryListener: UnsafeMutablePointer<wl_registry_listener>
    private var seat: OpaquePointer?
    private var manager: OpaquePointer?
    private var pointer: OpaquePointer?
    private var closed = false

    init(waylandDisplay: String) throws {
        guard let display = wl_display_connect(waylandDisplay) else { throw HarnessError("cannot connect to \(waylandDisplay)") }
        self.display = display
        registry = wl_display_get_registry(display)
        registryListener = .allocate(capacity: 1)
        registryListener.initialize(to: wl_registry_listener(
            global: { data, registry, name, interface, _ in
                guard let data, let registry, let interface else { return }
                Unmanaged<VirtualPointer>.fromOpaque(data).takeUnretainedValue()
                    .announced(registry: registry, name: name, interface: String(cString: interface))
            },
            global_remove: { _, _, _ in }))
        wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(display)
        guard let seat, let manager else {
            close()
            throw HarnessError("the compositor offers no \(seat == nil ? "wl_seat" : "zwlr_virtual_pointer_manager_v1")")
        }
        pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat)
        wl_display_roundtrip(display)
    }

    deinit { close() }

    private func announced(registry: OpaquePointer, name: UInt32, interface: String) {
        if interface == "wl_seat" && seat == nil {
            seat = OpaquePointer(wl_registry_bind(registry, name, xm_wl_seat_interface(), 1))
        } else if interface == "zwlr_virtual_pointer_manager_v1" {
            manager = OpaquePointer(wl_registry_bind(registry, name, xm_zwlr_virtual_pointer_manager_v1_interface(), 1))
        }
    }

    /// Moves the pointer to logical `(x, y)` of a `width` × `height` layout (the whole screen).
    func move(toX x: Int, y: Int, width: Int, height: Int) {
        guard let pointer else { return }
        let milliseconds = UInt32(truncatingIfNeeded: Int(ProcessInfo.processInfo.systemUptime * 1000))
        zwlr_virtual_pointer_v1_motion_absolute(pointer, milliseconds, UInt32(x), UInt32(y), UInt32(width), UInt32(height))
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(display)
    }

    func close() {
        guard !closed else { return }
        closed = true
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        if let manager { zwlr_virtual_pointer_manager_v1_destroy(manager) }
        if let seat { wl_seat_destroy(seat) }
        wl_registry_destroy(registry)
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
        registryListener.deinitialize(count: 1)
        registryListener.deallocate()
    }
}
