import CXBench
import Glibc

/// A second X connection that watches another client's window the way a viewer would: which
/// frames reach the window (Damage), when Present showed them (its completion events, which go
/// to every client that selected them on the window), and what they show (XGetImage).
final class PixelObserver {
    let display: OpaquePointer
    private let damageEventBase: Int32
    private let presentOpcode: Int32
    private let root: Window

    /// One frame read back from the window.
    struct Capture {
        var time: Double
        /// The newest Present counter seen before the image was read (nil without Present).
        var msc: UInt64?
        /// False when events arrived while the image was read, or the observer woke a vblank
        /// late (two completions, or two frames drawn, since the last picture): it may show
        /// another frame than its msc says, or a frame before it went unseen.
        var certain: Bool
        var profile: [Int32]
        /// Columns of the top row not in the background colour: the window is not fully painted.
        var gapColumns: Int
        var hasText: Bool
        /// Sum over the whole window of |luminance step| between horizontal neighbours, and of
        /// |luminance − the background's|: their ratio is how sharp the text's edges are,
        /// whatever text is in view.
        var horizontalGradient: Double
        var ink: Double

        var sharpness: Double? { ink > 0 ? horizontalGradient / ink : nil }
    }

    struct Completion {
        var msc: UInt64
        var ust: UInt64
        var skipped: Bool
        /// A presented pixmap's completion (tear-free presenting), not a `PresentNotifyMSC` one.
        var pixmap: Bool
    }

    struct Observation {
        var captures: [Capture] = []
        var completions: [Completion] = []
        var damageTimes: [Double] = []

        /// The vblanks a frame was shown at, once each, in order (a client may be sent both a
        /// pixmap's and a `NotifyMSC`'s completion for the same vblank).
        var shownVblanks: [Completion] {
            var seen = Set<UInt64>()
            return completions.filter { !$0.skipped && seen.insert($0.msc).inserted }.sorted { $0.msc < $1.msc }
        }

        /// The measured vblank period in seconds: Present's ust over its msc, first to last
        /// (Xvfb's fake vblank runs on a millisecond timer, so its rate need not be the one asked for).
        var vblankPeriod: Double? {
            let shown = shownVblanks
            guard let first = shown.first, let last = shown.last, last.msc > first.msc else { return nil }
            return Double(last.ust &- first.ust) / 1e6 / Double(last.msc - first.msc)
        }
    }

    init(displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else { throw BenchError("observer cannot open \(displayName)") }
        self.display = display
        var eventBase: Int32 = 0, errorBase: Int32 = 0, opcode: Int32 = 0
        guard XDamageQueryExtension(display, &eventBase, &errorBase) != 0 else { throw BenchError("no DAMAGE extension") }
        damageEventBase = eventBase
        var presentEvent: Int32 = 0, presentError: Int32 = 0
        guard XPresentQueryExtension(display, &opcode, &presentEvent, &presentError) != 0 else {
            throw BenchError("no Present extension")
        }
        presentOpcode = opcode
        root = XDefaultRootWindow(display)
        // A window that vanishes mid-read must not end the benchmark.
        XSetErrorHandler { _, _ in 0 }
    }

    /// Set once the connection was closed by its owner.
    var closed = false

    deinit { if !closed { XCloseDisplay(display) } }

    // MARK: Finding the window

    /// The viewable top-level window whose _NET_WM_PID is `pid` (or, failing that, whose WM_CLASS
    /// instance is `className`), waiting for it to appear.
    func waitForWindow(pid: pid_t, className: String? = nil, timeout: Double = 10) -> Window? {
        let deadline = BenchClock.now() + timeout
        while BenchClock.now() < deadline {
            if let window = findWindow(pid: pid, className: className) { return window }
            BenchClock.sleep(0.002)
        }
        return nil
    }

    private func findWindow(pid: pid_t, className: String?) -> Window? {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        var best: (window: Window, area: Int)?
        for index in 0..<Int(count) {
            let window = children[index]
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(display, window, &attributes) != 0, attributes.map_state == IsViewable else { continue }
            guard windowPID(window) == pid || (className != nil && windowClass(window) == className) else { continue }
            let area = Int(attributes.width) * Int(attributes.height)
            if area > (best?.area ?? 0) { best = (window, area) }
        }
        return best?.window
    }

