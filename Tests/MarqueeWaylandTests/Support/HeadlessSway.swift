import Foundation
import Glibc

/// A headless sway the tests start and stop themselves: its own runtime folder (so its socket is
/// `wayland-1` there, never a user's), the pixman renderer, no Xwayland, no input devices.
///
/// sway refuses to run as root: under root it runs as an unprivileged user made for the tests
/// (`xmarquee-wl`), which owns the runtime folder; root still reaches its sockets by path.
final class HeadlessSway {
    static let testUser = "xmarquee-wl"
    let process = Process()
    let runtimeDirectory: String
    /// An absolute WAYLAND_DISPLAY: libwayland takes a path as well as a name.
    var waylandDisplay: String { runtimeDirectory + "/wayland-1" }
    var swaySocket: String { runtimeDirectory + "/sway.sock" }
    private let log: String

    /// Why sway cannot run here; nil when it can.
    static var unavailable: String? {
        for tool in ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/grim"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (scripts/install-deps.sh test installs it)"
        }
        if getuid() == 0 && !ensureTestUser() { return "cannot create the unprivileged user \(testUser) sway needs under root" }
        return nil
    }

    init(width: Int = 1280, height: Int = 720) throws {
        let template = NSTemporaryDirectory() + "xmarquee-sway.XXXXXX"
        var path = Array(template.utf8CString)
        guard mkdtemp(&path) != nil else { throw HarnessError("cannot make a runtime folder") }
        runtimeDirectory = String(cString: path)
        log = runtimeDirectory + "/sway.log"
        let config = runtimeDirectory + "/config"
        try """
        xwayland disable
        output HEADLESS-1 mode \(width)x\(height) position 0 0
        default_border none
        """.write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o644)
        var environment = [
            "XDG_RUNTIME_DIR": runtimeDirectory, "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman",
            "WLR_LIBINPUT_NO_DEVICES": "1", "SWAYSOCK": swaySocket, "PATH": "/usr/bin:/bin",
        ]
        if getuid() == 0 {
            guard let user = getpwnam(Self.testUser) else { throw HarnessError("no user \(Self.testUser)") }
            chown(runtimeDirectory, user.pointee.pw_uid, user.pointee.pw_gid)
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", Self.testUser, "--", "/usr/bin/env", "-i"]
                + environment.map { "\($0.key)=\($0.value)" } + ["/usr/bin/sway", "-c", config]
        } else {
            environment["HOME"] = runtimeDirectory
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sway")
            process.arguments = ["-c", config]
            process.environment = environment
        }
        chmod(runtimeDirectory, 0o700)
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let ready = waitFor(seconds: 10) {
            FileManager.default.fileExists(atPath: self.waylandDisplay) && FileManager.default.fileExists(atPath: self.swaySocket)
                && (try? self.message(["-t", "get_version"])) != nil
        }
        guard ready else {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            stop()
            throw HarnessError("headless sway did not start: \(output.suffix(600))")
        }
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            _ = try? message(["exit"])
            if !waitFor(seconds: 3, { !self.process.isRunning }) {
                kill(process.processIdentifier, SIGTERM)
                process.waitUntilExit()
            }
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// `swaymsg ARGS` against this sway; its standard output.
    @discardableResult
    func message(_ arguments: [String]) throws -> String {
        let result = try run("/usr/bin/swaymsg", ["-s", swaySocket] + arguments)
        guard result.status == 0 else { throw HarnessError("swaymsg \(arguments.joined(separator: " ")): \(result.output)") }
        return result.output
    }

    /// A JSON query (`get_workspaces`, `get_outputs`, `get_tree`).
    func query(_ type: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(message(["-r", "-t", type]).utf8))
    }

    /// The screen's pixels now, through grim (screencopy).
    func screenshot(output: String? = nil) throws -> Screenshot {
        let file = runtimeDirectory + "/shot-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var arguments = ["-t", "ppm"]
        if let output { arguments += ["-o", output] }
        let result = try run("/usr/bin/grim", arguments + [file], environment: ["WAYLAND_DISPLAY": waylandDisplay])
        guard result.status == 0, let data = FileManager.default.contents(atPath: file), let shot = Screenshot(ppm: data) else {
            throw HarnessError("grim failed: \(result.output)")
        }
        return shot
    }

    /// Runs a tool to its end; status and output (standard output and error together).
    func run(_ tool: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        try runTool(URL(fileURLWithPath: tool), arguments, environment: extra)
    }

    private static func ensureTestUser() -> Bool {
        if getpwnam(testUser) != nil { return true }
        let add = Process()
        add.executableURL = URL(fileURLWithPath: "/usr/sbin/useradd")
        add.arguments = ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", testUser]
        guard (try? add.run()) != nil else { return false }
        add.waitUntilExit()
        return getpwnam(testUser) != nil
    }
}

/// A grim screenshot's pixels (binary PPM: P6, 8 bits a channel).
struct Screenshot {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    init?(ppm data: Data) {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4 && index < bytes.count {
            while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09) { index += 1 }
            var field = ""
            while index < bytes.count && !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09) {
                field.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            fields.append(field)
        }
        index += 1
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255",
              bytes.count - index >= width * height * 3 else { return nil }
        self.width = width
        self.height = height
        rgb = Array(bytes[index..<(index + width * height * 3)])
    }

    func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (rgb[offset], rgb[offset + 1], rgb[offset + 2])
    }

    /// The rows `rows` as bytes, to compare two screenshots' bands.
    func band(_ rows: Range<Int>) -> ArraySlice<UInt8> { rgb[(rows.lowerBound * width * 3)..<(rows.upperBound * width * 3)] }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `tool` to its end; its status and output (standard output and error together).
func runTool(_ tool: URL, _ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let child = Process()
    child.executableURL = tool
    child.arguments = arguments
    child.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    let pipe = Pipe()
    child.standardOutput = pipe
    child.standardError = pipe
    child.standardInput = FileHandle.nullDevice
    try child.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return (child.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Polls `condition` until it holds or `seconds` pass.
@discardableResult
func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
}
