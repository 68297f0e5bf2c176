/// A request from `xmarquee ctl …` to a running ticker: one line of text on its UNIX socket.
public enum ControlRequest: Equatable, Sendable {
    case pause
    case resume
    case toggle
    /// A new speed in pixels per second.
    case speed(Double)
    /// An urgent message, shown at the next place it can enter without a jump.
    case say(String)
    /// Move on to the next message.
    case next
    /// Describe the running ticker (one JSON object, see `StatusReport`).
    case status
    /// End the instance (as SIGTERM would): `--replace` asks this of the one it replaces.
    case quit

    /// Longest request accepted, newline included.
    public static let maximumBytes = 4096

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Parses one request line (without its newline).
    public init(parsing line: String) throws(ParseError) {
        // Split on spaces as scalars, not characters: a space followed by a combining mark is one
        // character and would not count as a space (found by the control-request fuzzer).
        let trimmed = line.unicodeScalars.drop { $0 == " " }
        let verb = String(String.UnicodeScalarView(trimmed.prefix { $0 != " " }))
        let argument = String(String.UnicodeScalarView(trimmed.drop { $0 != " " }.drop { $0 == " " }))
        switch verb {
        case "pause", "resume", "toggle", "next", "status", "quit":
            guard argument.isEmpty else { throw ParseError(description: "\(verb) takes no argument") }
            switch verb {
            case "pause": self = .pause
            case "resume": self = .resume
            case "toggle": self = .toggle
            case "next": self = .next
            case "status": self = .status
            default: self = .quit
            }
        case "speed":
            guard let value = Double(argument), value.isFinite, value >= 0, value <= 100_000 else {
                throw ParseError(description: "speed needs pixels per second from 0 to 100000, not \"\(argument)\"")
            }
            self = .speed(value)
        case "say":
            // Sanitised, then trimmed: a control character turned space at the start would be a
            // space the request line cannot carry (found by the control-request fuzzer).
            let text = String(String.UnicodeScalarView(TextSanitizer.singleLine(argument).unicodeScalars.drop { $0 == " " }))
            guard !TextSanitizer.isBlank(Array(text.utf8)) else { throw ParseError(description: "say needs a text") }
            self = .say(text)
        case "":
            throw ParseError(description: "empty request")
        default:
            throw ParseError(description: "unknown request \"\(verb.prefix(40))\"; expected pause, resume, toggle, speed PX, say TEXT, next, status or quit")
        }
    }

    /// The line sent on the socket.
    public var line: String {
        switch self {
        case .pause: return "pause"
        case .resume: return "resume"
        case .toggle: return "toggle"
        case .next: return "next"
        case .status: return "status"
        case .quit: return "quit"
        case .speed(let value): return "speed \(value)"
        case .say(let text): return "say \(text)"
        }
    }
}
