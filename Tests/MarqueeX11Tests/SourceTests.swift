import CX11
import FeedTestServer
import Foundation
import XCTest
@testable import DisplayTestSupport

/// The real executable with feeds, commands, schedules and the clock under Xvfb: text arrives
/// on screen, and every bad source is one warning naming it while the ticker keeps running.
final class SourceTests: XCTestCase {
    nonisolated(unsafe) static var server: XvfbServer!
    nonisolated(unsafe) static var feeds: FeedTestServer!
    static let background: (UInt8, UInt8, UInt8) = (0x20, 0x20, 0x20)

    override class func setUp() {
        server = try! XvfbServer(width: 1200, height: 200)
        feeds = try! FeedTestServer()
        feeds.serve("/rss.xml", body: FeedFixtures.rss2)
        feeds.serve("/broken.xml", body: FeedFixtures.malformed)
        feeds.serve("/page.html", headers: ["Content-Type": "text/html"], body: FeedFixtures.htmlPage)
    }

    override class func tearDown() {
        server.stop()
        feeds.stop()
    }

    private let look = ["--font", "DejaVu Sans:size=14", "--geometry", "800x40+0+0"]

    private func launch(_ arguments: [String]) throws -> (TickerProcess, XProbe, Window) {
        try TickerProcess.launchWithWindow(arguments + look, display: Self.server.display, untilDrawn: false)
    }

    /// Ends the ticker the polite way, so it takes its running commands down with it (a SIGKILL
    /// would leave them to finish on their own).
    private func end(_ ticker: TickerProcess) {
        if ticker.process.isRunning {
            ticker.signal(SIGTERM)
            _ = ticker.waitForExit(timeout: 5)
        }
        ticker.stop()
    }

    /// Columns with text in them, once the ticker has painted: before its first frame a window
    /// shows Xvfb's root weave, ink in every column though nothing was drawn.
    private func ink(_ probe: XProbe, _ window: Window) -> Int {
        guard let pixels = probe.capture(window), pixels.share(of: Self.background) > 0.5 else { return 0 }
        return pixels.inkProfile(background: Self.background).filter { $0 > 0 }.count
    }

    func testAFeedsHeadlinesScrollOnScreen() throws {
        let (ticker, probe, window) = try launch(["--feed", Self.feeds.url("/rss.xml")])
        defer { end(ticker) }
        XCTAssertTrue(waitUntil(timeout: 10) { ink(probe, window) > 200 }, ticker.standardError)
        let first = probe.capture(window)
        XCTAssertTrue(waitUntil(timeout: 2) { probe.capture(window) != first }, "and they move")
        XCTAssertEqual(ticker.standardError, "")
        XCTAssertEqual(Self.feeds.requests(to: "/rss.xml").count, 1, "fetched once; the next fetch waits for the TTL")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(Self.feeds.requests(to: "/rss.xml").count, 1, "and not again within the TTL")
    }

    func testEveryBadSourceIsOneWarningAndTheTickerKeepsRunning() throws {
        let bad = ["/broken.xml", "/page.html", "/huge.xml", "/loop", "/slow.xml"].map { Self.feeds.url($0) }
            + ["http://127.0.0.1:\(closedLocalPort())/feed.xml"]
        let commands = ["sleep 100", "sh -c 'echo failing >&2; exit 4'", "yes", "no-such-program-xmarquee"]
        let name = "bad-sources-\(getpid())"
        var arguments = ["--name", name, "Static text stays", "--feed-timeout", "2", "--refresh", "1", "--interval", "1"]
        for url in bad { arguments += ["--feed", url] }
        for command in commands { arguments += ["--exec", command] }
        let (ticker, probe, window) = try launch(arguments)
        defer { end(ticker) }
        let expected = bad.map { "xmarquee: warning: feed \"\($0)\": " } + commands.map { "xmarquee: warning: command \"\($0)\": " }
        XCTAssertTrue(waitUntil(timeout: 15) {
            let lines = ticker.standardError.split(separator: "\n")
            return expected.allSatisfy { prefix in lines.contains { $0.hasPrefix(prefix) } }
        }, ticker.standardError)
        // Two more failures of every source later (each failure moves its lastErrorTime on; a
        // failing feed is asked again later each time, about 7 s for two here)…
        func failureTimes() -> [String: Double] {
            let sources = XMarqueeRun.status(name)?["sources"] as? [[String: Any]] ?? []
            return Dictionary(sources.compactMap { source in
                (source["name"] as? String).flatMap { name in (source["lastErrorTime"] as? Double).map { (name, $0) } }
            }, uniquingKeysWith: { first, _ in first })
        }
        var failures = [String: Int]()
        var last = failureTimes()
        XCTAssertEqual(last.count, expected.count, "every source has failed: \(last)")
        XCTAssertTrue(waitUntil(timeout: 30) {
            let now = failureTimes()
            for (source, time) in now where time != last[source] { failures[source, default: 0] += 1 }
            last = now
            return last.keys.allSatisfy { failures[$0, default: 0] >= 2 }
        }, "failed again: \(failures)")
        let lines = ticker.standardError.split(separator: "\n").map(String.init)
        for prefix in expected {
            XCTAssertEqual(lines.filter { $0.hasPrefix(prefix) }.count, 1, "one line for \(prefix)\n\(ticker.standardError)")
        }
        XCTAssertEqual(lines.count, expected.count, ticker.standardError)
        XCTAssertTrue(ticker.process.isRunning)
        XCTAssertGreaterThan(ink(probe, window), 100, "the static text is still on screen")
    }

