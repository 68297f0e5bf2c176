import CLinux
import Glibc
import MarqueeCore

/// The single thread's loop: waits in `epoll_wait()` on every descriptor the ticker listens to
/// (the X connection, signals, a frame timer, inotify, standard input) and calls their handlers.
/// With nothing scheduled it sleeps without a timeout, so an idle ticker causes no wakeups.
public final class EventLoop {
    public typealias Handler = (_ revents: Int16) -> Void

    /// A descriptor watched for as long as its holder keeps this (`watching`): releasing it
    /// unwatches, so a source that is stopped or released cannot be called again.
    public final class Watch {
        public let fd: Int32
        private weak var loop: EventLoop?
        private let onRelease: () -> Void

        fileprivate init(fd: Int32, loop: EventLoop, onRelease: @escaping () -> Void) {
            self.fd = fd
            self.loop = loop
            self.onRelease = onRelease
        }

        deinit {
            loop?.remove(fd, ownedBy: ObjectIdentifier(self))
            onRelease()
        }
    }

    private struct Entry {
        var events: Int16
        var handler: Handler
        var owner: ObjectIdentifier?
    }

    private var watches: [Int32: Entry] = [:]
    /// The kernel's interest list: only the ready descriptors come back from a wait, so a turn
    /// costs what is ready, not what is watched (poll() set up every descriptor each time).
    private let epoll: Int32
    private var ready = [epoll_event](repeating: epoll_event(), count: 16)
    /// Descriptors epoll refuses (a regular file as standard input): always ready, as poll()
    /// reports them, so their handlers run every turn and the wait does not block.
    private var alwaysReady: Set<Int32> = []
    private var exitStatus: Int32?

    public var prepareToWait: () -> Int32 = { -1 }
    /// Runs when a wait ended by its timeout.
    public var onTimeout: () -> Void = {}

    public init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    }

    deinit { if epoll >= 0 { close(epoll) } }

    private func register(_ fd: Int32, _ entry: Entry) {
        let known = watches[fd] != nil || alwaysReady.contains(fd)
        watches[fd] = entry
        var event = epoll_event()
        event.events = UInt32(UInt16(bitPattern: entry.events))
        event.data.fd = fd
        if epoll_ctl(epoll, known ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event) != 0 {
            if errno == ENOENT, epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) == 0 { return }
            alwaysReady.insert(fd)
        }
    }

    private func deregister(_ fd: Int32) {
        guard watches.removeValue(forKey: fd) != nil else { return }
        var unused = epoll_event()
        if alwaysReady.remove(fd) == nil { epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &unused) }
    }

    /// Watches `fd` for as long as the returned `Watch` is held; `onRelease` runs when it is let go
    /// (a timer disarms itself there).
    public func watching(_ fd: Int32, events: Int16 = Int16(POLLIN), onRelease: @escaping () -> Void = {},
                         handler: @escaping Handler) -> Watch {
        let watch = Watch(fd: fd, loop: self, onRelease: onRelease)
        register(fd, Entry(events: events, handler: handler, owner: ObjectIdentifier(watch)))
        return watch
    }

    /// Watches `fd` until `unwatch(fd)`: for descriptors that live as long as their owner's hold
    /// on the loop (the X connection, the frame pacer's timer, signals).
    public func watch(_ fd: Int32, events: Int16 = Int16(POLLIN), handler: @escaping Handler) {
        register(fd, Entry(events: events, handler: handler, owner: nil))
    }

    public func unwatch(_ fd: Int32) {
        deregister(fd)
    }

    /// A released `Watch` removes its own entry only: the descriptor number may have been closed
    /// and watched again by someone else meanwhile.
    private func remove(_ fd: Int32, ownedBy owner: ObjectIdentifier) {
        if watches[fd]?.owner == owner { deregister(fd) }
    }

    public func stop(status: Int32) {
        exitStatus = status
    }

    public var isRunning: Bool { exitStatus == nil }

    /// Lets `run()` be called again after it returned (tests drive the loop in stretches).
    public func restart() { exitStatus = nil }

    /// Loops until `stop(status:)`; returns that status.
    public func run() -> Int32 {
        guard epoll >= 0 else {
            Diagnostics.error("epoll_create1 failed: \(String(cString: strerror(errno)))")
            return ExitStatus.internalError.rawValue
        }
        while exitStatus == nil {
            let asked = prepareToWait()
            let timeout = alwaysReady.isEmpty ? asked : 0
            if exitStatus != nil { break }
            let count = epoll_wait(epoll, &ready, Int32(ready.count), timeout)
            if count < 0 {
                if errno == EINTR { continue }
                Diagnostics.error("epoll_wait failed: \(String(cString: strerror(errno)))")
                return ExitStatus.internalError.rawValue
            }
            if count == 0 && alwaysReady.isEmpty {
                onTimeout()
                continue
            }
            for index in 0..<Int(count) {
                // A handler may have removed another watch (or this one) meanwhile.
                let fd = ready[index].data.fd
                guard exitStatus == nil, let watch = watches[fd] else { continue }
                watch.handler(Int16(truncatingIfNeeded: ready[index].events))
            }
            for fd in alwaysReady {
                guard exitStatus == nil, let watch = watches[fd] else { continue }
                watch.handler(Int16(POLLIN))
            }
        }
        return exitStatus ?? 0
    }
}
