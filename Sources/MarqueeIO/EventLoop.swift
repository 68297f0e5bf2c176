import Glibc
import MarqueeCore

/// The single thread's loop: waits in `poll()` on every descriptor the ticker listens to
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
        /// The `Watch` that holds it; nil for `watch(_:events:handler:)`, which lasts until `unwatch`.
        var owner: ObjectIdentifier?
    }

    private var watches: [Int32: Entry] = [:] {
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

    /// Watches `fd` for as long as the returned `Watch` is held; `onRelease` runs when it is let go
    /// (a timer disarms itself there).
    public func watching(_ fd: Int32, events: Int16 = Int16(POLLIN), onRelease: @escaping () -> Void = {},
                         handler: @escaping Handler) -> Watch {
        let watch = Watch(fd: fd, loop: self, onRelease: onRelease)
        watches[fd] = Entry(events: events, handler: handler, owner: ObjectIdentifier(watch))
        return watch
    }

    /// Watches `fd` until `unwatch(fd)`: for descriptors that live as long as their owner's hold
    /// on the loop (the X connection, the frame pacer's timer, signals).
    public func watch(_ fd: Int32, events: Int16 = Int16(POLLIN), handler: @escaping Handler) {
        watches[fd] = Entry(events: events, handler: handler, owner: nil)
    }

    public func unwatch(_ fd: Int32) {
        watches[fd] = nil
    }

    /// A released `Watch` removes its own entry only: the descriptor number may have been closed
    /// and watched again by someone else meanwhile.
    private func remove(_ fd: Int32, ownedBy owner: ObjectIdentifier) {
        if watches[fd]?.owner == owner { watches[fd] = nil }
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
