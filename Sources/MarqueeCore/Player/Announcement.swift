/// Something a screen reader is to say now: an urgent message as it is shown (`ctl say`, a
/// critical notification), or the message at the reading edge when the reader key asks for it.
/// The player only collects them (`AnnouncementQueue`); the driver hands them to whoever speaks
/// to the accessibility bus.
public struct Announcement: Equatable, Sendable {
    public let text: String
    /// Interrupts what the reader is saying (a critical notification); else it waits its turn.
    public let assertive: Bool

    /// Characters a reader is given at most (as `ctl status` shows the message).
    static let textLimit = 1000

    public init(text: String, assertive: Bool = false) {
        self.text = text.count > Self.textLimit ? String(text.prefix(Self.textLimit)) : text
        self.assertive = assertive
    }
}
