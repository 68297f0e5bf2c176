import CWaylandClient
import WaylandProtocols

/// One monitor as the compositor announces it: its connector name (`DP-1`, `HEADLESS-1`, from
/// wl_output version 4) and integer scale. Made by `WaylandDisplay`, released here.
public final class WaylandOutput {
    let proxy: OpaquePointer
    let registryName: UInt32
    public private(set) var name: String?
    public private(set) var scale: Int32 = 1
    private let listener: UnsafeMutablePointer<wl_output_listener>
    private let onDone: () -> Void

    init(proxy: OpaquePointer, registryName: UInt32, onDone: @escaping () -> Void) {
        self.proxy = proxy
        self.registryName = registryName
        self.onDone = onDone
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { _, _, _, _, _, _ in },
            done: { data, _ in listenerOwner(data, as: WaylandOutput.self)?.onDone() },
            scale: { data, _, factor in listenerOwner(data, as: WaylandOutput.self)?.scale = factor },
            name: { data, _, name in listenerOwner(data, as: WaylandOutput.self)?.name = name.map { String(cString: $0) } },
            description: { _, _, _ in }))
        wl_output_add_listener(proxy, listener, listenerData(self))
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
        listener.deallocate()
    }
}
