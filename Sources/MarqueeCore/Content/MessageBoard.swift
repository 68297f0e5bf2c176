/// The messages on show, gathered from every source in a fixed order (arguments, file,
/// standard input, …). A source replaces only its own messages.
public struct MessageBoard: Sendable {
    private var groups: [(source: String, messages: [String])] = []

    public init() {}

    /// Declares a source; sources keep the order in which they were declared.
    public mutating func declare(_ source: String, messages: [String] = []) {
        guard !groups.contains(where: { $0.source == source }) else { return }
        groups.append((source, messages))
    }

    /// Replaces a source's messages; returns true when that changed anything.
    @discardableResult
    public mutating func set(_ source: String, _ messages: [String]) -> Bool {
        guard let index = groups.firstIndex(where: { $0.source == source }) else {
            groups.append((source, messages))
            return true
        }
        guard groups[index].messages != messages else { return false }
        groups[index].messages = messages
        return true
    }

    public var messages: [String] { groups.flatMap(\.messages) }
}
