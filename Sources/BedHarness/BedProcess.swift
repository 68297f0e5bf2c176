import Foundation
import Glibc

/// A process in the compositor bed, run as its user: either the first of new network and process
/// namespaces (a compositor and all it starts: Xwayland, Xvfb, dbus-daemon), or a client joining
/// such a network namespace (its X displays are abstract sockets there). Its output goes to `log`.
/// Stopped when its owner lets it go; stopping the first of a process namespace ends every process
/// in it (the kernel kills them with their namespace's first process).
public final class BedProcess {
    let process = Process()
    /// Its output, on the host.
    public let log: String
    /// Whether it made the namespaces it runs in.
    private let isolated: Bool

    /// `command` as the bed's user in namespaces of its own (`unshare --net --pid --fork`).
    public init(isolated command: [String], environment: [String: String], folder: String? = nil, log: String) throws {
        self.log = log
        isolated = true
        try start(["/usr/bin/unshare", "--net", "--pid", "--fork", "--"]
            + CompositorBed.asUser(command, environment: environment, folder: folder))
    }

    /// `command` as the bed's user in `namespace`'s network namespace.
    public init(joining namespace: BedProcess, _ command: [String], environment: [String: String], folder: String? = nil, log: String) throws {
        self.log = log
        isolated = false
        try start(namespace.entering + CompositorBed.asUser(command, environment: environment, folder: folder))
    }

    /// The words that put a command into this process's network namespace. `unshare` itself is in
    /// the namespace it made (only its children are in the new process namespace).
    public var entering: [String] { ["/usr/bin/nsenter", "-t", String(process.processIdentifier), "-n", "--"] }

    private func start(_ words: [String]) throws {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: words[0])
        process.arguments = Array(words.dropFirst())
        process.environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
        // One descriptor for both: two would each write from the file's start over the other.
        let output = FileHandle(forWritingAtPath: log)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit { stop() }

    public var isRunning: Bool { process.isRunning }

    /// Its exit status once it has ended (the command's own: everything before it execs it).
    public var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// Its process id on the host: the command's own where it runs in place (a client joining a
    /// namespace: nsenter, chroot, setpriv and env each exec the next), else `unshare`'s.
    public var pid: pid_t { process.processIdentifier }

    /// The host pid of the first process from it down whose name (`/proc/PID/comm`) is `name`: a
    /// compositor started by a script or by dbus-run-session; nil while there is none.
    public func descendant(named name: String) -> pid_t? {
        var queue = [pid]
        while !queue.isEmpty {
            let parent = queue.removeFirst()
            let comm = (try? String(contentsOfFile: "/proc/\(parent)/comm", encoding: .utf8)) ?? ""
            if comm.trimmingCharacters(in: .newlines) == name { return parent }
            let children = (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? ""
            queue += children.split(separator: " ").compactMap { pid_t($0) }
        }
        return nil
    }

    /// The end of its output, for a failure's message.
    public func output(last characters: Int = 800) -> String {
        String(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").suffix(characters))
    }

    public func stop() {
        guard process.isRunning else { return }
        // The first process of a namespace made here: killed, it takes the namespace's others with
        // it. (`unshare --kill-child` cannot do it: the death signal it sets is cleared when setpriv
        // changes the user.) A client: asked to end.
        let children = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children",
                                    encoding: .utf8)) ?? ""
        if isolated, let first = children.split(separator: " ").compactMap({ Int32($0) }).first {
            kill(first, SIGKILL)
        } else {
            process.terminate()
        }
        if !waitFor(seconds: 3, { !self.process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs `command` as the bed's user in `namespace`'s network namespace to its end: its status
    /// and output (standard output and error together).
    public static func run(joining namespace: BedProcess, _ command: [String], environment: [String: String],
                    folder: String? = nil) throws -> (status: Int32, output: String) {
        let words = namespace.entering + CompositorBed.asUser(command, environment: environment, folder: folder)
        return try runTool(URL(fileURLWithPath: words[0]), Array(words.dropFirst()))
    }
}
