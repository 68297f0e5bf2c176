import Glibc
import MarqueeConfig
import MarqueeFormats
import MarqueeIO

/// `--autostart on|off`: an XDG autostart entry that session managers start at login.
enum Autostart {
    enum Switch: String, CaseIterable {
        case on, off
    }

    /// Writes or removes `~/.config/autostart/xmarquee.desktop`; returns the exit status.
    static func set(_ state: Switch, paths: XDGPaths, executable: String) -> Int32 {
        guard let entry = paths.autostartEntry else {
            Diagnostics.error("cannot find the autostart folder: neither XDG_CONFIG_HOME nor HOME is set")
            return ExitStatus.usage.rawValue
        }
        switch state {
        case .off:
            if unlink(entry) != 0 && errno != ENOENT {
                Diagnostics.error("cannot remove \"\(entry)\": \(String(cString: strerror(errno)))")
                return ExitStatus.input.rawValue
            }
            print("xmarquee will no longer start at login (removed \(entry))")
        case .on:
            // Written whole, then renamed into place: a session starting meanwhile never reads half an entry.
            do {
                try AtomicFile.write(Array(contents(executable: executable).utf8), to: entry, replacing: true)
            } catch {
                Diagnostics.error(error.description)
                return ExitStatus.input.rawValue
            }
            print("xmarquee will start at login with your config (\(entry))")
        }
        return 0
    }

    /// The entry runs this very binary (by absolute path: a login session's PATH may lack
    /// ~/.local/bin) with no options but `--desktop-launch`, so it shows what the user's config
    /// says, and an error in it where the user sees it (`DesktopLaunch`).
    static func contents(executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=xmarquee
        Comment=Smooth-scrolling text ticker
        Exec=\(executable) \(DesktopLaunch.flag)
        Icon=xmarquee
        Terminal=false
        X-GNOME-Autostart-enabled=true

        """
    }

    /// The running binary's absolute path.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "xmarquee" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
