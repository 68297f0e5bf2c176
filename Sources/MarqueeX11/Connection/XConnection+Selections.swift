import CX11

extension XConnection {
    /// Asks XFixes to report every change of `selection`'s owner: a new owner, the owner's
    /// window destroyed, or its client gone (a killed owner never releases a selection itself).
    /// Returns the event type of those reports; nil without XFixes.
    func watchSelectionOwner(_ selection: Atom) -> Int32? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        let mask = XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
            | XFixesSelectionClientCloseNotifyMask
        XFixesSelectSelectionInput(display, root, selection, UInt(mask))
        return eventBase + XFixesSelectionNotify
    }
}
