import Glibc

/// A home of the benchmark's own for everything it starts: `HOME` and the XDG folders point
/// into one temporary folder (the runtime folder private, 0700), so no config file, feed cache
/// or control socket of the user's reaches a measured run. Tickr finds its folder through
/// getpwuid, not `HOME` (see `TickrScenario`).
final class PrivateHome {
    let folder: String

    init() throws {
        var template = Array("/tmp/xmarquee-bench-home.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw BenchError("cannot make a private home") }
        folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for (variable, path) in [("HOME", ""), ("XDG_CONFIG_HOME", "/.config"), ("XDG_CACHE_HOME", "/.cache"),
                                 ("XDG_STATE_HOME", "/.local/state"), ("XDG_DATA_HOME", "/.local/share"), ("XDG_RUNTIME_DIR", "/run")] {
            let full = folder + path
            _ = ChildProcess.output(of: "mkdir", ["-p", full])
            setenv(variable, full, 1)
        }
        chmod(folder + "/run", 0o700)
    }

    func remove() { _ = ChildProcess.output(of: "rm", ["-rf", folder]) }
}
