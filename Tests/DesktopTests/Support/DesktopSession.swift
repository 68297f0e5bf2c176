import Foundation
import XCTest

struct WindowManagerDidNotStart: Error, CustomStringConvertible {
    let log: String
    let running: Bool
    var description: String { "openbox did not announce itself (running: \(running)); its output: \(log)" }
}

/// A private X server (Xvfb on a free display, found with -displayfd) with a real window manager
/// (openbox) started by the test, and helpers to look at windows the way a user's tools do
/// (xprop, xwininfo, xdotool, import).
final class DesktopSession {
    let display: String
    let width: Int
    let height: Int
    private let server: Process
    private var windowManager: Process?
    private var clients: [(process: Process, errors: TemporaryFile)] = []

    init(width: Int = 1920, height: Int = 1080) throws {
        self.width = width
        self.height = height
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // -noreset: without it the server resets whenever its last client leaves (the old
        // openbox during --replace), and a client connecting meanwhile is refused.
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let ready = Pipe()
        server.standardOutput = ready
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Xvfb writes the display number once it accepts connections.
        var text = ""
        while !text.contains("\n") {
            let chunk = ready.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw XCTSkip("Xvfb did not start")
        }
        display = ":\(number)"
    }

    deinit {
        for client in clients where client.process.isRunning { client.process.terminate() }
        for client in clients { client.process.waitUntilExit() }
        if let windowManager, windowManager.isRunning {
            windowManager.terminate()
            windowManager.waitUntilExit()
        }
        server.terminate()
        server.waitUntilExit()
    }

    var environment: [String: String] { ["DISPLAY": display] }

    // MARK: Window manager

    /// Starts openbox and waits until it has announced itself on the root window.
    func startWindowManager(replacing: Bool = false) throws {
        let before = supportingWindowManager
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        process.arguments = replacing ? ["--replace"] : []
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let log = TemporaryFile()
        process.standardOutput = log.handle
        process.standardError = log.handle
        try process.run()
        let old = windowManager
        windowManager = process
        guard Tool.eventually(timeout: 20, { let now = supportingWindowManager; return now != nil && now != before }) else {
            throw WindowManagerDidNotStart(log: log.contents, running: process.isRunning)
        }
        if let old { old.waitUntilExit() }
    }

    /// `openbox --replace`: the running window manager hands over to a new one.
    func restartWindowManager() throws { try startWindowManager(replacing: true) }

    private var supportingWindowManager: String? {
        let value = rootProperty("_NET_SUPPORTING_WM_CHECK")
        return value.isEmpty ? nil : value
    }

    // MARK: Clients

    /// Starts the built xmarquee on this display; `--config` defaults to an empty file so the
    /// user's own config never leaks into a test.
    @discardableResult
    func launchXmarquee(_ arguments: [String], config: String? = nil, environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PackagePaths.binary)
        let configPath = config ?? emptyConfig.path
        process.arguments = ["--config", configPath] + arguments
        return try launch(process, extra)
    }

    /// Starts any program on this display.
    @discardableResult
    func launch(_ process: Process, _ extra: [String: String] = [:]) throws -> Process {
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(extra) { _, new in new }) { _, new in new }
        let errors = TemporaryFile()
        process.standardError = errors.handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        clients.append((process, errors))
        return process
    }

    /// What a client launched here wrote on standard error so far.
    func errors(of process: Process) -> String {
        clients.first { $0.process === process }?.errors.contents ?? ""
    }

    private lazy var emptyConfig: TemporaryFile = TemporaryFile()

    /// The top-level window of a client, by its _NET_WM_PID.
    func window(of process: Process, timeout: Double = 10) -> String? {
        var found: String?
        _ = Tool.eventually(timeout: timeout) {
            let run = Tool.run("xdotool", ["search", "--all", "--pid", "\(process.processIdentifier)", "--classname", "xmarquee"],
                               environment: environment)
            found = run.output.split(separator: "\n").first.map(String.init)
            return found != nil && isViewable(found!)
        }
        return found
    }

    func isViewable(_ window: String) -> Bool {
        Tool.run("xwininfo", ["-id", window], environment: environment).output.contains("IsViewable")
    }

    // MARK: Looking at windows

    /// The text after `=` of `xprop -id window name` (empty when the property is not set).
    func property(_ window: String, _ name: String) -> String {
        value(of: Tool.run("xprop", ["-id", window, name], environment: environment).output)
    }

    func rootProperty(_ name: String) -> String {
        value(of: Tool.run("xprop", ["-root", name], environment: environment).output)
    }

    func cardinals(_ window: String, _ name: String) -> [Int] { numbers(property(window, name)) }
    func rootCardinals(_ name: String) -> [Int] { numbers(rootProperty(name)) }

    /// Position on the root window and size, from xwininfo.
    func frame(of window: String) -> (x: Int, y: Int, width: Int, height: Int) {
        let text = Tool.run("xwininfo", ["-id", window], environment: environment).output
        func field(_ label: String) -> Int {
            for line in text.split(separator: "\n") where line.contains(label) {
                return Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) ?? -1
            }
            return -1
        }
        return (field("Absolute upper-left X"), field("Absolute upper-left Y"), field("Width"), field("Height"))
    }

    /// One pixel of the screen as the user sees it (after stacking), via ImageMagick's import.
    func pixel(x: Int, y: Int) -> (red: Int, green: Int, blue: Int)? {
        let file = TemporaryFile()
        let run = Tool.run("import", ["-window", "root", "-crop", "1x1+\(x)+\(y)", "-depth", "8", "rgb:" + file.path],
                           environment: environment)
        guard run.status == 0, let data = FileManager.default.contents(atPath: file.path), data.count >= 3 else { return nil }
        return (Int(data[0]), Int(data[1]), Int(data[2]))
    }

    /// Runs xrandr on this display.
    @discardableResult
    func xrandr(_ arguments: String...) -> ToolRun {
        Tool.run("xrandr", arguments, environment: environment)
    }

    private func value(of output: String) -> String {
        // "NAME(TYPE) = values", or "NAME(TYPE): description" (WINDOW, WM_HINTS); "NAME:  not found." when unset.
        guard let equals = output.range(of: "= ") ?? output.range(of: "):") else { return "" }
        return output[equals.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func numbers(_ text: String) -> [Int] {
        text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Int($0) }
    }
}
