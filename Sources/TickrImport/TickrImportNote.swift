/// The note a first start gives a Tickr user: no config file of ours yet, Tickr's files there,
/// and the note not given before (its marker file absent). Decided here on what exists, so it
/// is tested without a home folder of its own; the ticker writes the marker and prints it.
public enum TickrImportNote {
    /// The note, or nil when none is due. `exists` answers for a path.
    public static func text(tickrFolder: String, configPath: String, marker: String, exists: (String) -> Bool) -> String? {
        guard !exists(configPath), !exists(marker),
              exists(tickrFolder + "/tickr-url-list") || exists(tickrFolder + "/tickr-conf") else { return nil }
        return "Tickr's feeds and settings are in \(tickrFolder): `xmarquee --import-tickr` makes them your config (\(configPath))"
    }
}
