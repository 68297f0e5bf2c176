import CWaylandClient
import Foundation
import WaylandProtocols

/// KWin's pointer moved and pressed from outside, through its fake input interface
/// (org_kde_kwin_fake_input), as a Wayland client of its own: what XTest is to an X server. KWin
/// offers the interface only to clients it trusts; the bed starts it with its permission checks
/// off. Owns its connection and proxy; gone on `close`.
final class KWinFakePointer {
    private let display: OpaquePointer
    private let registry: OpaquePointer
    private let registryListener: UnsafeMutablePointer<wl_registry_listener>
    private var fakeInput: OpaquePointer?
    private var closed = false

    /// `socket`: the compositor's socket, a path on this host.
    init(socket: String) throws {
        guard let display = wl_display_connect(socket) else { throw HarnessError("cannot connect to \(socket)") }
        self.display = display
        registry = wl_display_get_registry(display)
        registryListener = .allocate(capacity: 1)
        registryListener.initialize(to: wl_registry_listener(
            global: { data, registry, name, interface, version in
                guard let data, let registry, let interface, String(cString: interface) == "org_kde_kwin_fake_input" else { return }
                Unmanaged<KWinFakePointer>.fromOpaque(data).takeUnretainedValue().fakeInput =
                    OpaquePointer(wl_registry_bind(registry, name, xm_org_kde_kwin_fake_input_interface(), min(version, 4)))
            },
            global_remove: { _, _, _ in }))
        wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(display)
        guard let fakeInput else {
            close()
            throw HarnessError("KWin offers no org_kde_kwin_fake_input (started without KWIN_WAYLAND_NO_PERMISSION_CHECKS?)")
        }
        org_kde_kwin_fake_input_authenticate(fakeInput, "xmarquee tests", "pressing on the bar")
        wl_display_roundtrip(display)
    }

    deinit { close() }

    /// Moves the pointer to (`x`, `y`) of KWin's global space (logical pixels).
    func move(toX x: Double, y: Double) {
        guard let fakeInput else { return }
        org_kde_kwin_fake_input_pointer_motion_absolute(fakeInput, wl_fixed_from_double(x), wl_fixed_from_double(y))
        wl_display_roundtrip(display)
    }

    /// Presses or releases the left button (BTN_LEFT, linux/input-event-codes.h).
    func leftButton(pressed: Bool) {
        guard let fakeInput else { return }
        org_kde_kwin_fake_input_button(fakeInput, 0x110, pressed ? 1 : 0)
        wl_display_roundtrip(display)
    }

    func close() {
        guard !closed else { return }
        closed = true
        if let fakeInput { wl_proxy_destroy(fakeInput) }
        wl_registry_destroy(registry)
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
        registryListener.deinitialize(count: 1)
        registryListener.deallocate()
    }
}
