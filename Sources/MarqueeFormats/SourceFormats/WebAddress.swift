/// Whether an address is on the web (http or https). A feed's server may only move the feed to
/// such an address: a remembered move anywhere else (a `file:` path) would let whoever answers
/// the feed's address choose what the ticker reads from this machine.
public enum WebAddress {
    public static func isWeb(_ address: String) -> Bool {
        let lower = address.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && !address.contains { $0.isNewline || $0 == "\0" }
    }
}
