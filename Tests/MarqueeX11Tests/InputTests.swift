import CX11
import FeedTestServer
import Foundation
import XCTest
@testable import DisplayTestSupport

/// Text arriving while the ticker runs: a watched file and standard input.
final class InputTests: XvfbTestCase {
    static let background: (UInt8, UInt8, UInt8) = (0x20, 0x20, 0x20)

    override class var screen: (width: Int, height: Int) { (1200, 200) }

    private func launch(_ arguments: [String], input: Bool = false) throws -> (TickerProcess, XProbe, Window) {
        try TickerProcess.launchWithWindow(arguments, display: Self.server.display, input: input, untilDrawn: false)
    }

    /// Whether the window shows full blocks (█): they ink the whole text height, letters never do,
    /// so this tells from the pixels which text is on screen.
    private func showsBlocks(_ probe: XProbe, _ window: Window) -> Bool {
        guard let pixels = probe.capture(window) else { return false }
        return pixels.tallestInkColumn(background: Self.background) >= 20
    }

    private func showsText(_ probe: XProbe, _ window: Window) -> Bool {
        guard let pixels = probe.capture(window) else { return false }
        return pixels.inkProfile(background: Self.background).contains { $0 > 0 }
    }

    private let font = ["--font", "DejaVu Sans:size=14", "--geometry", "800x40+0+0"]
    /// Structured, so consecutive frames of it differ (a uniform run of blocks would look still).
    private static let blockLine = String(repeating: "██ ab ", count: 40)

    func testAFileIsFollowedThroughEditsRenamesAndDisappearance() throws {
        let directory = NSTemporaryDirectory() + "xmarquee-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/headlines.txt"
        try "abc\n".write(toFile: path, atomically: false, encoding: .utf8)
        let (ticker, probe, window) = try launch(["--file", path, "--speed", "300"] + font)
        defer { ticker.stop() }
        XCTAssertTrue(waitUntil(timeout: 3) { showsText(probe, window) })
        XCTAssertFalse(showsBlocks(probe, window), "letters alone never ink a whole column")

        // An editor's save: write a new file and rename it over the old one.
        try (Self.blockLine + "\n").write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(path + ".tmp", path), 0)
        XCTAssertTrue(waitUntil(timeout: 5) { showsBlocks(probe, window) }, "the renamed file's text arrives")

        // The file vanishes: a warning, and the last text stays.
        try FileManager.default.removeItem(atPath: path)
        XCTAssertTrue(waitUntil(timeout: 3) { ticker.standardError.contains("keeping the last text") }, ticker.standardError)
        XCTAssertTrue(holds(for: 0.5) { showsBlocks(probe, window) && ticker.process.isRunning }, "the last text stays, running")

