import Glibc

/// Where an instance's control socket lives: `$XDG_RUNTIME_DIR/xmarquee/NAME.sock`, in a
/// directory only the user can enter (0700), so no other user can steer the ticker. Without
/// `XDG_RUNTIME_DIR` the folder is `/tmp/xmarquee-UID`, which another user could make first:
/// a folder that is not the user's own is refused, naming `XDG_RUNTIME_DIR`, by the ticker and
/// by `xmarquee ctl` alike (and each checks the other's uid on the socket itself).
public enum ControlSocketPath {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Instance names become file names: keep them to a safe alphabet.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// The socket path for `name`, creating the private directory when `create` is set.
    public static func path(for name: String, create: Bool) throws(Problem) -> String {
        guard isValidName(name) else { throw Problem(description: "invalid --name \"\(name)\": use letters, digits, - and _") }
        let base = try folder(create: create)
        let path = base + "/" + name + ".sock"
        guard path.utf8.count < 100 else { throw Problem(description: "socket path too long: \(path)") }
        return path
    }

    /// The private directory every instance's socket is in, checked (and made when `create`).
    /// A client finds no folder when no ticker runs: connecting then says so.
    public static func folder(create: Bool) throws(Problem) -> String {
        let base = directory
        if create, mkdir(base, 0o700) != 0 && errno != EEXIST {
            throw Problem(description: "cannot create \"\(base)\": \(String(cString: strerror(errno)))")
        }
        if create || access(base, F_OK) == 0 { try checkPrivate(base, runtimeDirectorySet: runtimeDirectory != nil) }
        return base
    }

    /// The private directory every instance's socket is in.
    public static var directory: String {
        runtimeDirectory.map { $0 + "/xmarquee" } ?? "/tmp/xmarquee-\(getuid())"
    }

    private static var runtimeDirectory: String? {
        guard let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 else { return nil }
        return String(cString: runtime)
    }

    /// `folder` is a folder (not a link) of this user's, made private (0700) when it is not.
    static func checkPrivate(_ folder: String, runtimeDirectorySet: Bool) throws(Problem) {
        let advice = runtimeDirectorySet ? "" : " (XDG_RUNTIME_DIR is not set: set it to a folder of your own, such as /run/user/\(getuid()))"
        var info = stat()
        guard lstat(folder, &info) == 0 else {
            throw Problem(description: "cannot use \"\(folder)\": \(String(cString: strerror(errno)))\(advice)")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Problem(description: "\"\(folder)\" is not a folder\(advice)") }
        guard info.st_uid == getuid() else {
            throw Problem(description: "\"\(folder)\" belongs to another user (uid \(info.st_uid)), not to uid \(getuid())\(advice)")
        }
        if info.st_mode & 0o077 != 0, chmod(folder, 0o700) != 0 {
            throw Problem(description: "cannot make \"\(folder)\" private: \(String(cString: strerror(errno)))\(advice)")
        }
    }

    /// The names of the sockets in the directory, sorted (instances that may be running; one
    /// that died leaves its socket until the next instance of that name replaces it).
    public static func socketNames() -> [String] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".sock"), isValidName(String(name.dropLast(5))) { names.append(String(name.dropLast(5))) }
        }
        return names.sorted()
    }

    /// Fills a sockaddr_un for `path` and calls `body` with it.
    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
