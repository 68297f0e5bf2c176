import MarqueeCore
import MarqueeFormats

/// `--exec`: runs a command every `interval` seconds and shows each line of its output as a
/// message. The command is an argument vector run directly (no shell). A run still going when
/// the next one is due is killed; a failed run (non-zero exit, a signal, too much output) is one
/// warning naming the command, and the last good text stays on screen.
public final class CommandSource: MessageSource {
    public static let outputLimit = 1 << 20

    public let name: String
    /// The command as the user wrote it, for warnings.
    public let command: String
    public let arguments: [String]
    public let interval: Double
    private let lifecycle: SourceLifecycle
    private let child: PeriodicChild
    /// Where warnings go (the tests catch them).
    public var warn: (String) -> Void {
        get { lifecycle.warn }
        set { lifecycle.warn = newValue }
    }

    /// Throws when no timer descriptor can be had.
    public init(name: String, command: String, arguments: [String], interval: Double) throws(SourceError) {
        self.name = name
        self.command = command
        self.arguments = arguments
        self.interval = interval
        lifecycle = SourceLifecycle(health: SourceHealth(subject: "command \"\(command)\"", keeping: "the last text"))
        child = try PeriodicChild(source: name, launch: .init(searchPath: true, timeout: interval, outputLimit: Self.outputLimit),
                                  period: interval)
    }

    /// Runs the command now, then every `interval`.
    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        child.start(on: loop, arguments: { [unowned self] in self.arguments }) { [unowned self] in self.finished($0) }
    }

    /// Kills a run under way (and what it started) without reporting it, and disarms the timer.
    public func stop() {
        child.stop()
        lifecycle.stop()
    }

    private func finished(_ ending: PeriodicChild.Ending) {
        switch ending {
        case .failure(let error):
            lifecycle.failed(error.description)
        case .success(let result):
            if let failure = result.failure(timeout: interval, limit: Self.outputLimit) { return lifecycle.failed(failure) }
            lifecycle.succeeded()
            lifecycle.emit(TextSanitizer.messages(fromLines: result.output).map { Message($0) })
        }
    }
}
