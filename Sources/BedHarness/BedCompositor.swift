import Foundation

/// The compositors of the bed, and what each needs to run headless there: how it is started, the
/// Wayland socket it makes, and how its pixels are read back (docs/testing.md has the why of each).
public enum BedCompositor: String, CaseIterable, Sendable {
    /// wlroots, pixman renderer; pixels through grim (ext-image-copy-capture / wlr-screencopy).
    case sway
    /// wlroots too, configured by nothing; grim.
    case labwc
    /// KWin 6 nested on an Xvfb of its own (its QPainter renderer), read with `xwd -root`: headless
    /// (`--virtual`) its screenshots and screencasts need OpenGL, which needs a DRM render node.
    case kwin
    /// mutter as GNOME runs it (gnome-shell, headless, a virtual monitor), read through the shell's
    /// Screenshot interface: mutter alone offers no capture protocol.
    case gnomeShell = "gnome-shell"
    /// mutter alone (a virtual monitor), read through its screencast (org.gnome.Mutter.ScreenCast,
    /// a PipeWire stream): it offers no capture protocol.
    case mutter
    /// weston headless, pixman; `--debug` offers weston_capture_v1, which weston-screenshooter reads.
    case weston

    /// The Debian package whose version the compositor is reported by.
    public var package: String {
        switch self {
        case .kwin: "kwin-wayland"
        default: rawValue
        }
    }

    /// Whether it offers layer-shell (a bar); the others get a window.
    public var hasLayerShell: Bool { [.sway, .labwc, .kwin].contains(self) }

    /// The socket name it is told to make; nil where it picks one itself (wlroots: `wayland-N`).
    public var socketName: String? {
        switch self {
        case .sway, .labwc: nil
        case .kwin: "kwin-bed"
        case .gnomeShell, .mutter: "mutter-bed"
        case .weston: "weston-bed"
        }
    }

    /// How a capture is made, for messages and docs.
    public var capture: String {
        switch self {
        case .sway, .labwc: "grim"
        case .kwin: "xwd -root of the Xvfb KWin is nested on"
        case .gnomeShell: "org.gnome.Shell.Screenshot"
        case .mutter: "org.gnome.Mutter.ScreenCast through PipeWire"
        case .weston: "weston-screenshooter (weston_capture_v1, --debug)"
        }
    }

    /// Its Debian version in the bed (`dpkg-query` in the chroot); "?" where it cannot be read.
    public var version: String {
        let result = try? runTool(URL(fileURLWithPath: "/usr/sbin/chroot"), [CompositorBed.root, "dpkg-query", "-W", "-f=${Version}", package])
        return result.map { $0.status == 0 ? $0.output : "?" } ?? "?"
    }

    /// Its process's name (`/proc/PID/comm`), by which its CPU is read where a script starts it.
    public var processName: String {
        switch self {
        case .kwin: "kwin_wayland"
        default: rawValue
        }
    }
}
