@testable import DisplayTestSupport
/// A sway whose outputs are windows of another sway (wlroots' Wayland backend), to remove an
/// output while clients watch: headless sway 1.7 cannot. There `output HEADLESS-2 disable` (and
/// `dpms off`) fails to commit — wlroots 0.15's headless backend refuses to disable an output
/// ("Unsupported output state fields: 0x8") — while swaymsg still reports success, so the output
/// stays active and clients see nothing; `output … unplug` came in sway 1.8. Closing a nested
/// output's window destroys that output: its wl_output global is removed and layer surfaces on it
/// get `closed`, as when a monitor is unplugged.
///
/// The nested outputs are named WL-1, WL-2, … in order of creation, never reused (a new output
/// after WL-2 closed is WL-3); they share the parent's workspace, tiled side by side.
extension HeadlessSway {
    convenience init(nestedIn parent: HeadlessSway) throws {
        try self.init(outputLine: "", backend: ["WLR_BACKENDS": "wayland", "WAYLAND_DISPLAY": parent.waylandDisplay])
    }

    /// Closes the window that shows output `name` of a sway nested in this one: the nested sway
    /// destroys that output.
    func closeNestedOutput(_ name: String) throws {
        // wlroots titles each output's window "wlroots - NAME".
        try message(["[title=\"wlroots - \(name)\"]", "kill"])
    }
}
