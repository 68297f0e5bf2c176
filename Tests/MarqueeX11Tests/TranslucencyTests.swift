import CX11
import Foundation
import XCTest
@testable import DisplayTestSupport

/// A background with alpha (`--bg '#rrggbbaa'`): a 32-bit window whose background keeps its
/// alpha (premultiplied) while a compositor runs (`xcompmgr` here), and is painted opaque in
/// the same colour while none does; the switch happens live. Read back from the window's own
/// pixels (XGetImage on a 32-bit window returns them as stored, alpha included) and from the
/// screen the compositor paints.
final class TranslucencyTests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    override class func setUp() { server = try! XvfbServer(width: 800, height: 200) }
    override class func tearDown() {
        server.stop()
        server = nil
    }

    /// `#20408080`: alpha 0x80; red, green, blue premultiplied by 0x80 / 0xFF.
    static let translucent = "#20408080"
    static let premultiplied: [UInt8] = [0x80, 0x10, 0x20, 0x40]
    static let opaque: [UInt8] = [0xFF, 0x20, 0x40, 0x80]
    static let white: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF]

    private var display: String { Self.server.display }

    private func launch(bg: String, geometry: String = "500x40+20+20", _ extra: [String] = []) throws
        -> (TickerProcess, XProbe, Window) {
        try TickerProcess.launchWithWindow(["--geometry", geometry, "--bg", bg, "--fg", "#ffffff"] + extra
                                           + ["Translucent ticker over the desktop"], display: display)
    }

    private func attributes(_ probe: XProbe, _ window: Window) throws -> XWindowAttributes {
        var attributes = XWindowAttributes()
        XCTAssertNotEqual(XGetWindowAttributes(probe.display, window, &attributes), 0)
        return attributes
    }

    private func assertClose(_ actual: [UInt8], _ expected: [UInt8], tolerance: Int = 1, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let close = zip(actual, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
        XCTAssertTrue(close, "\(message): ARGB \(hex(actual)), expected \(hex(expected))", file: file, line: line)
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    func testUnderACompositorTheBackgroundKeepsItsAlphaAndTheTextStaysOpaque() throws {
        let probe = try XProbe(display)
        let compositor = try CompositingManager(display: display, probe: probe)
        defer { compositor.stop() }
        // Moving text: the frames (Present, 32-bit back buffers) carry the alpha too.
        let (ticker, _, window) = try launch(bg: Self.translucent, ["--speed", "60"])
        defer { ticker.stop() }
        XCTAssertEqual(try attributes(probe, window).depth, 32, "a window with an alpha channel")
        let pixels = try XCTUnwrap(probe.capture(window))
        assertClose(pixels.argb(1, 1), Self.premultiplied, "the background, premultiplied, with its alpha")
        var opaqueText = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let argb = pixels.argb(x, y)
                XCTAssertGreaterThanOrEqual(argb[0], 0x80, "nothing is more transparent than the background")
                if argb == Self.white { opaqueText += 1 }
            }
        }
        XCTAssertGreaterThan(opaqueText, 100, "the text's pixels are opaque white")

        // On screen: the background blended over what the compositor paints below (its root tile).
        let screen = try XCTUnwrap(WindowPixels.capture(probe.display, probe.root, width: 800, height: 200))
        let below = screen.pixel(700, 150)
        let shown = screen.pixel(21, 21)
        let expected: [UInt8] = zip([below.0, below.1, below.2], Self.premultiplied.dropFirst()).map { under, over in
            let seenThrough: Int = (Int(under) * 0x7F + 127) / 0xFF
            return UInt8(Int(over) + seenThrough)
        }
        assertClose([0xFF, shown.0, shown.1, shown.2], [0xFF] + expected, tolerance: 2, "blended on screen")
        try screen.writePNG(to: NSTemporaryDirectory() + "xmarquee-translucent-screen.png")
    }

    func testWithoutACompositorTheBackgroundIsOpaqueInItsOwnColour() throws {
        let probe = try XProbe(display)
        XCTAssertFalse(CompositingManager.isRunning(on: probe))
        let (ticker, _, window) = try launch(bg: Self.translucent, ["--speed", "0"])
        defer { ticker.stop() }
        XCTAssertEqual(try attributes(probe, window).depth, 32, "ready for a compositor that starts later")
        let pixels = try XCTUnwrap(probe.capture(window))
        XCTAssertEqual(pixels.argb(1, 1), Self.opaque, "the given red, green and blue exactly, opaque")
        XCTAssertEqual(pixels.alpha.min(), 0xFF, "every pixel opaque")
        let screen = try XCTUnwrap(WindowPixels.capture(probe.display, probe.root, width: 800, height: 200))
        let shown = screen.pixel(21, 21)
        XCTAssertEqual([shown.0, shown.1, shown.2], Array(Self.opaque.dropFirst()), "and so on screen, not darkened")
    }

    func testACompositorStartedOrStoppedLaterSwitchesTheLookLive() throws {
        let probe = try XProbe(display)
        // Still text: no frames run, so the switch itself must repaint the window.
        let (ticker, _, window) = try launch(bg: Self.translucent, ["--speed", "0"])
        defer { ticker.stop() }
        XCTAssertEqual(probe.capture(window)?.argb(1, 1), Self.opaque)

        let compositor = try CompositingManager(display: display, probe: probe)
        defer { compositor.stop() }
        XCTAssertTrue(waitUntil(timeout: 1) { probe.capture(window)?.argb(1, 1) == Self.premultiplied },
                      "translucent within a second of the compositor starting: \(probe.capture(window).map { hex($0.argb(1, 1)) } ?? "")")
        let translucentText = try XCTUnwrap(probe.capture(window))
        XCTAssertTrue(translucentText.alpha.contains(0xFF), "the text stays opaque")

        compositor.stop()
        XCTAssertTrue(waitUntil(timeout: 1) { probe.capture(window)?.argb(1, 1) == Self.opaque },
                      "opaque again within a second of it stopping")
        XCTAssertEqual(try XCTUnwrap(probe.capture(window)).alpha.min(), 0xFF)
    }

    func testFadeMixesTowardsATranslucentBackgroundAndKeepsTheMiddleExact() throws {
        let probe = try XProbe(display)
        let compositor = try CompositingManager(display: display, probe: probe)
        defer { compositor.stop() }
        let (plain, _, plainWindow) = try launch(bg: Self.translucent, geometry: "500x40+20+20", ["--speed", "0"])
        defer { plain.stop() }
        let (faded, _, fadedWindow) = try launch(bg: Self.translucent, geometry: "500x40+20+100", ["--speed", "0", "--fade", "60"])
        defer { faded.stop() }
        let reference = try XCTUnwrap(probe.capture(plainWindow))
        let pixels = try XCTUnwrap(probe.capture(fadedWindow))
        try WindowPixels.capture(probe.display, probe.root, width: 800, height: 200)?
            .writePNG(to: NSTemporaryDirectory() + "xmarquee-translucent-fade.png")
        var changedInTheMiddle: [String] = []
        for x in 60..<(pixels.width - 60) {
            for y in 0..<pixels.height where pixels.argb(x, y) != reference.argb(x, y) {
                changedInTheMiddle.append("(\(x), \(y)): \(hex(pixels.argb(x, y))) for \(hex(reference.argb(x, y)))")
            }
        }
        XCTAssertEqual(changedInTheMiddle, [], "the middle is exact")
        // Wherever the frame shows background, the fade leaves exactly the background (laying it
        // OVER itself would raise the alpha there). At the very edge nearly all background: the
        // gradient is sampled at the pixel's centre, half a pixel in (1/120 of the text remains).
        func within(_ argb: [UInt8], _ tolerance: Int) -> Bool {
            zip(argb, Self.premultiplied).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
        }
        var wrongAtTheEdges: [String] = []
        for x in Array(0..<60) + Array((pixels.width - 60)..<pixels.width) {
            for y in 0..<pixels.height {
                let argb = pixels.argb(x, y)
                let background = reference.argb(x, y) == Self.premultiplied
                let edge = x == 0 || x == pixels.width - 1
                if (background && !within(argb, 1)) || (edge && !within(argb, 3)) {
                    wrongAtTheEdges.append("(\(x), \(y)): \(hex(argb))")
                }
            }
        }
        XCTAssertEqual(wrongAtTheEdges.prefix(8), [], "\(wrongAtTheEdges.count) pixels are not the background \(hex(Self.premultiplied))")
        func ink(_ image: WindowPixels, _ columns: ClosedRange<Int>) -> Int {
            columns.reduce(0) { sum, x in
                sum + (0..<image.height).reduce(0) { inner, y in
                    inner + zip(image.argb(x, y), Self.premultiplied).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
                }
            }
        }
        XCTAssertGreaterThan(ink(reference, 5...20), 1000, "the text reaches the left edge")
        XCTAssertLessThan(ink(pixels, 5...20), ink(reference, 5...20) / 2, "and fades out there")
    }

    func testAnOpaqueBackgroundKeepsTheDefaultVisual() throws {
        let probe = try XProbe(display)
        let compositor = try CompositingManager(display: display, probe: probe)
        defer { compositor.stop() }
        for bg in ["#204080", "#204080ff"] {
            let (ticker, _, window) = try launch(bg: bg, ["--speed", "0"])
            defer { ticker.stop() }
            let window32 = try attributes(probe, window)
            XCTAssertEqual(window32.depth, 24, bg)
            XCTAssertEqual(XVisualIDFromVisual(window32.visual), XVisualIDFromVisual(XDefaultVisual(probe.display, 0)), bg)
            let pixels = try XCTUnwrap(probe.capture(window))
            XCTAssertTrue(pixels.alpha.isEmpty)
            XCTAssertTrue(pixels.pixel(1, 1) == (0x20, 0x40, 0x80), bg)
        }
    }
}
