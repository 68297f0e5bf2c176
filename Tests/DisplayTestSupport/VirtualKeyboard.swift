import Foundation

/// Key presses from outside through wtype, which creates a virtual keyboard
/// (zwp_virtual_keyboard_v1) on the compositor's seat for as long as it runs: a headless sway has
/// no keyboard of its own, so the seat offers one to clients only while wtype is there.
enum VirtualKeyboard {
    static let wtype = "/usr/bin/wtype"

    static var unavailable: String? {
        FileManager.default.isExecutableFile(atPath: wtype) ? nil : "\(wtype) is missing (scripts/install-deps.sh test installs it)"
    }

    /// Types the key named `key` (an xkb keysym name: "space", "Right", "plus") into the surface
    /// that has the keyboard focus. wtype first waits `settle` seconds with its keyboard on the
    /// seat, so that clients see the seat's new keyboard capability, take a wl_keyboard, and get
    /// its keymap and the focus before the key arrives.
    /// `modifiers` ("shift", "ctrl") are held around it.
    static func type(key: String, modifiers: [String] = [], into sway: HeadlessSway, settle: Double = 1) throws {
        let arguments = ["-s", String(Int(settle * 1000))] + modifiers.flatMap { ["-M", $0] } + ["-k", key]
            + modifiers.flatMap { ["-m", $0] }
        let result = try runTool(URL(fileURLWithPath: wtype), arguments, environment: ["WAYLAND_DISPLAY": sway.waylandDisplay])
        guard result.status == 0 else { throw HarnessError("wtype -k \(key): \(result.output)") }
    }

    /// Holds `modifier` ("ctrl", "shift") down for `seconds`, starting `after` seconds from now
    /// (the same settling as `type`), while the caller does something else: wtype runs on its own
    /// until it lets the modifier go; wait for the returned process.
    static func hold(modifier: String, after settle: Double, for seconds: Double, in sway: HeadlessSway) throws -> Process {
        let wtype = Process()
        wtype.executableURL = URL(fileURLWithPath: Self.wtype)
        wtype.arguments = ["-s", String(Int(settle * 1000)), "-M", modifier, "-s", String(Int(seconds * 1000)), "-m", modifier]
        wtype.environment = ProcessInfo.processInfo.environment.merging(["WAYLAND_DISPLAY": sway.waylandDisplay]) { _, new in new }
        wtype.standardInput = FileHandle.nullDevice
        try wtype.run()
        return wtype
    }
}
