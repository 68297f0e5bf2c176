/// Tickr's settings file (`~/.tickr/tickr-conf`): a line a setting, `-name=value`, string values
/// in double quotes (`-fontname="Sans"`), flags `y` or `n`, as Tickr writes and reads them.
/// Tickr strips one pair of enclosing `"` or `'` and takes the rest as it is (it escapes
/// nothing), and so does this reader. A later line wins, as in Tickr.
public struct TickrSettings: Equatable, Sendable {
    /// name → value, quotes removed.
    public var values: [String: String] = [:]
    /// The names in the order they first appear, for a report in file order.
    public var names: [String] = []
    /// One line each: a line that is no setting, and that it was skipped.
    public var problems: [String] = []

    public init(values: [String: String]) {
        self.values = values
        names = values.keys.sorted()
    }

    public init(bytes: [UInt8]) {
        for line in TickrLines(bytes: bytes) {
            if line.tooLong {
                problems.append("line \(line.number): longer than \(TickrLines.maxLength >> 10) kB, skipped")
                continue
            }
            guard let text = line.text else {
                problems.append("line \(line.number): not UTF-8, skipped")
                continue
            }
            if text.trimmingSpaces.isEmpty { continue }
            guard text.hasPrefix("-"), let equals = text.firstIndex(of: "=") else {
                problems.append("line \(line.number): not -name=value, skipped")
                continue
            }
            let name = String(text[text.index(after: text.startIndex)..<equals])
            var value = Substring(text[text.index(after: equals)...])
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = value.dropFirst().dropLast()
            }
            if values[name] == nil { names.append(name) }
            values[name] = String(value)
        }
    }

    public subscript(name: String) -> String? { values[name] }

    /// A `y`/`n` flag; nil when absent or neither.
    func flag(_ name: String) -> Bool? {
        switch values[name] {
        case "y": return true
        case "n": return false
        default: return nil
        }
    }

    /// An integer as Tickr reads it with `atoi` would be, but nil for text that is no number.
    func integer(_ name: String) -> Int? {
        values[name].flatMap { Int($0.trimmingSpaces) }
    }
}
