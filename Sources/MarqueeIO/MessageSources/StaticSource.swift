import MarqueeCore

/// Messages that do not change by themselves: the command line's (or the config file's) text.
/// Emits them once at start, and again when a config reload replaces them (`update`).
public final class StaticSource: MessageSource {
    public let name: String
    public private(set) var messages: [Message]
    private let lifecycle = SourceLifecycle()

    public init(name: String = "arguments", messages: [Message]) {
        self.name = name
        self.messages = messages
    }

    public var showsInStatus: Bool { false }

    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        lifecycle.emit(messages)
        lifecycle.succeeded()
    }

    /// New messages (a reload changed the text): emitted at once when the source runs.
    public func update(_ messages: [Message]) {
        guard messages != self.messages else { return }
        self.messages = messages
        lifecycle.emit(messages)
    }

    public func stop() {
        lifecycle.stop()
    }
}
