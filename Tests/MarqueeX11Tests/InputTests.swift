import CX11
import Foundation
import XCTest

/// Text arriving while the ticker runs: a watched file and standard input.
final class InputTests: XvfbTestCase {
    static let background: (UInt8, UInt8, UInt8) = (0x20, 0x20, 0x20)

    override class var screen: (width: Int, height: Int) { (1200, 200) }

    private func launch(_ arguments: [String], input: Bool = false) throws -> (TickerProcess, XProbe, Window) {
        try TickerProcess.launchWithWindow(arguments, display: Self.server.display, input: input, settle: 0)
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
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(showsBlocks(probe, window))
        XCTAssertTrue(ticker.process.isRunning)

        // It comes back, written in place this time.
        try "abc\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(waitUntil(timeout: 8) { !showsBlocks(probe, window) && showsText(probe, window) }, "the returned file's text arrives")
        XCTAssertTrue(ticker.standardError.contains("is back"), ticker.standardError)
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
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(ticker.process.isRunning, "end of input keeps the ticker running")
        XCTAssertTrue(showsBlocks(probe, window), "the last text stays")
        let first = probe.capture(window)
        Thread.sleep(forTimeInterval: 0.1)
        XCTAssertNotEqual(probe.capture(window), first, "and keeps scrolling")
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
        let (ticker, probe, window) = try launch(["-", "--keep", "1"] + font, input: true)
        defer { ticker.stop() }
        let input = try XCTUnwrap(ticker.input).fileHandleForWriting
        input.write(Data("moving along, waiting for a long line\n".utf8))
        XCTAssertTrue(waitUntil(timeout: 3) { showsText(probe, window) })
        let writer = Thread {
            let block = Data(String(repeating: Self.blockLine, count: 200).utf8) // about 0.5 MB
            for _ in 0..<(10 << 20) / block.count { input.write(block) }
            input.write(Data("\n".utf8))
        }
        writer.start()
        // While it arrives and is measured, captures 100 ms apart keep changing.
        var previous = probe.capture(window)
        var stalls = 0
        var samples = 0
        let deadline = Date().addingTimeInterval(6)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let current = probe.capture(window)
            if current == previous { stalls += 1 }
            previous = current
            samples += 1
        }
        XCTAssertEqual(stalls, 0, "frames stalled in \(stalls) of \(samples) samples")
        XCTAssertTrue(waitUntil(timeout: 10) { showsBlocks(probe, window) }, "the long line arrives")
        XCTAssertTrue(ticker.process.isRunning)
    }
}
