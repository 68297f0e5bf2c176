import CX11
import Foundation
@testable import DisplayTestSupport

/// The tests' own connection to the X server: finds windows, reads properties, resizes.
final class XProbe {
    let display: OpaquePointer
    let root: Window

    init(_ name: String) throws {
        guard let display = XOpenDisplay(name) else { throw TestSupportError("cannot open \(name)") }
        self.display = display
        root = XDefaultRootWindow(display)
    }

    deinit { XCloseDisplay(display) }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Every window below the root.
    func allWindows() -> [Window] {
        var result: [Window] = []
        var pending = [root]
        while let window = pending.popLast() {
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, window, &rootReturn, &parent, &children, &count) != 0 else { continue }
            if let children {
                for index in 0..<Int(count) {
                    result.append(children[index])
                    pending.append(children[index])
                }
                XFree(children)
            }
        }
        return result
    }

    func cardinals(_ window: Window, _ property: String) -> [Int] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, atom(property), 0, 1024, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        return data.withMemoryRebound(to: CLong.self, capacity: Int(count)) { pointer in (0..<Int(count)).map { Int(pointer[$0]) } }
    }

    func string(_ window: Window, _ property: String) -> String? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, atom(property), 0, 4096, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data, format == 8 else { return nil }
        defer { XFree(data) }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    /// The viewable top-level window whose _NET_WM_PID is `pid`.
    func window(ofProcess pid: Int32) -> Window? {
        for window in allWindows() where cardinals(window, "_NET_WM_PID").first == Int(pid) {
            var attributes = XWindowAttributes()
            if XGetWindowAttributes(display, window, &attributes) != 0 && attributes.map_state == IsViewable { return window }
        }
        return nil
    }

    func capture(_ window: Window) -> WindowPixels? {
        XSync(display, 0)
        return WindowPixels.capture(display, window: window)
    }

    /// Whether the window's pixels stay as they are for `seconds`, looked at all along (a text
    /// moving at a few pixels a frame changes them within a frame or two).
    func isStill(_ window: Window, for seconds: TimeInterval = 0.25) -> Bool {
        let first = capture(window)
        return holds(for: seconds) { capture(window) == first }
    }

    func resize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(width), UInt32(height))
        XSync(display, 0)
    }
}

/// Captures `interval` apart for `duration`: how many showed the same picture as the one
/// before (a text moving at 300 px/s differs in each), with `action` done after the first.
func stalledSamples(_ probe: XProbe, _ window: Window, duration: TimeInterval, interval: TimeInterval = 0.1,
                    during action: () -> Void = {}) -> (stalls: Int, samples: Int) {
    var previous = probe.capture(window)
    action()
    var stalls = 0, samples = 0
    let deadline = Date().addingTimeInterval(duration)
    while Date() < deadline {
        // Pacing is what this measures: the pictures `interval` apart must all differ.
        Thread.sleep(forTimeInterval: interval)
        let current = probe.capture(window)
        if current == previous { stalls += 1 }
        previous = current
        samples += 1
    }
    return (stalls, samples)
}
