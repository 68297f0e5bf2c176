import CX11
import Foundation
@testable import DisplayTestSupport

/// The real `xmarquee` executable run as a child process, as a user would run it.
final class TickerProcess {
    let process = Process()
    private let errorPipe = Pipe()
    let input: Pipe?
    private let errors = ErrorCollector()
    /// A feed cache of its own (`XDG_CACHE_HOME`), removed when it stops, unless the test gives one:
    /// no run reads another's cached feeds or writes into the user's home.
    private let ownCache: String?

    static var executable: URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [besideTests.appendingPathComponent("xmarquee"),
                          besideTests.deletingLastPathComponent().appendingPathComponent("xmarquee"),
                          root.appendingPathComponent(".build/debug/xmarquee")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return root.appendingPathComponent(".build/debug/xmarquee")
    }

    init(_ arguments: [String], display: String?, withInput: Bool = false, environment extra: [String: String] = [:],
         executable: URL = TickerProcess.executable) throws {
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        if display == nil { environment.removeValue(forKey: "DISPLAY") }
        if extra["XDG_CACHE_HOME"] == nil {
            let cache = NSTemporaryDirectory() + "xmarquee-test-cache-\(UUID().uuidString)"
            environment["XDG_CACHE_HOME"] = cache
            ownCache = cache
        } else {
            ownCache = nil
        }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        if withInput {
            // Writing to a ticker that has exited (or was stopped while a test still writes) must
            // fail with EPIPE, not kill the whole test process with SIGPIPE.
            _ = Glibc.signal(SIGPIPE, SIG_IGN)
            let pipe = Pipe()
            input = pipe
            process.standardInput = pipe
        } else {
            input = nil
            process.standardInput = FileHandle.nullDevice
        }
        let errors = self.errors
        errorPipe.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
        try process.run()
    }

    /// Starts the executable and waits (up to 10 s) for its window to be viewable and, with
    /// `untilDrawn`, for its first frame (more than one colour in the window: up to 10 s more, as
    /// the test then reads); throws with the ticker's standard error when no window appears.
    static func launchWithWindow(_ arguments: [String], display: String, input: Bool = false,
                                 untilDrawn: Bool = true,
                                 executable: URL = TickerProcess.executable) throws -> (TickerProcess, XProbe, Window) {
        let ticker = try TickerProcess(arguments, display: display, withInput: input, executable: executable)
        let probe = try XProbe(display)
        var window: Window?
        waitUntil(timeout: 10) {
            window = probe.window(ofProcess: ticker.pid)
            return window != nil
        }
        guard let window else {
            ticker.stop()
            throw TestSupportError("no window appeared; stderr: \(ticker.standardError)")
        }
        if untilDrawn {
            waitUntil(timeout: 10) { probe.capture(window)?.isUniform == false }
        }
        return (ticker, probe, window)
    }

    var pid: Int32 { process.processIdentifier }

    var standardError: String { errors.text }

    /// Waits for the process to end; nil when it is still running after `timeout`.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else { return nil }
        process.waitUntilExit()
        // The stderr reader has the last line once it reads the pipe's end (a command the ticker
        // started and left running may still hold the pipe: then no more than 2 s).
        waitUntil(timeout: 2) { errors.ended }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    func signal(_ number: Int32) { kill(pid, number) }

    func stop() {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        errorPipe.fileHandleForReading.readabilityHandler = nil
        if let ownCache { try? FileManager.default.removeItem(atPath: ownCache) }
    }

    deinit { stop() }

    /// Context switches so far (voluntary + involuntary): each wake-up of the process adds one.
    var contextSwitches: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return -1 }
        return status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
            .compactMap { Int($0.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") }
            .reduce(0, +)
    }

    /// Waits until the process has not woken for `quiet` seconds (it finished starting or
    /// settling; a loaded machine can stretch that well past a fixed sleep); false at `timeout`.
    @discardableResult
    func waitUntilIdle(quiet: TimeInterval = 0.3, timeout: TimeInterval = 5) -> Bool {
        var last = contextSwitches
        var since = Date()
        return waitUntil(timeout: timeout, interval: 0.05) {
            let now = contextSwitches
            if now != last { (last, since) = (now, Date()) }
            return Date().timeIntervalSince(since) >= quiet
        }
    }

    /// Resident memory (VmRSS) in kB.
    var residentKilobytes: Int { DisplayTestSupport.residentKilobytes(of: pid) ?? -1 }

    /// User + system CPU time in clock ticks.
    var cpuTicks: Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return -1 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }
}

/// Standard error collected on Foundation's reader thread.
final class ErrorCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var sawEnd = false

    /// A piece read; an empty one is the pipe's end.
    func append(_ piece: Data) {
        lock.lock()
        data.append(piece)
        if piece.isEmpty { sawEnd = true }
        lock.unlock()
    }

    /// Whether the writer's end was closed (the process and any child holding it are gone).
    var ended: Bool {
        lock.lock()
        defer { lock.unlock() }
        return sawEnd
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
