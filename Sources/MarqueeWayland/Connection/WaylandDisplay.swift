import CWaylandClient
import Glibc
import MarqueeIO
import WaylandProtocols

/// The connection to the compositor and the globals xmarquee binds: made, bound and freed here.
///
/// All Wayland calls run on the event loop's thread. Globals are bound as the registry
/// announces them during the first round trip; outputs come and go later too (`outputs`).
public final class WaylandDisplay {
    let display: OpaquePointer
    private let registry: OpaquePointer
    private let registryListener: UnsafeMutablePointer<wl_registry_listener>
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    /// Surfaces inside the bar's (a lane's crawl beside its label).
    private(set) var subcompositor: OpaquePointer?
    private(set) var layerShell: OpaquePointer?
    private(set) var layerShellVersion: UInt32 = 0
    private(set) var wmBase: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    /// wp_fractional_scale_manager_v1: a surface's preferred scale in 1/120 (KWin, newer wlroots).
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var presentation: OpaquePointer?
    /// wp_fifo_manager_v1: commits shown one per refresh, queued ahead (KWin 6.7, mutter 49+, weston 15+).
    private(set) var fifoManager: OpaquePointer?
    /// wp_commit_timing_manager_v1: a commit held until its time (mutter 48+, weston 15+).
    private(set) var commitTimingManager: OpaquePointer?
    private(set) var seat: OpaquePointer?
    /// The seat's devices as it last told them (`WL_SEAT_CAPABILITY_*`). Heard from the moment the
    /// seat is bound: a seat tells them once, at once, and a proxy without a listener drops what it
    /// hears (a seat with a mouse from the start would otherwise never give the bar a pointer).
    private(set) var seatCapabilities: UInt32 = 0
    /// Called when the seat's devices change (`SeatInput` follows them).
    var onSeatCapabilities: (UInt32) -> Void = { _ in }
    private let seatListener: UnsafeMutablePointer<wl_seat_listener>
    private var wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener>?
    private let presentationListener: UnsafeMutablePointer<wp_presentation_listener>
    /// The clock wp_presentation's times are on (told once, right after binding).
    private(set) var presentationClock: Int32?
    /// The outputs announced so far, by registry name.
    public private(set) var outputs: [WaylandOutput] = []
    /// Called when an output appears (after its properties arrived) or disappears.
    var onOutputsChanged: () -> Void = {}

