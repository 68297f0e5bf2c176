import Glibc
import MarqueeCore

/// The single thread's loop: waits in `poll()` on every descriptor the ticker listens to
/// (the X connection, signals, a frame timer, inotify, standard input) and calls their handlers.
/// With nothing scheduled it sleeps without a timeout, so an idle ticker causes no wakeups.
public final class EventLoop {
    public typealias Handler = (_ revents: Int16) -> Void

    private struct Watch {
        var events: Int16
        var handler: Handler
    }

    private var watches: [Int32: Watch] = [:] {
        didSet { pollSetChanged = true }
    }
    /// The descriptors as `poll` takes them, made again only when a watch comes or goes (not on
    /// every turn: a frame is one turn).
    private var pollSet: [pollfd] = []
    private var pollSetChanged = true
    private var exitStatus: Int32?

    /// Runs before every wait; returns the longest time to wait in milliseconds (-1: forever).
    /// The X backend uses it to flush requests and drain events Xlib has already queued.
    public var prepareToWait: () -> Int32 = { -1 }
    /// Runs when a wait ended by its timeout.
    public var onTimeout: () -> Void = {}

    public init() {}

    public func watch(_ fd: Int32, events: Int16 = Int16(POLLIN), handler: @escaping Handler) {
        watches[fd] = Watch(events: events, handler: handler)
    }

    public func unwatch(_ fd: Int32) {
        watches[fd] = nil
    }

    public func stop(status: Int32) {
        exitStatus = status
    }

    public var isRunning: Bool { exitStatus == nil }

    /// Lets `run()` be called again after it returned (tests drive the loop in stretches).
    public func restart() { exitStatus = nil }

    /// Loops until `stop(status:)`; returns that status.
    public func run() -> Int32 {
        while exitStatus == nil {
            let timeout = prepareToWait()
            if exitStatus != nil { break }
            if pollSetChanged {
                pollSet = watches.map { pollfd(fd: $0.key, events: $0.value.events, revents: 0) }
                pollSetChanged = false
            }
            // poll() writes each entry's revents; the events asked for stay as they are.
            let ready = poll(&pollSet, nfds_t(pollSet.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                Diagnostics.error("poll failed: \(String(cString: strerror(errno)))")
                return ExitStatus.internalError.rawValue
            }
            if ready == 0 {
                onTimeout()
                continue
            }
            for entry in pollSet where entry.revents != 0 {
                // A handler may have removed another watch (or this one) meanwhile.
                guard exitStatus == nil, let watch = watches[entry.fd] else { continue }
                watch.handler(entry.revents)
            }
        }
        return exitStatus ?? 0
    }
}
