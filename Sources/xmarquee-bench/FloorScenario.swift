import CXBench
import Glibc

/// The C reference loop: one pixmap, one XCopyArea per Present completion. What the X server
/// spends on it is the floor for any ticker of the same size and speed.
extension Bench {
    /// Compiles bench/floor/present_floor.c with cc and pkg-config; nil (and a row saying why) if it cannot.
    func buildFloor(source: String?) -> String? {
        guard let source else {
            log.add("C floor", "bench/floor/present_floor.c not found", nil, "")
            return nil
        }
        let binary = fixtures.folder + "/present_floor"
        let flags = ChildProcess.output(of: "pkg-config", ["--cflags", "--libs", "x11", "xpresent"])
        guard flags.status == 0 else {
            log.add("C floor", "not built: pkg-config x11 xpresent failed", nil, "")
            return nil
        }
        let compile = ChildProcess.output(of: "cc", ["-O2", "-o", binary, source]
            + flags.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        guard compile.status == 0 else {
            log.add("C floor", "not built: cc failed on \(source)", nil, "")
            return nil
        }
        return binary
    }

    /// Starts the floor (1920×32, 2 px a frame) and waits for its window.
    func launchFloor(_ binary: String) throws -> (process: ChildProcess, window: Window)? {
        let floor = try ChildProcess(binary, ["\(Self.barWidth)", "\(Self.barHeight)", "2"],
                                     environment: ["DISPLAY": xvfb.display])
        guard let window = observer.waitForWindow(pid: floor.pid, className: "present_floor", timeout: 10) else {
            floor.terminate()
            return nil
        }
        return (floor, window)
    }
}
