import CLinux
import Glibc

/// A program started from an argument vector (never through a shell) with its standard output
/// and error on pipes, and a pidfd that becomes readable when it exits — so the single loop
/// learns of the exit like any other event, without SIGCHLD.
public final class ChildProcess {
    public enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): return "exit status \(status)"
            case .signaled(let signal): return "killed by signal \(signal) (\(String(cString: strsignal(signal))))"
            }
        }
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Process groups of the children still running, killed when the ticker exits (by a signal
    /// it handles, the window closing, or losing the display) so no command outlives it.
    nonisolated(unsafe) private static var livingGroups = Set<pid_t>()
    nonisolated(unsafe) private static var cleanupRegistered = false

    /// Whether this process runs with a sanitizer's runtime (AddressSanitizer or ThreadSanitizer:
    /// `make test-sanitize`). Its helpers, built the same way, reserve terabytes of address space
    /// for shadow memory as they start, which no address-space limit allows: such a build (for
    /// tests, never shipped) runs them without one.
    static let isSanitized = dlsym(nil, "__sanitizer_print_stack_trace") != nil

    public let pid: pid_t
    /// Read ends (non-blocking): the child's standard output and standard error.
    public let output: Int32
    public let errors: Int32
    /// Readable once the child has exited.
    public let exitFD: Int32
    private var termination: Termination?

    /// Starts `arguments[0]` — looked up in PATH when `searchPath`, else taken as a path. With
    /// `addressSpaceLimit` (bytes; a path only), the child runs under that RLIMIT_AS from its
    /// first instruction: no input it reads can make it take more memory than that (a sanitized
    /// build excepted).
    public init(arguments: [String], searchPath: Bool, addressSpaceLimit: Int? = nil) throws(SpawnError) {
        precondition(!arguments.isEmpty)
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard xm_pipe_cloexec(&outputPipe) == 0 else { throw SpawnError(description: Self.reason(errno)) }
        guard xm_pipe_cloexec(&errorPipe) == 0 else {
            close(outputPipe[0]); close(outputPipe[1])
            throw SpawnError(description: Self.reason(errno))
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = if let addressSpaceLimit, !Self.isSanitized {
            xm_spawn_limited(arguments[0], &argv, outputPipe[1], errorPipe[1], UInt64(addressSpaceLimit), &child)
        } else {
            xm_spawn(arguments[0], &argv, searchPath ? 1 : 0, outputPipe[1], errorPipe[1], &child)
        }
        // The write ends belong to the child now; keeping them open here would hide its end of output.
        close(outputPipe[1])
        close(errorPipe[1])
        guard result == 0 else {
            close(outputPipe[0]); close(errorPipe[0])
            throw SpawnError(description: "cannot run \(arguments[0]): \(Self.reason(result))")
        }
        pid = child
        output = outputPipe[0]
        errors = errorPipe[0]
        for fd in [output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        exitFD = pidfd_open(child, 0)
        if exitFD < 0 {
            // Without a pidfd (a kernel older than 5.3) nothing would report the exit: stop here.
            let reason = Self.reason(errno)
            _ = Glibc.kill(-child, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
            close(output); close(errors)
            throw SpawnError(description: "pidfd_open: \(reason)")
        }
        _ = fcntl(exitFD, F_SETFD, FD_CLOEXEC)
        Self.livingGroups.insert(child)
        if !Self.cleanupRegistered {
            Self.cleanupRegistered = true
            atexit { for group in ChildProcess.livingGroups { _ = Glibc.kill(-group, SIGKILL) } }
        }
    }

    deinit {
        if termination == nil {
            kill()
            _ = wait()
        }
        close(output)
        close(errors)
        close(exitFD)
    }

    /// Kills the child and everything it started (its process group).
    public func kill() {
        guard termination == nil else { return }
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Collects the exit status (blocks until the child has exited; call after `exitFD` is readable
    /// or after `kill()`).
    public func wait() -> Termination {
        if let termination { return termination }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let result: Termination = xm_exited(status) != 0 ? .exited(xm_exit_status(status)) : .signaled(xm_term_signal(status))
        termination = result
        // The group may outlive its leader (`sh -c 'sleep 100 &'`): take it down with it.
        _ = Glibc.kill(-pid, SIGKILL)
        Self.livingGroups.remove(pid)
        return result
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
