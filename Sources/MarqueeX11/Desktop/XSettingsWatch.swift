import CX11
import MarqueeFormats
import MarqueeIO

/// The desktop's XSETTINGS, kept up to date: the settings manager (gnome-settings-daemon,
/// xsettingsd, xfsettingsd, KDE's) owns the selection `_XSETTINGS_S<screen>` and keeps its
/// settings in the `_XSETTINGS_SETTINGS` property of the owning window.
///
/// XFixes reports every change of the selection's owner (a manager starting, replaced, or
/// gone, even one that was killed), and PropertyNotify on the owner's window every change of a
/// setting: nothing is polled.
final class XSettingsWatch {
    private let connection: XConnection
    private let selection: Atom
    private let property: Atom
    /// The event type of XFixes' SelectionNotify; nil without the extension (then the manager
    /// found at start is the one followed).
    private let selectionNotify: Int32?
    private var owner: Window = Window(None)
    /// The manager's settings; nil while none runs or its property cannot be read.
    private(set) var settings: XSettings?
    var onChange: (() -> Void)?

    init(connection: XConnection) {
        self.connection = connection
        selection = connection.atom("_XSETTINGS_S\(connection.screen)")
        property = connection.atom("_XSETTINGS_SETTINGS")
        selectionNotify = connection.watchSelectionOwner(selection)
        followOwner()
    }

    /// Finds the current manager and listens to its window. The server is grabbed so the owner
    /// cannot vanish between the question and the XSelectInput (the specification's advice).
    private func followOwner() {
        let display = connection.display
        XGrabServer(display)
        owner = XGetSelectionOwner(display, selection)
        if owner != Window(None) { XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask) }
        XUngrabServer(display)
        settings = owner == Window(None) ? nil : readSettings()
    }

    private func readSettings() -> XSettings? {
        guard let bytes = connection.propertyBytes(of: owner, property, maximum: 1 << 20) else { return nil }
        do {
            return try XSettings(parsing: bytes)
        } catch {
            Diagnostics.warn("XSETTINGS: \(error.description); ignoring the desktop's settings")
            return nil
        }
    }

    /// Offers an X event; true when it was about the settings manager.
    func handle(_ event: inout XEvent) -> Bool {
        if let selectionNotify, event.type == selectionNotify {
            let notify = withUnsafeMutablePointer(to: &event) { xm_as_selection_notify($0).pointee }
            guard notify.selection == selection else { return false }
            changed { followOwner() }
            return true
        }
        guard owner != Window(None), event.xany.window == owner else { return false }
        switch event.type {
        case PropertyNotify where event.xproperty.atom == property:
            changed { settings = readSettings() }
        case DestroyNotify:
            changed { owner = Window(None); settings = nil }
        default:
            break
        }
        return true
    }

    private func changed(_ update: () -> Void) {
        let before = settings
        update()
        if settings != before { onChange?() }
    }
}