        // It comes back, written in place this time.
        try "abc\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(waitUntil(timeout: 8) { !showsBlocks(probe, window) && showsText(probe, window) }, "the returned file's text arrives")
        XCTAssertTrue(ticker.standardError.contains("is back"), ticker.standardError)
    }

    /// A ticker following `text.txt` in a folder of its own, at 300 px/s; both go with it.
    private final class WatchedTicker {
        let directory = NSTemporaryDirectory() + "xmarquee-file-\(UUID().uuidString)"
        let path: String
        let ticker: TickerProcess
        let probe: XProbe
        let window: Window

        init(text: String, arguments: [String]) throws {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/text.txt"
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            (ticker, probe, window) = try TickerProcess.launchWithWindow(["--file", path, "--speed", "300"] + arguments,
                                                                        display: InputTests.server.display, untilDrawn: false)
        }

        deinit {
            ticker.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// `mkfifo f.new; mv -T f.new text.txt`: opening the pipe must not block the loop. One
    /// warning, frames go on, the last text stays, and a regular file put back is read again.
    func testANamedPipeRenamedOverTheFileNeverStopsTheFrames() throws {
        let watched = try WatchedTicker(text: Self.blockLine + "\n", arguments: font)
        let (ticker, probe, window, path) = (watched.ticker, watched.probe, watched.window, watched.path)
        XCTAssertTrue(waitUntil(timeout: 3) { showsBlocks(probe, window) })
        let (stalls, samples) = stalledSamples(probe, window, duration: 2) {
            XCTAssertEqual(mkfifo(path + ".new", 0o600), 0)
            XCTAssertEqual(rename(path + ".new", path), 0)
        }
        XCTAssertEqual(stalls, 0, "frames stalled in \(stalls) of \(samples) samples")
        XCTAssertTrue(waitUntil(timeout: 3) { ticker.standardError.contains("not a regular file (a named pipe)") }, ticker.standardError)
        XCTAssertEqual(ticker.standardError.split(separator: "\n").count, 1, ticker.standardError)
        XCTAssertTrue(showsBlocks(probe, window), "the last text stays")

        try "abc\n".write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(path + ".tmp", path), 0)
        XCTAssertTrue(waitUntil(timeout: 3) { ticker.standardError.contains("is back") }, ticker.standardError)
        // The new text takes over where nothing is visible: after the long line has gone by.
        XCTAssertTrue(waitUntil(timeout: 12) { !showsBlocks(probe, window) && showsText(probe, window) }, "a regular file is read again")
    }

    /// A 2 GB (sparse) file renamed over the watched one is refused from its size: no reading,
    /// no memory, no late frame.
    func testAHugeFileIsRefusedFromItsSizeWithoutStoppingTheFrames() throws {
        let watched = try WatchedTicker(text: Self.blockLine + "\n", arguments: font)
        let (ticker, probe, window, path) = (watched.ticker, watched.probe, watched.window, watched.path)
        XCTAssertTrue(waitUntil(timeout: 3) { showsBlocks(probe, window) })
        let (stalls, samples) = stalledSamples(probe, window, duration: 2) {
            let fd = open(path + ".new", O_WRONLY | O_CREAT, 0o600)
            XCTAssertEqual(ftruncate(fd, 2 << 30), 0)
            close(fd)
            XCTAssertEqual(rename(path + ".new", path), 0)
        }
        XCTAssertEqual(stalls, 0, "frames stalled in \(stalls) of \(samples) samples")
        XCTAssertTrue(ticker.standardError.contains("larger than 256 MB (2048 MB)"), ticker.standardError)
        // A sanitized build's shadow memory alone is near that bound; what matters there is the rest.
        if Sanitizer.name == nil { XCTAssertLessThan(ticker.residentKilobytes, 100_000, "nothing of it was read") }
        XCTAssertTrue(showsBlocks(probe, window), "the last text stays")
    }

    /// A large regular file (20 MB in 50 000 lines) is read a slice per loop turn: the frames
    /// go on while it is read, and its text then arrives.
    func testALargeFileIsReadWithoutStoppingTheFrames() throws {
        try Sanitizer.skip("reading and laying out 20 MB takes a sanitized build longer than a frame between slices")
        let watched = try WatchedTicker(text: "abc\n", arguments: font)
        let (ticker, probe, window, path) = (watched.ticker, watched.probe, watched.window, watched.path)
        XCTAssertTrue(waitUntil(timeout: 3) { showsText(probe, window) })
        // Long words (two pieces a line): the reading is what is measured here, not the layout of
        // four million short words, which a debug build takes longer than this test waits.
        let line = String(repeating: "█", count: 132) + " ab\n"
        let large = Data(String(repeating: line, count: 50_000).utf8)
        try large.write(to: URL(fileURLWithPath: path + ".new"))
        let (stalls, samples) = stalledSamples(probe, window, duration: 3) {
            XCTAssertEqual(rename(path + ".new", path), 0)
        }
        XCTAssertEqual(stalls, 0, "frames stalled in \(stalls) of \(samples) samples")
        XCTAssertTrue(waitUntil(timeout: 15) { showsBlocks(probe, window) }, "the large file's text arrives")
        XCTAssertEqual(ticker.standardError, "")
    }

    func testStandardInputLinesReplaceTheTextAndStayAtEndOfInput() throws {
        let (ticker, probe, window) = try launch(["-", "--speed", "300"] + font, input: true)
        defer { ticker.stop() }
        let input = try XCTUnwrap(ticker.input).fileHandleForWriting
        input.write(Data("abc\n".utf8))
        XCTAssertTrue(waitUntil(timeout: 3) { showsText(probe, window) })
        XCTAssertFalse(showsBlocks(probe, window))
        input.write(Data((Self.blockLine + "\n").utf8))
        XCTAssertTrue(waitUntil(timeout: 8) { showsBlocks(probe, window) }, "the new line replaces the text")
        try input.close()
        XCTAssertTrue(holds(for: 0.5) { ticker.process.isRunning && showsBlocks(probe, window) },
                      "end of input keeps the ticker running, the last text on screen")
        let first = probe.capture(window)
        XCTAssertTrue(waitUntil(timeout: 2) { probe.capture(window) != first }, "and keeps scrolling")
    }

    func testInvalidUTF8IsShownWithReplacementCharacters() throws {
        let (ticker, probe, window) = try launch(["-", "--speed", "0"] + font, input: true)
        defer { ticker.stop() }
        let input = try XCTUnwrap(ticker.input).fileHandleForWriting
        input.write(Data([0xFF, 0xFE, 0x41, 0xC3, 0x28, 0x0A]))
        XCTAssertTrue(waitUntil(timeout: 3) { showsText(probe, window) })
        XCTAssertTrue(ticker.process.isRunning)
        XCTAssertEqual(ticker.standardError, "")
    }

    /// A 10 MB line: shown and scrolled, and the frames never stall while it is read and measured.
    func testATenMegabyteLineNeverStallsTheFrames() throws {
        try Sanitizer.skip("measuring a 10 MB line takes a sanitized build longer than the test waits")
        let (ticker, probe, window) = try launch(["-", "--keep", "1"] + font, input: true)
        defer { ticker.stop() }
        let input = try XCTUnwrap(ticker.input).fileHandleForWriting
        input.write(Data("moving along, waiting for a long line\n".utf8))
        XCTAssertTrue(waitUntil(timeout: 3) { showsText(probe, window) })
        // A slow build (a sanitizer's) may still be reading when the test ends and stops the
        // ticker: the next write then fails with EPIPE (SIGPIPE is ignored, see TickerProcess),
        // which ends the writer.
        let writer = Thread {
            let block = Data(String(repeating: Self.blockLine, count: 200).utf8) // about 0.5 MB
            for _ in 0..<(10 << 20) / block.count {
                guard (try? input.write(contentsOf: block)) != nil else { return }
            }
            try? input.write(contentsOf: Data("\n".utf8))
        }
        // While it arrives and is measured, captures 100 ms apart keep changing.
        let (stalls, samples) = stalledSamples(probe, window, duration: 6) { writer.start() }
        XCTAssertEqual(stalls, 0, "frames stalled in \(stalls) of \(samples) samples")
        XCTAssertTrue(waitUntil(timeout: 10) { showsBlocks(probe, window) }, "the long line arrives")
        XCTAssertTrue(ticker.process.isRunning)
    }
}
