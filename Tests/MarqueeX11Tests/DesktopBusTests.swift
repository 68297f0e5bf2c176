import Foundation
import XCTest
@testable import DisplayTestSupport

/// The desktop bus where X11's own tools or two windows side by side are needed: the real
/// executable under Xvfb on a private session bus. (What runs on every backend:
/// DesktopBusParityTests.)
final class DesktopBusTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (800, 200) }

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
        XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.desktopBus("with-bus")?["connected"] as? Bool == true },
                      "\(XMarqueeRun.status("with-bus") ?? [:]) \(ticker.standardError)")
        XCTAssertTrue(Self.maps(ticker.pid).contains("libsystemd.so.0"))
    }

    /// A desktop without a loadable libsystemd (here: the library hidden behind an empty file in
    /// a mount namespace of the test's own) runs on with one warning naming it, on a live bus,
    /// with the sources asked for.
    func testWithoutLibsystemdOneWarningAndTheTickerRunsOn() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
              let library = ["/lib/x86_64-linux-gnu/libsystemd.so.0", "/usr/lib/x86_64-linux-gnu/libsystemd.so.0"]
                .first(where: FileManager.default.fileExists) else {
            throw XCTSkip("needs root, unshare and libsystemd.so.0 where Debian puts it (amd64)")
        }
        let bus = try PrivateSessionBus()
        let hidden = "mount --bind /dev/null \(library) && exec \"$0\" \"$@\""
        let ticker = try TickerProcess(["-m", "sh", "-c", hidden, TickerProcess.executable.path,
                                        "--name", "no-libsystemd", "--geometry", "600x30+0+0", "--now-playing", "--notifications", "Still here"],
                                       display: Self.server.display, environment: bus.environment,
                                       executable: URL(fileURLWithPath: "/usr/bin/unshare"))
        defer { ticker.stop() }
        guard waitFor(seconds: 10, { XMarqueeRun.status("no-libsystemd") != nil }) else {
            if ticker.standardError.contains("mount") { throw XCTSkip("no mount namespace here: \(ticker.standardError)") }
            return XCTFail("it did not start: \(ticker.standardError)")
        }
        XCTAssertEqual(XMarqueeRun.status("no-libsystemd")?["message"] as? String, "Still here")
        let warnings = ticker.standardError.split(separator: "\n").filter { $0.contains("warning") }
        XCTAssertEqual(warnings.count, 1, ticker.standardError)
        XCTAssertTrue(warnings.first?.contains("libsystemd") ?? false, "the warning names what is missing: \(ticker.standardError)")
        print("without libsystemd: \(warnings.first ?? "")")
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

    /// A click on the track sends PlayPause; a hostile player (wrong types, a 4 MB title) gets
    /// at most one warning; when the player quits the text goes. (Following tracks, on screen
    /// too, is checked on every backend: DesktopBusParityTests.)
    func testAClickPlaysOrPausesAndAHostilePlayerIsBounded() throws {
        let bus = try PrivateSessionBus()
        let ticker = try launch(["--name", "now-playing", "--geometry", "600x30+0+0", "--speed", "0", "--now-playing"], bus: bus)
        defer { ticker.stop() }
        let player = try FakeBusPeer(FakePeerScripts.mprisPlayer, arguments: ["fake"], bus: bus)
        player.send("track Nina Simone|Feeling Good")
        XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.status("now-playing")?["message"] as? String == "Nina Simone — Feeling Good" },
                      "\(String(describing: XMarqueeRun.desktopBus("now-playing"))) \(ticker.standardError)")

        // A click on the text: PlayPause reaches the player, nothing is opened.
        let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")
        let env = ["DISPLAY": Self.server.display]
        _ = try runTool(xdotool, ["mousemove", "30", "15"], environment: env)
        _ = try runTool(xdotool, ["click", "1"], environment: env)
        XCTAssertTrue(waitFor(seconds: 3) { player.logged.contains("PlayPause") }, "PlayPause never reached the player: \(ticker.standardError)")

        // Wrong types and a 4 MB title: at most one warning, the ticker goes on.
        player.send("hostile")
        XCTAssertTrue(waitFor(seconds: 5) { (XMarqueeRun.desktopBus("now-playing")?["nowPlaying"] as? String)?.hasPrefix("xxxx") == true })
        XCTAssertLessThanOrEqual((XMarqueeRun.desktopBus("now-playing")?["nowPlaying"] as? String)?.utf8.count ?? 0, 16 << 10)

        player.stop()
        let gone = secondsUntil(within: 5) { XMarqueeRun.desktopBus("now-playing")?["nowPlaying"] as? String == "" }
        XCTAssertNotNil(gone, "the text stays after the player quit")
        print("now playing: player gone, text removed in \(gone.map { String(format: "%.3f s", $0) } ?? "-")")
        XCTAssertLessThan(gone ?? 5, 0.5)
        XCTAssertFalse(ticker.standardError.contains("warning"), ticker.standardError)
    }

    /// Three tracks, a click (PlayPause: the player pauses), then the player quits: its text
    /// leaves the bar within 1 s, in `ctl status` and on screen, as it does without the click.
    func testAPlayerThatQuitsAfterAClickTakesItsTextWithIt() throws {
        let bus = try PrivateSessionBus()
        let ticker = try launch(["--name", "player-quits", "--geometry", "600x30+0+0", "--speed", "120", "--now-playing",
                                 "--bg", "#000000"], bus: bus)
        defer { ticker.stop() }
        let player = try FakeBusPeer(FakePeerScripts.mprisPlayer, arguments: ["fake"], bus: bus)
        for track in 1...3 {
            player.send("track Artist \(track)|Song number \(track)")
            XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.desktopBus("player-quits")?["nowPlaying"] as? String == "Artist \(track) — Song number \(track)" })
        }
        XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.status("player-quits")?["message"] as? String == "Artist 3 — Song number 3" })
        let probe = try XProbe(Self.server.display)
        let window = try XCTUnwrap(probe.window(ofProcess: ticker.pid))
        func inked() -> Bool { probe.capture(window)?.inkProfile(background: (0, 0, 0)).contains { $0 > 0 } ?? false }
        XCTAssertTrue(waitFor(seconds: 5) { inked() }, "the track is on screen")
        let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")
        let env = ["DISPLAY": Self.server.display]
        var clicked = false
        // The text moves: click where it is ink, once, until PlayPause arrives.
        for x in stride(from: 20, through: 580, by: 40) where !clicked {
            _ = try runTool(xdotool, ["mousemove", String(x), "15", "click", "1"], environment: env)
            clicked = waitFor(seconds: 0.5) { player.logged.contains("PlayPause") }
        }
        XCTAssertTrue(clicked, "PlayPause never reached the player: \(ticker.standardError)")
        _ = try runTool(xdotool, ["mousemove", "700", "150"], environment: env)
        player.stop()
        let gone = secondsUntil(within: 5) {
            XMarqueeRun.desktopBus("player-quits")?["nowPlaying"] as? String == ""
                && (XMarqueeRun.status("player-quits")?["message"] as? String ?? "") == "" && !inked()
        }
        print("now playing: after a click, the player quit and its text went in \(gone.map { String(format: "%.3f s", $0) } ?? "-")")
        XCTAssertLessThan(gone ?? 5, 1, "status \(String(describing: XMarqueeRun.status("player-quits")))")
    }

    /// `--now-playing=NAME` follows only that player, as `--player NAME` does.
    func testNowPlayingNamesItsPlayer() throws {
        let bus = try PrivateSessionBus()
        let named = try launch(["--name", "np-named", "--geometry", "300x30+0+0", "--speed", "0", "--now-playing=fake"], bus: bus)
        defer { named.stop() }
        let other = try launch(["--name", "np-other", "--geometry", "300x30+400+0", "--speed", "0", "--now-playing=vlc"], bus: bus)
        defer { other.stop() }
        XCTAssertTrue(waitFor(seconds: 10) {
            XMarqueeRun.desktopBus("np-named")?["nowPlaying"] as? String == "" && XMarqueeRun.desktopBus("np-other")?["nowPlaying"] as? String == ""
        }, "\(named.standardError) \(other.standardError)")
        let player = try FakeBusPeer(FakePeerScripts.mprisPlayer, arguments: ["fake"], bus: bus)
        player.send("track Nina Simone|Feeling Good")
        XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.desktopBus("np-named")?["nowPlaying"] as? String == "Nina Simone — Feeling Good" })
        XCTAssertEqual(XMarqueeRun.desktopBus("np-other")?["nowPlaying"] as? String, "", "vlc is not playing")
        XCTAssertEqual(XMarqueeRun.status("np-other")?["message"] as? String, nil)
    }
}
