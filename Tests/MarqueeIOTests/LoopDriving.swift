import Foundation
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
