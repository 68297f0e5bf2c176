import Foundation
@testable import DisplayTestSupport

/// A headless weston (pixman renderer): a compositor with xdg-shell and presentation feedback but
/// no layer-shell, where a bar falls back to a window.
final class HeadlessWeston: CompositorProcess {
    var waylandDisplay: String { runtimeDirectory + "/wayland-w" }

    static var unavailable: String? { unavailable(needing: ["/usr/bin/weston"]) }

    init() throws {
        try super.init(program: "/usr/bin/weston",
                       arguments: { _ in ["--backend=headless-backend.so", "--use-pixman", "--socket=wayland-w", "--width=1280",
                                          "--height=720", "--idle-time=0"] },
                       environment: { _ in [:] })
        try waitUntilReady("headless weston") { FileManager.default.fileExists(atPath: self.waylandDisplay) }
    }
}
