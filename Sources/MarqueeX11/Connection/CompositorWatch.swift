import CX11

/// Whether a compositing manager runs on the ticker's screen, kept up to date.
///
/// A compositor owns the selection `_NET_WM_CM_S<screen>` for as long as it runs (EWMH).
/// XFixes reports every change of that selection's owner — a new owner, the owner's window
/// destroyed, its client gone (a crashed or killed compositor never releases the selection
/// itself) — so a compositor started or stopped later is noticed when it happens, without
/// polling. Without XFixes the answer found at start stays.
final class CompositorWatch {
    private let connection: XConnection
    private let selection: Atom
    /// The event type of XFixes' SelectionNotify; nil without the extension.
    private let selectionNotify: Int32?
    private(set) var isRunning: Bool

    init(connection: XConnection) {
        self.connection = connection
        let display = connection.display
        selection = connection.atom("_NET_WM_CM_S\(connection.screen)")
        selectionNotify = connection.watchSelectionOwner(selection)
        // Asked after selecting the events: a compositor starting in between is still reported.
        isRunning = XGetSelectionOwner(display, selection) != Window(None)
    }

    /// Offers an X event; true when it was about the compositor's selection.
    func handle(_ event: inout XEvent) -> Bool {
        guard let selectionNotify, event.type == selectionNotify else { return false }
        let notify = withUnsafeMutablePointer(to: &event) { xm_as_selection_notify($0).pointee }
        guard notify.selection == selection else { return false }
        // Only a new owner means one runs; the other two subtypes say the owner went away.
        let running = notify.subtype == XFixesSetSelectionOwnerNotify && notify.owner != Window(None)
        isRunning = running
        return true
    }
}
