import ArgumentParser
import Foundation
import Glibc

/// `xmarquee-feed check-fence [PATH…]`: fences itself in as every command does (reading no
/// input of its own), then tries what code steered by a hostile document would try — to read
/// each PATH, to write a file beside the first, to run a program — and prints one line each.
/// Says what the fence holds on this kernel; the tests run it.
struct CheckFence: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show what the helper's fence lets it do on this kernel.")

    @Argument(help: "Files to try to read inside the fence.") var paths: [String] = []

    func run() {
        let state = HelperFence.install(reading: [])
        print("landlock-abi\t\(state.landlockABI)")
        print("fence\t\(state.problems.isEmpty ? "on" : state.problems.joined(separator: "; "))")
        for path in paths { print("read\t\(path)\t\(attempt(open(path, O_RDONLY | O_CLOEXEC)))") }
        let written = (paths.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "/tmp") + "/xmarquee-fence-\(getpid())"
        let created = open(written, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        print("write\t\(written)\t\(attempt(created))")
        if created >= 0 { unlink(written) }
        var child: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { arguments.forEach { free($0) } }
        let spawned = posix_spawn(&child, "/bin/true", nil, nil, arguments, environ)
        if spawned == 0 { waitpid(child, nil, 0) }
        print("exec\t/bin/true\t\(spawned == 0 ? "allowed" : "blocked (\(String(cString: strerror(spawned))))")")
    }

    private func attempt(_ fd: Int32) -> String {
        guard fd < 0 else {
            close(fd)
            return "allowed"
        }
        return "blocked (\(String(cString: strerror(errno))))"
    }
}
