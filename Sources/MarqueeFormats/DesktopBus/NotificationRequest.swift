/// One `org.freedesktop.Notifications.Notify` call as read from its arguments
/// (`susssasa{sv}i`): what the ticker shows of it and for how long. Arguments of the wrong type
/// make no request (the server answers with an error, the monitor ignores it).
public struct NotificationRequest: Equatable, Sendable {
    public enum Urgency: UInt8, Sendable { case low = 0, normal = 1, critical = 2 }

    public var appName: String
    public var replacesID: UInt32
    public var summary: String
    /// Plain text: the body's markup reduced (`NotificationMarkup`).
    public var body: String
    public var urgency: Urgency
    /// Milliseconds; -1: the server decides, 0: never expires.
    public var expireTimeout: Int32

    public init(appName: String = "", replacesID: UInt32 = 0, summary: String, body: String = "",
                urgency: Urgency = .normal, expireTimeout: Int32 = -1) {
        self.appName = appName
        self.replacesID = replacesID
        self.summary = summary
        self.body = body
        self.urgency = urgency
        self.expireTimeout = expireTimeout
    }

    public init?(arguments: [BusValue]) {
        guard arguments.count >= 8, let appName = arguments[0].text, let replaces = arguments[1].integer,
              let summary = arguments[3].text, let body = arguments[4].text, let timeout = arguments[7].integer
        else { return nil }
        self.appName = TextSanitizer.singleLine(appName)
        replacesID = UInt32(clamping: replaces)
        self.summary = TextSanitizer.singleLine(summary).trimmingSpaces
        self.body = NotificationMarkup.plainText(body)
        let level = arguments[6]["urgency"]?.integer ?? 1
        urgency = Urgency(rawValue: UInt8(clamping: max(0, level))) ?? .normal
        expireTimeout = Int32(clamping: timeout)
    }

    /// "Summary: body", or whichever of them there is.
    public var text: String {
        switch (summary.isEmpty, body.isEmpty) {
        case (false, false): "\(summary): \(body)"
        case (false, true): summary
        default: body
        }
    }
}
