import Glibc
import MarqueeConfig
import MarqueeIO

/// Reads the config file through the helper (`xmarquee-feed read-config PATH`), which parses the
/// TOML with TOMLKit in its own process. At start the ticker waits for its records; a reload
/// starts it on the loop and takes its answer when it ends, so frames and `ctl` go on meanwhile.
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

    /// Runs the helper and waits for its answer (at start: nothing runs yet).
    static func read(_ path: String) throws(HelperFailure) -> ConfigReadResult {
        let arguments = try command(path)
        let outcome: ChildRun.Outcome
        do {
            outcome = try ChildRun.toEnd(arguments, timeout: timeout, outputLimit: outputLimit)
        } catch {
            throw HelperFailure(message: error.description, endedAbnormally: false)
        }
        return try answer(outcome, path: path)
    }

    /// Starts the helper on `loop` and returns at once; `onEnd` gets its answer from the loop when
    /// it has ended, or been killed at the deadline. The caller keeps the run until then.
    static func start(_ path: String, on loop: EventLoop,
                      onEnd: @escaping (Result<ConfigReadResult, HelperFailure>) -> Void) throws(HelperFailure) -> ChildRun {
        let arguments = try command(path)
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: arguments, searchPath: false)
        } catch {
            throw HelperFailure(message: error.description, endedAbnormally: false)
        }
        return ChildRun(child: child, loop: loop, timeout: timeout, outputLimit: outputLimit) { outcome in
            do throws(HelperFailure) {
                onEnd(.success(try answer(outcome, path: path)))
            } catch {
                onEnd(.failure(error))
            }
        }
    }

    private static func command(_ path: String) throws(HelperFailure) -> [String] {
        let helper = HelperProgram.path
        // Checked first for a clear message: posix_spawn would only say "No such file or directory".
        guard access(helper, F_OK) == 0 else { throw HelperFailure(message: "helper \(helper) not found", endedAbnormally: false) }
        return [helper, "read-config", path]
    }

    /// The helper's records, or why they are not to be trusted.
    private static func answer(_ outcome: ChildRun.Outcome, path: String) throws(HelperFailure) -> ConfigReadResult {
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
