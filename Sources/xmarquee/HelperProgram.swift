import Glibc

/// `xmarquee-feed`, the helper that does in its own process what needs full Foundation: fetching
/// feeds, reading OPML lists and parsing the TOML config file. It lives next to the xmarquee
/// binary (both come out of the same build, and `make install` puts them side by side).
enum HelperProgram {
    static var path: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "xmarquee-feed" }
        let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let directory = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        return directory + "/xmarquee-feed"
    }
}
