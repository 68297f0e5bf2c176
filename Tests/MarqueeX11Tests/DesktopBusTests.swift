import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--now-playing` and `--notifications` end to end: the real executable under Xvfb on a
/// private session bus, with a fake MPRIS player, notify-send and a second notification server.
final class DesktopBusTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (800, 200) }

    private func desktopBus(_ name: String) -> [String: Any]? {
        XMarqueeRun.status(name)?["desktopBus"] as? [String: Any]
    }

    /// Seconds until `condition` holds (polled every 10 ms), nil when it did not within `limit`.
    private func seconds(within limit: Double, _ condition: () -> Bool) -> Double? {
        let start = Date()
        guard waitFor(seconds: limit, condition) else { return nil }
        return Date().timeIntervalSince(start)
    }

    private func launch(_ arguments: [String], bus: PrivateSessionBus) throws -> TickerProcess {
        let ticker = try TickerProcess(arguments, display: Self.server.display, environment: bus.environment)
        return ticker
    }

    /// libsystemd is loaded when a bus is used, not before: without a session bus (no address,
    /// no user bus socket) a run that asks for the bus features maps none of it, quietly for the
    /// portal; on a private bus it is mapped once the bus is opened.
    func testLibsystemdIsLoadedOnlyWithABus() throws {
        let runtime = NSTemporaryDirectory() + "xmarquee-nobus-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let lonely = try TickerProcess(["--name", "no-bus", "--geometry", "600x30+0+0", "--now-playing", "hello"],
                                       display: Self.server.display,
                                       environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": runtime])
        defer { lonely.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status("no-bus", environment: ["XDG_RUNTIME_DIR": runtime]) != nil })
        XCTAssertTrue(Self.maps(lonely.pid).contains("libX11"), "the maps were read")
        XCTAssertFalse(Self.maps(lonely.pid).contains("libsystemd"), "no bus, no libsystemd")
        XCTAssertEqual(lonely.standardError.split(separator: "\n").filter { $0.contains("warning") }.count, 1, lonely.standardError)

        let bus = try PrivateSessionBus()
        let ticker = try launch(["--name", "with-bus", "--geometry", "600x30+0+40", "--now-playing"], bus: bus)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { self.desktopBus("with-bus")?["connected"] as? Bool == true },
                      "\(XMarqueeRun.status("with-bus") ?? [:]) \(ticker.standardError)")
        XCTAssertTrue(Self.maps(ticker.pid).contains("libsystemd.so.0"))
    }

    /// The portal's colour scheme picks the default colours live (X11 without a settings
    /// manager, as Xvfb is), and never colours the user gave.
    func testTheColourSchemePicksTheDefaultColours() throws {
        let bus = try PrivateSessionBus()
        let portal = try FakeBusPeer(FakePeerScripts.portal, bus: bus)
        let plain = try launch(["--name", "scheme", "--geometry", "300x30+0+150", "--speed", "0", "--fade", "0", "Light"], bus: bus)
        defer { plain.stop() }
        let given = try launch(["--name", "scheme-given", "--geometry", "300x30+400+150", "--speed", "0", "--fade", "0",
                                "--bg", "#000080", "Given"], bus: bus)
        defer { given.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status("scheme") != nil && XMarqueeRun.status("scheme-given") != nil })
        XCTAssertTrue(waitFor(seconds: 5) { portal.logged.components(separatedBy: "ReadAll").count >= 3 }, "both asked the portal")
        // The background in the windows' top rows, above the text: read from the root with
        // XGetImage, so a poll costs a round trip, not a screenshot tool's run.
        let probe = try XProbe(Self.server.display)
        func backgrounds() -> [Int]? {
            [(290, 151), (690, 151)].map { x, y in
                guard let pixels = WindowPixels.capture(probe.display, probe.root, width: 1, height: 1, x: x, y: y) else { return -1 }
                let (red, green, blue) = pixels.pixel(0, 0)
                return Int(red) << 16 | Int(green) << 8 | Int(blue)
            }
        }
        XCTAssertTrue(waitFor(seconds: 5) { backgrounds() == [0x202020, 0x000080] }, "dark: \(String(describing: backgrounds()))")
        var latencies: [Double] = []
        for (scheme, expected) in [("light", 0xF0F0F0), ("dark", 0x202020), ("light", 0xF0F0F0)] {
            let start = Date()
            portal.send("scheme \(scheme)")
            XCTAssertTrue(waitFor(seconds: 5) { backgrounds() == [expected, 0x000080] }, "\(scheme): \(String(describing: backgrounds()))")
            latencies.append(Date().timeIntervalSince(start))
        }
        print("portal: color-scheme followed in \(latencies.map { String(format: "%.3f s", $0) })")
        XCTAssertLessThan(latencies.max() ?? 5, 1)
    }

    /// /proc/PID/maps (read to its end: String(contentsOfFile:) stops at its first block).
    static func maps(_ pid: Int32) -> String {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps"), let data = try? file.readToEnd() else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Three tracks: each shows within 0.5 s in `ctl status` and on screen, as OCR reads the window.
    func testNowPlayingFollowsThePlayerAndAClickPlaysOrPauses() throws {
        let bus = try PrivateSessionBus()
        let ticker = try launch(["--name", "now-playing", "--geometry", "600x40+0+0", "--speed", "0", "--now-playing",
                                 "--font", "DejaVu Sans:size=20", "--fg", "#000000", "--bg", "#ffffff"], bus: bus)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { self.desktopBus("now-playing")?["nowPlaying"] as? String == "" },
                      "no player: nothing shown; stderr: \(ticker.standardError)")
        let player = try FakeBusPeer(FakePeerScripts.mprisPlayer, arguments: ["fake"], bus: bus)
        var latencies: [Double] = [], readings: [String] = []
        for (artist, title) in [("Nina Simone", "Feeling Good"), ("Miles Davis", "Blue in Green"), ("Aretha Franklin", "Respect")] {
            let start = Date()
            player.send("track \(artist)|\(title)")
            let expected = "\(artist) — \(title)"
            let took = seconds(within: 5) { self.desktopBus("now-playing")?["nowPlaying"] as? String == expected }
            XCTAssertNotNil(took, "\(expected) never shown: \(String(describing: desktopBus("now-playing")))")
            latencies.append(took ?? 5)
            XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.status("now-playing")?["message"] as? String == expected },
                          "the message on screen: \(String(describing: XMarqueeRun.status("now-playing")?["message"]))")
            // What a person sees 0.5 s after the change: the words in the window (the em dash is no word to OCR).
            if TextRecognizer.unavailable == nil {
                Thread.sleep(forTimeInterval: max(0, 0.5 - Date().timeIntervalSince(start)))
                let shot = try Screenshot.ofRoot(display: Self.server.display)
                let read = try TextRecognizer.words(in: shot, x: 0, y: 0, width: 600, height: 40)
                let words = expected.lowercased().split { !$0.isLetter }.map(String.init)
                XCTAssertEqual(Array(read.prefix(words.count)), words, "OCR of the window 0.5 s after the track changed")
                readings.append(read.joined(separator: " "))
            }
        }
        print("now playing: track change in ctl status in \(latencies.map { String(format: "%.3f s", $0) }), "
              + "OCR of the window 0.5 s after each change: \(readings)")
        XCTAssertLessThan(latencies.max() ?? 5, 0.5)

        // A click on the text: PlayPause reaches the player, nothing is opened.
        let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")
        let env = ["DISPLAY": Self.server.display]
        _ = try runTool(xdotool, ["mousemove", "30", "15"], environment: env)
        _ = try runTool(xdotool, ["click", "1"], environment: env)
        XCTAssertTrue(waitFor(seconds: 3) { player.logged.contains("PlayPause") }, "PlayPause never reached the player: \(ticker.standardError)")

        // Wrong types and a 4 MB title: at most one warning, the ticker goes on.
        player.send("hostile")
        XCTAssertTrue(waitFor(seconds: 5) { (self.desktopBus("now-playing")?["nowPlaying"] as? String)?.hasPrefix("xxxx") == true })
        XCTAssertLessThanOrEqual((desktopBus("now-playing")?["nowPlaying"] as? String)?.utf8.count ?? 0, 16 << 10)

        player.stop()
        let gone = seconds(within: 5) { self.desktopBus("now-playing")?["nowPlaying"] as? String == "" }
        XCTAssertNotNil(gone, "the text stays after the player quit")
        print("now playing: player gone, text removed in \(gone.map { String(format: "%.3f s", $0) } ?? "-")")
        XCTAssertLessThan(gone ?? 5, 0.5)
        XCTAssertFalse(ticker.standardError.contains("warning"), ticker.standardError)
    }

    /// `--now-playing=NAME` follows only that player, as `--player NAME` does.
    func testNowPlayingNamesItsPlayer() throws {
        let bus = try PrivateSessionBus()
        let named = try launch(["--name", "np-named", "--geometry", "300x30+0+0", "--speed", "0", "--now-playing=fake"], bus: bus)
        defer { named.stop() }
        let other = try launch(["--name", "np-other", "--geometry", "300x30+400+0", "--speed", "0", "--now-playing=vlc"], bus: bus)
        defer { other.stop() }
        XCTAssertTrue(waitFor(seconds: 10) {
            self.desktopBus("np-named")?["nowPlaying"] as? String == "" && self.desktopBus("np-other")?["nowPlaying"] as? String == ""
        }, "\(named.standardError) \(other.standardError)")
        let player = try FakeBusPeer(FakePeerScripts.mprisPlayer, arguments: ["fake"], bus: bus)
        player.send("track Nina Simone|Feeling Good")
        XCTAssertTrue(waitFor(seconds: 5) { self.desktopBus("np-named")?["nowPlaying"] as? String == "Nina Simone — Feeling Good" })
        XCTAssertEqual(desktopBus("np-other")?["nowPlaying"] as? String, "", "vlc is not playing")
        XCTAssertEqual(XMarqueeRun.status("np-other")?["message"] as? String, nil)
    }

    private func notifySend(_ arguments: [String], bus: PrivateSessionBus) throws {
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/notify-send"), arguments, environment: bus.environment)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testNotificationsAsTheServer() throws {
        let bus = try PrivateSessionBus()
        let ticker = try launch(["--name", "notify-server", "--geometry", "600x30+0+40", "--speed", "0", "--notifications"], bus: bus)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { self.desktopBus("notify-server")?["notifications"] as? String == "server" },
                      "\(String(describing: desktopBus("notify-server"))) \(ticker.standardError)")
        XCTAssertNotNil(bus.owner(of: "org.freedesktop.Notifications"))

        try notifySend(["Build finished", "All tests passed"], bus: bus)
        let took = seconds(within: 5) { XMarqueeRun.status("notify-server")?["message"] as? String == "Build finished: All tests passed" }
        XCTAssertNotNil(took, "\(String(describing: XMarqueeRun.status("notify-server")))")
        print("notifications (server): shown in \(took.map { String(format: "%.3f s", $0) } ?? "-")")
        XCTAssertLessThan(took ?? 5, 0.5)

        // Markup in the body is plain text on the ticker; a short timeout is honoured.
        try notifySend(["-t", "700", "Deploy", "<b>done</b> &amp; <i>live</i>"], bus: bus)
        XCTAssertTrue(waitFor(seconds: 2) { self.desktopBus("notify-server")?["notificationsShown"] as? Int == 2 })
        XCTAssertTrue(waitFor(seconds: 3) { self.desktopBus("notify-server")?["notificationsShown"] as? Int == 1 },
                      "the 0.7 s notification expired")

        // Critical: an urgent message.
        try notifySend(["-u", "critical", "Disk full", "/ has 0 bytes left"], bus: bus)
        let urgent = seconds(within: 5) { XMarqueeRun.status("notify-server")?["message"] as? String == "Disk full: / has 0 bytes left" }
        XCTAssertNotNil(urgent, "\(String(describing: XMarqueeRun.status("notify-server")))")
        print("notifications (server): critical shown in \(urgent.map { String(format: "%.3f s", $0) } ?? "-")")
    }

    /// A notification whose timeout is longer than a pass goes after its one pass.
    func testANotificationGoesAfterOnePass() throws {
        let bus = try PrivateSessionBus()
        let ticker = try launch(["--name", "notify-pass", "--geometry", "600x30+0+80", "--speed", "600", "--notifications",
                                 "A steady message"], bus: bus)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { self.desktopBus("notify-pass")?["notifications"] as? String == "server" })
        try notifySend(["-t", "60000", "Long timeout", "one pass is enough"], bus: bus)
        XCTAssertTrue(waitFor(seconds: 3) { self.desktopBus("notify-pass")?["notificationsShown"] as? Int == 1 })
        let start = Date()
        var seen = false
        let gone = waitFor(seconds: 20) {
            seen = seen || XMarqueeRun.status("notify-pass")?["message"] as? String == "Long timeout: one pass is enough"
            return self.desktopBus("notify-pass")?["notificationsShown"] as? Int == 0
        }
        XCTAssertTrue(gone, "still shown after 20 s of a 60 s timeout")
        XCTAssertTrue(seen, "it was read at the reading edge before it went")
        print("notifications: a 60 s notification went after its pass, \(String(format: "%.1f", Date().timeIntervalSince(start))) s after it was shown")
    }

    func testNotificationsBesideAnotherServer() throws {
        let bus = try PrivateSessionBus()
        let other = try FakeBusPeer(FakePeerScripts.notificationServer, bus: bus)
        let owner = try XCTUnwrap(bus.owner(of: "org.freedesktop.Notifications"))
        let ticker = try launch(["--name", "notify-monitor", "--geometry", "600x30+0+80", "--speed", "0", "--notifications"], bus: bus)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { self.desktopBus("notify-monitor")?["notifications"] as? String == "monitor" },
                      "\(String(describing: desktopBus("notify-monitor"))) \(ticker.standardError)")
        try notifySend(["Build finished", "All tests passed"], bus: bus)
        let took = seconds(within: 5) { XMarqueeRun.status("notify-monitor")?["message"] as? String == "Build finished: All tests passed" }
        XCTAssertNotNil(took, "\(String(describing: XMarqueeRun.status("notify-monitor")))")
        print("notifications (monitor): shown in \(took.map { String(format: "%.3f s", $0) } ?? "-")")
        XCTAssertLessThan(took ?? 5, 0.5)
        XCTAssertTrue(other.logged.contains("Notify Build finished"), "the other server still gets it")
        XCTAssertEqual(bus.owner(of: "org.freedesktop.Notifications"), owner, "xmarquee never takes the name")
    }

    /// 10,000 notifications in 10 s, and a hostile sender among them (wrong types, a huge body):
    /// the frames keep their pace, memory stays bounded, at most one warning.
    func testAFloodOfNotificationsKeepsTheFramesAndTheMemory() throws {
        let bus = try PrivateSessionBus()
        let ticker = try launch(["--name", "notify-flood", "--geometry", "800x30+0+120", "--speed", "120", "--notifications",
                                 "A steady text that moves while the notifications pour in"], bus: bus)
        defer { ticker.stop() }
        XCTAssertTrue(waitFor(seconds: 10) { self.desktopBus("notify-flood")?["notifications"] as? String == "server" })
        // The same ten seconds without the flood: what this machine misses anyway.
        Thread.sleep(forTimeInterval: 1)
        let quietStart = try XCTUnwrap(XMarqueeRun.status("notify-flood"))
        Thread.sleep(forTimeInterval: 10)
        let before = try XCTUnwrap(XMarqueeRun.status("notify-flood"))
        let quietMissed = (before["framesMissed"] as? Int ?? 0) - (quietStart["framesMissed"] as? Int ?? 0)
        let residentBefore = Self.resident(ticker.pid)
        let flood = #"""
import sys, time, dbus
bus = dbus.SessionBus()
server = dbus.Interface(bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications"), "org.freedesktop.Notifications")
start = time.monotonic()
answered = 0
for i in range(10000):
    if i % 1000 == 500:
        try:
            server.Notify(dbus.Int32(1), "x", dbus.Int64(2), signature="isx")
        except dbus.DBusException:
            pass
        server.Notify("flood", 0, "", "huge", "y" * 300000, [], {}, 100, signature="susssasa{sv}i")
    answered += server.Notify("flood", 0, "", "Flood %d" % i, "body <b>%d</b>" % i, [], {"urgency": dbus.Byte(1)}, 2000,
                              signature="susssasa{sv}i") > 0
    late = start + (i + 1) / 1000.0 - time.monotonic()
    if late > 0:
        time.sleep(late)
print(answered, time.monotonic() - start)
"""#
        let sent = try runTool(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", flood], environment: bus.environment)
        XCTAssertEqual(sent.status, 0, sent.output)
        let after = try XCTUnwrap(XMarqueeRun.status("notify-flood"))
        let residentAfter = Self.resident(ticker.pid)
        let shown = (after["framesShown"] as? Int ?? 0) - (before["framesShown"] as? Int ?? 0)
        let missed = (after["framesMissed"] as? Int ?? 0) - (before["framesMissed"] as? Int ?? 0)
        let late = zip(Self.framesLate(after), Self.framesLate(before)).map { $0 - $1 }
        let quietLate = zip(Self.framesLate(before), Self.framesLate(quietStart)).map { $0 - $1 }
        print("notification flood: \(sent.output.trimmingCharacters(in: .whitespacesAndNewlines)) (answered, seconds); "
              + "frames shown \(shown), vblanks missed \(missed), frames late by 1/2/3+ vblanks \(late) "
              + "(\(quietMissed) missed, \(quietLate) late in 10 s without it); resident \(residentBefore / 1024) MB → \(residentAfter / 1024) MB")
        XCTAssertTrue(sent.output.hasPrefix("10000 "), sent.output)
        XCTAssertGreaterThan(shown, 500, "the text kept moving")
        XCTAssertEqual(late.count, 3, "ctl status has framesLate")
        XCTAssertEqual(late.last, 0, "no frame later than 2 vblanks during the flood: \(late)")
        XCTAssertLessThanOrEqual(missed, quietMissed + 6, "frames kept their pace")
        XCTAssertLessThanOrEqual(residentAfter, residentBefore + 10 * 1024, "resident memory within 10 MB of the start")
        XCTAssertLessThanOrEqual((after["desktopBus"] as? [String: Any])?["notificationsShown"] as? Int ?? 99, 16)
        let warnings = ticker.standardError.split(separator: "\n").filter { $0.contains("warning") }
        XCTAssertLessThanOrEqual(warnings.count, 1, ticker.standardError)
    }

    /// `framesLate` of a status: frames late by one vblank, two, three or more.
    static func framesLate(_ status: [String: Any]) -> [Int] { status["framesLate"] as? [Int] ?? [] }

    /// VmRSS in kB.
    static func resident(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
