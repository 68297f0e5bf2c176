import Foundation
import Glibc

/// The host's way onto the X server a bed compositor is nested on (KWin on an Xvfb of its own).
/// That Xvfb runs in the compositor's network namespace, where its abstract socket stays; its
/// socket file is in the chroot's /tmp. A link to it in the host's /tmp/.X11-unix, under a
/// display number free there, lets a host client reach it as `unix:N` (Xlib looks for the file
/// only for `unix:`). The link goes when this does.
public final class NestedX11Link {
    /// The display name a host client opens: `unix:N`.
    public let display: String
    private let link: String

    /// A link to the Xvfb `server` is nested on.
    public init(_ server: BedServer) throws {
        let target = CompositorBed.root + "/tmp/.X11-unix/X" + (try server.nestedX11DisplayNumber())
        guard FileManager.default.fileExists(atPath: target) else {
            throw HarnessError("the nested X server's socket \(target) is missing")
        }
        mkdir("/tmp/.X11-unix", 0o1777)
        // A number no host server has (no socket, no lock file), from well above the tests' own.
        guard let free = (700..<800).first(where: { access("/tmp/.X11-unix/X\($0)", F_OK) != 0 && access("/tmp/.X\($0)-lock", F_OK) != 0 }) else {
            throw HarnessError("no free display number for a link to the nested X server")
        }
        link = "/tmp/.X11-unix/X\(free)"
        guard symlink(target, link) == 0 else { throw HarnessError("cannot link \(link) to \(target): \(String(cString: strerror(errno)))") }
        display = "unix:\(free)"
    }

    deinit { unlink(link) }
}
