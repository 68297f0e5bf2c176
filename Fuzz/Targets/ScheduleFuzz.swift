import MarqueeFormats

/// `--schedule "WHEN|TEXT"`: an error or a schedule, and a schedule answers for any time.
enum ScheduleFuzz: FuzzTarget {
    static let name = "schedule"

    static func run(_ data: [UInt8]) {
        guard let message = try? ScheduledMessage(parsing: String(decoding: data, as: UTF8.self)) else { return }
        FuzzTargets.require(!message.text.isEmpty, "an empty scheduled text")
    }
}
