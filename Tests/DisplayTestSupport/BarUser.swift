import Foundation

/// A person at the display, as a test drives one: the pointer and the keyboard, the same calls
/// on every backend (xdotool through XTest on X11; a virtual pointer and wtype on Wayland).
protocol BarUser: AnyObject {
    /// Moves the pointer to `x, y` (screen pixels) and clicks `button` there (1 left, 3 right).
    func click(button: Int, x: Int, y: Int) throws
    /// Moves the pointer to `x, y` without a click.
    func move(x: Int, y: Int) throws
    /// Presses and releases the key named `key` (an X keysym name: "Escape", "Down", "Return"),
    /// with modifiers before it as xdotool writes them ("shift+F10").
    func key(_ key: String) throws
    /// Gives the ticker's surface the keyboard focus, as a person's click at `x, y` on it or a
    /// desktop's keyboard navigation would (a dock takes none by itself on X11; a bar asks for it
    /// from its first click on Wayland).
    func focusTicker(clickingAt x: Int, _ y: Int) throws
    func close()
}

/// XTest through xdotool, on an X display.
final class XdotoolUser: BarUser {
    private let display: String

    init(display: String) { self.display = display }

    private func xdotool(_ arguments: [String]) throws {
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/xdotool"), arguments, environment: ["DISPLAY": display])
        guard result.status == 0 else { throw HarnessError("xdotool \(arguments.joined(separator: " ")): \(result.output)") }
    }

    func click(button: Int, x: Int, y: Int) throws { try xdotool(["mousemove", String(x), String(y), "click", String(button)]) }
    func move(x: Int, y: Int) throws { try xdotool(["mousemove", String(x), String(y)]) }
    func key(_ key: String) throws { try xdotool(["key", key]) }
    func focusTicker(clickingAt x: Int, _ y: Int) throws { try xdotool(["search", "--limit", "1", "--class", "Xmarquee", "windowfocus", "--sync"]) }
    func close() {}
}

/// A virtual pointer (zwlr_virtual_pointer_v1) and wtype's virtual keyboard on a headless
/// sway's seat, over its whole 1280 × 720 output.
final class SwayUser: BarUser {
    private let sway: HeadlessSway
    private let pointer: VirtualPointer
    private let size: (width: Int, height: Int)

    init(sway: HeadlessSway, width: Int = 1280, height: Int = 720) throws {
        self.sway = sway
        size = (width, height)
        pointer = try VirtualPointer(waylandDisplay: sway.waylandDisplay)
        // Clients take a wl_pointer once the seat offers one: give them that moment.
        guard waitFor(seconds: 3, { (try? sway.message(["-t", "get_seats"]))?.contains("\"pointer\"") == true }) else {
            throw HarnessError("the seat has no pointer")
        }
        Thread.sleep(forTimeInterval: 0.3)
    }

    func move(x: Int, y: Int) throws { pointer.move(toX: x, y: y, width: size.width, height: size.height) }

    func click(button: Int, x: Int, y: Int) throws {
        try move(x: x, y: y)
        pointer.button(button, pressed: true)
        pointer.button(button, pressed: false)
    }

    func key(_ key: String) throws {
        let parts = key.split(separator: "+").map(String.init)
        try VirtualKeyboard.type(key: parts.last ?? key, modifiers: parts.dropLast(), into: sway)
    }

    /// The bar asks for the keyboard after its first click, and sway reads that at a press:
    /// the second click focuses it.
    func focusTicker(clickingAt x: Int, _ y: Int) throws {
        try Self.clickTwice(pointer, x: x, y: y, width: size.width, height: size.height)
    }

    /// Two left clicks at `x, y`, the compositor given the moment to read the bar's request for
    /// the keyboard between them.
    static func clickTwice(_ pointer: VirtualPointer, x: Int, y: Int, width: Int = 1280, height: Int = 720) throws {
        for _ in 0..<2 {
            pointer.move(toX: x, y: y, width: width, height: height)
            pointer.button(1, pressed: true)
            pointer.button(1, pressed: false)
            Thread.sleep(forTimeInterval: 0.3)
        }
    }

    func close() { pointer.close() }
}
