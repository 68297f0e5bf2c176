import Foundation

/// A person at the display, as a test drives one: the pointer and the keyboard, the same calls
/// on every backend (xdotool through XTest on X11; a virtual pointer and wtype on Wayland).
protocol BarUser: AnyObject {
    /// Moves the pointer to `x, y` (screen pixels) and clicks `button` there (1 left, 3 right).
    func click(button: Int, x: Int, y: Int) throws
    /// Moves the pointer to `x, y` without a click.
    func move(x: Int, y: Int) throws
    /// Presses and releases the key named `key` (an X keysym name: "Escape", "Down", "Return").
    func key(_ key: String) throws
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
    func close() {}
}
