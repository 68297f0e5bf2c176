/// What an MPRIS 2 player says it plays (`Metadata`, an `a{sv}`) as named text fields for
/// `--now-playing-format`: artist, title, album, albumartist, track, url, length (m:ss).
/// Anything missing or of the wrong type is simply absent.
public struct MPRISMetadata: Equatable, Sendable {
    public var fields: [String: String] = [:]

    public static let fieldNames = ["artist", "title", "album", "albumartist", "track", "url", "length", "player"]

    public init(fields: [String: String] = [:]) {
        self.fields = fields
    }

    public init(_ value: BusValue) {
        let join = { (values: [String]?) in values.map { $0.prefix(32).joined(separator: ", ") } }
        var fields: [String: String] = [:]
        fields["artist"] = join(value["xesam:artist"]?.texts)
        fields["albumartist"] = join(value["xesam:albumArtist"]?.texts)
        fields["title"] = value["xesam:title"]?.text
        fields["album"] = value["xesam:album"]?.text
        fields["url"] = value["xesam:url"]?.text
        if let track = value["xesam:trackNumber"]?.integer { fields["track"] = String(track) }
        // Microseconds; a negative or absurd length is not shown.
        if let length = value["mpris:length"]?.integer, length > 0, length < 1_000_000 * 360_000 {
            let seconds = length / 1_000_000
            let rest = seconds % 60
            fields["length"] = "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
        }
        self.fields = fields.compactMapValues { TextSanitizer.singleLine($0) }.filter { !$0.value.isEmpty }
    }

    public var isEmpty: Bool { fields["title"] == nil && fields["artist"] == nil && fields["album"] == nil && fields["url"] == nil }
}
