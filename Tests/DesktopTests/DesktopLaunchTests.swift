import Foundation
import XCTest
@testable import DisplayTestSupport

/// Errors where a person sees them: started as the desktop entry starts it (its `Exec=` line,
/// `--desktop-launch`), a broken config opens the bar with the error, tells the notification
/// server once and keeps running; started plainly from a shell it is status 2 and standard error
/// as ever. Real servers: Xvfb with openbox, a private
/// session bus with a notification server of its own, tesseract reading the screen.
final class DesktopLaunchTests: XCTestCase {
    private let brokenConfig = "speed = \"fast\"\n"

    func testABrokenConfigOpensTheBarWithItsErrorAndTellsTheNotificationServerOnce() throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let desktop = try LaunchDesktop(config: brokenConfig)
        let (folder, server, session) = (desktop.folder, try XCTUnwrap(desktop.server), desktop.session)
        // A recording xdg-open first on PATH: each argument on a line of `opened`, written whole.
        let opener = folder.write("bin/xdg-open", "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(folder.path)/part\"; mv \"\(folder.path)/part\" \"\(folder.path)/opened\"\n")
        chmod(opener, 0o755)
        let path = folder.path + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let start = Date()
        let process = try desktop.launchEntry(environment: ["PATH": path])
        let window = try XCTUnwrap(session.window(of: process, timeout: 2), "no bar within 2 s: \(session.errors(of: process))")
        let appeared = Date().timeIntervalSince(start)
        // The key at fault, read from the pixels, within 2 s of the launch.
        var words: [String] = []
        var read: Double?
        while Date().timeIntervalSince(start) < 2, read == nil {
            words = try session.barWords(window)
            if words.contains("speed") { read = Date().timeIntervalSince(start) }
        }
        print("desktop launch with a broken config: bar in \(String(format: "%.3f", appeared)) s, "
              + "its text read at \(read.map { String(format: "%.3f s", $0) } ?? "-"): \(words.joined(separator: " "))")
        XCTAssertNotNil(read, "OCR did not find the key on the bar within 2 s: \(words)")
        XCTAssertTrue(words.contains("fast"), "the value at fault: \(words)")
        // Drawn in the urgent colours (white on deep red): most of the bar's top row is red.
        let frame = session.frame(of: window)
        let shot = try Screenshot.ofRoot(display: session.display)
        let red = (0..<40).map { Pixel(shot.pixel(x: frame.x + 5 + $0 * 10, y: frame.y + 2)) }
            .filter { $0.red > 140 && $0.green < 60 && $0.blue < 70 }.count
        XCTAssertGreaterThan(red, 30, "the urgent background")
        // Kept for a person to look at.
        try? shot.ppm(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            .write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "xmarquee-desktop-launch-error.ppm"))

        // One notification naming the key, and no second one later.
        XCTAssertTrue(Tool.eventually(timeout: 5) { !server.notifications.isEmpty }, "no notification: \(server.logged)")
        Thread.sleep(forTimeInterval: 1.5)
        let sent = server.notifications
        XCTAssertEqual(sent.count, 1, "\(sent)")
        XCTAssertTrue(sent.first?.contains("key \"speed\"") ?? false, "\(sent)")
        print("notification received: \(sent)")

        // A click on the message opens the file at fault, one argument.
        Tool.run("xdotool", ["mousemove", "--window", window, "300", String(frame.height / 2), "click", "1"], environment: session.environment)
        XCTAssertTrue(Tool.eventually { FileManager.default.fileExists(atPath: folder.path + "/opened") }, "xdg-open never ran")
        XCTAssertEqual(try? String(contentsOfFile: folder.path + "/opened", encoding: .utf8), desktop.configPath + "\n")
        // So does a click on the notification (its default action), and only on ours.
        XCTAssertTrue(server.logged.contains("Actions default,Edit settings,edit-settings,Edit settings"), server.logged)
        try FileManager.default.removeItem(atPath: folder.path + "/opened")
        server.send("invoke default")
        XCTAssertTrue(Tool.eventually { FileManager.default.fileExists(atPath: folder.path + "/opened") }, "the notification's action")
        XCTAssertEqual(try? String(contentsOfFile: folder.path + "/opened", encoding: .utf8), desktop.configPath + "\n")
        // Another application's notification, chosen: nothing of ours opens.
        try FileManager.default.removeItem(atPath: folder.path + "/opened")
        XCTAssertEqual(Tool.run("notify-send", ["Other app", "its own"], environment: desktop.bus.environment).status, 0)
        server.send("invoke default")
        XCTAssertTrue(holds(for: 1) { !FileManager.default.fileExists(atPath: folder.path + "/opened") }, "acted on another's notification")

        // Standard error still has the line, and the bar stays.
        XCTAssertTrue(session.errors(of: process).contains("config:1: key \"speed\": The value 'fast' is invalid"), session.errors(of: process))
        XCTAssertTrue(process.isRunning)

        // Fixed and saved: the settings take over, the error leaves the bar once the copies of
        // it on screen have scrolled out (new text joins where nothing jumps: at 120 px/s, up
        // to a window and a copy, about 16 s).
        let saved = Date()
        folder.write("home/.config/xmarquee/config", "speed = 240\ntext = [\"Settings fixed\"]\n")
        var after: [String] = []
        XCTAssertTrue(Tool.eventually(timeout: 30) {
            after = (try? session.barWords(window)) ?? []
            return after.contains("fixed") && !after.contains("speed")
        }, "after the fix: \(after)")
        print("the fixed settings alone on the bar \(String(format: "%.1f", Date().timeIntervalSince(saved))) s after the save")
        XCTAssertEqual(server.notifications.filter { !$0.hasPrefix("Notify Other app") }.count, 1,
                       "nothing more to tell: \(server.notifications)")
    }

    /// What stops the start later than the options — a `file` that cannot be read (status 5 from
    /// a shell) — opens the ticker on its defaults with the problem too.
    func testAFileThatCannotBeReadOpensTheBarWithItsProblem() throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let desktop = try LaunchDesktop(config: "file = \"/nonexistent/headlines.txt\"\n")
        let server = try XCTUnwrap(desktop.server)
        let shell = Tool.run(PackagePaths.binary, [], environment: ["HOME": desktop.folder.path + "/home", "XDG_CONFIG_HOME": "",
                                                                    "DISPLAY": desktop.session.display])
        XCTAssertEqual(shell.status, 5)
        XCTAssertEqual(shell.errors, "xmarquee: cannot read \"/nonexistent/headlines.txt\": No such file or directory\n")
        let process = try desktop.launchEntry()
        let window = try XCTUnwrap(desktop.session.window(of: process, timeout: 3), desktop.session.errors(of: process))
        var words: [String] = []
        XCTAssertTrue(Tool.eventually(timeout: 3) {
            words = (try? desktop.session.barWords(window)) ?? []
            return words.contains("headlines")
        }, "\(words)")
        XCTAssertTrue(Tool.eventually(timeout: 5) { !server.notifications.isEmpty })
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(server.notifications.count, 1, "\(server.notifications)")
        XCTAssertTrue(process.isRunning)
    }

    /// What ends a desktop launch all the same (its name already taken by a running ticker,
    /// status 2) reaches the notification server before the end.
    func testAProblemThatEndsTheProgramIsNotifiedBeforeItEnds() throws {
        let name = "news-\(UUID().uuidString.prefix(8))"
        let desktop = try LaunchDesktop(config: "name = \"\(name)\"\ntext = [\"First\"]\n")
        let server = try XCTUnwrap(desktop.server)
        let first = try desktop.launchEntry()
        _ = try XCTUnwrap(desktop.session.window(of: first), desktop.session.errors(of: first))
        let second = try desktop.launchEntry()
        XCTAssertTrue(Tool.eventually(timeout: 5) { !second.isRunning }, "the second one ends")
        XCTAssertEqual(second.terminationStatus, 2)
        let sent = server.notifications
        XCTAssertEqual(sent.count, 1, "\(sent)")
        XCTAssertTrue(sent.first?.contains("already runs as \"\(name)\"") ?? false, "\(sent)")
        XCTAssertTrue(first.isRunning)
    }

    /// From a shell, the same config: status 2, the message on standard error, nothing sent.
    func testFromAShellABrokenConfigIsStatusTwoAndStandardError() throws {
        let folder = TemporaryFolder()
        let config = folder.write("home/.config/xmarquee/config", brokenConfig)
        let bus = try PrivateSessionBus()
        let server = try FakeBusPeer(FakePeerScripts.notificationServer, bus: bus)
        let run = Tool.run(PackagePaths.binary, [],
                           environment: bus.environment.merging(["HOME": folder.path + "/home", "XDG_CONFIG_HOME": "", "DISPLAY": ":0"]) { _, new in new })
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.errors, "xmarquee: \(config):1: key \"speed\": The value 'fast' is invalid for '--speed <px>'\n")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(server.notifications, [])
    }

    /// Warnings in a desktop launch — an unknown key, found at start, and a feed that fails,
    /// found later — with the ticker running on the config: each shown on the bar and sent to
    /// the notification server, once.
    func testWarningsAreShownOnceOnTheBarAndNotified() throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let desktop = try LaunchDesktop(config: "text = [\"Configured text\"]\nbgg = \"#000000\"\nfeed = [\"file:///nonexistent/news.rss\"]\n")
        let (server, session) = (try XCTUnwrap(desktop.server), desktop.session)
        let process = try desktop.launchEntry()
        let window = try XCTUnwrap(session.window(of: process, timeout: 5), session.errors(of: process))
        var seen: Set<String> = []
        let shown = Tool.eventually(timeout: 20) {
            seen.formUnion((try? session.barWords(window)) ?? [])
            return seen.isSuperset(of: ["bgg", "nonexistent", "configured"])
        }
        XCTAssertTrue(shown, "both warnings and the config's own text on the bar: \(seen.sorted())")
        XCTAssertTrue(Tool.eventually(timeout: 5) { server.notifications.count >= 2 }, "notifications: \(server.logged)")
        Thread.sleep(forTimeInterval: 1)
        let sent = server.notifications
        XCTAssertEqual(sent.count, 2, "\(sent)")
        XCTAssertEqual(sent.filter { $0.contains("key \"bgg\"") }.count, 1, "\(sent)")
        XCTAssertEqual(sent.filter { $0.contains("nonexistent/news.rss") }.count, 1, "\(sent)")
        print("warnings notified: \(sent)")
    }

    /// With `--notifications` the ticker may be the notification server itself: its own warning
    /// is on the bar once, as an urgent message, and not again as a notification it received.
    func testAWarningIsNotSentToTheTickerItself() throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let name = "self-\(UUID().uuidString.prefix(8))"
        let desktop = try LaunchDesktop(config: "text = [\"Configured text\"]\nnotifications = true\nname = \"\(name)\"\nbgg = 1\n",
                                  notificationServer: false)
        let process = try desktop.launchEntry()
        let window = try XCTUnwrap(desktop.session.window(of: process, timeout: 5), desktop.session.errors(of: process))
        XCTAssertTrue(Tool.eventually(timeout: 10) { XMarqueeRun.desktopBus(name)?["notifications"] as? String == "server" },
                      "\(String(describing: XMarqueeRun.desktopBus(name)))")
        XCTAssertTrue(Tool.eventually(timeout: 10) { (try? desktop.session.barWords(window))?.contains("bgg") ?? false },
                      "the warning on the bar")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(XMarqueeRun.desktopBus(name)?["notificationsShown"] as? Int, 0, "our own warning came back as a notification")
    }

    /// The journal entry a desktop launch writes, read from the journal's socket: a private
    /// /run/systemd in a mount namespace of the test's own, with a listener where journald's
    /// socket is (no journald runs here). Priority 3 (err), the program, the file at fault; and
    /// where standard error is the journal's stream already (JOURNAL_STREAM, as a systemd unit
    /// has it), no entry beside it but the line with its priority prefix.
    func testTheJournalGetsTheErrorWithItsPriority() throws {
        guard getuid() == 0, Tool.run("unshare", ["-m", "true"]).status == 0 else {
            throw XCTSkip("a mount namespace of our own needs root (unshare -m)")
        }
        let folder = TemporaryFolder()
        let config = folder.write("home/.config/xmarquee/config", brokenConfig)
        let session = try DesktopSession(width: 1280, height: 400)
        let plain = try launchBesideAJournal(folder, session, standardErrorIsJournal: false)
        print("journal entries: \(plain.entries)")
        XCTAssertEqual(plain.entries.count, 1, "\(plain.entries)")
        XCTAssertEqual(plain.entries.first?["PRIORITY"], "3")
        XCTAssertEqual(plain.entries.first?["SYSLOG_IDENTIFIER"], "xmarquee")
        XCTAssertEqual(plain.entries.first?["CONFIG_FILE"], config)
        XCTAssertTrue(plain.entries.first?["MESSAGE"]?.contains("key \"speed\": The value 'fast' is invalid") ?? false, "\(plain.entries)")
        XCTAssertTrue(plain.errors.hasPrefix("xmarquee: \(config):1: key \"speed\""), plain.errors)

        let stream = try launchBesideAJournal(folder, session, standardErrorIsJournal: true)
        XCTAssertEqual(stream.entries.count, 0, "\(stream.entries)")
        XCTAssertTrue(stream.errors.hasPrefix("<3>xmarquee: \(config):1: key \"speed\""), stream.errors)
    }

    /// Runs the desktop launch for 2 s beside a journal socket of its own; the entries it
    /// received (fields by name) and what the ticker wrote on standard error.
    private func launchBesideAJournal(_ folder: TemporaryFolder, _ session: DesktopSession,
                                      standardErrorIsJournal: Bool) throws -> (entries: [[String: String]], errors: String) {
        let log = folder.path + "/journal", errors = folder.path + "/stderr"
        try? FileManager.default.removeItem(atPath: log)
        try? FileManager.default.removeItem(atPath: log + ".ready")
        let listener = folder.write("listen.py", """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            s.bind("/run/systemd/journal/socket")
            open(sys.argv[1] + ".ready", "w").close()
            while True:
                data = s.recv(1 << 20)
                with open(sys.argv[1], "ab") as f:
                    f.write(data + b"\\x1e")
            """)
        let script = """
            set -e
            mkdir -p /run/systemd
            mount -t tmpfs tmpfs /run/systemd
            mkdir /run/systemd/journal
            python3 "$1" "$2" & listener=$!
            while [ ! -e "$2.ready" ]; do sleep 0.05; done
            : > "$4"
            if [ "$5" = yes ]; then export JOURNAL_STREAM=$(stat -c '%d:%i' "$4"); fi
            "$3" --desktop-launch 2>>"$4" & ticker=$!
            sleep 2
            kill $ticker; wait $ticker || true
            kill $listener
            """
        let run = Tool.run("unshare", ["-m", "sh", "-c", script, "sh", listener, log, PackagePaths.binary, errors,
                                       standardErrorIsJournal ? "yes" : "no"],
                           environment: session.environment.merging(["HOME": folder.path + "/home", "XDG_CONFIG_HOME": "",
                                                                     "DBUS_SESSION_BUS_ADDRESS": "", "JOURNAL_STREAM": ""]) { _, new in new })
        XCTAssertEqual(run.status, 0, run.errors)
        let entries = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\u{1e}").map {
            Dictionary($0.split(separator: "\n").map { line in
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
        }
        return (entries, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }
}
