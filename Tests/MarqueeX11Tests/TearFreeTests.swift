import Foundation
import XCTest
@testable import DisplayTestSupport

/// Without a compositing manager the window is scanned out as it is, so no frame may be drawn
/// into it while the text scrolls: each frame is a pixmap the server copies at the vblank
/// (`PresentPixmap`). While the text scrolls steadily the frames are queued in batches, one
/// notification (one wakeup) for each, the same under a compositing manager. Seen from outside, in the
/// X protocol itself: the real executable runs behind `xtrace`, which logs every request.
final class TearFreeTests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    override class func setUp() { server = try! XvfbServer(width: 800, height: 200) }
    override class func tearDown() {
        server.stop()
        server = nil
    }

    /// What one stretch of the trace did to the ticker's window.
    private struct Requests {
        var presents = 0
        /// Notifications asked for: the ticker's wakeups while it scrolls steadily.
        var notifies = 0
        /// Copies, fills and Render composites whose destination is the window itself.
        var direct = 0
    }

    /// What the trace did to `window` from its first presented frame on (the standing text
    /// drawn once when the window maps, before the first frame, goes straight in).
    private func requests(in trace: String, window: String) -> Requests {
        var found = Requests()
        for line in trace.split(separator: "\n") where line.contains(":<:") {
            if line.contains("Present-Request") && line.contains(": Pixmap ") && line.contains("window=\(window)") {
                found.presents += 1
            }
            guard found.presents > 0 else { continue }
            if line.contains("Present-Request") && line.contains("NotifyMSC") { found.notifies += 1 }
            let drawsIntoWindow = line.contains("dst-drawable=\(window)") || line.contains("drawable=\(window) ")
                || (line.contains("Composite") && line.contains("dst=\(window)"))
            if drawsIntoWindow && (line.contains("CopyArea") || line.contains("PolyFillRectangle") || line.contains("Composite")) {
                found.direct += 1
            }
        }
        return found
    }

    private func freeDisplayNumber() -> Int {
        (180..<250).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") } ?? 250
    }

    func testFramesArePresentedAtTheVblankInBatchesWithAndWithoutACompositor() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xtrace") else {
            throw XCTSkip("xtrace is not installed (scripts/install-deps.sh test installs it)")
        }
        let probe = try XProbe(Self.server.display)
        XCTAssertFalse(CompositingManager.isRunning(on: probe))
        let log = NSTemporaryDirectory() + "xmarquee-tearfree-\(getpid()).trace"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tracer = Process()
        tracer.executableURL = URL(fileURLWithPath: "/usr/bin/xtrace")
        tracer.arguments = ["-n", "-d", Self.server.display, "-D", ":\(freeDisplayNumber())", "-o", log, "--",
                            TickerProcess.executable.path, "--geometry", "500x40+20+20", "--speed", "100",
                            "Frames reach the window only at the vblank"]
        tracer.standardOutput = FileHandle.nullDevice
        tracer.standardError = FileHandle.nullDevice
        try tracer.run()
        defer {
            tracer.terminate()
            tracer.waitUntilExit()
        }
        func trace() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        func presentedWindow() -> String? {
            guard let line = trace().split(separator: "\n").first(where: { $0.contains("Present-Request") && $0.contains(": Pixmap ") }),
                  let range = line.range(of: "window=") else { return nil }
            return String(line[range.upperBound...].prefix(10))
        }
        XCTAssertTrue(waitUntil(timeout: 10) { presentedWindow() != nil }, "frames are presented: \(trace().suffix(2000))")
        let window = try XCTUnwrap(presentedWindow())
        func now() -> Requests { requests(in: trace(), window: window) }
        /// Seconds until `count` more frames were presented than `from` had (nil after 5 s): the
        /// pacing, measured over the time they take.
        func seconds(for count: Int, after from: Requests) -> Double? {
            secondsUntil(within: 5) { now().presents >= from.presents + count }
        }
        XCTAssertTrue(waitUntil(timeout: 10) { now().presents > 60 }, "a PresentPixmap each frame")
        let bare = now()
        XCTAssertEqual(bare.direct, 0, "nothing drawn straight into the window while it scrolls")
        let steady = now()
        let steadySeconds = try XCTUnwrap(seconds(for: 60, after: steady), "60 frames presented")
        XCTAssertLessThan(steadySeconds, 1.25, "a frame queued for every vblank (60 Hz)")
        let later = now()
        XCTAssertLessThanOrEqual(later.notifies - steady.notifies, 8, "one notification (one wakeup) per batch of frames")

        // A compositing manager starts: the same batches, presented into the redirected window.
        let compositor = try CompositingManager(display: Self.server.display, probe: probe)
        defer { compositor.stop() }
        XCTAssertNotNil(seconds(for: 10, after: now()), "frames go on as it starts")
        let atSwitch = now()
        let compositedSeconds = try XCTUnwrap(seconds(for: 60, after: atSwitch), "frames presented under a compositor too")
        XCTAssertLessThan(compositedSeconds, 1.25, "a frame for every vblank under a compositor too")
        let composited = now()
        XCTAssertLessThanOrEqual(composited.notifies - atSwitch.notifies, 8, "in batches")
        XCTAssertEqual(composited.direct, atSwitch.direct, "none copied straight in")

        // And back when it stops.
        compositor.stop()
        XCTAssertTrue(waitUntil(timeout: 5) { !CompositingManager.isRunning(on: probe) })
        XCTAssertNotNil(seconds(for: 10, after: now()), "frames go on as it stops")
        let stopped = now()
        let againSeconds = try XCTUnwrap(seconds(for: 48, after: stopped), "presented again")
        XCTAssertLessThan(againSeconds, 1.2, "presented again at the vblanks")
        let bareAgain = now()
        XCTAssertEqual(bareAgain.direct, stopped.direct, "nothing straight into the window again")
    }
}
