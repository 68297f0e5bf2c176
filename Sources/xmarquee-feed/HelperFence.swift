import CSandbox
import Foundation

/// The fence the helper puts itself in before it reads a byte of its input (a feed, an OPML
/// list, the config file), so that a parser bug a hostile document finds gets no further than
/// this process could go anyway:
///
/// - Landlock: it may read only what name resolution, TLS and its own libraries need, and the
///   one file it was asked to read; it may write, make, remove or execute nothing anywhere (its
///   output goes to the pipe it was given, which is open already);
/// - seccomp: execve, execveat and ptrace fail (EPERM), with no new privileges.
///
/// Where the kernel offers neither, one warning line says so and the helper runs as before,
/// under the address-space limit the ticker sets (`FeedSource.helperAddressSpace`).
enum HelperFence {
    /// What the helper reads besides its input: the resolver's files, certificates, the C and
    /// Swift libraries (and NSS and iconv modules loaded later), time zones, its own process.
    static let systemPaths = [
        "/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/host.conf", "/etc/gai.conf", "/etc/services",
        "/etc/protocols", "/etc/ssl", "/etc/ca-certificates", "/etc/pki", "/usr/share/ca-certificates", "/etc/ld.so.cache",
        "/etc/localtime", "/usr/share/zoneinfo", "/usr/lib", "/lib", "/lib64", "/usr/lib64", "/usr/local/lib",
        "/proc/self", "/sys/devices/system/cpu", "/dev/urandom", "/dev/null",
    ]

    /// What the fence holds, for `check-fence` and the tests.
    struct State {
        var landlockABI: Int32
        var problems: [String]
    }

    /// Fences the process in, reading only `inputs` besides the system's paths. Returns what holds.
    @discardableResult
    static func install(reading inputs: [String]) -> State {
        var problems: [String] = []
        let abi = xm_landlock_abi()
        if let reason = failure(xm_no_new_privileges()) { problems.append("no new privileges: \(reason)") }
        if let reason = failure(xm_seccomp_no_exec_no_ptrace()) { problems.append("no seccomp filter: \(reason)") }
        let paths = systemPaths + certificatePaths + executableFolder + inputs.filter { !$0.isEmpty }
        let landlock = paths.withCStrings { xm_landlock_read_only($0, paths.count) }
        if let reason = failure(landlock) {
            problems.append(abi == 0 ? "the kernel offers no Landlock" : "no Landlock fence (ABI \(abi)): \(reason)")
        }
        if !problems.isEmpty {
            FileHandle.standardError.write(Data("xmarquee-feed: warning: \(problems.joined(separator: "; ")); running with only the address-space limit around it\n".utf8))
        }
        return State(landlockABI: abi, problems: problems)
    }

    /// Certificates where the environment puts them (curl and OpenSSL read these variables).
    private static var certificatePaths: [String] {
        ["CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"].compactMap { ProcessInfo.processInfo.environment[$0] }
    }

    /// The helper's own folder (a build folder's Swift libraries beside it).
    private static var executableFolder: [String] {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return [] }
        return [URL(fileURLWithPath: path).deletingLastPathComponent().path]
    }

    private static func failure(_ code: Int32) -> String? {
        code == 0 ? nil : String(cString: strerror(code))
    }
}

extension Array where Element == String {
    /// Calls `body` with the strings as a C array of C strings, valid for the call only.
    func withCStrings<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer<CChar>($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