    func testNoCommandOutlivesTheTicker() throws {
        let pidFile = NSTemporaryDirectory() + "xmarquee-exec-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let (ticker, _, _) = try launch(["--exec", "sh -c 'echo $$ > \(pidFile); exec sleep 100'"])
        defer { end(ticker) }
        var pid: Int32?
        XCTAssertTrue(waitUntil(timeout: 5) {
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        })
        ticker.signal(SIGTERM)
        XCTAssertEqual(ticker.waitForExit(timeout: 5), 0)
        XCTAssertTrue(waitUntil(timeout: 3) { kill(pid!, 0) != 0 }, "the running command ended with the ticker")
    }

    func testCommandOutputAndTheClockAreShown() throws {
        let (ticker, probe, window) = try launch(["--exec", "printf 'from a command\\n'", "--clock", "%S", "--speed", "0"])
        defer { end(ticker) }
        XCTAssertTrue(waitUntil(timeout: 5) { ink(probe, window) > 100 }, ticker.standardError)
        let first = probe.capture(window)
        XCTAssertTrue(waitUntil(timeout: 3) { probe.capture(window) != first }, "the clock's seconds change the text")
        XCTAssertEqual(ticker.standardError, "")
    }

    func testSchedulesShowOnlyWhatIsOn() throws {
        let (ticker, probe, window) = try launch(["--schedule", "00:00-24:00|always on", "--speed", "0"])
        defer { end(ticker) }
        XCTAssertTrue(waitUntil(timeout: 5) { ink(probe, window) > 30 })
        let onText = ink(probe, window)

        let name = "schedule-gone-\(getpid())"
        let (later, laterProbe, laterWindow) = try launch(["--name", name, "--schedule", "2001-01-01|long gone", "--speed", "0"])
        defer { end(later) }
        // Once it answers, its sources have started and it says what it shows: nothing.
        var status: [String: Any]?
        XCTAssertTrue(waitUntil(timeout: 10) {
            status = XMarqueeRun.status(name)
            return status != nil
        })
        XCTAssertTrue(status?["message"] is NSNull, "no message on show: \(String(describing: status))")
        XCTAssertEqual(ink(laterProbe, laterWindow), 0, "nothing is on: no text, and no welcome either")
        XCTAssertGreaterThan(onText, 30)
    }

    func testAnImpossibleScheduleIsAOneLineUsageError() throws {
        for (value, reason) in [("25:00-06:00|x", "25:00 is not a time of day (00:00 to 24:00)"),
                                ("02-30|x", "02-30 is not a date: February has 29 days")] {
            let ticker = try TickerProcess(["--schedule", value], display: Self.server.display)
            XCTAssertEqual(ticker.waitForExit(timeout: 5), 2)
            XCTAssertEqual(ticker.standardError, "xmarquee: invalid --schedule \"\(value)\": \(reason)\n")
        }
        let quote = try TickerProcess(["--exec", "echo 'unterminated"], display: Self.server.display)
        XCTAssertEqual(quote.waitForExit(timeout: 5), 2)
        XCTAssertEqual(quote.standardError, "xmarquee: invalid --exec \"echo 'unterminated\": unterminated ' quote\n")
    }

