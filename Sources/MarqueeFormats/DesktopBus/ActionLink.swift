/// Links that ask the ticker itself to act (now playing's play/pause) rather than open an
/// address: `xmarquee-action:TOKEN/ACTION`, the token drawn at random when the program starts.
/// Text from outside (a feed item's link, `%{A:…:}` in a command's output) cannot know the
/// token, so it cannot forge an action; a link of this scheme without it does nothing.
public struct ActionLinks: Sendable {
    public static let scheme = "xmarquee-action:"
    public let token: String

    public init(token: String) {
        self.token = token
    }

    /// A fresh token from the system's random numbers.
    public static func random() -> ActionLinks {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
        return ActionLinks(token: token)
    }

    public func link(_ action: String) -> String { "\(Self.scheme)\(token)/\(action)" }

    /// Whether `link` is of the action scheme (opened by nobody, whatever its token).
    public static func isAction(_ link: String) -> Bool { link.lowercased().hasPrefix(scheme) }

    /// The action `link` asks for, when it carries this program's token.
    public func action(in link: String) -> String? {
        let prefix = link.prefix(Self.scheme.count + token.count + 1)
        guard prefix == "\(Self.scheme)\(token)/" else { return nil }
        return String(link.dropFirst(prefix.count))
    }
}
