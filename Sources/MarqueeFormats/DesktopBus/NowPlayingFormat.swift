/// `--now-playing-format`: text with `{field}` places for what the player plays (`{artist} —
/// {title}`); `{{` and `}}` are braces. Parsed once, checked at start (an unknown field is a
/// usage error), and filled in without ever reading the fields as a format: a title with braces
/// is shown as it is.
public struct NowPlayingFormat: Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        case literal(String)
        case field(String)
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknownField(String)
        case unclosedBrace
        case strayBrace
        case tooLong

        public var description: String {
            switch self {
            case .unknownField(let name):
                "unknown field {\(name.prefix(40))} (known: \(MPRISMetadata.fieldNames.map { "{\($0)}" }.joined(separator: " ")))"
            case .unclosedBrace: "a { without its }"
            case .strayBrace: "a } without its { (write }} for a brace)"
            case .tooLong: "longer than 1024 bytes"
            }
        }
    }

    public static let standard = try! NowPlayingFormat(parsing: "{artist} — {title}")

    public let parts: [Part]

    public init(parsing text: String) throws(ParseError) {
        guard text.utf8.count <= 1024 else { throw .tooLong }
        var parts: [Part] = []
        var literal = ""
        var characters = text[...]
        while let character = characters.popFirst() {
            switch character {
            case "{" where characters.first == "{", "}" where characters.first == "}":
                literal.append(characters.removeFirst())
            case "{":
                guard let close = characters.firstIndex(of: "}") else { throw .unclosedBrace }
                let name = String(characters[..<close]).lowercased()
                guard MPRISMetadata.fieldNames.contains(name) else { throw .unknownField(name) }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.field(name))
                characters = characters[characters.index(after: close)...]
            case "}":
                throw .strayBrace
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// The text for `fields`; nil when every field in it is empty. A literal between fields
    /// shows only when the fields on both sides of it have text, so a missing artist leaves
    /// "Title", not "— Title".
    public func text(_ fields: [String: String]) -> String? {
        let filled = parts.map { part -> Bool? in
            if case .field(let name) = part { return !(fields[name] ?? "").isEmpty }
            return nil
        }
        guard filled.contains(true) else { return nil }
        var result = ""
        for (index, part) in parts.enumerated() {
            switch part {
            case .field(let name):
                result += fields[name] ?? ""
            case .literal(let text):
                let before = filled[..<index].compactMap { $0 }
                let after = filled[(index + 1)...].compactMap { $0 }
                let leftOK = before.isEmpty || before.contains(true)
                let rightOK = after.isEmpty || after.contains(true)
                if leftOK && rightOK && !(before.isEmpty && after.isEmpty) { result += text }
            }
        }
        let trimmed = result.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }
}
