import BedHarness
import CXBench
import Glibc

/// Every frame a compositor nested on an X server presents, seen as a viewer of that server
/// sees it: the output window's top rows read back after each change (Damage), each reading
/// placed on the frame it shows by that frame's Present completion (when it was shown, on
/// CLOCK_MONOTONIC). KWin nested on the bed's Xvfb shows the bar this way frame by frame, where
/// `xwd` took up to 140 ms a picture. Owns its link and connection; both go with it.
final class NestedFrameRecorder {
    /// One presented frame: its vblank, when it was shown, and its rows' column profile (each
    /// column's pixels summed over the rows read).
    struct Frame {
        var msc: UInt64
        var time: Double
        var profile: [Int]
    }

    private let link: NestedX11Link
    private let display: OpaquePointer
    private let window: Window
    private let rows: Int
    private let damageEventBase: Int32
    private let presentOpcode: Int32

    /// Watches the top `rows` rows of the window `server`'s compositor shows its output in.
    init(_ server: BedServer, rows: Int) throws {
        link = try NestedX11Link(server)
        guard let display = XOpenDisplay(link.display) else { throw HarnessError("cannot open the nested X server \(link.display)") }
        self.display = display
        self.rows = rows
        var eventBase: Int32 = 0, errorBase: Int32 = 0, opcode: Int32 = 0, presentEvent: Int32 = 0
        guard XDamageQueryExtension(display, &eventBase, &errorBase) != 0,
              XPresentQueryExtension(display, &opcode, &presentEvent, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw HarnessError("the nested X server has no Damage or Present")
        }
        damageEventBase = eventBase
        presentOpcode = opcode
        var root: Window = 0, parent: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count)
        defer { if let children { XFree(children) } }
        guard let children, count > 0 else {
            XCloseDisplay(display)
            throw HarnessError("the compositor's window is not on the nested X server")
        }
        window = children[Int(count) - 1]
    }

    deinit { XCloseDisplay(display) }

    /// Records for `seconds`, calling `action` once `moment` seconds in; the frames presented,
    /// each read once (the last reading of a frame read twice).
    func record(seconds: Double, at moment: Double, _ action: () -> Void) -> [Frame] {
        let watch = xb_watch_frames(display, window)
        defer { xb_unwatch_frames(display, window, watch) }
        var completions: [(msc: UInt64, time: Double)] = []
        // Each reading labelled with the last completion before it, plus one when the window
        // changed after it: the frame it shows is then the next one presented.
        var readings: [(label: UInt64, profile: [Int])] = []
        var lastCompletion: UInt64?
        var damagedSinceCompletion = false
        var acted = false
        let start = Self.now()
        let fd = XConnectionNumber(display)
        while Self.now() - start < seconds {
            if !acted && Self.now() - start >= moment {
                acted = true
                action()
            }
            XFlush(display)
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if XPending(display) == 0 { _ = poll(&ready, 1, 2) }
            var damaged = false
            var event = XEvent()
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if event.type == damageEventBase + XDamageNotify {
                    damaged = true
                    damagedSinceCompletion = true
                } else if event.type == GenericEvent, event.xcookie.extension == presentOpcode,
                          XGetEventData(display, &event.xcookie) != 0 {
                    if event.xcookie.evtype == PresentCompleteNotify {
                        let complete = xb_as_complete(&event.xcookie).pointee
                        if complete.kind == UInt8(PresentCompleteKindPixmap) && complete.mode != UInt8(PresentCompleteModeSkip) {
                            completions.append((complete.msc, Double(complete.ust) / 1e6))
                            lastCompletion = complete.msc
                            damagedSinceCompletion = false
                        }
                    }
                    XFreeEventData(display, &event.xcookie)
                }
            }
            guard damaged, let label = lastCompletion.map({ damagedSinceCompletion ? $0 + 1 : $0 }) else { continue }
            XDamageSubtract(display, watch.damage, 0, 0)
            if let profile = readProfile() { readings.append((label, profile)) }
        }
        var frames: [Frame] = []
        for reading in readings {
            guard let shown = completions.first(where: { $0.msc >= reading.label }) else { continue }
            if frames.last?.msc == shown.msc { frames.removeLast() }
            frames.append(Frame(msc: shown.msc, time: shown.time, profile: reading.profile))
        }
        return frames
    }

    private func readProfile() -> [Int]? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0, attributes.width > 0,
              let image = XGetImage(display, window, 0, 0, UInt32(attributes.width), UInt32(min(Int(attributes.height), rows)), ~0, ZPixmap)
        else { return nil }
        defer { xb_destroy_image(image) }
        guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return nil }
        let width = Int(attributes.width), stride = Int(image.pointee.bytes_per_line)
        var profile = [Int](repeating: 0, count: width)
        for row in 0..<Int(image.pointee.height) {
            let line = UnsafeRawPointer(data) + row * stride
            for x in 0..<width {
                let pixel = line.load(fromByteOffset: x * 4, as: UInt32.self)
                profile[x] += Int(pixel & 0xFF) + Int((pixel >> 8) & 0xFF) + Int((pixel >> 16) & 0xFF)
            }
        }
        return profile
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
