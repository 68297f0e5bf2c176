import CLinux
import Glibc
import MarqueeFormats

/// The single thread's loop: waits in `epoll_wait()` on every descriptor the ticker listens to
/// (the X connection, signals, a frame timer, inotify, standard input) and calls their handlers.
/// With nothing scheduled it sleeps without a timeout, so an idle ticker causes no wakeups.
public final class EventLoop {
    public typealias Handler = (_ revents: Int16) -> Void

    /// A descriptor watched for as long as its holder keeps this (`watching`): releasing it
    /// unwatches, so a source that is stopped or released cannot be called again.
    public final class Watch {
        public let fd: Int32
        private weak var interests: InterestList?
        private let onRelease: () -> Void

        fileprivate init(fd: Int32, interests: InterestList, onRelease: @escaping () -> Void) {
            self.fd = fd
            self.interests = interests
            self.onRelease = onRelease
        }

        deinit {
            interests?.remove(fd, ownedBy: ObjectIdentifier(self))
            onRelease()
        }
    }

    private let interests = InterestList()
    private var ready = [epoll_event](repeating: epoll_event(), count: 16)
    private var exitStatus: Int32?

    public var prepareToWait: () -> Int32 = { -1 }
    /// Runs when a wait ended by its timeout.
    public var onTimeout: () -> Void = {}

    public init() {}

    /// Watches `fd` for as long as the returned `Watch` is held; `onRelease` runs when it is let go
    /// (a timer disarms itself there).
    public func watching(_ fd: Int32, events: Int16 = Int16(POLLIN), onRelease: @escaping () -> Void = {},
                         handler: @escaping Handler) -> Watch {
        let watch = Watch(fd: fd, interests: interests, onRelease: onRelease)
        interests.register(fd, InterestList.Entry(events: events, handler: handler, owner: ObjectIdentifier(watch)))
        return watch
    }

    /// Watches `fd` until `unwatch(fd)`: for descriptors that live as long as their owner's hold
    /// on the loop (the X connection, the frame pacer's timer, signals).
    public func watch(_ fd: Int32, events: Int16 = Int16(POLLIN), handler: @escaping Handler) {
        interests.register(fd, InterestList.Entry(events: events, handler: handler, owner: nil))
    }

    public func unwatch(_ fd: Int32) {
        interests.deregister(fd)
    }

    public func stop(status: Int32) {
        exitStatus = status
    }

    public var isRunning: Bool { exitStatus == nil }

    /// Lets `run()` be called again after it returned (tests drive the loop in stretches).
    public func restart() { exitStatus = nil }

    /// Loops until `stop(status:)`; returns that status.
    public func run() -> Int32 {
        let epoll = interests.epoll
        guard epoll >= 0 else {
            Diagnostics.error("epoll_create1 failed: \(String(cString: strerror(errno)))")
            return ExitStatus.internalError.rawValue
        }
        while exitStatus == nil {
            let asked = prepareToWait()
            let timeout = interests.alwaysReady.isEmpty ? asked : 0
            if exitStatus != nil { break }
            let count = epoll_wait(epoll, &ready, Int32(ready.count), timeout)
            if count < 0 {
                if errno == EINTR { continue }
                Diagnostics.error("epoll_wait failed: \(String(cString: strerror(errno)))")
                return ExitStatus.internalError.rawValue
            }
            if count == 0 && interests.alwaysReady.isEmpty {
                onTimeout()
                continue
            }
            for index in 0..<Int(count) {
                // A handler may have removed another watch (or this one) meanwhile.
                let fd = ready[index].data.fd
                guard exitStatus == nil, let watch = interests.entry(fd) else { continue }
                watch.handler(Int16(truncatingIfNeeded: ready[index].events))
            }
            for fd in interests.alwaysReady {
                guard exitStatus == nil, let watch = interests.entry(fd) else { continue }
                watch.handler(Int16(POLLIN))
            }
        }
        return exitStatus ?? 0
    }
}
