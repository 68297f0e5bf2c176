/// The `--include` and `--exclude` patterns that apply to one source: a message is shown when
/// it matches no exclude pattern and, if there are include patterns, at least one of them. What
/// each rule held back is counted for `ctl status`.
public struct MessageFilter: Sendable {
    public struct Rule: Sendable {
        /// How `ctl status` names it: "exclude sport", "feed 0 include /^world/i".
        public let label: String
        public let excludes: Bool
        public let matcher: any TextMatcher

        public init(label: String, excludes: Bool, matcher: any TextMatcher) {
            self.label = label
            self.excludes = excludes
            self.matcher = matcher
        }
    }

    public let rules: [Rule]

    public init(rules: [Rule]) { self.rules = rules }

    public var isEmpty: Bool { rules.isEmpty }

    /// The label of the rule that holds `text` back, nil when it is shown. A text no include
    /// matches is held back by the includes together: they share one label ("include a | b").
    public func holdingRule(for text: String) -> String? {
        if let exclude = rules.first(where: { $0.excludes && $0.matcher.matches(text) }) { return exclude.label }
        let includes = rules.filter { !$0.excludes }
        guard let first = includes.first, !includes.contains(where: { $0.matcher.matches(text) }) else { return nil }
        return first.label
    }

    /// The messages shown, and how many each rule held back.
    public func apply(_ messages: [Message], text: (Message) -> String) -> (shown: [Message], held: [String: Int]) {
        guard !rules.isEmpty else { return (messages, [:]) }
        var shown: [Message] = []
        var held: [String: Int] = [:]
        for message in messages {
            if let rule = holdingRule(for: text(message)) {
                held[rule, default: 0] += 1
            } else {
                shown.append(message)
            }
        }
        return (shown, held)
    }
}
