import CX11
import FontMatching
import Foundation
import MarqueeCore
import MarqueeIO
@testable import MarqueeX11
import DriverTestSupport
import TickerDriver
import TileRaster
import XCTest
@testable import DisplayTestSupport

/// One in-process ticker and what it runs on.
struct Rig {
    let connection: XConnection
    let font: FontSet
    let loop: EventLoop
    let window: TickerWindow
    let ticker: Ticker
    /// What the ticker handed to the window, frame by frame.
    let frames: RecordingBackend

    /// The strip position on screen now: of the frame of a queued batch whose vblank came last.
    var shownPosition: Int { frames.shown(at: MonotonicClock.now())?.position ?? 0 }
    /// Its sub-pixel phase (see `SubpixelGrid`).
    var shownPhase: Int { frames.shown(at: MonotonicClock.now())?.phase ?? 0 }
}

/// A ticker in the test process on the class's Xvfb, driven frame by frame through its real loop.
protocol TickerRigTests: XCTestCase {
    static var server: XvfbServer! { get }
}

extension TickerRigTests {
    static var foreground: RGBAColor { RGBAColor(hex: "#f0f0f0")! }
    static var background: RGBAColor { RGBAColor(hex: "#202020")! }
    static var separator: String { "   •   " }

    func makeRig(_ messages: [String], speed: Double = 120, direction: ScrollDirection = .left,
                 width: Int = 700, height: Int = 36, fonts patterns: [String] = ["DejaVu Sans:size=14"], allowPresent: Bool = true, motion: MotionSettings = MotionSettings(), fade: Int = 0,
                 layout: LayoutSettings = LayoutSettings(separator: Self.separator), capsule: CapsuleStyle? = nil) throws -> Rig {
        let connection = try SharedConnections.connection(to: Self.server.display)
        let (font, _) = try FontSet.open(patterns: patterns, on: connection)
        let loop = EventLoop()
        let window = TickerWindow(connection: connection, width: width, height: height, position: (0, 0), title: "test")
        let style = TickerStyle(foreground: Self.foreground, background: Self.background, speed: speed,
                                direction: direction, layout: layout, capsule: capsule, motion: motion, fade: fade)
        let backend = try X11Backend(connection: connection, window: window, font: font, look: style.look, loop: loop,
                                     allowPresent: allowPresent)
        let frames = RecordingBackend(backend, now: MonotonicClock.now)
        let ticker = try Ticker(backend: frames, shaper: font, reordering: BidiReordering(), style: style, loop: loop)
        ticker.setMessages(messages)
        return Rig(connection: connection, font: font, loop: loop, window: window, ticker: ticker, frames: frames)
    }

    /// Runs the loop until `count` more frames have been composed; returns (position, time) of each.
    @discardableResult
    func runFrames(_ rig: Rig, _ count: Int) -> [(position: Int, time: Double)] {
        let (frames, reached) = runLoop(rig, seconds: 10, frameCount: count)
        XCTAssertTrue(reached, "frames did not come within 10 s")
        return frames
    }

    /// Runs the loop for `seconds` of wall time, collecting frames (a test that only lets the
    /// ticker settle leaves them). Without `untilShown` it returns as the loop stops, before the
    /// frames it queued are shown: for a test that times the loop's own work.
    @discardableResult
    func run(_ rig: Rig, seconds: Double, untilShown: Bool = true) -> [(position: Int, time: Double)] {
        runLoop(rig, seconds: seconds, frameCount: nil, untilShown: untilShown).frames
    }

