import Foundation
import Glibc
import MarqueeIO

/// Runs `loop` until `condition` holds or `timeout` passes; true when it held.
@discardableResult
func drive(_ loop: EventLoop, timeout: Double, until condition: @escaping () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    loop.restart()
    loop.prepareToWait = {
        if condition() || Date() >= deadline { loop.stop(status: 0) }
        return 20
    }
    _ = loop.run()
    return condition()
}

/// Runs `loop` until a watcher of its own, made ready after everything the test did, has been
/// called: whatever was ready before it (a byte, an end of input, a file's change) had its turn
/// in the same wait or an earlier one. A callback that has not come by then is not on its way:
/// a negative check with no window of time for a late one to slip past. False after 5 s.
@discardableResult
func driveUntilSettled(_ loop: EventLoop) -> Bool {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    defer { close(ends[0]); close(ends[1]) }
    var seen = false
    let sentinel = loop.watching(ends[0]) { _ in seen = true }
    _ = write(ends[1], "x", 1)
    return withExtendedLifetime(sentinel) { drive(loop, timeout: 5) { seen } }
}

/// An executable of this package, from the build directory the tests run from.
func builtExecutable(_ name: String) -> String {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [beside.appendingPathComponent(name), beside.deletingLastPathComponent().appendingPathComponent(name)]
    where FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate.path
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/\(name)").path
}
