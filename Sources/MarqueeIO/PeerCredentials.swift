import Glibc

/// Who is at the other end of a connected UNIX socket, as the kernel recorded it when the
/// connection was made (SO_PEERCRED): not what the peer says, so it cannot lie about it.
struct PeerCredentials: Equatable {
    var pid: pid_t
    var uid: uid_t
    var gid: gid_t

    /// Nil when the kernel does not say (not a UNIX socket).
    init?(of socket: Int32) {
        // struct ucred: pid, uid, gid (Glibc shows the struct only with _GNU_SOURCE).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        (pid, uid, gid) = credentials
    }
}
