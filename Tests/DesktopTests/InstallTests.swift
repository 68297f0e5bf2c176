import Foundation
import XCTest

/// The desktop entry, `make install`/`make uninstall`, and launching the installed entry.
final class InstallTests: XCTestCase {
    func make(_ target: String, prefix: String, destdir: String? = nil) -> ToolRun {
        var arguments = ["-s", target, "PREFIX=\(prefix)", "BINARY=\(PackagePaths.binary)"]
        if let destdir { arguments.append("DESTDIR=\(destdir)") }
        return Tool.run("make", arguments, directory: PackagePaths.root)
    }

    func testShippedEntryIsValid() {
        let run = Tool.run("desktop-file-validate", [PackagePaths.root + "/assets/xmarquee.desktop"])
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertEqual(run.output + run.errors, "", "no hints either")
    }

    /// What software centres read: valid for the AppStream tools, pedantic hints included, and
    /// naming the entry it launches and the licence.
    func testShippedMetainfoIsValid() throws {
        let path = PackagePaths.root + "/assets/org.example.xmarquee.metainfo.xml"
        // --strict fails on warnings and hints as well as errors; --pedantic lists the smallest hints.
        let run = Tool.run("appstreamcli", ["validate", "--strict", "--pedantic", "--no-net", path])
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertFalse(run.output.split(separator: "\n").contains { $0.hasPrefix("P: ") }, run.output)
        let metainfo = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(metainfo.contains("<launchable type=\"desktop-id\">xmarquee.desktop</launchable>"))
        XCTAssertTrue(metainfo.contains("<project_license>Apache-2.0</project_license>"))
    }

    func testInstallThenUninstallLeavesNothingBehind() {
        let folder = TemporaryFolder()
        let prefix = folder.path + "/prefix"
        let install = make("install", prefix: prefix)
        XCTAssertEqual(install.status, 0, install.errors)
        var expected = [
            "bin/xmarquee", "bin/xmarquee-feed", "share/applications/xmarquee.desktop", "share/doc/xmarquee/config.sample",
            "share/icons/hicolor/scalable/apps/xmarquee.svg", "share/man/man1/xmarquee.1", "share/man/man1/xmarquee-feed.1",
            "share/metainfo/org.example.xmarquee.metainfo.xml",
            "share/bash-completion/completions/xmarquee", "share/zsh/site-functions/_xmarquee",
            "share/fish/vendor_completions.d/xmarquee.fish",
        ]
        expected += [16, 32, 48, 64, 128, 256].map { "share/icons/hicolor/\($0)x\($0)/apps/xmarquee.png" }
        XCTAssertEqual(folder.files, expected.map { "prefix/" + $0 }.sorted())
        let entry = prefix + "/share/applications/xmarquee.desktop"
        let validate = Tool.run("desktop-file-validate", [entry])
        XCTAssertEqual(validate.status, 0, validate.output + validate.errors)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix + "/bin/xmarquee"))

        let uninstall = make("uninstall", prefix: prefix)
        XCTAssertEqual(uninstall.status, 0, uninstall.errors)
        XCTAssertEqual(folder.files, [])
    }

    func testDestdirIsHonoured() {
        let folder = TemporaryFolder()
        XCTAssertEqual(make("install", prefix: "/usr", destdir: folder.path + "/stage").status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/stage/usr/bin/xmarquee"))
        let entry = try? String(contentsOfFile: folder.path + "/stage/usr/share/applications/xmarquee.desktop", encoding: .utf8)
        XCTAssertTrue(entry?.contains("Exec=/usr/bin/xmarquee") ?? false, "Exec names the final place, not the stage")
        XCTAssertEqual(make("uninstall", prefix: "/usr", destdir: folder.path + "/stage").status, 0)
        XCTAssertEqual(folder.files, [])
    }

    /// Runs the installed entry's Exec line the way a launcher does (no arguments, the user's
    /// environment): with a config it shows the configured bar, without one a welcome window.
    func testInstalledEntryStartsWithTheUsersConfig() throws {
        let folder = TemporaryFolder()
        let prefix = folder.path + "/prefix"
        XCTAssertEqual(make("install", prefix: prefix).status, 0)
        defer { _ = make("uninstall", prefix: prefix) }
        let entry = try String(contentsOfFile: prefix + "/share/applications/xmarquee.desktop", encoding: .utf8)
        let exec = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst(5)
        let command = exec.split(separator: " ").map(String.init)

        let session = try DesktopSession()
        try session.startWindowManager()
        let home = folder.path + "/home"
        // No config yet: a normal window with the welcome text.
        let first = Process()
        first.executableURL = URL(fileURLWithPath: command[0])
        first.arguments = Array(command.dropFirst())
        try session.launch(first, ["HOME": home, "XDG_CONFIG_HOME": ""])
        let welcome = try XCTUnwrap(session.window(of: first), session.errors(of: first))
        XCTAssertNotEqual(session.property(welcome, "_NET_WM_WINDOW_TYPE"), "_NET_WM_WINDOW_TYPE_DOCK")
        XCTAssertEqual(session.errors(of: first), "")
        first.terminate()
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0)

        // With a config asking for a bottom bar: the bar.
        folder.write("home/.config/xmarquee/config", "bar = \"bottom\"\nheight = 26\ntext = [\"configured\"]\n")
        let second = Process()
        second.executableURL = URL(fileURLWithPath: command[0])
        second.arguments = Array(command.dropFirst())
        try session.launch(second, ["HOME": home, "XDG_CONFIG_HOME": ""])
        let bar = try XCTUnwrap(session.window(of: second), session.errors(of: second))
        XCTAssertEqual(session.property(bar, "_NET_WM_WINDOW_TYPE"), "_NET_WM_WINDOW_TYPE_DOCK")
        XCTAssertTrue(session.frame(of: bar) == (0, 1054, 1920, 26), "\(session.frame(of: bar))")
    }
}
