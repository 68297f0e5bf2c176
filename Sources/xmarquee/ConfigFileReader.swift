import Glibc
import MarqueeConfig
import MarqueeIO

/// Reads the config file through the helper (`xmarquee-feed read-config PATH`), which parses the
/// TOML with TOMLKit in its own process; the ticker waits for its records. Parsing a small file
/// takes milliseconds, so a reload blocking the loop that long is not noticed.
enum ConfigFileReader {
    /// Ample for a 1 MB file on a loaded machine; a helper still running then is stuck.
    static let timeout = 5.0
    /// A 1 MB file (the helper's limit) with every character escaped fits twice over.
    static let outputLimit = 4 << 20

    /// Why the helper gave no answer, in words for `cannot read config: …`.
    struct HelperFailure: Error {
        let message: String
    }

    static func read(_ path: String) throws(HelperFailure) -> ConfigReadResult {
        let helper = HelperProgram.path
        // Checked first for a clear message: posix_spawn would only say "No such file or directory".
        guard access(helper, F_OK) == 0 else { throw HelperFailure(message: "helper \(helper) not found") }
        let outcome: ChildRun.Outcome
        do {
            outcome = try ChildRun.toEnd([helper, "read-config", path], timeout: timeout, outputLimit: outputLimit)
        } catch {
            throw HelperFailure(message: error.description)
        }
        let failed = HelperFailure(message: "helper \(helper) failed (\(outcome.failure(timeout: timeout, limit: outputLimit) ?? "no complete answer"))")
        guard !outcome.timedOut, !outcome.overflowed,
              let result = ConfigReadResult(output: String(decoding: outcome.output, as: UTF8.self), path: path)
        else { throw failed }
        // The helper exits 1 exactly when it reports a problem with the file; any other status
        // (a crash, a usage error from an older helper) means its answer is not to be trusted.
        if case .read = result {
            guard outcome.termination == .exited(0) else { throw failed }
        } else {
            guard outcome.termination == .exited(1) else { throw failed }
        }
        return result
    }
}
