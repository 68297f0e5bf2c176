import CXBench
import Glibc

/// A child started with posix_spawn (no shell), so the benchmark measures the program itself.
final class ChildProcess {
    let pid: pid_t
    let startTime: Double
    private(set) var exitStatus: Int32?

    /// - Parameters:
    ///   - environment: added to (and overriding) the benchmark's own environment.
    ///   - quiet: standard output and error go to /dev/null.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
         quiet: Bool = true) throws {
        var env: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") { env[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            pointer += 1
        }
        for (key, value) in environment { env[key] = value }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        startTime = BenchClock.now()
        let result = posix_spawnp(&child, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(result)))") }
        pid = child
    }

    /// Runs a short command to completion and returns its exit status and standard output;
    /// `quietErrors` sends its standard error to /dev/null (a poll that is expected to fail first).
    static func output(of executable: String, _ arguments: [String], quietErrors: Bool = false) -> (status: Int32, text: String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return (-1, "") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        if quietErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, executable, &actions, nil, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { return (-1, "") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        var status: Int32 = 0
        waitpid(child, &status, 0)
        return (status, String(decoding: bytes, as: UTF8.self))
    }

    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = status
            return false
        }
        return true
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; returns the raw wait status.
    @discardableResult
    func terminate(grace: Double = 2) -> Int32 {
        guard isRunning else { return exitStatus ?? 0 }
        kill(pid, SIGTERM)
        let deadline = BenchClock.now() + grace
        while isRunning && BenchClock.now() < deadline { BenchClock.sleep(0.01) }
        if isRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            exitStatus = status
        }
        return exitStatus ?? 0
    }

    deinit { terminate(grace: 0.5) }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

enum BenchClock {
    /// CLOCK_MONOTONIC seconds: the clock Present's ust timestamps use too.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
