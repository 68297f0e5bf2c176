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

    /// Why the helper gave no answer.
    struct HelperFailure: Error {
        let message: String
        /// The helper ran but ended without a whole answer (a crash, a hang, too much output): the
        /// file is what it choked on, so this is the file's error. Otherwise it could not be run.
        let endedAbnormally: Bool
    }

    static func read(_ path: String) throws(HelperFailure) -> ConfigReadResult {
        let helper = HelperProgram.path
        // Checked first for a clear message: posix_spawn would only say "No such file or directory".
        guard access(helper, F_OK) == 0 else { throw HelperFailure(message: "helper \(helper) not found", endedAbnormally: false) }
        let outcome: ChildRun.Outcome
        do {
            outcome = try ChildRun.toEnd([helper, "read-config", path], timeout: timeout, outputLimit: outputLimit)
        } catch {
            throw HelperFailure(message: error.description, endedAbnormally: false)
        }
        let why = outcome.failure(timeout: timeout, limit: outputLimit) ?? "no complete answer"
        let failed = HelperFailure(message: "\(path): the config parser failed on this file (\(why)); check its syntax",
                                   endedAbnormally: true)
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
