import Foundation
import Glibc

/// A compositor process the tests start in a runtime folder of its own (so its socket is never a
/// user's). Compositors refuse to run as root (sway) or should not: under root it runs as an
/// unprivileged user made for the tests (`xmarquee-wl`), which owns the folder; root still
/// reaches its sockets by path. Stopped, and its folder removed, when the test lets it go.
class CompositorProcess {
    static let testUser = "xmarquee-wl"
    let process = Process()
    let runtimeDirectory: String
    let log: String

    /// Why a compositor cannot run here (`tools` missing, no user to run it as); nil when it can.
    static func unavailable(needing tools: [String]) -> String? {
        for tool in tools where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (scripts/install-deps.sh test installs it)"
        }
        if getuid() == 0 && !ensureTestUser() { return "cannot create the unprivileged user \(testUser) a compositor needs under root" }
        return nil
    }

    /// Starts `program ARGUMENTS` with only `environment` (and XDG_RUNTIME_DIR, PATH), both
    /// made for the runtime folder; `files` are written into it first, by name.
    init(program: String, arguments: (_ runtimeDirectory: String) -> [String],
         environment: (_ runtimeDirectory: String) -> [String: String], files: [String: String] = [:]) throws {
        let template = NSTemporaryDirectory() + "xmarquee-compositor.XXXXXX"
        var path = Array(template.utf8CString)
        guard mkdtemp(&path) != nil else { throw HarnessError("cannot make a runtime folder") }
        runtimeDirectory = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        log = runtimeDirectory + "/compositor.log"
        for (name, text) in files {
            try text.write(toFile: runtimeDirectory + "/" + name, atomically: true, encoding: .utf8)
            chmod(runtimeDirectory + "/" + name, 0o644)
        }
        var environment = environment(runtimeDirectory).merging(["XDG_RUNTIME_DIR": runtimeDirectory, "PATH": "/usr/bin:/bin"]) { _, new in new }
        if getuid() == 0 {
            guard let user = getpwnam(Self.testUser) else { throw HarnessError("no user \(Self.testUser)") }
            chown(runtimeDirectory, user.pointee.pw_uid, user.pointee.pw_gid)
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", Self.testUser, "--", "/usr/bin/env", "-i"]
                + environment.map { "\($0.key)=\($0.value)" } + [program] + arguments(runtimeDirectory)
        } else {
            environment["HOME"] = runtimeDirectory
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments(runtimeDirectory)
            process.environment = environment
        }
        chmod(runtimeDirectory, 0o700)
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit { stop() }

    /// Waits until `ready` holds; otherwise stops it and throws with the end of its log.
    func waitUntilReady(_ name: String, _ ready: () -> Bool) throws {
        guard waitFor(seconds: 10, ready) else {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            stop()
            throw HarnessError("\(name) did not start: \(output.suffix(600))")
        }
    }

    /// Asks it to end nicely first, where the subclass knows how.
    func askToQuit() {}

    func stop() {
        if process.isRunning {
            askToQuit()
            if !waitFor(seconds: 3, { !self.process.isRunning }) {
                kill(process.processIdentifier, SIGTERM)
                process.waitUntilExit()
            }
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
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

/// A headless sway: the pixman renderer, no Xwayland, no input devices; swaymsg and grim
/// against it.
final class HeadlessSway: CompositorProcess {
    /// An absolute WAYLAND_DISPLAY: libwayland takes a path as well as a name.
    var waylandDisplay: String { runtimeDirectory + "/wayland-1" }
    var swaySocket: String { runtimeDirectory + "/sway.sock" }

    static var unavailable: String? { unavailable(needing: ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/grim"]) }

    /// `extraConfig`: more lines of sway's config (a `bar { … }` block, say).
    convenience init(width: Int = 1280, height: Int = 720, extraConfig: String = "") throws {
        try self.init(outputLine: "output HEADLESS-1 mode \(width)x\(height) position 0 0", backend: ["WLR_BACKENDS": "headless"],
                      extraConfig: extraConfig)
    }

    /// `backend`: the WLR_ variables that choose wlroots' backend (and its display, if nested).
    init(outputLine: String, backend: [String: String], extraConfig: String = "") throws {
        let config = """
        xwayland disable
        \(outputLine)
        default_border none
        \(extraConfig)
        """
        try super.init(program: "/usr/bin/sway", arguments: { ["-c", $0 + "/config"] },
                       environment: { directory in
                           backend.merging(["WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
                                            "SWAYSOCK": directory + "/sway.sock"]) { _, new in new } },
                       files: ["config": config])
        try waitUntilReady("headless sway") {
            FileManager.default.fileExists(atPath: self.waylandDisplay) && FileManager.default.fileExists(atPath: self.swaySocket)
                && (try? self.message(["-t", "get_version"])) != nil
        }
    }

    override func askToQuit() { _ = try? message(["exit"]) }

    /// `swaymsg ARGS` against this sway; its standard output.
    @discardableResult
    func message(_ arguments: [String]) throws -> String {
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/swaymsg"), ["-s", swaySocket] + arguments)
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
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/grim"), arguments + [file], environment: ["WAYLAND_DISPLAY": waylandDisplay])
        guard result.status == 0, let data = FileManager.default.contents(atPath: file), let shot = Screenshot(ppm: data) else {
            throw HarnessError("grim failed: \(result.output)")
        }
        return shot
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

    /// A key for each column of the top 40 rows (a bar's band): equal columns, equal keys.
    var barColumns: [Int] {
        (0..<width).map { x in
            var hasher = Hasher()
            for y in 0..<min(40, height) { hasher.combine(rgb[(y * width + x) * 3..<(y * width + x) * 3 + 3]) }
            return hasher.finalize()
        }
    }

    /// The rows `rows` as bytes, to compare two screenshots' bands.
    func band(_ rows: Range<Int>) -> ArraySlice<UInt8> { rgb[(rows.lowerBound * width * 3)..<(rows.upperBound * width * 3)] }
}

