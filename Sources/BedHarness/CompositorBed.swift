import Foundation
import Glibc

/// The test bed of current desktops: the Debian sid chroot `scripts/testbed.sh` makes (outside the
/// repository), with a built `xmarquee` copied in (the tests' debug build, the bench's release
/// build). Everything run there runs as its unprivileged user; a compositor in network and
/// process namespaces of its own (`BedProcess`), so its Xwayland or Xvfb cannot take the host's X
/// displays, and its clients join them with `nsenter`.
public enum CompositorBed {
    public static let user = "xmarquee-bed"
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let script = repository.appendingPathComponent("scripts/testbed.sh").path
    /// Where a binary built on the host lives inside: a folder per build (the binary's path,
    /// hashed), so tests and benches of two checkouts running at once never swap binaries under
    /// each other.
    public static func folder(for binary: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in binary.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "/opt/xmarquee/" + String(hash, radix: 16)
    }

    /// The chroot's folder on the host.
    public static let root: String = {
        let path = (try? runTool(URL(fileURLWithPath: script), ["path"]).output) ?? ""
        return path.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// Why the bed cannot be used here (printed loudly by the tests that skip, and in the bench's
    /// rows); nil once it is mounted and holds `binaries` (each in `folder(for:)` of its own path).
    public static func readiness(installing binaries: [String]) -> String? {
        guard getuid() == 0 else { return "the compositor bed needs root (chroot, namespaces, mounts)" }
        guard let status = try? runTool(URL(fileURLWithPath: script), ["status"]) else { return "scripts/testbed.sh cannot run" }
        guard status.status == 0 else {
            return "the compositor bed is not built: \(status.output.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
        guard (try? runTool(URL(fileURLWithPath: script), ["mount"]).status) == 0 else { return "cannot mount the bed's /dev, /sys, proc and run" }
        do { try install(binaries) } catch { return "cannot copy \(binaries.joined(separator: ", ")) into the bed: \(error)" }
        return nil
    }

    /// The user's uid and gid in the chroot's passwd.
    public static var ids: (uid: uid_t, gid: gid_t) {
        let passwd = (try? String(contentsOfFile: root + "/etc/passwd", encoding: .utf8)) ?? ""
        for line in passwd.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 3, fields[0] == user, let uid = uid_t(fields[2]), let gid = gid_t(fields[3]) { return (uid, gid) }
        }
        return (65534, 65534)
    }

    /// `binaries` (those that exist) each copied to `folder(for:)` its path, and the libraries they
    /// load from outside the system's folders (the Swift runtime of a debug build, from the
    /// toolchain) at the same paths: the chroot has no toolchain.
    private static func install(_ binaries: [String]) throws {
        for binary in binaries where FileManager.default.fileExists(atPath: binary) {
            let folder = root + self.folder(for: binary)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try copy(binary, to: folder + "/" + URL(fileURLWithPath: binary).lastPathComponent)
            let linked = try runTool(URL(fileURLWithPath: "/usr/bin/ldd"), [binary]).output
            for library in linked.split(whereSeparator: \.isWhitespace).map(String.init)
            where library.hasPrefix("/") && !library.hasPrefix("/lib") && !library.hasPrefix("/usr/lib") {
                try FileManager.default.createDirectory(atPath: root + URL(fileURLWithPath: library).deletingLastPathComponent().path,
                                                        withIntermediateDirectories: true)
                try copy(library, to: root + library)
            }
        }
    }

    /// Copies `source` where it differs (size or time); a new file, never one rewritten in place,
    /// so a process that has the old one mapped keeps it whole.
    private static func copy(_ source: String, to destination: String) throws {
        let manager = FileManager.default
        let from = try manager.attributesOfItem(atPath: source)
        if let to = try? manager.attributesOfItem(atPath: destination),
           to[.size] as? Int == from[.size] as? Int, to[.modificationDate] as? Date == from[.modificationDate] as? Date {
            return
        }
        let fresh = destination + ".new-\(getpid())"
        try? manager.removeItem(atPath: fresh)
        try manager.copyItem(atPath: source, toPath: fresh)
        try manager.setAttributes([.modificationDate: from[.modificationDate] as Any], ofItemAtPath: fresh)
        guard rename(fresh, destination) == 0 else { throw HarnessError("cannot put \(destination) in place") }
    }

    /// `setpriv` as the bed's user with only `environment` (and PATH), in `folder`: the words
    /// that run `command` so inside the chroot.
    public static func asUser(_ command: [String], environment: [String: String], folder: String? = nil) -> [String] {
        ["/usr/sbin/chroot", root, "/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--init-groups", "--reset-env", "--",
         "/usr/bin/env"] + (folder.map { ["-C", $0] } ?? []) + ["PATH=/usr/bin:/bin"]
            + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + command
    }

    /// A folder of its own under the chroot's /run (a tmpfs), owned by the bed's user, mode 0700:
    /// a compositor's XDG_RUNTIME_DIR. Its path inside the chroot; `root + path` on the host.
    public static func makeRuntimeFolder(prefix: String) throws -> String {
        var template = Array((root + "/run/\(prefix).XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw HarnessError("cannot make a runtime folder in the bed") }
        let host = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let (uid, gid) = ids
        for folder in [host, host + "/home"] {
            if folder != host { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) }
            chown(folder, uid, gid)
            chmod(folder, 0o700)
        }
        return String(host.dropFirst(root.count))
    }
}
