/// A `mailto:` link from a feed or a notification, with the header fields that name files left
/// out: mail programs honour `attach=`, `attachment=` and the like (Evolution, Thunderbird,
/// KMail), so a link could attach `~/.ssh/id_ed25519` to a mail the user then sends to whoever
/// wrote the link. Any field whose name (percent-decoded, any case) holds "attach" goes; fields
/// are split at `&` and at `;`, which some programs read as a separator too.
enum MailtoLink {
    static func withoutAttachments(_ link: String) -> String {
        guard link.lowercased().hasPrefix("mailto:"), let question = link.firstIndex(of: "?") else { return link }
        var kept = String(link[...question])
        var separator = ""
        for segment in link[link.index(after: question)...].split(omittingEmptySubsequences: false, whereSeparator: { $0 == "&" || $0 == ";" }) {
            let name = segment.prefix { $0 != "=" }
            if !percentDecoded(name).lowercased().contains("attach") && !segment.isEmpty {
                kept += separator + segment
                separator = "&"
            }
        }
        return kept.hasSuffix("?") ? String(kept.dropLast()) : kept
    }

    /// `%xx` sequences as their bytes (anything else as it is), read as UTF-8.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
