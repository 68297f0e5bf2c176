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

    private var milliseconds: UInt32 { UInt32(truncatingIfNeeded: Int(ProcessInfo.processInfo.systemUptime * 1000)) }

    /// Moves the pointer to logical `(x, y)` of a `width` × `height` layout (the whole screen).
    func move(toX x: Int, y: Int, width: Int, height: Int) {
        guard let pointer else { return }
        zwlr_virtual_pointer_v1_motion_absolute(pointer, milliseconds, UInt32(x), UInt32(y), UInt32(width), UInt32(height))
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(display)
    }

    /// Presses or releases the left button (BTN_LEFT, linux/input-event-codes.h).
    func leftButton(pressed: Bool) { button(1, pressed: pressed) }

    /// Presses or releases button `number` as X numbers them (1 left, 2 middle, 3 right):
    /// BTN_LEFT, BTN_MIDDLE, BTN_RIGHT (linux/input-event-codes.h).
    func button(_ number: Int, pressed: Bool) {
        guard let pointer else { return }
        let code: UInt32 = number == 3 ? 0x111 : number == 2 ? 0x112 : 0x110
        zwlr_virtual_pointer_v1_button(pointer, milliseconds, code, pressed ? 1 : 0)
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(display)
    }

    /// Turns the vertical wheel `notches` clicks (positive: down), as a mouse wheel reports them
    /// through libinput: source wheel, 15 units and one discrete step a click, in one frame.
    func wheel(notches: Int) {
        guard let pointer else { return }
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL.rawValue)
        zwlr_virtual_pointer_v1_axis_discrete(pointer, milliseconds, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue,
                                              wl_fixed_from_double(Double(15 * notches)), Int32(notches))
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(display)
    }

    /// Scrolls the vertical axis by `distance` units in `steps` frames, with no discrete steps,
    /// as a touchpad's two fingers do (source finger, then axis_stop).
    func fingerScroll(distance: Double, steps: Int) {
        guard let pointer, steps > 0 else { return }
        for _ in 0..<steps {
            zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
            zwlr_virtual_pointer_v1_axis(pointer, milliseconds, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue,
                                         wl_fixed_from_double(distance / Double(steps)))
            zwlr_virtual_pointer_v1_frame(pointer)
        }
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
        zwlr_virtual_pointer_v1_axis_stop(pointer, milliseconds, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
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
