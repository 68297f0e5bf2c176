import Foundation
import Glibc
@testable import DisplayTestSupport

/// A running ticker steered and read through `xmarquee ctl`, as a user would.
enum TickerControl {
    /// `xmarquee ctl --name NAME next`, to its end.
    static func next(_ name: String) {
        let process = Process()
        process.executableURL = TickerProcess.executable
        process.arguments = ["ctl", "--name", name, "next"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }

    /// The messages the ticker shows, read one at a time (`ctl next`: a scrub to the next
    /// message, or under reduced motion a page turned in its own time) for as long as it takes
    /// to see more than `count` of them (or `timeout` seconds).
    static func shownMessages(_ name: String, count: Int, timeout: Double = 10) -> Set<String> {
        var seen: Set<String> = []
        _ = waitUntil(timeout: timeout) {
            let message = SourceTests.status(name)["message"] as? String
            if let message { seen.insert(message) }
            next(name)
            // Asked again only once another message is on show (or after a second: one message
            // alone never changes), so no message is skipped.
            _ = waitUntil(timeout: 1) { SourceTests.status(name)["message"] as? String != message }
            return seen.count > count
        }
        return seen
    }
}
