import CLinux
import Glibc

/// Delivers SIGINT, SIGTERM and SIGHUP through a signalfd, so they are handled in the loop like
/// any other event (no async-signal-safety puzzles, no lost frames mid-draw).
public final class SignalWatcher {
    public let fd: Int32

    public init?(signals: [Int32]) {
        var mask = sigset_t()
        let blocked = signals.withUnsafeBufferPointer { xm_block_signals($0.baseAddress, Int32($0.count), &mask) }
        guard blocked == 0 else { return nil }
        fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    /// Reads the pending signals' numbers.
    public func drain() -> [Int32] {
        var received: [Int32] = []
        var info = signalfd_siginfo()
        while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            received.append(Int32(info.ssi_signo))
        }
        return received
    }
}
