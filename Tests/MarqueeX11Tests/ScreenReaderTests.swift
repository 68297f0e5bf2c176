import Foundation
import XCTest
@testable import DisplayTestSupport

/// A screen reader hears the ticker: pyatspi (Debian's, for /usr/bin/python3) reads the
/// accessible tree on a private accessibility bus and catches the announcements that
/// `ctl say`, a critical notification and the `r` key raise.
final class ScreenReaderTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (800, 200) }

    /// The application named xmarquee and its children: role, name, states, place.
    static let readTree = #"""
import pyatspi
for app in pyatspi.Registry.getDesktop(0):
    if app is None or app.name != "xmarquee":
        continue
    print("app", app.getRoleName(), app.childCount)
    for child in app:
        states = child.getState()
        print("child role=%s marquee=%s showing=%s visible=%s focusable=%s index=%d parent=%s name=%r" % (
            child.getRoleName(), child.getRole() == pyatspi.ROLE_MARQUEE, states.contains(pyatspi.STATE_SHOWING),
            states.contains(pyatspi.STATE_VISIBLE), states.contains(pyatspi.STATE_FOCUSABLE), child.getIndexInParent(),
            child.parent.name, child.name))
"""#

    /// Prints each `object:announcement` (text, politeness, the source's role) for the seconds given.
    static let listen = #"""
import sys, pyatspi
from gi.repository import GLib
def heard(event):
    print("announcement %r %d %s" % (event.any_data, event.detail1, event.source.getRoleName()), flush=True)
pyatspi.Registry.registerEventListener(heard, "object:announcement")
GLib.timeout_add(int(float(sys.argv[1]) * 1000), pyatspi.Registry.stop)
print("ready", flush=True)
pyatspi.Registry.start()
"""#

    private func python(_ script: String, _ arguments: [String] = [], bus: PrivateSessionBus) throws -> String {
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script] + arguments, environment: bus.environment)
        return result.output
    }

    func testAReaderFindsTheMarqueeAndHearsUrgentMessages() throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        let ticker = try TickerProcess(["--name", "reader", "--geometry", "600x30+0+0", "--speed", "0", "--notifications",
                                        "Hello screen reader"],
                                       display: Self.server.display, environment: bus.environment)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status("reader")?["message"] as? String == "Hello screen reader" })

        // The tree, read on demand: the marquee's name is the message at the reading edge.
        var tree = ""
        XCTAssertTrue(waitFor(seconds: 10) {
            tree = (try? self.python(Self.readTree, bus: bus)) ?? ""
            return tree.contains("child ")
        }, "no xmarquee application: \(tree) \(ticker.standardError)")
        XCTAssertTrue(tree.contains("app application 1"), tree)
        XCTAssertTrue(tree.contains("child role=marquee marquee=True showing=True visible=True focusable=True index=0 parent=xmarquee name='Hello screen reader'"), tree)

        // Announcements: ctl say (polite), a critical notification (assertive), the r key (the message).
        let output = NSTemporaryDirectory() + "xmarquee-listen-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        listener.arguments = ["-c", Self.listen, "20"]
        listener.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, new in new }
        listener.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        listener.standardError = FileHandle.nullDevice
        try listener.run()
        defer { if listener.isRunning { listener.terminate() }; listener.waitUntilExit() }
        let heard = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        XCTAssertTrue(waitFor(seconds: 10) { heard().contains("ready") })
        Thread.sleep(forTimeInterval: 0.5)

        var start = Date()
        XCTAssertEqual(try XMarqueeRun.ctl(["--name", "reader", "say", "Storm warning for the coast"]).status, 0)
        XCTAssertTrue(waitFor(seconds: 5) { heard().contains("announcement 'Storm warning for the coast' 1 marquee") }, heard())
        let sayLatency = Date().timeIntervalSince(start)

        start = Date()
        let notify = try runTool(URL(fileURLWithPath: "/usr/bin/notify-send"), ["-u", "critical", "Disk full", "Free some space"],
                                 environment: bus.environment)
        XCTAssertEqual(notify.status, 0, notify.output)
        XCTAssertTrue(waitFor(seconds: 5) { heard().contains("announcement 'Disk full: Free some space' 2 marquee") }, heard())
        let criticalLatency = Date().timeIntervalSince(start)

        // The r key (over the window: focus follows the pointer without a window manager).
        let onScreen = XMarqueeRun.status("reader")?["message"] as? String ?? ""
        let display = ["DISPLAY": Self.server.display]
        _ = try runTool(URL(fileURLWithPath: "/usr/bin/xdotool"), ["mousemove", "30", "15"], environment: display)
        start = Date()
        _ = try runTool(URL(fileURLWithPath: "/usr/bin/xdotool"), ["key", "r"], environment: display)
        XCTAssertTrue(waitFor(seconds: 5) { heard().contains("announcement '\(onScreen)' 1 marquee") }, "\(onScreen): \(heard())")
        let keyLatency = Date().timeIntervalSince(start)
        print("screen reader: announcement heard \(String(format: "%.3f", sayLatency)) s after ctl say, "
              + "\(String(format: "%.3f", criticalLatency)) s after notify-send -u critical, \(String(format: "%.3f", keyLatency)) s after r")
        XCTAssertTrue(ticker.standardError.split(separator: "\n").filter { $0.contains("warning") }.isEmpty, ticker.standardError)
    }

    /// Without the launcher, nothing is said about it.
    func testNoAccessibilityBusNoWord() throws {
        let bus = try PrivateSessionBus()
        let ticker = try TickerProcess(["--name", "no-reader", "--geometry", "600x30+0+40", "quiet"],
                                       display: Self.server.display, environment: bus.environment)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status("no-reader") != nil })
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(ticker.standardError, "")
    }
}
