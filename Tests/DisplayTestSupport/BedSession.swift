import Foundation

/// A display server of the bed and what runs against it: a fresh runtime folder (XDG_RUNTIME_DIR,
/// with HOME, config and cache folders inside), the server as the first process of namespaces of
/// its own, and the tickers started as its clients. It starts them, so it stops them (the server
/// last), and removes the folder.
final class BedSession {
    /// The runtime folder inside the chroot; `hostRuntimeDirectory` is the same folder on the host.
    let runtimeDirectory: String
    var hostRuntimeDirectory: String { CompositorBed.root + runtimeDirectory }
    private(set) var server: BedProcess?
    private var tickers: [BedProcess] = []

    /// `prefix` names the folder; short: the control socket's path seen from the host must fit in a
    /// socket address (108 bytes).
    init(prefix: String) throws {
        runtimeDirectory = try CompositorBed.makeRuntimeFolder(prefix: prefix)
    }

    deinit { stop() }

    /// What every client needs: the runtime folder, a HOME, and config and cache folders of its
    /// own (no config file), in a UTF-8 locale.
    var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "HOME": runtimeDirectory + "/home", "XDG_CONFIG_HOME": runtimeDirectory + "/home/config",
         "XDG_CACHE_HOME": runtimeDirectory + "/home/cache", "LANG": "C.UTF-8"]
    }

    /// Starts the server: `command` as the bed's user in namespaces of its own; its output in
    /// `server.log` in the runtime folder.
    func startServer(_ command: [String], environment: [String: String]) throws {
        server = try BedProcess(isolated: command, environment: environment, log: hostRuntimeDirectory + "/server.log")
    }

    /// Starts the bed's `xmarquee ARGUMENTS` as a client, with `environment` over the clients' own.
    @discardableResult
    func startTicker(_ arguments: [String], environment: [String: String]) throws -> BedProcess {
        guard let server else { throw HarnessError("no server to start a ticker against") }
        let ticker = try BedProcess(joining: server, [CompositorBed.tickerFolder + "/xmarquee"] + arguments,
                                    environment: clientEnvironment.merging(environment) { _, new in new },
                                    log: hostRuntimeDirectory + "/ticker-\(tickers.count).log")
        tickers.append(ticker)
        return ticker
    }

    /// Runs `command` as a client to its end; its output, or an error naming `what` and saying why.
    @discardableResult
    func run(_ command: [String], _ what: String, environment: [String: String] = [:], folder: String? = nil) throws -> String {
        guard let server else { throw HarnessError("no server to run \(what) against") }
        let result = try BedProcess.run(joining: server, command, environment: clientEnvironment.merging(environment) { _, new in new },
                                        folder: folder)
        guard result.status == 0 else { throw HarnessError("\(what) failed (\(result.status)): \(result.output.suffix(600))") }
        return result.output
    }

    /// The end of the tickers' output, for a failure's message.
    var tickerOutput: String { tickers.map { $0.output() }.joined(separator: "\n") }

    func stop() {
        tickers.forEach { $0.stop() }
        tickers = []
        server?.stop()
        server = nil
        try? FileManager.default.removeItem(atPath: hostRuntimeDirectory)
    }
}
