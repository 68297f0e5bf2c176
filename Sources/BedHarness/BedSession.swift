import Foundation

/// A display server of the bed and what runs against it: a fresh runtime folder (XDG_RUNTIME_DIR,
/// with HOME, config and cache folders inside), the server as the first process of namespaces of
/// its own, and the tickers (and other clients) started against it. It starts them, so it stops them (the server
/// last), and removes the folder.
public final class BedSession {
    /// The runtime folder inside the chroot; `hostRuntimeDirectory` is the same folder on the host.
    public let runtimeDirectory: String
    public var hostRuntimeDirectory: String { CompositorBed.root + runtimeDirectory }
    public private(set) var server: BedProcess?
    /// The `xmarquee` its tickers run: a path inside the chroot.
    private let ticker: String
    /// The clients it started (the tickers among them), stopped before the server.
    private var clients: [BedProcess] = []

    /// `prefix` names the folder; short: the control socket's path seen from the host must fit in a
    /// socket address (108 bytes). `ticker`: the `xmarquee` inside the chroot its tickers run.
    public init(prefix: String, ticker: String) throws {
        self.ticker = ticker
        runtimeDirectory = try CompositorBed.makeRuntimeFolder(prefix: prefix)
    }

    deinit { stop() }

    /// What every client needs: the runtime folder, a HOME, and config and cache folders of its
    /// own (no config file), in a UTF-8 locale.
    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "HOME": runtimeDirectory + "/home", "XDG_CONFIG_HOME": runtimeDirectory + "/home/config",
         "XDG_CACHE_HOME": runtimeDirectory + "/home/cache", "LANG": "C.UTF-8"]
    }

    /// Starts the server: `command` as the bed's user in namespaces of its own; its output in
    /// `server.log` in the runtime folder.
    public func startServer(_ command: [String], environment: [String: String]) throws {
        server = try BedProcess(isolated: command, environment: environment, log: hostRuntimeDirectory + "/server.log")
    }

    /// Starts the bed's `xmarquee ARGUMENTS` as a client, with `environment` over the clients' own.
    @discardableResult
    public func startTicker(_ arguments: [String], environment: [String: String]) throws -> BedProcess {
        try startClient([ticker] + arguments, environment: environment)
    }

    /// Starts `command` (a path inside the chroot, and its arguments) as a client, with
    /// `environment` over the clients' own; its output in `client-N.log` of the runtime folder.
    @discardableResult
    public func startClient(_ command: [String], environment: [String: String]) throws -> BedProcess {
        guard let server else { throw HarnessError("no server to start \(command[0]) against") }
        let client = try BedProcess(joining: server, command, environment: clientEnvironment.merging(environment) { _, new in new },
                                    log: hostRuntimeDirectory + "/client-\(clients.count).log")
        clients.append(client)
        return client
    }

    /// Runs `command` as a client to its end; its output, or an error naming `what` and saying why.
    @discardableResult
    public func run(_ command: [String], _ what: String, environment: [String: String] = [:], folder: String? = nil) throws -> String {
        guard let server else { throw HarnessError("no server to run \(what) against") }
        let result = try BedProcess.run(joining: server, command, environment: clientEnvironment.merging(environment) { _, new in new },
                                        folder: folder)
        guard result.status == 0 else { throw HarnessError("\(what) failed (\(result.status)): \(result.output.suffix(600))") }
        return result.output
    }

    /// The end of the clients' output, for a failure's message.
    public var tickerOutput: String { clients.map { $0.output() }.joined(separator: "\n") }

    public func stop() {
        clients.forEach { $0.stop() }
        clients = []
        server?.stop()
        server = nil
        try? FileManager.default.removeItem(atPath: hostRuntimeDirectory)
    }
}
