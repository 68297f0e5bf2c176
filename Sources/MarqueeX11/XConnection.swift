import CX11
import Glibc
import MarqueeCore
import MarqueeIO

public struct DisplayOpenError: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "cannot open display \"\(name)\"" }
}

/// The connection to the X server: owns the `Display*` and closes it. Every Xlib call goes
/// through one of these, from the loop's thread only.
public final class XConnection {
    public let display: OpaquePointer
    public let name: String
    public let screen: Int32
    public let root: Window
    public let visual: UnsafeMutablePointer<Visual>
    public let colormap: Colormap
    public let depth: Int32
    private var atoms: [String: Atom] = [:]

    /// Opens `name`, or `$DISPLAY` when nil.
    public init(name: String?) throws(DisplayOpenError) {
        let shownName = name ?? String(cString: XDisplayName(nil))
        guard let display = XOpenDisplay(name) else { throw DisplayOpenError(name: shownName) }
        self.display = display
        self.name = shownName
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        visual = XDefaultVisual(display, screen)
        colormap = XDefaultColormap(display, screen)
        depth = XDefaultDepth(display, screen)
        Self.installErrorHandlers()
    }

    deinit { XCloseDisplay(display) }

    public var fd: Int32 { xm_connection_number(display) }
    public var screenWidth: Int { Int(XDisplayWidth(display, screen)) }
    public var screenHeight: Int { Int(XDisplayHeight(display, screen)) }

    public func atom(_ name: String) -> Atom {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atoms[name] = atom
        return atom
    }

    public func flush() { XFlush(display) }
    public func sync() { XSync(display, 0) }

    /// A protocol error (BadAlloc for a pixmap, BadWindow for a window that just went away) is
    /// reported on one line and survived; Xlib's default handler would exit the process.
    /// Losing the connection is not survivable: one line and a distinct exit status.
    private static func installErrorHandlers() {
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            Diagnostics.warn("X error: \(message) (request \(event.pointee.request_code).\(event.pointee.minor_code))")
            return 0
        }
        XSetIOErrorHandler { _ in
            Diagnostics.error("lost the connection to the X server")
            _exit(ExitStatus.displayLost.rawValue)
        }
    }
}