    /// Runs the loop until `frameCount` frames have been composed (when given) or `seconds` have
    /// passed; returns the frames and whether the count was reached. The last frame, queued for
    /// the next vblank, has reached the window when this returns; so have the frames queued
    /// after it in its batch (all of them are in the frames returned).
    private func runLoop(_ rig: Rig, seconds: Double, frameCount: Int?,
                         untilShown: Bool = true) -> (frames: [(position: Int, time: Double)], reachedCount: Bool) {
        var frames: [(position: Int, time: Double)] = []
        var reached = false
        // Weak captures: the closures are stored by the ticker and the loop, which the rig owns.
        rig.frames.onFrame = { [weak loop = rig.loop] frame in
            frames.append((frame.position, frame.time))
            if let frameCount, frames.count >= frameCount {
                reached = true
                loop?.stop(status: 0)
            }
        }
        let stopper = DeadlineTimer()!
        stopper.arm(at: MonotonicClock.now() + seconds)
        rig.loop.watch(stopper.fd) { [weak loop = rig.loop] _ in loop?.stop(status: 0) }
        _ = rig.loop.run()
        rig.loop.unwatch(stopper.fd)
        rig.frames.onFrame = nil
        rig.loop.restart()
        rig.connection.flush()
        // Until the vblank of the last frame queued has come, and a few more for the server's copy.
        let lastVblank = rig.frames.frames.last?.time ?? MonotonicClock.now()
        if untilShown {
            waitUntil(timeout: 1 + X11Backend.batchSeconds) { MonotonicClock.now() > lastVblank + 4 * rig.ticker.refreshPeriod }
        }
        rig.connection.sync()
        return (frames, reached)
    }

    func capture(_ rig: Rig) throws -> WindowPixels {
        try XCTUnwrap(WindowPixels.capture(rig.connection.display, window: rig.window.id))
    }

    /// One cycle drawn independently of the strip's tiles: each message and each separator
    /// shaped whole and drawn glyph by glyph with Xft, at the message's place in the model.
    func referenceCycle(_ rig: Rig, _ messages: [String]) throws -> (WindowPixels, CycleLayout) {
        let layout = CycleLayoutBuilder.layout(messages: messages, separator: Self.separator,
                                               cache: ShapeCache(shaper: rig.font))
        var texts: [(text: String, x: Int)] = []
        for (index, message) in messages.enumerated() {
            texts.append((message, layout.messageStarts[index]))
            texts.append((Self.separator, layout.messageEnds[index]))
        }
        return (try reference(rig, texts: texts, width: layout.width), layout)
    }

    /// `text` shaped whole by the rig's fonts and drawn from column 0.
    func reference(_ rig: Rig, text: String, width: Int) throws -> WindowPixels {
        try reference(rig, texts: [(text, 0)], width: width)
    }

    /// Texts shaped whole by the rig's fonts (HarfBuzz) and drawn glyph by glyph by the tile
    /// rasterizer at the given columns moved left by the ticker's sub-pixel phase, on slot 0's
    /// baseline and the ticker's colours: the glyphs and positions, without the layout, the
    /// strip or the tiles.
    func reference(_ rig: Rig, texts: [(text: String, x: Int)], width: Int) throws -> WindowPixels {
        let canvas = try XCTUnwrap(TileCanvas(width: width, height: rig.window.height, format: .rgb))
        let painter = TilePainter(glyphs: GlyphRasterizer { rig.font.glyphFace($0) }, slots: rig.font.slotMetrics,
                                  foreground: Self.foreground, background: Self.background, capsule: nil,
                                  height: rig.window.height, format: .rgb)
        canvas.fill(Self.background)
        let phase = rig.shownPhase * (64 / SubpixelGrid.steps)
        for (text, x) in texts {
            painter.draw(rig.font.shape(text).glyphs, pen: (x << 6) - phase, baseline: painter.baseline(slot: 0),
                         color: Self.foreground, into: canvas)
        }
        return WindowPixels(canvas)
    }
}

/// One X connection per test server, reused by every rig: the product opens exactly one
/// connection per process, and a process that closes displays and opens new ones confuses the
/// per-Display state of libXrender and libXft. Seen here as BadLength and BadRequest errors for
/// "request 0", and once as `XRenderQueryFormats` (from `XftDefaultSubstitute`) waiting forever
/// for a reply on a fresh server; mlterm's daemon mode, which also opens and closes displays,
/// reports the same lock-up (arakiken/mlterm#85). So no connection is ever closed: one whose
/// server has stopped is set aside, untouched, until the test process exits, and no Display
/// address is ever reused.
enum SharedConnections {
    nonisolated(unsafe) private static var open: [String: XConnection] = [:]
    nonisolated(unsafe) private static var retired: [XConnection] = []

    static func connection(to display: String) throws -> XConnection {
        if let existing = open[display] { return existing }
        let connection = try XConnection(name: display)
        open[display] = connection
        return connection
    }

    /// Sets the connection to `display` aside before its server stops, since the next server may
    /// get the same display number.
    static func close(_ display: String) {
        if let connection = open.removeValue(forKey: display) { retired.append(connection) }
    }
}
