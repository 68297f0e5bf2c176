import CSystemdBus
import Glibc

/// The systemd journal, written through libsystemd's native protocol (`sd_journal_sendv`), where
/// `journalctl --user -t xmarquee` and the desktop's log viewers look: a desktop launch's errors
/// and warnings land there with their priority, whatever became of standard error.
public enum SystemdJournal {
    /// syslog's priorities, as the journal files them.
    public enum Priority: Int {
        case error = 3
        case warning = 4
    }

    /// Sends one entry: `message` as MESSAGE, with the program as SYSLOG_IDENTIFIER and `fields`
    /// (upper-case names, such as CONFIG_FILE) beside it. Quietly nothing where no journal runs
    /// or libsystemd cannot be loaded: the text also went to standard error.
    public static func send(_ message: String, priority: Priority, identifier: String, fields: [String: String] = [:]) {
        guard (try? BusLibrary.load()) != nil else { return }
        var entries = ["MESSAGE=\(message)", "PRIORITY=\(priority.rawValue)", "SYSLOG_IDENTIFIER=\(identifier)"]
        // A field's value is binary-safe in the native protocol, but its name is checked: only
        // A-Z, 0-9 and _ (a bad name would lose the whole entry).
        for (name, value) in fields.sorted(by: { $0.key < $1.key })
        where !name.isEmpty && name.utf8.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 }) {
            entries.append("\(name)=\(value)")
        }
        // One block holds every field; the vectors point into it while it is pinned.
        var block: [UInt8] = []
        var spans: [(offset: Int, count: Int)] = []
        for entry in entries {
            spans.append((block.count, entry.utf8.count))
            block += entry.utf8
        }
        block.withUnsafeMutableBytes { bytes in
            let vectors = spans.map { iovec(iov_base: bytes.baseAddress! + $0.offset, iov_len: $0.count) }
            _ = sd_journal_sendv(vectors, Int32(vectors.count))
        }
    }
}
