import Foundation
import Glibc
import XCTest
@testable import DisplayTestSupport

/// The desktop bus on every backend: the real executable as a bar on a private session bus, with
/// a fake MPRIS player, notify-send, a fake portal and a screen reader's view (pyatspi on a
/// private accessibility bus), read from `ctl status`, the accessible tree and the screen (OCR).
final class DesktopBusParityTests: ParityTestCase {
    func testNowPlayingFollowsThePlayerOnX11() throws { try nowPlayingFollowsThePlayer(on: .x11) }
    func testNowPlayingFollowsThePlayerOnWayland() throws { try nowPlayingFollowsThePlayer(on: .wayland) }
    func testNotificationsShowOnX11() throws { try notificationsShow(on: .x11) }
    func testNotificationsShowOnWayland() throws { try notificationsShow(on: .wayland) }
    func testAFloodOfNotificationsKeepsTheFramesAndTheMemoryOnX11() throws { try floodKeepsTheFramesAndTheMemory(on: .x11) }
    func testAFloodOfNotificationsKeepsTheFramesAndTheMemoryOnWayland() throws { try floodKeepsTheFramesAndTheMemory(on: .wayland) }
    func testMarkupIsPlainTextAndATimeoutIsHonouredOnX11() throws { try markupAndTimeout(on: .x11) }
    func testMarkupIsPlainTextAndATimeoutIsHonouredOnWayland() throws { try markupAndTimeout(on: .wayland) }
    func testANotificationGoesAfterOnePassOnX11() throws { try onePassEndsANotification(on: .x11) }
    func testANotificationGoesAfterOnePassOnWayland() throws { try onePassEndsANotification(on: .wayland) }
    func testNotificationsBesideAnotherServerOnX11() throws { try besideAnotherServer(on: .x11) }
    func testNotificationsBesideAnotherServerOnWayland() throws { try besideAnotherServer(on: .wayland) }
    func testAServerThatGoesTakesItsNotificationsWithItOnX11() throws { try serverThatGoesTakesItsNotifications(on: .x11) }
    func testAServerThatGoesTakesItsNotificationsWithItOnWayland() throws { try serverThatGoesTakesItsNotifications(on: .wayland) }
    func testTheColourSchemePicksTheDefaultColoursOnX11() throws { try colourSchemePicksTheDefaults(on: .x11) }
    func testTheColourSchemePicksTheDefaultColoursOnWayland() throws { try colourSchemePicksTheDefaults(on: .wayland) }
    func testAScreenReaderFindsTheTickerAndHearsUrgentMessagesOnX11() throws { try screenReaderHearsTheTicker(on: .x11) }
    func testAScreenReaderFindsTheTickerAndHearsUrgentMessagesOnWayland() throws { try screenReaderHearsTheTicker(on: .wayland) }
    func testThePortalTurnsTheTickerToPagesAndBackOnX11() throws { try portalTurnsTheTickerToPages(on: .x11) }
    func testThePortalTurnsTheTickerToPagesAndBackOnWayland() throws { try portalTurnsTheTickerToPages(on: .wayland) }
    func testASpoofedSettingChangedChangesNothingOnX11() throws { try spoofedSettingChangedChangesNothing(on: .x11) }
    func testASpoofedSettingChangedChangesNothingOnWayland() throws { try spoofedSettingChangedChangesNothing(on: .wayland) }
    func testAPortalThatRestartsTakesItsSettingsWithItOnX11() throws { try portalRestartTakesItsSettings(on: .x11) }
    func testAPortalThatRestartsTakesItsSettingsWithItOnWayland() throws { try portalRestartTakesItsSettings(on: .wayland) }

    // MARK: The checks