    func testFeedTextAndLinksNeverReachAShell() throws {
        let marker = NSTemporaryDirectory() + "xmarquee-pwned-\(UUID().uuidString)"
        let hostile = "$(touch \(marker))`touch \(marker)`;touch \(marker)"
        Self.feeds.serve("/hostile.xml", body: """
            <rss version="2.0"><channel><item><title>\(hostile)</title><link>\(hostile)</link></item></channel></rss>
            """)
        let name = "hostile-\(getpid())"
        let (ticker, probe, window) = try launch(["--name", name, "--feed", Self.feeds.url("/hostile.xml"), "--exec", "echo '\(hostile)'"])
        defer { end(ticker) }
        XCTAssertTrue(waitUntil(timeout: 10) { ink(probe, window) > 100 })
        // Both sources have run to their end (whatever a shell would have done is done by then).
        XCTAssertTrue(waitUntil(timeout: 10) {
            let sources = XMarqueeRun.status(name)?["sources"] as? [[String: Any]] ?? []
            return sources.count == 2 && sources.allSatisfy { $0["lastSuccess"] is Double }
        }, "\(String(describing: XMarqueeRun.status(name)))")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
    }

    /// Restarted with the feed's server down, the ticker shows the headlines its cache kept at
    /// once, and `ctl status` says they came from the cache; a restart never waits for the network.
    func testCachedHeadlinesShowAtOnceWithTheServerDown() throws {
        let server = try FeedTestServer()
        server.serve("/cached.xml", body: FeedFixtures.rss2)
        let url = server.url("/cached.xml")
        let cache = NSTemporaryDirectory() + "xmarquee-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let name = "cached-\(getpid())"
        let arguments = ["--feed", url, "--name", name] + look
        do {
            let first = try TickerProcess(arguments, display: Self.server.display, environment: ["XDG_CACHE_HOME": cache])
            defer { end(first) }
            XCTAssertTrue(waitUntil(timeout: 10) {
                (try? FileManager.default.contentsOfDirectory(atPath: cache + "/xmarquee"))?.contains { $0.hasPrefix("feed-") } == true
            }, first.standardError)
        }
        server.stop()
        let started = Date()
        let again = try TickerProcess(arguments, display: Self.server.display, environment: ["XDG_CACHE_HOME": cache])
        defer { end(again) }
        var report: [String: Any] = [:]
        XCTAssertTrue(waitUntil(timeout: 10) {
            report = Self.status(name)
            return report["name"] as? String == name
        }, again.standardError)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(report["message"] as? String, "Markets rally as tech stocks climb", "the first answer already shows it: \(report)")
        XCTAssertLessThan(seconds, 1, "the cached headlines, within a second of the start")
        let feed = (report["sources"] as? [[String: Any]])?.first
        XCTAssertEqual(feed?["fromCache"] as? Bool, true, "\(report)")
        XCTAssertEqual(feed?["httpStatus"] as? Int, 200)
        XCTAssertEqual(feed?["address"] as? String, url)
        print("cached headlines shown \(String(format: "%.3f", seconds)) s after the start")
    }

    /// `xmarquee ctl --name NAME status` as JSON (empty when it did not answer).
    static func status(_ name: String) -> [String: Any] {
        let process = Process()
        process.executableURL = TickerProcess.executable
        process.arguments = ["ctl", "--name", name, "status"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [:] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    func testAnOPMLListBringsItsFeeds() throws {
        let path = NSTemporaryDirectory() + "xmarquee-opml-\(UUID().uuidString).opml"
        try """
            <opml version="2.0"><body><outline text="x" xmlUrl="\(Self.feeds.url("/rss.xml?opml"))"/></body></opml>
            """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (ticker, probe, window) = try launch(["--opml", path])
        defer { end(ticker) }
        XCTAssertTrue(waitUntil(timeout: 10) { ink(probe, window) > 200 }, ticker.standardError)
        XCTAssertTrue(Self.feeds.requests.contains { $0.target == "/rss.xml?opml" })

        let missing = try TickerProcess(["--opml", "/nonexistent/list.opml"], display: Self.server.display)
        XCTAssertEqual(missing.waitForExit(timeout: 5), 5)
        XCTAssertTrue(missing.standardError.hasPrefix("xmarquee: --opml: cannot read \"/nonexistent/list.opml\""), missing.standardError)
        XCTAssertEqual(missing.standardError.filter { $0 == "\n" }.count, 1)
    }
}
