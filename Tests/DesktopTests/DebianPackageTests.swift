import Foundation
import XCTest

/// `make deb`: the package built from the release binaries, checked with lintian, installed
/// with apt-get (as root; elsewhere unpacked with dpkg-deb), its files checked, its desktop entry
/// started, then removed with nothing left behind.
final class DebianPackageTests: XCTestCase {
    static let expectedFiles = [
        "/usr/bin/xmarquee", "/usr/bin/xmarquee-feed", "/usr/share/applications/xmarquee.desktop",
        "/usr/share/icons/hicolor/scalable/apps/xmarquee.svg", "/usr/share/man/man1/xmarquee.1.gz",
        "/usr/share/man/man1/xmarquee-feed.1.gz",
        "/usr/share/doc/xmarquee/config.sample", "/usr/share/doc/xmarquee/copyright", "/usr/share/doc/xmarquee/changelog.gz",
        "/usr/share/bash-completion/completions/xmarquee", "/usr/share/zsh/vendor-completions/_xmarquee",
        "/usr/share/fish/vendor_completions.d/xmarquee.fish", "/usr/share/metainfo/org.example.xmarquee.metainfo.xml",
    ] + [16, 32, 48, 64, 128, 256].map { "/usr/share/icons/hicolor/\($0)x\($0)/apps/xmarquee.png" }

    func testPackageBuildsLintsInstallsRunsAndRemoves() throws {
        let folder = TemporaryFolder()
        // What `make deb` runs after `make release`. Building here is impossible: `swift test`
        // holds the build folder, so `make test` builds the release binaries before the tests.
        guard FileManager.default.isExecutableFile(atPath: PackagePaths.root + "/.build/release/xmarquee-feed") else {
            throw XCTSkip("no release build to pack: `make test` (or `make release`) builds it first")
        }
        let build = Tool.run("scripts/build-deb.sh", [folder.path], directory: PackagePaths.root)
        XCTAssertEqual(build.status, 0, build.errors)
        let deb = build.output.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(deb.hasSuffix("_amd64.deb") && FileManager.default.fileExists(atPath: deb), deb)

        let fields = Tool.run("dpkg-deb", ["--field", deb, "Package", "Version", "Depends"]).output
        XCTAssertTrue(fields.contains("Package: xmarquee"), fields)
        for library in ["libc6", "libx11-6", "libfontconfig1", "libfreetype6", "libharfbuzz0b", "libfribidi0"] {
            XCTAssertTrue(fields.contains(library), "Depends computed from the shared libraries: \(fields)")
        }
        XCTAssertFalse(fields.contains("libxft"), "fonts are matched and drawn without Xft")
        XCTAssertFalse(fields.contains("swift"), "the Swift runtime is linked in, not a dependency")
        let contents = Tool.run("dpkg-deb", ["--contents", deb]).output
        for file in Self.expectedFiles { XCTAssertTrue(contents.contains(" .\(file)\n") || contents.contains(" .\(file) "), file) }

        let lint = Tool.run("lintian", ["--tag-display-limit", "0", deb])
        let problems = lint.output.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        XCTAssertEqual(problems, [], "lintian errors and warnings:\n\(lint.output)")

        guard getuid() == 0 else {
            // Not root: unpack instead of installing and check the same files there.
            let root = folder.path + "/root"
            XCTAssertEqual(Tool.run("dpkg-deb", ["-x", deb, root]).status, 0)
            for file in Self.expectedFiles { XCTAssertTrue(FileManager.default.fileExists(atPath: root + file), file) }
            return
        }
        let install = Tool.run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", deb],
                               environment: ["DEBIAN_FRONTEND": "noninteractive"])
        XCTAssertEqual(install.status, 0, install.output + install.errors)
        defer { Tool.run("apt-get", ["purge", "-y", "-qq", "xmarquee"], environment: ["DEBIAN_FRONTEND": "noninteractive"]) }
        let listed = Tool.run("dpkg", ["-L", "xmarquee"]).output.split(separator: "\n").map(String.init)
        for file in Self.expectedFiles {
            XCTAssertTrue(listed.contains(file), "dpkg -L lists \(file)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: file), file)
        }
        XCTAssertEqual(Tool.run("/usr/bin/xmarquee", ["--version"]).output, "xmarquee 0.1.0\n")

        // The installed entry starts the ticker, in its desktop-launch mode (errors shown on the bar).
        let entry = try String(contentsOfFile: "/usr/share/applications/xmarquee.desktop", encoding: .utf8)
        let command = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst(5)
            .split(separator: " ").map(String.init)
        XCTAssertEqual(command, ["/usr/bin/xmarquee", "--desktop-launch"])
        let exec = try XCTUnwrap(command.first)
        XCTAssertEqual(Tool.run("desktop-file-validate", ["/usr/share/applications/xmarquee.desktop"]).status, 0)
        let session = try DesktopSession()
        try session.startWindowManager()
        let ticker = Process()
        ticker.executableURL = URL(fileURLWithPath: exec)
        ticker.arguments = Array(command.dropFirst())
        try session.launch(ticker, ["HOME": folder.path + "/home", "XDG_CONFIG_HOME": ""])
        XCTAssertNotNil(session.window(of: ticker), session.errors(of: ticker))
        ticker.terminate()
        ticker.waitUntilExit()
        XCTAssertEqual(ticker.terminationStatus, 0)

        let remove = Tool.run("apt-get", ["purge", "-y", "-qq", "xmarquee"], environment: ["DEBIAN_FRONTEND": "noninteractive"])
        XCTAssertEqual(remove.status, 0, remove.errors)
        for file in listed where !file.hasSuffix("/") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue {
                XCTFail("\(file) is left after removal")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/usr/share/doc/xmarquee"))
    }
}
