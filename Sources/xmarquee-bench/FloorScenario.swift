import CXBench
import Glibc

/// The C references: what the X server (or the compositor) spends on the least a scrolling
/// client can do. `present_floor` copies and flushes at every vblank; `present_batch_floor`
/// queues the same frames the ticker queues per wakeup (K PresentPixmaps of one pre-painted
/// ribbon, no copy); `wayland_bar_floor` attaches one pre-painted buffer per frame callback.
extension Bench {
    /// Compiles bench/floor/NAME.c with cc and pkg-config `packages` (and `extra` C files);
    /// nil, and a row saying why, when it cannot.
    func buildC(_ name: String, packages: [String], extra: [String] = [], includes: [String] = []) -> String? {
        guard let source = BenchCommand.packageFile("bench/floor/\(name).c") else {
            log.add("C floor", "bench/floor/\(name).c not found", nil, "")
            return nil
        }
        let binary = fixtures.folder + "/" + name
        let flags = ChildProcess.output(of: "pkg-config", ["--cflags", "--libs"] + packages)
        guard flags.status == 0 else {
            log.add("C floor", "\(name) not built: pkg-config \(packages.joined(separator: " ")) failed", nil, "")
            return nil
        }
        let extraFiles = extra.compactMap { BenchCommand.packageFile($0) }
        let includeFlags = includes.compactMap { BenchCommand.packageFile($0) }.map { "-I" + $0 }
        let compile = ChildProcess.output(of: "cc", ["-O2", "-o", binary] + includeFlags + [source] + extraFiles
            + flags.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        guard compile.status == 0 else {
            log.add("C floor", "\(name) not built: cc failed on \(source)", nil, "")
            return nil
        }
        return binary
    }

    /// The per-vblank floor: one XCopyArea per Present completion.
    func buildFloor() -> String? { buildC("present_floor", packages: ["x11", "xpresent"]) }

    /// The batching floor: the ticker's K PresentPixmaps a wakeup, of one ribbon.
    func buildBatchFloor() -> String? { buildC("present_batch_floor", packages: ["x11", "xpresent"]) }

    /// The Wayland bar floor, with the project's generated protocol code.
    func buildWaylandFloor() -> String? { buildWaylandC("wayland_bar_floor") }

    /// Both Wayland floors: one frame a callback, and frames queued through wp_fifo_v1.
    func buildWaylandFloors() -> (perFrame: String?, batching: String?) { (buildWaylandC("wayland_bar_floor"), buildWaylandC("wayland_fifo_floor")) }

    /// A Wayland floor (bench/floor/NAME.c and wayland_floor_surface.h) with the generated
    /// layer-shell, xdg-shell, viewporter and fifo code. Linked to libwayland-client.so.0, whose
    /// ABI is stable: the same binary runs in the bed against the bed's own library.
    private func buildWaylandC(_ name: String) -> String? {
        let generated = "Sources/WaylandProtocols/Generated"
        let protocols = ["wlr-layer-shell-unstable-v1", "xdg-shell", "viewporter", "fifo-v1"].map { "\(generated)/\($0)-protocol.c" }
        return buildC(name, packages: ["wayland-client"], extra: protocols, includes: [generated])
    }

    /// Frames the ticker queues a wakeup at `hz` (X11Backend.batchSeconds of them, rounded up).
    static func framesPerWakeup(hz: Int) -> Int { Int((0.2 * Double(hz)).rounded(.up)) }

    /// Starts a floor (1920×32, 2 px a frame, and `extra` arguments) and waits for its window.
    func launchFloor(_ binary: String, className: String = "present_floor", extra: [String] = []) throws -> (process: ChildProcess, window: Window)? {
        let floor = try ChildProcess(binary, ["\(Self.barWidth)", "\(Self.barHeight)", "2"] + extra,
                                     environment: ["DISPLAY": xvfb.display])
        guard let window = observer.waitForWindow(pid: floor.pid, className: className, timeout: 10) else {
            floor.terminate()
            return nil
        }
        return (floor, window)
    }
}
