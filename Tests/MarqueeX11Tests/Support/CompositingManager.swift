import CX11
import Foundation
@testable import DisplayTestSupport

/// `xcompmgr`, a compositing manager, on a test's Xvfb: while it runs, windows with an alpha
/// channel are blended with what lies below them, and it owns the selection `_NET_WM_CM_S0`.
final class CompositingManager {
    private let process = Process()

    /// Starts it and waits (up to 5 s) until it owns the selection, as a running one does.
    init(display: String, probe: XProbe) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcompmgr")
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw TestSupportError("cannot start /usr/bin/xcompmgr (scripts/install-deps.sh test installs it): \(error)")
        }
        guard waitUntil(timeout: 5, { Self.isRunning(on: probe) }) else {
            stop()
            throw TestSupportError("xcompmgr did not take the compositor selection")
        }
    }

    static func isRunning(on probe: XProbe) -> Bool {
        XGetSelectionOwner(probe.display, probe.atom("_NET_WM_CM_S0")) != Window(None)
    }

    /// Stops it (its own process only) and waits until the selection has no owner.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
