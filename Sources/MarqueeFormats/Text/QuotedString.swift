/// A string in double quotes with the escapes JSON (RFC 8259 §7) and TOML basic strings share:
/// `"` and `\`, the short forms `\b \t \n \f \r`, every other control character (U+0000–U+001F
/// and U+007F, which TOML forbids raw) as `\u00XX`. So `ctl status` and the config files we write
/// read back whatever a text holds.
public enum QuotedString {
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{0C}": result += "\\f"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
