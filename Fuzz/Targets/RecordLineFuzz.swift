import MarqueeConfig
import MarqueeFormats

/// The helper's records: fields survive a round trip through a line, and a feed or config
/// stream — or a feed's cache file — of any bytes is read or refused, never half-trusted.
enum RecordLineFuzz: FuzzTarget {
    static let name = "record-lines"

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = RecordLine.fields(line)
            let again = RecordLine.fields(Substring(RecordLine.line(fields).dropLast()))
            FuzzTargets.require(again == fields, "fields \(fields) came back as \(again)")
            _ = FeedRecord(line: String(line))
        }
        // A cache file read back must write the same entry again (items past the bound aside).
        if let entry = try? FeedCacheEntry(text: text, url: "u"), entry.text.utf8.count < FeedCacheEntry.byteLimit {
            FuzzTargets.require((try? FeedCacheEntry(text: entry.text, url: "u")) == entry, "a cache entry changed on its way")
        }
        if let result = ConfigReadResult(output: text, path: "config") {
            FuzzTargets.require(ConfigReadResult(output: result.output, path: "config") == result, "a config stream changed on its way")
        }
    }
}
