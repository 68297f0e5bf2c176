import Glibc
import MarqueeIO

/// "Edit settings": the config file opened in the desktop's editor for it (`xdg-open`, the path
/// one argument). A click on a problem shown on the bar does it (`ProblemReporter.editLink`), and
/// so can a menu. A saved change applies live, as any save of the file does.
final class SettingsEditor {
    /// The link text that asks for it, among the ticker's own actions (`ActionLinks`).
    static let action = "edit-settings"
    private let path: String?
    private let opener: LinkOpener

    init(path: String?, opener: LinkOpener) {
        self.path = path
        self.opener = opener
    }

    /// Opens the config file; where there is none yet (or no home to find it in) it says why.
    func open() {
        guard let path else {
            return Diagnostics.warn("cannot edit the settings: neither XDG_CONFIG_HOME nor HOME is set")
        }
        guard access(path, F_OK) == 0 else {
            return Diagnostics.warn("cannot edit the settings: \(path) does not exist (assets/config.sample is a start)")
        }
        opener.openFile(path)
    }
}
