import Glibc
import MarqueeFormats

/// The folder of feed caches (`$XDG_CACHE_HOME/xmarquee/`): one file per feed address, named
/// from a hash of it, holding a `FeedCacheEntry`. Written by the ticker after each fetch (it
/// alone knows the items on show, the schedule and the verdicts) as a temporary file renamed
/// over the old one, so a crash never leaves half a file; read at start, before any fetch.
public struct FeedCache: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// `feed-<16 hex digits>`: FNV-1a (64 bits) of the address. A collision is caught when
    /// reading: the file names its own address.
    public func path(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return directory + "/feed-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What the file for `url` holds: nil when there is none; an error (for one warning) when it
    /// cannot be read or is not a cache of ours for this address.
    public func load(_ url: String) -> Result<FeedCacheEntry, LoadError>? {
        let path = path(for: url)
        let bytes: [UInt8]
        do {
            bytes = try FileReading.contents(of: path, limit: FeedCacheEntry.byteLimit + 4096)
        } catch {
            if access(path, F_OK) != 0 { return nil }
            return .failure(LoadError(path: path, reason: error.reason))
        }
        do throws(FeedCacheEntry.ReadError) {
            return .success(try FeedCacheEntry(text: TextSanitizer.decode(bytes), url: url))
        } catch {
            return .failure(LoadError(path: path, reason: error.description))
        }
    }

    public struct LoadError: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cache file \"\(path)\" ignored: \(reason)" }
    }

    /// Writes the entry atomically: a private temporary file in the same folder, then renamed.
    /// Returns the reason when it could not.
    public func save(_ entry: FeedCacheEntry) -> String? {
        guard makeDirectory() else { return "cannot create \"\(directory)\": \(String(cString: strerror(errno)))" }
        let path = path(for: entry.url)
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return "cannot write \"\(temporary)\": \(String(cString: strerror(errno)))" }
        var bytes = Array(entry.text.utf8)
        var written = 0
        let complete: Bool = bytes.withUnsafeMutableBytes { buffer in
            while written < buffer.count {
                let count = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        let reason = String(cString: strerror(errno))
        guard close(fd) == 0, complete, rename(temporary, path) == 0 else {
            unlink(temporary)
            return "cannot write \"\(path)\": \(reason)"
        }
        return nil
    }

    /// The folder and its parents, private to the user (0700) where they are made.
    private func makeDirectory() -> Bool {
        var partial = ""
        for component in directory.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }
}
