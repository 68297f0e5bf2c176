/// The line format the helpers (`xmarquee-feed`) write to the ticker: one record per line, fields
/// separated by a tab. Inside a field a backslash, tab, line feed and carriage return are written
/// `\\`, `\t`, `\n`, `\r`, so a field can hold any text and a line is always one whole record.
public enum RecordLine {
    /// The fields joined into one line, with its newline.
    public static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: "\t") + "\n"
    }

    /// The fields of one line (given without its newline).
    public static func fields(_ line: Substring) -> [String] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map(unescape)
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return field }
        var out = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var out = ""
        var scalars = field.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "t": out += "\t"
            case "n": out += "\n"
            case "r": out += "\r"
            default: out.unicodeScalars.append(next)
            }
        }
        return out
    }
}