    /// Three tracks: each in `ctl status` within 0.5 s, and on screen 0.5 s after the change as
    /// OCR reads it; when the player quits the text goes.
    private func nowPlayingFollowsThePlayer(on backend: Backend) throws {
        let bus = try PrivateSessionBus()
        try withBar(on: backend, ["--speed", "0", "--now-playing", "--font", "DejaVu Sans:size=20", "--fg", "#000000", "--bg", "#ffffff"],
                    text: nil, environment: bus.environment) { display, run, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.desktopBus(name)?["nowPlaying"] as? String == "" }, "\(backend): no player, no text")
            let player = try FakeBusPeer(FakePeerScripts.mprisPlayer, arguments: ["fake"], bus: bus)
            var latencies: [Double] = [], readings: [String] = []
            for (artist, title) in [("Nina Simone", "Feeling Good"), ("Miles Davis", "Blue in Green"), ("Aretha Franklin", "Respect")] {
                let start = Date()
                player.send("track \(artist)|\(title)")
                let expected = "\(artist) — \(title)"
                let took = secondsUntil(within: 5) { XMarqueeRun.status(name)?["message"] as? String == expected }
                XCTAssertNotNil(took, "\(backend): \(expected) never at the reading edge: \(String(describing: XMarqueeRun.desktopBus(name)))")
                latencies.append(took ?? 5)
                // What a person sees 0.5 s after the change (the em dash is no word to OCR): the
                // time after the change is what is tested.
                if TextRecognizer.unavailable == nil {
                    Thread.sleep(forTimeInterval: max(0, 0.5 - Date().timeIntervalSince(start)))
                    let read = try TextRecognizer.words(in: display.screenshot(), x: 0, y: 0, width: 600, height: 40)
                    let words = expected.lowercased().split { !$0.isLetter }.map(String.init)
                    XCTAssertEqual(Array(read.prefix(words.count)), words, "\(backend): OCR of the bar 0.5 s after the track changed")
                    readings.append(read.joined(separator: " "))
                }
            }
            print("now playing on \(backend): in ctl status in \(latencies.map { String(format: "%.3f s", $0) }); "
                  + "OCR 0.5 s after each change: \(readings)")
            XCTAssertLessThan(latencies.max() ?? 5, 0.5, "\(backend)")

