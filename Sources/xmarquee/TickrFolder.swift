import Glibc
import MarqueeConfig
import MarqueeIO
import TickrImport

/// Tickr's folder, `~/.tickr`, found as Tickr finds it: the home folder of the user's password
/// entry, not `$HOME` (so `HOME=/tmp/x tickr` still reads the user's own files).
enum TickrFolder {
    static var defaultPath: String? { expandingHome("~/.tickr") }

    /// `~` or `~/…` from the password entry's home folder; nil when there is none.
    static func expandingHome(_ path: String) -> String? {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        guard let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir else { return nil }
        return String(cString: home) + path.dropFirst()
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
