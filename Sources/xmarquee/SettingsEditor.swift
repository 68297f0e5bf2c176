import Glibc
import MarqueeConfig
import MarqueeIO

/// "Edit settings": the config file opened in the desktop's editor for it (`xdg-open`, the path
/// one argument), made from the commented sample first where there is none. A click on a problem
/// shown on the bar does it (`ProblemReporter.editLink`), and so does the menu's item. A saved
/// change applies live, as any save of the file does.
final class SettingsEditor {
    /// The link text that asks for it, among the ticker's own actions (`ActionLinks`).
    static let action = "edit-settings"
    private let path: String?
    private let opener: LinkOpener
    private let live: LiveConfig
    private let loop: EventLoop

    init(path: String?, opener: LinkOpener, live: LiveConfig, loop: EventLoop) {
        self.path = path
        self.opener = opener
        self.live = live
        self.loop = loop
    }

    /// Opens the config file; where there is no home to find it in, it says why.
    func open() {
        guard let path else {
            return Diagnostics.warn("cannot edit the settings: neither XDG_CONFIG_HOME nor HOME is set")
        }
        do {
            try AtomicFile.write(Array(XDGPaths.configSample.utf8), to: path, replacing: false)
            Diagnostics.note("created \(path) from the commented sample")
        } catch .exists {
            // The user's own file, opened as it is.
        } catch {
            return Diagnostics.warn("cannot create the config file: \(error.description)")
        }
        // Its folder may be new: saves are followed from now on.
        live.watchFile(on: loop)
        opener.open(file: path)
    }
}
