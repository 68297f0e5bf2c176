/// The messages on show, gathered from every source in the order the sources were declared (the
/// app declares the arguments, the file, standard input, the clock, schedules, feeds, commands).
/// A source replaces only its own messages.
public struct MessageBoard: Sendable {
    private var groups: [(source: String, messages: [Message])] = []

    public init() {}

    /// Declares a source; sources keep the order in which they were declared.
    public mutating func declare(_ source: String, messages: [String] = []) {
        guard !groups.contains(where: { $0.source == source }) else { return }
        groups.append((source, messages.map { Message($0) }))
    }

    /// Replaces a source's messages; returns true when that changed anything.
    @discardableResult
    public mutating func set(_ source: String, _ messages: [String]) -> Bool {
        set(source, messages.map { Message($0) })
    }

    /// Replaces a source's messages (with their links); returns true when that changed anything.
    @discardableResult
    public mutating func set(_ source: String, _ messages: [Message]) -> Bool {
        guard let index = groups.firstIndex(where: { $0.source == source }) else {
            groups.append((source, messages))
            return true
        }
        guard groups[index].messages != messages else { return false }
        groups[index].messages = messages
        return true
    }

    /// The texts in order, as the ticker draws them.
    public var messages: [String] { groups.flatMap { $0.messages.map(\.text) } }

    /// The messages in order with their links.
    public var entries: [Message] { groups.flatMap(\.messages) }

    /// Each source's messages, in the sources' order. Copying it copies no message: a source that
    /// did not change hands on the very same array.
    public var sourceGroups: [MessageGroup] { groups.map { MessageGroup(source: $0.source, messages: $0.messages) } }
}
