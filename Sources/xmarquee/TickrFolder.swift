import Glibc
import MarqueeConfig
import MarqueeIO
import TickrImport

/// Tickr's folder, `~/.tickr`, with `~` the home folder every other path of ours is found in:
/// `$HOME` (so `HOME=/tmp/x xmarquee --import-tickr` reads `/tmp/x/.tickr`, as it writes the
/// config under `/tmp/x/.config`), the password entry's only when `HOME` is unset.
enum TickrFolder {
    static var defaultPath: String? { expandingHome("~/.tickr") }

    /// `~` or `~/…` from the home folder; nil when there is none.
    static func expandingHome(_ path: String) -> String? {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        guard let home = homeFolder else { return nil }
        return home + path.dropFirst()
    }

    private static var homeFolder: String? {
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty { return home }
        guard let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir else { return nil }
        return String(cString: home)
    }

    /// At a start without a config file of ours but with Tickr's files there: one note on how
    /// to import them, given once (a marker file in the state folder remembers it).
    static func noteImportOnce(paths: XDGPaths, configPath: String?) {
        guard let configPath, let marker = paths.tickrNoteMarker, let folder = defaultPath,
              let note = TickrImportNote.text(tickrFolder: folder, configPath: configPath, marker: marker,
                                              exists: { access($0, F_OK) == 0 })
        else { return }
        // Said only when the marker could be written: a note repeated at every start is noise.
        guard (try? AtomicFile.write(Array("\(folder)\n".utf8), to: marker, replacing: true)) != nil else { return }
        Diagnostics.note(note)
    }
}