    private func windowPID(_ window: Window) -> pid_t? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let property = XInternAtom(display, "_NET_WM_PID", 0)
        guard XGetWindowProperty(display, window, property, 0, 1, 0, Atom(XA_CARDINAL), &type, &format, &count,
                                 &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard count == 1, format == 32 else { return nil }
        return pid_t(data.withMemoryRebound(to: CLong.self, capacity: 1) { $0.pointee })
    }

    private func windowClass(_ window: Window) -> String? {
        var hint = XClassHint()
        guard XGetClassHint(display, window, &hint) != 0 else { return nil }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let name = hint.res_class { XFree(name) }
        }
        return hint.res_name.map { String(cString: $0) }
    }

    func size(of window: Window) -> (width: Int, height: Int)? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return nil }
        return (Int(attributes.width), Int(attributes.height))
    }

    // MARK: Watching

    /// Watches `window` for `seconds`, reading back a band of rows after every damage.
    /// - Parameters:
    ///   - background: the window's background colour (0xRRGGBB) for gap detection, if known.
    ///   - tick: called on every loop turn with the elapsed time (the resize storm drives its resizes here).
    ///   - rows: only the window's top rows are read (a bar in a compositor's output window).
    func observe(_ window: Window, seconds: Double, background: UInt32? = nil, readPixels: Bool = true, rows: Int? = nil,
                 tick: ((Double) -> Void)? = nil) -> Observation {
        var result = Observation()
        // Every drawing reported, not only the first since the last subtract: a frame drawn
        // straight in after a presented pixmap's copy, before the observer took that damage,
        // must still be seen to come after the pixmap's completion (see below).
        // (Freed at the end: a second event context would send two completions a vblank on the
        // next window observed, a lane of the same bar.)
        let watch = xb_watch_frames(display, window)
        defer { xb_unwatch_frames(display, window, watch) }
        // The vblank whose scan-out shows what the window holds, told by the order of events. A
        // presented pixmap is copied in at its vblank, so its damage comes just before its
        // completion: the window shows that vblank's frame. A client drawing straight into its
        // window draws when it hears of a vblank (the C floor, xmarquee under a compositor), so
        // that damage comes after the completion: the frame is the next vblank's, which is when
        // the screen shows it. Judged by the order, not by the completion's kind, a switch from
        // one way to the other (the frame drawn straight in after a pixmap's completion) reads
        // as the frame it is.
        var lastCompletionMSC: UInt64?
        var damagedSinceCompletion = false
        let start = BenchClock.now()
        let fd = xb_connection_number(display)
        while true {
            let now = BenchClock.now()
            if now - start >= seconds { break }
            tick?(now - start)
            XFlush(display)
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if XPending(display) == 0 { _ = poll(&ready, 1, tick == nil ? 50 : 1) }
            var damaged = false
            var completionsNow = 0
            // Drawings told apart by a completion between them are two frames: a picture read
            // after both shows only the second, and the first was not seen (not held).
            var framesNow = 0
            var completionLast = true
            var event = XEvent()
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if event.type == damageEventBase + XDamageNotify {
                    // Frames are counted as a damage report "non-empty" would: once per read.
                    if !damaged { result.damageTimes.append(BenchClock.now()) }
                    damaged = true
                    damagedSinceCompletion = true
                    if completionLast { framesNow += 1 }
                    completionLast = false
                } else if let completion = completion(&event) {
                    result.completions.append(completion)
                    completionsNow += 1
                    completionLast = true
                    if !completion.skipped {
                        lastCompletionMSC = completion.msc
                        damagedSinceCompletion = false
                    }
                }
            }
            guard damaged else { continue }
            // Take the damage first so a frame drawn while reading is reported again.
            XDamageSubtract(display, watch.damage, 0, 0)
            guard readPixels, var capture = capture(window, background: background, rows: rows) else { continue }
            capture.msc = lastCompletionMSC.map { damagedSinceCompletion ? $0 + 1 : $0 }
            // Two vblanks' completions in one turn: the observer woke late, and the picture may
            // be of either frame, so which vblank it shows is not known.
            capture.certain = XEventsQueued(display, QueuedAlready) == 0 && completionsNow <= 1 && framesNow <= 1
            result.captures.append(capture)
        }
        return result
    }

    private func completion(_ event: inout XEvent) -> Completion? {
        guard event.type == GenericEvent, event.xcookie.extension == presentOpcode,
              XGetEventData(display, &event.xcookie) != 0 else { return nil }
        defer { XFreeEventData(display, &event.xcookie) }
        guard event.xcookie.evtype == PresentCompleteNotify else { return nil }
        let complete = xb_as_complete(&event.xcookie).pointee
        // Both kinds: a client presenting pixmaps gets the one, a client drawing straight into
        // its window and asking for the next vblank (xmarquee under a compositor, the C floor)
        // the other. Every client that selected the window's events is sent them.
        let pixmap = complete.kind == UInt8(PresentCompleteKindPixmap)
        return Completion(msc: complete.msc, ust: complete.ust, skipped: pixmap && complete.mode == UInt8(PresentCompleteModeSkip),
                          pixmap: pixmap)
    }

    /// Reads the window's rows (its top `rows` of them, when given) and reduces them to a column
    /// profile (middle half of the rows), a count of top-row columns that are not background and
    /// the text's sharpness.
    func capture(_ window: Window, background: UInt32?, rows: Int? = nil) -> Capture? {
        guard let (width, fullHeight) = size(of: window), width > 0, fullHeight > 0 else { return nil }
        let height = min(fullHeight, rows ?? fullHeight)
        guard let image = XGetImage(display, window, 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap) else { return nil }
        defer { xb_destroy_image(image) }
        let time = BenchClock.now()
        let stride = Int(image.pointee.bytes_per_line)
        guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return nil }
        let pixels = UnsafeRawPointer(data)
        var profile = [Int32](repeating: 0, count: width)
        var hasText = false
        for row in (height / 4)..<max(height / 4 + 1, height * 3 / 4) {
            let line = pixels + row * stride
            for x in 0..<width {
                let pixel = line.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFFFFFF
                let sum = Int32(pixel & 0xFF) + Int32((pixel >> 8) & 0xFF) + Int32(pixel >> 16)
                profile[x] += sum
                if sum > 3 * 0x80 { hasText = true }
            }
        }
        var gaps = 0
        if let background {
            for x in 0..<width where pixels.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFFFFFF != background { gaps += 1 }
        }
        let backgroundPixel = background ?? pixels.load(as: UInt32.self) & 0xFFFFFF
        var gradient = 0, ink = 0
        for row in 0..<height {
            let line = pixels + row * stride
            var previous = Self.luminance(line.load(as: UInt32.self))
            for x in 0..<width {
                let here = Self.luminance(line.load(fromByteOffset: x * 4, as: UInt32.self))
                gradient += abs(here - previous)
                ink += abs(here - Self.luminance(backgroundPixel))
                previous = here
            }
        }
        return Capture(time: time, msc: nil, certain: true, profile: profile, gapColumns: gaps, hasText: hasText,
                       horizontalGradient: Double(gradient), ink: Double(ink))
    }

    /// Rec. 601 luma of an 0xRRGGBB pixel, in 1/1000ths of a level.
    private static func luminance(_ pixel: UInt32) -> Int {
        299 * Int((pixel >> 16) & 0xFF) + 587 * Int((pixel >> 8) & 0xFF) + 114 * Int(pixel & 0xFF)
    }

    /// Watches for the first picture with text in a window of `pid`: the time it was read (an
    /// upper bound of when it reached the screen), or nil after `timeout`.
    func waitForText(pid: pid_t, className: String? = nil, timeout: Double = 30) -> Double? {
        let deadline = BenchClock.now() + timeout
        var window: Window?
        while BenchClock.now() < deadline {
            if window == nil { window = findWindow(pid: pid, className: className) }
            if let window, let capture = capture(window, background: nil), capture.hasText { return capture.time }
            BenchClock.sleep(0.0005)
        }
        return nil
    }

    func resize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(width), UInt32(height))
        XFlush(display)
    }
}

extension PixelObserver {
    /// Unmaps a client's window the way a window manager minimising it would.
    func unmap(_ window: Window) {
        XUnmapWindow(display, window)
        XSync(display, 0)
    }
}