    /// Connects to `name` (WAYLAND_DISPLAY when nil) and binds the globals in one round trip.
    public init(name: String?) throws(WaylandError) {
        guard let display = wl_display_connect(name) else { throw .noDisplay(name: name) }
        self.display = display
        registry = wl_display_get_registry(display)
        registryListener = .allocate(capacity: 1)
        registryListener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let interface else { return }
                listenerOwner(data, as: WaylandDisplay.self)?.announced(name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { data, _, name in
                listenerOwner(data, as: WaylandDisplay.self)?.removed(name: name)
            }))
        presentationListener = .allocate(capacity: 1)
        presentationListener.initialize(to: wp_presentation_listener(clock_id: { data, _, clock in
            listenerOwner(data, as: WaylandDisplay.self)?.presentationClock = Int32(bitPattern: clock)
        }))
        seatListener = .allocate(capacity: 1)
        seatListener.initialize(to: wl_seat_listener(
            capabilities: { data, _, capabilities in
                guard let owner = listenerOwner(data, as: WaylandDisplay.self) else { return }
                owner.seatCapabilities = capabilities
                owner.onSeatCapabilities(capabilities)
            },
            name: { _, _, _ in }))
        wl_registry_add_listener(registry, registryListener, listenerData(self))
        // The globals, then the outputs' own properties (names, scale).
        wl_display_roundtrip(display)
        wl_display_roundtrip(display)
        guard compositor != nil else { throw .missingGlobal("wl_compositor") }
        guard shm != nil else { throw .missingGlobal("wl_shm") }
    }

    deinit {
        outputs.removeAll()
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let fifoManager { wp_fifo_manager_v1_destroy(fifoManager) }
        if let commitTimingManager { wp_commit_timing_manager_v1_destroy(commitTimingManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        for proxy in [compositor, shm, presentation, seat].compactMap({ $0 }) { wl_proxy_destroy(proxy) }
        if let layerShell { wl_proxy_destroy(layerShell) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        wmBaseListener?.deallocate()
        wl_registry_destroy(registry)
        registryListener.deallocate()
        presentationListener.deallocate()
        seatListener.deallocate()
        wl_display_disconnect(display)
    }

    /// What to add to a time on the presentation clock to have it on CLOCK_MONOTONIC, which every
    /// other time here is on (weston's headless output reports CLOCK_MONOTONIC_RAW; the two drift
    /// apart slowly, so the offset is read again for each use); nil before the compositor said its
    /// clock.
    func offsetToMonotonic() -> Double? {
        guard let id = presentationClock else { return nil }
        if id == CLOCK_MONOTONIC { return 0 }
        var other = timespec()
        guard clock_gettime(clockid_t(id), &other) == 0 else { return nil }
        return MonotonicClock.now() - (Double(other.tv_sec) + Double(other.tv_nsec) / 1e9)
    }

    /// Whether a bar can be made here (layer-shell; GNOME and weston have none).
    public var offersLayerShell: Bool { layerShell != nil }

    /// The descriptor the event loop watches.
    public var fd: Int32 { wl_display_get_fd(display) }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer? {
        OpaquePointer(wl_registry_bind(registry, name, interface, version))
    }

    private func announced(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor": compositor = bind(name, xm_wl_compositor_interface(), version: min(version, 4))
        case "wl_subcompositor": subcompositor = bind(name, xm_wl_subcompositor_interface(), version: 1)
        case "wl_shm": shm = bind(name, xm_wl_shm_interface(), version: 1)
        case "wl_seat" where seat == nil:
            seat = bind(name, xm_wl_seat_interface(), version: min(version, 5))
            if let seat { wl_seat_add_listener(seat, seatListener, listenerData(self)) }
        case "wp_viewporter": viewporter = bind(name, xm_wp_viewporter_interface(), version: 1)
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = bind(name, xm_wp_fractional_scale_manager_v1_interface(), version: 1)
        case "wp_fifo_manager_v1": fifoManager = bind(name, xm_wp_fifo_manager_v1_interface(), version: 1)
        case "wp_commit_timing_manager_v1":
            commitTimingManager = bind(name, xm_wp_commit_timing_manager_v1_interface(), version: 1)
        case "wp_presentation":
            presentation = bind(name, xm_wp_presentation_interface(), version: 1)
            if let presentation { wp_presentation_add_listener(presentation, presentationListener, listenerData(self)) }
        case "zwlr_layer_shell_v1":
            layerShellVersion = min(version, 4)
            layerShell = bind(name, xm_zwlr_layer_shell_v1_interface(), version: layerShellVersion)
        case "xdg_wm_base":
            wmBase = bind(name, xm_xdg_wm_base_interface(), version: 1)
            answerPings()
        case "wl_output":
            guard let proxy = bind(name, xm_wl_output_interface(), version: min(version, 4)) else { return }
            outputs.append(WaylandOutput(proxy: proxy, registryName: name) { [unowned self] in self.onOutputsChanged() })
        default: break
        }
    }

    private func removed(name: UInt32) {
        guard let index = outputs.firstIndex(where: { $0.registryName == name }) else { return }
        outputs.remove(at: index)
        onOutputsChanged()
    }

    /// xdg_wm_base pings a client to see it is alive; a client that never answers is killed.
    private func answerPings() {
        guard let wmBase else { return }
        let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
        wmBaseListener = listener
        xdg_wm_base_add_listener(wmBase, listener, nil)
    }

    /// Sends what is queued, reads what the compositor sent and runs the listeners, without blocking.
    /// Dispatches the events libwayland holds and, when `reading`, those waiting on the socket.
    /// A drain after the loop's own turn need not read: anything the compositor sends later
    /// makes the descriptor readable and wakes the loop.
    func dispatch(reading: Bool) {
        flush()
        guard reading else {
            wl_display_dispatch_pending(display)
            return
        }
        while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
        // The socket is non-blocking: one read takes what is there (nothing: it says so and
        // libwayland carries on), with no poll first — a system call less every wakeup.
        wl_display_read_events(display)
        wl_display_dispatch_pending(display)
    }

    /// Sends what is queued; false when the connection is gone.
    @discardableResult
    func flush() -> Bool {
        wl_display_flush(display) >= 0 || errno == EAGAIN
    }

    /// Whether the connection broke (the compositor quit, a protocol error).
    var failed: Bool { wl_display_get_error(display) != 0 }

    func roundtrip() { wl_display_roundtrip(display) }
}
