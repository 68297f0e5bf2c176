import CX11
import Foundation
import XCTest
@testable import DisplayTestSupport

/// The real executable against a real Xvfb: what a user sees and what a script gets back.
final class ProcessTests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    static let background: (UInt8, UInt8, UInt8) = (0x20, 0x20, 0x20)

    override class func setUp() {
        server = try! XvfbServer(width: 2600, height: 300)
    }

    override class func tearDown() {
        server.stop()
        server = nil
    }

    private var display: String { Self.server.display }

    private func launch(_ arguments: [String]) throws -> (TickerProcess, XProbe, Window) {
        try TickerProcess.launchWithWindow(arguments, display: display)
    }


    func testWindowHasItsIdentityAndTheTextMoves() throws {
        let (ticker, probe, window) = try launch(["--geometry", "600x40+0+0", "Markets rally as tech stocks climb"])
        defer { ticker.stop() }
        XCTAssertEqual(probe.string(window, "WM_CLASS"), "xmarquee\u{0}Xmarquee\u{0}")
        XCTAssertEqual(probe.string(window, "_NET_WM_NAME"), "xmarquee")
        XCTAssertEqual(probe.cardinals(window, "_NET_WM_PID"), [Int(ticker.pid)])
        let first = try XCTUnwrap(probe.capture(window))
        XCTAssertGreaterThan(first.inkProfile(background: Self.background).reduce(0, +), 0, "text is drawn")
        XCTAssertTrue(waitUntil(timeout: 3) { probe.capture(window) != first }, "the text scrolls")
    }

    func testAFirstRunWithNothingToShowScrollsTheWelcome() throws {
        let (ticker, probe, window) = try launch(["--geometry", "900x40+0+0"])
        defer { ticker.stop() }
        let pixels = try XCTUnwrap(probe.capture(window))
        XCTAssertGreaterThan(pixels.inkProfile(background: Self.background).filter { $0 > 0 }.count, 300)
    }

    /// No blank gap, at any width and across live resizes: the longest ink-free run of columns
    /// never exceeds the widest gap inside one cycle of the text (the separator).
    func testNoGapAtAnyWidthOrDuringLiveResizing() throws {
        let (ticker, probe, window) = try launch(["--geometry", "2400x40+0+0", "--speed", "480", "Gap check", "xmarquee"])
        defer { ticker.stop() }
        let reference = try XCTUnwrap(probe.capture(window)).longestBlankRun(background: Self.background)
        XCTAssertGreaterThan(reference, 5)
        XCTAssertLessThan(reference, 60, "the separator is the widest gap in the cycle")
        var checked = 0
        for width in [1, 37, 120, 300, 640, 1000, 1500, 1999, 2500, 333, 2400] {
            probe.resize(window, width: width, height: 40)
            // Three frames drawn at this width, each read as it shows (below twice the gap the
            // picture may stand still; it is only counted there).
            var previous: WindowPixels?
            var frames = 0
            XCTAssertTrue(waitUntil(timeout: 3) {
                guard let pixels = probe.capture(window), pixels.width == width,
                      pixels != previous || width <= 2 * reference else { return false }
                previous = pixels
                if width > 2 * reference {
                    let blank = pixels.longestBlankRun(background: Self.background)
                    XCTAssertLessThanOrEqual(blank, reference + 1, "width \(width)")
                    if blank > reference + 1 { try? pixels.writePNG(to: "/tmp/xmarquee-gap-\(width).png") }
                }
                frames += 1
                checked += 1
                return frames == 3
            }, "frames drawn at width \(width)")
        }
        XCTAssertGreaterThan(checked, 25)
        // A storm of live resizes, each captured at once.
        for step in 0..<60 {
            let width = 400 + (step * 97) % 2000
            probe.resize(window, width: width, height: 40)
            // Read as soon as the picture at this width changes (the ticker saw the
            // ConfigureNotify and drew a frame); what the server shows before that is the old
            // pixels (no background clearing), never a gap.
            let resized = probe.capture(window)
            var pixels: WindowPixels?
            XCTAssertTrue(waitUntil(timeout: 3) {
                pixels = probe.capture(window)
                return pixels != resized && pixels?.width == width
            }, "a frame at storm width \(width)")
            if let pixels, pixels.width == width {
                XCTAssertLessThanOrEqual(pixels.longestBlankRun(background: Self.background), reference + 1, "storm width \(width)")
            }
        }
    }

    func testSpeedZeroStandsStillWithoutWakeups() throws {
        let (ticker, probe, window) = try launch(["--geometry", "500x40+0+0", "--speed", "0", "Standing still"])
        defer { ticker.stop() }
        XCTAssertTrue(ticker.waitUntilIdle(), "settles after starting")
        let switches = ticker.contextSwitches
        let cpu = ticker.cpuTicks
        let before = try XCTUnwrap(probe.capture(window))
        // Time is what this tests: a standing ticker must not wake at all over a stretch of it.
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(ticker.contextSwitches, switches, "no wakeups while nothing moves")
        XCTAssertEqual(ticker.cpuTicks, cpu)
        XCTAssertEqual(try XCTUnwrap(probe.capture(window)), before)
        XCTAssertEqual(before.inkProfile(background: Self.background).prefix(20).reduce(0, +) > 0, true, "text starts at the left edge")
    }

    func testAnUnmappedWindowSleepsAndResumesWhenMapped() throws {
        let (ticker, probe, window) = try launch(["--geometry", "500x40+0+0", "Hidden ticker"])
        defer { ticker.stop() }
        XUnmapWindow(probe.display, window)
        XSync(probe.display, 0)
        // The completion of the last frame asked for can come late on a loaded machine; a ticker
        // that kept waking would never be quiet this long.
        XCTAssertTrue(ticker.waitUntilIdle(quiet: 1.2, timeout: 6), "stops once unmapped")
        let switches = ticker.contextSwitches
        // Time is what this tests: an unmapped ticker must not wake at all over a stretch of it.
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(ticker.contextSwitches, switches, "no wakeups while unmapped")
        XMapWindow(probe.display, window)
        XSync(probe.display, 0)
        // Two changes in a row: frames moving, not one repaint of the exposed window.
        for change in ["drawn", "moving again"] {
            let first = probe.capture(window)
            XCTAssertTrue(waitUntil(timeout: 3) { probe.capture(window) != first }, "\(change) once mapped")
        }
    }

    func testSIGTERMAndSIGINTEndCleanly() throws {
        for signal in [SIGTERM, SIGINT] {
            let (ticker, _, _) = try launch(["--geometry", "300x30+0+0", "bye"])
            ticker.signal(signal)
            XCTAssertEqual(ticker.waitForExit(timeout: 5), 0, "signal \(signal)")
            XCTAssertEqual(ticker.standardError, "")
        }
    }

    /// Its standard error on a pipe whose reader then goes away (a launcher's log that quit): a
    /// warning afterwards (an invalid config saved) must not kill the ticker with SIGPIPE.
    func testAWarningAfterStandardErrorsReaderHasGoneIsNotFatal() throws {
        let config = NSTemporaryDirectory() + "xmarquee-epipe-\(UUID().uuidString).toml"
        try "speed = 300\n".write(toFile: config, atomically: true, encoding: .utf8)
        defer { unlink(config) }
        let process = Process()
        process.executableURL = TickerProcess.executable
        process.arguments = ["--config", config, "--geometry", "300x30+0+0", "still here"]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { _, new in new }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        let probe = try XProbe(display)
        XCTAssertTrue(waitUntil(timeout: 10) { probe.window(ofProcess: process.processIdentifier) != nil })
        try errors.fileHandleForReading.close()
        // One save with a warning (the unknown key, said first) and a change that shows (the text
        // stops): once it stands, the warning has been written to the closed pipe.
        try "speed = 0\nno-such-key = 3\n".write(toFile: config, atomically: true, encoding: .utf8)
        let window = try XCTUnwrap(probe.window(ofProcess: process.processIdentifier))
        XCTAssertTrue(waitUntil(timeout: 10) { !process.isRunning || probe.isStill(window) }, "the saved config applies")
        XCTAssertTrue(process.isRunning, "ended by \(process.terminationReason == .uncaughtSignal ? "signal" : "status") \(process.isRunning ? 0 : process.terminationStatus)")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testTheWindowManagerClosingTheWindowEndsCleanly() throws {
        let (ticker, probe, window) = try launch(["--geometry", "300x30+0+0", "close me"])
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = probe.atom("WM_PROTOCOLS")
        event.xclient.format = 32
        event.xclient.data.l.0 = CLong(probe.atom("WM_DELETE_WINDOW"))
        XSendEvent(probe.display, window, 0, 0, &event)
        XSync(probe.display, 0)
        XCTAssertEqual(ticker.waitForExit(timeout: 5), 0)
    }

    func testWithoutADisplayItSaysSoAndExits() throws {
        var number = 90
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        let ticker = try TickerProcess(["hello"], display: ":\(number)")
        XCTAssertEqual(ticker.waitForExit(timeout: 5), 3)
        XCTAssertEqual(ticker.standardError, "xmarquee: cannot open display \":\(number)\"\n")
    }

    func testBadValuesGiveOneLineAndStatusTwoWithoutAWindow() throws {
        let cases: [([String], String)] = [
            (["--fg", "#zzz"], "#zzz"),
            (["--bg", "notacolourname"], "notacolourname"),
            (["--geometry", "wide"], "wide"),
            (["--speed=-5"], "-5"),
            (["--speed", "fast"], "fast"),
            (["--direction", "up"], "up"),
            (["--keep", "0"], "0"),
            (["--item-bg", "notacolourname"], "--item-bg"),
            (["--item-bg", "#12"], "#12"),
            (["--item-padding=-1"], "-1"),
            (["--item-radius", "round"], "round"),
            (Array(repeating: ["--font", "sans"], count: 10).flatMap { $0 }, "at most 9"),
            (["--no-such-option"], "--no-such-option"),
            // Every number range-checked, and named as it was typed.
            (["--speed", "1e309"], "'1e309'"),
            (["--speed", "nan"], "'nan'"),
            (["--pause-at-start", "1e400"], "'1e400'"),
            (["--duration=-inf"], "'-inf'"),
            (["--interval", "1e999"], "'1e999'"),
            (["--feed-timeout", "0.5"], "'0.5'"),
            (["--height", "70000"], "\"70000\""),
            (["--height", "99999999999999999999"], "'99999999999999999999'"),
            (["--font", "Sans:size=-5"], "\"Sans:size=-5\": the size must be more than 0"),
            (["--font", "Sans-0"], "\"Sans-0\""),
            (["--font", "Sans:pixelsize=40000"], "\"Sans:pixelsize=40000\": the pixel size"),
        ]
        for (arguments, bad) in cases {
            let ticker = try TickerProcess(arguments + ["text"], display: display)
            XCTAssertEqual(ticker.waitForExit(timeout: 5), 2, "\(arguments)")
            let lines = ticker.standardError.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(arguments): \(ticker.standardError)")
            XCTAssertTrue(ticker.standardError.hasPrefix("xmarquee: "), ticker.standardError)
            XCTAssertTrue(ticker.standardError.contains(bad), "\(arguments): \(ticker.standardError)")
        }
    }

    /// A second instance with a name in use: one line naming the running one's pid, status 2,
    /// no window. With --replace the running one quits (status 0) and the new one takes the
    /// name: `xmarquee ctl` then reaches it.
    func testANameInUseIsAnErrorUnlessReplaced() throws {
        let runtime = NSTemporaryDirectory() + "xmarquee-runtime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let environment = ["XDG_RUNTIME_DIR": runtime]
        let first = try TickerProcess(["--name", "taken", "--geometry", "300x30+0+0", "first"], display: display, environment: environment)
        defer { first.stop() }
        XCTAssertTrue(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: runtime + "/xmarquee/taken.sock") })

        let second = try TickerProcess(["--name", "taken", "second"], display: display, environment: environment)
        XCTAssertEqual(second.waitForExit(timeout: 5), 2)
        XCTAssertEqual(second.standardError,
                       "xmarquee: another xmarquee (pid \(first.pid)) already runs as \"taken\": choose another --name, or --replace it\n")
        XCTAssertTrue(first.process.isRunning)

        let third = try TickerProcess(["--name", "taken", "--replace", "--geometry", "300x30+0+0", "third"], display: display,
                                      environment: environment)
        defer { third.stop() }
        XCTAssertEqual(first.waitForExit(timeout: 5), 0, "the replaced instance quits cleanly")
        XCTAssertTrue(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: runtime + "/xmarquee/taken.sock") })
        let quit = try TickerProcess(["ctl", "--name", "taken", "quit"], display: display, environment: environment)
        XCTAssertEqual(quit.waitForExit(timeout: 5), 0, quit.standardError)
        XCTAssertEqual(third.waitForExit(timeout: 5), 0, "the new instance has the name")
        XCTAssertEqual(third.standardError, "")
    }

    func testHelpAndVersionSucceed() throws {
        for flag in ["--help", "--version"] {
            let ticker = try TickerProcess([flag], display: nil)
            XCTAssertEqual(ticker.waitForExit(timeout: 5), 0, flag)
        }
    }

    func testAnUnknownFontFallsBackWithAWarning() throws {
        let (ticker, probe, window) = try launch(["--geometry", "500x40+0+0", "--font", "NoSuchFamilyAnywhere:size=14", "still readable"])
        defer { ticker.stop() }
        XCTAssertTrue(ticker.standardError.contains("warning: font \"NoSuchFamilyAnywhere\" not found"), ticker.standardError)
        XCTAssertGreaterThan(try XCTUnwrap(probe.capture(window)).inkProfile(background: Self.background).reduce(0, +), 0)
    }

    func testAMissingOrUnreadableFileIsAClearErrorAtStart() throws {
        let missing = try TickerProcess(["--file", "/nonexistent/headlines.txt"], display: display)
        XCTAssertEqual(missing.waitForExit(timeout: 5), 5)
        XCTAssertEqual(missing.standardError,
                       "xmarquee: cannot read \"/nonexistent/headlines.txt\": No such file or directory\n")
        let directory = try TickerProcess(["--file", "/tmp"], display: display)
        XCTAssertEqual(directory.waitForExit(timeout: 5), 5)
        XCTAssertTrue(directory.standardError.contains("not a regular file"), directory.standardError)
        // A named pipe is never opened for a blocking read: status 5 at once, one line.
        let fifo = NSTemporaryDirectory() + "xmarquee-fifo-\(UUID().uuidString)"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let pipe = try TickerProcess(["--file", fifo], display: display)
        XCTAssertEqual(pipe.waitForExit(timeout: 5), 5)
        XCTAssertEqual(pipe.standardError, "xmarquee: cannot read \"\(fifo)\": not a regular file (a named pipe)\n")
    }

    /// The X server going away mid-run: one line, a distinct status, no hang.
    func testLosingTheXServerEndsWithStatusFour() throws {
        let own = try XvfbServer(width: 800, height: 100)
        let ticker = try TickerProcess(["--geometry", "400x30+0+0", "doomed"], display: own.display)
        defer { ticker.stop() }
        var probe: XProbe? = try XProbe(own.display)
        XCTAssertTrue(waitUntil(timeout: 10) { probe!.window(ofProcess: ticker.pid) != nil })
        probe = nil // the tests' own connection must be closed before its server goes
        own.stop()
        XCTAssertEqual(ticker.waitForExit(timeout: 5), 4)
        XCTAssertEqual(ticker.standardError, "xmarquee: lost the connection to the X server\n")
    }
}
