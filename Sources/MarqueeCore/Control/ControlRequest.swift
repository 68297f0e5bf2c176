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
    /// End the instance (as SIGTERM would): `--replace` asks this of the one it replaces.
    case quit

    /// Longest request accepted, newline included.
    public static let maximumBytes = 4096

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Parses one request line (without its newline).
    public init(parsing line: String) throws(ParseError) {
        let trimmed = line.drop { $0 == " " }
        let verb = trimmed.prefix { $0 != " " }
        let argument = String(trimmed.dropFirst(verb.count).drop { $0 == " " })
        switch verb {
        case "pause", "resume", "toggle", "next", "quit":
            guard argument.isEmpty else { throw ParseError(description: "\(verb) takes no argument") }
            self = verb == "pause" ? .pause : verb == "resume" ? .resume : verb == "toggle" ? .toggle : verb == "next" ? .next : .quit
        case "speed":
            guard let value = Double(argument), value.isFinite, value >= 0, value <= 100_000 else {
                throw ParseError(description: "speed needs pixels per second from 0 to 100000, not \"\(argument)\"")
            }
            self = .speed(value)
        case "say":
            let text = TextSanitizer.singleLine(argument)
            guard !TextSanitizer.isBlank(Array(text.utf8)) else { throw ParseError(description: "say needs a text") }
            self = .say(text)
        case "":
            throw ParseError(description: "empty request")
        default:
            throw ParseError(description: "unknown request \"\(verb.prefix(40))\"; expected pause, resume, toggle, speed PX, say TEXT, next or quit")
        }
    }

    /// The line sent on the socket.
    public var line: String {
        switch self {
        case .pause: return "pause"
        case .resume: return "resume"
        case .toggle: return "toggle"
        case .next: return "next"
        case .quit: return "quit"
        case .speed(let value): return "speed \(value)"
        case .say(let text): return "say \(text)"
        }
    }
}