            // PlayPause, as a click on the text sends it: the player pauses, then quits. Its text
            // leaves the bar with it, not when it would have scrolled out.
            let pause = try runTool(URL(fileURLWithPath: "/usr/bin/dbus-send"),
                                    ["--session", "--type=method_call", "--dest=org.mpris.MediaPlayer2.fake", "/org/mpris/MediaPlayer2",
                                     "org.mpris.MediaPlayer2.Player.PlayPause"], environment: bus.environment)
            XCTAssertEqual(pause.status, 0, pause.output)
            XCTAssertTrue(waitFor(seconds: 3) { player.logged.contains("PlayPause") }, "\(backend)")
            // The bar's band all background (white), every pixel of its first 600 columns.
            func blank() -> Bool {
                guard let shot = try? display.screenshot() else { return false }
                return (0..<600).allSatisfy { x in (0..<40).allSatisfy { y in shot.pixel(x: x, y: y) == (255, 255, 255) } }
            }
            XCTAssertFalse(blank(), "\(backend): the track was on screen")
            player.stop()
            let gone = secondsUntil(within: 5) {
                XMarqueeRun.desktopBus(name)?["nowPlaying"] as? String == "" && (XMarqueeRun.status(name)?["message"] as? String ?? "") == ""
                    && blank()
            }
            XCTAssertLessThan(gone ?? 5, 1, "\(backend): the text stays after the player quit: \(String(describing: XMarqueeRun.status(name)))")
            XCTAssertTrue(run.process.isRunning)
        }
    }

    /// notify-send shows within 0.5 s as "Summary: body"; a critical one as an urgent message.
    private func notificationsShow(on backend: Backend) throws {
        let bus = try PrivateSessionBus()
        try withBar(on: backend, ["--speed", "0", "--notifications"], text: nil, environment: bus.environment) { _, _, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.desktopBus(name)?["notifications"] as? String == "server" },
                          "\(backend): \(String(describing: XMarqueeRun.desktopBus(name)))")
            try notifySend(["Build finished", "All tests passed"], bus: bus)
            let took = secondsUntil(within: 5) { XMarqueeRun.status(name)?["message"] as? String == "Build finished: All tests passed" }
            XCTAssertLessThan(took ?? 5, 0.5, "\(backend): \(String(describing: XMarqueeRun.status(name)?["message"]))")
            try notifySend(["-u", "critical", "Disk full", "/ has 0 bytes left"], bus: bus)
            let urgent = secondsUntil(within: 5) { XMarqueeRun.status(name)?["message"] as? String == "Disk full: / has 0 bytes left" }
            XCTAssertLessThan(urgent ?? 5, 0.5, "\(backend): the critical one at once")
            print("notifications on \(backend): shown in \(took.map { String(format: "%.3f s", $0) } ?? "-"), "
                  + "critical in \(urgent.map { String(format: "%.3f s", $0) } ?? "-")")
        }
    }

    /// As the server: it owns the name, the body's markup is plain text, and a short timeout
    /// ends the ticker's only message.
    private func markupAndTimeout(on backend: Backend) throws {
        let bus = try PrivateSessionBus()
        try withBar(on: backend, ["--speed", "0", "--notifications"], text: nil, environment: bus.environment) { _, _, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.desktopBus(name)?["notifications"] as? String == "server" })
            XCTAssertNotNil(bus.owner(of: "org.freedesktop.Notifications"))
            try notifySend(["-t", "700", "Deploy", "<b>done</b> &amp; <i>live</i>"], bus: bus)
            XCTAssertTrue(waitFor(seconds: 2) { XMarqueeRun.status(name)?["message"] as? String == "Deploy: done & live" },
                          "\(backend): \(String(describing: XMarqueeRun.status(name)?["message"]))")
            XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.desktopBus(name)?["notificationsShown"] as? Int == 0 },
                          "\(backend): the 0.7 s notification expired")
        }
    }

    /// A notification whose timeout is longer than a pass goes after its one pass.
    private func onePassEndsANotification(on backend: Backend) throws {
        let bus = try PrivateSessionBus()
        try withBar(on: backend, ["--speed", "600", "--notifications"], text: "A steady message", environment: bus.environment) { _, _, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.desktopBus(name)?["notifications"] as? String == "server" })
            try notifySend(["-t", "60000", "Long timeout", "one pass is enough"], bus: bus)
            XCTAssertTrue(waitFor(seconds: 3) { XMarqueeRun.desktopBus(name)?["notificationsShown"] as? Int == 1 })
            let start = Date()
            var seen = false
            let gone = waitFor(seconds: 20) {
                seen = seen || XMarqueeRun.status(name)?["message"] as? String == "Long timeout: one pass is enough"
                return XMarqueeRun.desktopBus(name)?["notificationsShown"] as? Int == 0
            }
            XCTAssertTrue(gone, "\(backend): still shown after 20 s of a 60 s timeout")
            XCTAssertTrue(seen, "\(backend): it was read at the reading edge before it went")
            print("notifications on \(backend): a 60 s notification went after its pass, "
                  + "\(String(format: "%.1f", Date().timeIntervalSince(start))) s after it was shown")
        }
    }

    /// With another server owning the name, xmarquee listens beside it: it shows what is sent
    /// within 0.5 s, the other server still gets it, and xmarquee never takes the name.
    private func besideAnotherServer(on backend: Backend) throws {
        let bus = try PrivateSessionBus()
        let other = try FakeBusPeer(FakePeerScripts.notificationServer, bus: bus)
        let owner = try XCTUnwrap(bus.owner(of: "org.freedesktop.Notifications"))
        try withBar(on: backend, ["--speed", "0", "--notifications"], text: nil, environment: bus.environment) { _, _, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.desktopBus(name)?["notifications"] as? String == "monitor" },
                          "\(backend): \(String(describing: XMarqueeRun.desktopBus(name)))")
            try notifySend(["Build finished", "All tests passed"], bus: bus)
            let took = secondsUntil(within: 5) { XMarqueeRun.status(name)?["message"] as? String == "Build finished: All tests passed" }
            print("notifications beside another server on \(backend): shown in \(took.map { String(format: "%.3f s", $0) } ?? "-")")
            XCTAssertLessThan(took ?? 5, 0.5, "\(backend)")
            XCTAssertTrue(other.logged.contains("Notify Build finished"), "\(backend): the other server still gets it")
            XCTAssertEqual(bus.owner(of: "org.freedesktop.Notifications"), owner, "\(backend): xmarquee never takes the name")
        }
    }

    /// Beside another server that then quits: what it was sent leaves the bar within 1 s, and
    /// xmarquee takes the name and shows what comes next as the server.
    private func serverThatGoesTakesItsNotifications(on backend: Backend) throws {
        let bus = try PrivateSessionBus()
        let other = try FakeBusPeer(FakePeerScripts.notificationServer, bus: bus)
        try withBar(on: backend, ["--speed", "0", "--notifications"], text: nil, environment: bus.environment) { _, _, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.desktopBus(name)?["notifications"] as? String == "monitor" })
            try notifySend(["-t", "60000", "Build finished", "All tests passed"], bus: bus)
            XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.status(name)?["message"] as? String == "Build finished: All tests passed" })
            other.stop()
            let gone = secondsUntil(within: 5) {
                XMarqueeRun.desktopBus(name)?["notificationsShown"] as? Int == 0 && (XMarqueeRun.status(name)?["message"] as? String ?? "") == ""
            }
            XCTAssertLessThan(gone ?? 5, 1, "\(backend): the notification outlived its server: \(String(describing: XMarqueeRun.status(name)))")
            XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.desktopBus(name)?["notifications"] as? String == "server" }, "\(backend)")
            try notifySend(["Deploy", "done"], bus: bus)
            XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.status(name)?["message"] as? String == "Deploy: done" }, "\(backend)")
            print("notifications on \(backend): a server that quit took its notification in \(gone.map { String(format: "%.3f s", $0) } ?? "-")")
        }
    }

    /// The portal's colour scheme picks the default colours, followed live (on Wayland the portal
    /// is the source; on X11 the fallback where no XSETTINGS manager runs, as on Xvfb).
    private func colourSchemePicksTheDefaults(on backend: Backend) throws {
        let bus = try PrivateSessionBus()
        let portal = try FakeBusPeer(FakePeerScripts.portal, bus: bus)
        try withBar(on: backend, ["--speed", "0", "--fade", "0"], text: "Scheme", environment: bus.environment) { display, _, name in
            XCTAssertNotNil(waitForStatus(name))
            // The bar's top row at its left edge, clear of the text.
            func background() -> Int? {
                (try? display.screenshot()).map { shot in Pixel(shot.pixel(x: 3, y: 1)) }.map { $0.red << 16 | $0.green << 8 | $0.blue }
            }
            XCTAssertTrue(waitFor(seconds: 5) { background() == 0x202020 }, "\(backend): dark at start: \(String(describing: background()))")
            var latencies: [Double] = []
            for (scheme, expected) in [("light", 0xF0F0F0), ("dark", 0x202020)] {
                let start = Date()
                portal.send("scheme \(scheme)")
                XCTAssertTrue(waitFor(seconds: 5) { background() == expected }, "\(backend): \(scheme): \(String(describing: background()))")
                latencies.append(Date().timeIntervalSince(start))
            }
            print("portal on \(backend): color-scheme followed in \(latencies.map { String(format: "%.3f s", $0) }) (screenshots included)")
        }
    }

    /// 10,000 notifications in 10 s, and a hostile sender among them (wrong types, a huge body):
    /// no frame later than two vblanks, memory within 10 MB of the start, at most one warning.
    private func floodKeepsTheFramesAndTheMemory(on backend: Backend) throws {
        let bus = try PrivateSessionBus()
        try withBar(on: backend, ["--speed", "120", "--notifications"], text: "A steady text that moves while the notifications pour in",
                    environment: bus.environment) { _, run, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.desktopBus(name)?["notifications"] as? String == "server" })
            // Frames running (a second of them) before the baseline starts.
            let running = (XMarqueeRun.status(name)?["framesShown"] as? Int ?? 0) + 60
            XCTAssertTrue(waitFor(seconds: 10) { (XMarqueeRun.status(name)?["framesShown"] as? Int ?? 0) >= running })
            let quietStart = try XCTUnwrap(XMarqueeRun.status(name))
            // The same ten seconds without the flood, what this machine misses anyway: the span of
            // time is the measure.
            Thread.sleep(forTimeInterval: 10)
            let before = try XCTUnwrap(XMarqueeRun.status(name))
            let residentBefore = residentKilobytes(of: run.process.processIdentifier) ?? 0
            let sent = try runTool(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", Self.flood], environment: bus.environment)
            XCTAssertEqual(sent.status, 0, sent.output)
            let after = try XCTUnwrap(XMarqueeRun.status(name))
            let residentAfter = residentKilobytes(of: run.process.processIdentifier) ?? 0
            func change(_ key: String, _ from: [String: Any], _ to: [String: Any]) -> Int { (to[key] as? Int ?? 0) - (from[key] as? Int ?? 0) }
            let late = zip(Self.framesLate(after), Self.framesLate(before)).map { $0 - $1 }
            let quietLate = zip(Self.framesLate(before), Self.framesLate(quietStart)).map { $0 - $1 }
            print("notification flood on \(backend): \(sent.output.trimmingCharacters(in: .whitespacesAndNewlines)) (answered, seconds); "
                  + "frames shown \(change("framesShown", before, after)), vblanks missed \(change("framesMissed", before, after)), "
                  + "frames late by 1/2/3+ vblanks \(late) (\(change("framesMissed", quietStart, before)) missed, \(quietLate) late "
                  + "in 10 s without it); resident \(residentBefore / 1024) MB → \(residentAfter / 1024) MB")
            XCTAssertTrue(sent.output.hasPrefix("10000 "), sent.output)
            XCTAssertGreaterThan(change("framesShown", before, after), 500, "\(backend): the text kept moving")
            XCTAssertEqual(late.count, 3, "ctl status has framesLate")
            XCTAssertEqual(late.last, 0, "\(backend): no frame later than 2 vblanks during the flood: \(late)")
            XCTAssertLessThanOrEqual(residentAfter, residentBefore + 10 * 1024, "\(backend): resident memory within 10 MB of the start")
            XCTAssertLessThanOrEqual((after["desktopBus"] as? [String: Any])?["notificationsShown"] as? Int ?? 99, 16)
            run.stop()
            let errors = run.finish(within: 1)?.errors ?? ""
            XCTAssertLessThanOrEqual(errors.split(separator: "\n").filter { $0.contains("warning") }.count, 1, "\(backend): \(errors)")
        }
    }

    /// pyatspi lists an application `xmarquee` with a marquee named after the message at the
    /// reading edge; `ctl say` (polite) and a critical notification (assertive) are announced.
    private func screenReaderHearsTheTicker(on backend: Backend) throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        try withBar(on: backend, ["--speed", "0", "--notifications"], text: "Hello screen reader", environment: bus.environment) { _, _, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status(name)?["message"] as? String == "Hello screen reader" })
            // The tree, read on demand: the marquee's name is the message at the reading edge.
            let tree = ScreenReaderProbe.tree(bus: bus)
            XCTAssertTrue(tree.contains("app application 1"), "\(backend): \(tree)")
            XCTAssertTrue(tree.contains("child role=marquee marquee=True showing=True visible=True focusable=True index=0 "
                                        + "parent=xmarquee name='Hello screen reader'"), "\(backend): \(tree)")

            let listener = try AnnouncementListener(bus: bus)
            defer { listener.stop() }
            var start = Date()
            XCTAssertEqual(try XMarqueeRun.ctl(["--name", name, "say", "Storm warning for the coast"]).status, 0)
            XCTAssertTrue(waitFor(seconds: 5) { listener.heard.contains("announcement 'Storm warning for the coast' 1 marquee") },
                          "\(backend): \(listener.heard)")
            let sayLatency = Date().timeIntervalSince(start)
            start = Date()
            try notifySend(["-u", "critical", "Disk full", "Free some space"], bus: bus)
            XCTAssertTrue(waitFor(seconds: 5) { listener.heard.contains("announcement 'Disk full: Free some space' 2 marquee") },
                          "\(backend): \(listener.heard)")
            print("screen reader on \(backend): heard \(String(format: "%.3f", sayLatency)) s after ctl say, "
                  + "\(String(format: "%.3f", Date().timeIntervalSince(start))) s after notify-send -u critical")
        }
    }

    /// A fake portal switching `enable-animations` off turns the ticker to pages within 1 s, and
    /// back (on X11 the portal is the fallback where no XSETTINGS manager runs, as on Xvfb).
    private func portalTurnsTheTickerToPages(on backend: Backend) throws {
        try withScrollingBarAndPortal(on: backend) { bus, portal, name in
            var latencies: [Double] = []
            for (state, motion) in [("off", "pages"), ("on", "scrolling"), ("off", "pages")] {
                let start = Date()
                portal.send("animations \(state)")
                XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.status(name)?["motion"] as? String == motion },
                              "\(backend): animations \(state): \(String(describing: XMarqueeRun.status(name)?["motion"]))")
                latencies.append(Date().timeIntervalSince(start))
            }
            print("portal on \(backend): enable-animations followed in \(latencies.map { String(format: "%.3f s", $0) })")
            XCTAssertLessThan(latencies.max() ?? 5, 1, "\(backend)")
        }
    }

    /// Any client may emit a signal named like the portal's: one from another bus name (here
    /// dbus-send's) changes nothing, the portal's own still does.
    private func spoofedSettingChangedChangesNothing(on backend: Backend) throws {
        try withScrollingBarAndPortal(on: backend) { bus, portal, name in
            let spoof = try runTool(URL(fileURLWithPath: "/usr/bin/dbus-send"),
                                    ["--session", "--type=signal", "/org/freedesktop/portal/desktop",
                                     "org.freedesktop.portal.Settings.SettingChanged", "string:org.gnome.desktop.interface",
                                     "string:enable-animations", "variant:boolean:false"], environment: bus.environment)
            XCTAssertEqual(spoof.status, 0, spoof.output)
            XCTAssertFalse(waitFor(seconds: 2) { XMarqueeRun.status(name)?["motion"] as? String == "pages" },
                           "\(backend): a signal from another bus name turned the ticker to pages")
            portal.send("animations off")
            XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.status(name)?["motion"] as? String == "pages" },
                          "\(backend): the portal's own signal is followed")
        }
    }

    /// A portal that quits takes its settings with it (the ticker scrolls again within 1 s), and
    /// the one that takes its place is read and followed.
    private func portalRestartTakesItsSettings(on backend: Backend) throws {
        try withScrollingBarAndPortal(on: backend) { bus, portal, name in
            portal.send("animations off")
            XCTAssertTrue(waitFor(seconds: 5) { XMarqueeRun.status(name)?["motion"] as? String == "pages" }, "\(backend)")
            portal.stop()
            let gone = secondsUntil(within: 5) { XMarqueeRun.status(name)?["motion"] as? String == "scrolling" }
            XCTAssertLessThan(gone ?? 5, 1, "\(backend): the portal that quit still holds the ticker in pages")
            let next = try FakeBusPeer(FakePeerScripts.portal, bus: bus)
            XCTAssertTrue(waitFor(seconds: 5) { next.logged.contains("ReadAll") }, "\(backend): the new portal is read")
            next.send("animations off")
            let followed = secondsUntil(within: 5) { XMarqueeRun.status(name)?["motion"] as? String == "pages" }
            print("portal on \(backend): settings gone \(gone.map { String(format: "%.3f s", $0) } ?? "-") after it quit; "
                  + "the new one followed in \(followed.map { String(format: "%.3f s", $0) } ?? "-")")
            XCTAssertLessThan(followed ?? 5, 1, "\(backend): the new portal is followed")
        }
    }

    // MARK: Harness

    /// A scrolling bar on a private bus with a fake portal that the ticker has asked.
    private func withScrollingBarAndPortal(on backend: Backend,
                                           _ body: (PrivateSessionBus, FakeBusPeer, String) throws -> Void) throws {
        let bus = try PrivateSessionBus()
        let portal = try FakeBusPeer(FakePeerScripts.portal, bus: bus)
        try withBar(on: backend, ["--speed", "120"], text: "First message", environment: bus.environment) { _, _, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status(name)?["motion"] as? String == "scrolling" })
            XCTAssertTrue(waitFor(seconds: 5) { portal.logged.contains("ReadAll") }, "\(backend): the ticker asked the portal")
            try body(bus, portal, name)
        }
    }

    /// 10,000 Notify calls at 1,000 a second; every 1,000th also a call of the wrong types and
    /// one with a 300 kB body. Prints how many were answered and the seconds it took.
    private static let flood = #"""
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

    private func notifySend(_ arguments: [String], bus: PrivateSessionBus) throws {
        let result = try runTool(URL(fileURLWithPath: "/usr/bin/notify-send"), arguments, environment: bus.environment)
        XCTAssertEqual(result.status, 0, result.output)
    }

    /// `framesLate` of a status: frames late by one vblank, two, three or more.
    private static func framesLate(_ status: [String: Any]) -> [Int] { status["framesLate"] as? [Int] ?? [] }
}
