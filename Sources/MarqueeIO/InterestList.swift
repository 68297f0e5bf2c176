import CLinux
import Glibc

/// The descriptors an `EventLoop` waits on and their handlers, in the kernel's epoll interest
/// list: only the ready descriptors come back from a wait, so a turn costs what is ready, not
/// what is watched.
///
/// Its own object, apart from the loop, because each `EventLoop.Watch` holds it weakly: a weak
/// reference gives its target a side table that makes every retain slower, and the loop is
/// retained every turn, this list only when a watch is let go.
final class InterestList {
    struct Entry {
        var events: Int16
        var handler: EventLoop.Handler
        var owner: ObjectIdentifier?
    }

    let epoll: Int32
    /// Indexed by descriptor (small numbers, reused by the kernel): a ready descriptor finds its
    /// handler without hashing, every frame.
    private var entries: [Entry?] = []
    /// Descriptors epoll refuses (a regular file as standard input): always ready, as poll()
    /// reports them, so their handlers run every turn and the wait does not block.
    private(set) var alwaysReady: Set<Int32> = []

    init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    }

    deinit { if epoll >= 0 { close(epoll) } }

    func entry(_ fd: Int32) -> Entry? {
        fd >= 0 && Int(fd) < entries.count ? entries[Int(fd)] : nil
    }

    func register(_ fd: Int32, _ newEntry: Entry) {
        // No descriptor (a source that failed to open one) is never ready.
        guard fd >= 0 else { return }
        let known = entry(fd) != nil || alwaysReady.contains(fd)
        if entries.count <= Int(fd) { entries += Array(repeating: nil, count: Int(fd) + 1 - entries.count) }
        entries[Int(fd)] = newEntry
        var event = epoll_event()
        event.events = UInt32(UInt16(bitPattern: newEntry.events))
        event.data.fd = fd
        if epoll_ctl(epoll, known ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event) != 0 {
            if errno == ENOENT, epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) == 0 { return }
            alwaysReady.insert(fd)
        }
    }

    func deregister(_ fd: Int32) {
        guard entry(fd) != nil else { return }
        entries[Int(fd)] = nil
        var unused = epoll_event()
        if alwaysReady.remove(fd) == nil { epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &unused) }
    }

    /// A released `Watch` removes its own entry only: the descriptor number may have been closed
    /// and watched again by someone else meanwhile.
    func remove(_ fd: Int32, ownedBy owner: ObjectIdentifier) {
        if entry(fd)?.owner == owner { deregister(fd) }
    }
}
