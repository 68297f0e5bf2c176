import CX11
import Foundation
import MarqueeFormats
@testable import DisplayTestSupport

/// A stand-in for a desktop's settings manager (gnome-settings-daemon, xsettingsd): owns the
/// selection `_XSETTINGS_S0`, announces itself with the MANAGER client message, and keeps its
/// settings in the `_XSETTINGS_SETTINGS` property of its window, in the XSETTINGS byte format.
/// Its connection is never closed (see `SharedConnections`); `stop` destroys the window, which
/// ends the selection as a manager's exit would.
final class FakeSettingsManager {
    private let display: OpaquePointer
    private let window: Window
    private let property: Atom
    private var settings: XSettings

    init(display name: String, settings: XSettings) throws {
        guard let display = XOpenDisplay(name) else { throw TestSupportError("cannot open \(name)") }
        self.display = display
        self.settings = settings
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        write()
        let selection = XInternAtom(display, "_XSETTINGS_S0", 0)
        XSetSelectionOwner(display, selection, window, Time(CurrentTime))
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = root
        event.xclient.message_type = XInternAtom(display, "MANAGER", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = CurrentTime
        event.xclient.data.l.1 = Int(selection)
        event.xclient.data.l.2 = Int(window)
        XSendEvent(display, root, 0, StructureNotifyMask, &event)
        XSync(display, 0)
    }

    /// Changes one setting as a manager does: a new serial, the whole property rewritten.
    func set(_ name: String, _ value: XSettings.Value) {
        settings.values[name] = value
        settings.serial += 1
        write()
        XSync(display, 0)
    }

    private var stopped = false

    func stop() {
        guard !stopped else { return }
        stopped = true
        XDestroyWindow(display, window)
        XSync(display, 0)
    }

    private func write() {
        var bytes = settings.encoded()
        XChangeProperty(display, window, property, property, 8, PropModeReplace, &bytes, Int32(bytes.count))
    }
}
