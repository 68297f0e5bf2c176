import Foundation
import Glibc

/// The built `xmarquee` executable run as a user runs it, against a headless sway (or, with
/// DISPLAY in `environment`, an X server); stopped (and waited for) when the test lets it go.
final class XMarqueeRun {
    let process = Process()
    private let errors = Pipe()

    static var executable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [besideTests.appendingPathComponent("xmarquee"),
                          besideTests.deletingLastPathComponent().appendingPathComponent("xmarquee")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/xmarquee")
    }

    /// Starts `xmarquee ARGUMENTS` with WAYLAND_DISPLAY set to `waylandDisplay` and no DISPLAY;
    /// its standard error goes to `errorFile` when given (a protocol log too long for a pipe no one
    /// reads until the end).
    init(_ arguments: [String], waylandDisplay: String?, environment extra: [String: String] = [:], errorFile: String? = nil) throws {
        process.executableURL = Self.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment["WAYLAND_DISPLAY"] = waylandDisplay
        environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "xmarquee-wl-cache-\(UUID().uuidString)"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        if let errorFile, FileManager.default.createFile(atPath: errorFile, contents: nil) {
            process.standardError = FileHandle(forWritingAtPath: errorFile)
        } else {
            process.standardError = errors
        }
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Waits for it to end; its status and standard error.
    func finish(within seconds: Double) -> (status: Int32, errors: String)? {
        guard waitFor(seconds: seconds, { !self.process.isRunning }) else { return nil }
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// `xmarquee ctl ARGUMENTS`: status and standard output.
    /// `xmarquee ctl --name NAME status` as JSON; nil while nothing answers.
    static func status(_ name: String, environment: [String: String] = [:]) -> [String: Any]? {
        guard let reply = try? ctl(["--name", name, "status"], environment: environment), reply.status == 0 else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(reply.output.utf8))) as? [String: Any]
    }

    /// The `desktopBus` part of the instance's status; nil while nothing answers.
    static func desktopBus(_ name: String) -> [String: Any]? { status(name)?["desktopBus"] as? [String: Any] }

    static func ctl(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        try runTool(executable, ["ctl"] + arguments, environment: environment)
    }
}
