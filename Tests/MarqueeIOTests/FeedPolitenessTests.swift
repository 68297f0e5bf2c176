import FeedTestServer
import Foundation
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import XCTest

/// A feed as a good citizen reads it, against the tests' HTTP server (which logs every request):
/// the cache shows the last items at once on the next start, even with the server down; a 301 is
/// remembered; 410 stops polling; Retry-After and max-age are respected.
final class FeedPolitenessTests: XCTestCase {
    private var cacheDirectory = ""

    override func setUp() {
        cacheDirectory = NSTemporaryDirectory() + "xmarquee-cache-\(UUID().uuidString)"
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: cacheDirectory) }

    private func feed(_ url: String, refresh: Double? = 1, maxCacheAge: Double? = nil, style: FeedItemStyle = .init(),
                      descriptions: Bool = false) throws -> (FeedSource, Box<[Message]?>, Box<[String]>) {
        var settings = FeedSource.Settings()
        settings.descriptions = descriptions
        settings.style = style
        settings.refresh = refresh
        settings.timeout = 5
        settings.cache = FeedCache(directory: cacheDirectory)
        settings.maxCacheAge = maxCacheAge
        let source = try FeedSource(name: "feed 0: \(url)", url: url, fetcher: builtExecutable("xmarquee-feed"), settings: settings)
        let items = Box<[Message]?>(nil)
        let warnings = Box<[String]>([])
        source.warn = { warnings.value.append($0) }
        return (source, items, warnings)
    }

    func testTheSecondFetchSendsTheETagAsServedAndA304KeepsTheItems() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/tagged.xml", headers: ["ETag": "W/\"abc-123\""], body: FeedFixtures.rss2)
        let loop = EventLoop()
        let (source, items, warnings) = try feed(server.url("/tagged.xml"))
        source.start(on: loop) { items.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
        let first = items.value
        XCTAssertTrue(drive(loop, timeout: 10) { server.requests(to: "/tagged.xml").count >= 2 && source.status.httpStatus == 304 })
        XCTAssertNil(server.requests(to: "/tagged.xml")[0].headers["if-none-match"])
        XCTAssertEqual(server.requests(to: "/tagged.xml")[1].headers["if-none-match"], "W/\"abc-123\"")
        XCTAssertEqual(items.value, first, "304: the items stay")
        XCTAssertEqual(warnings.value, [])
    }

    func testARestartWithTheServerDownShowsTheCachedItemsAtOnce() throws {
        let server = try FeedTestServer()
        server.serve("/news.xml", body: FeedFixtures.rss2)
        let url = server.url("/news.xml")
        do {
            let loop = EventLoop()
            let (source, items, _) = try feed(url)
            source.start(on: loop) { items.value = $0 }
            XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
            XCTAssertFalse(source.status.fromCache)
            XCTAssertEqual(source.status.httpStatus, 200)
            source.stop()
        }
        server.stop()
        let loop = EventLoop()
        let (source, items, warnings) = try feed(url)
        let started = MonotonicClock.now()
        source.start(on: loop) { items.value = $0 }
        XCTAssertEqual(items.value?.map(\.text), ["Markets rally as tech stocks climb", "Tom & Jerry’s café — reopens",
                                                  "An item with only a description"], "shown by start itself, before any fetch")
        XCTAssertLessThan(MonotonicClock.now() - started, 1)
        XCTAssertEqual(items.value?.first?.link, "https://news.example.com/markets")
        XCTAssertTrue(source.status.fromCache)
        // The fetch that follows fails: one warning, and the cached items stay.
        XCTAssertTrue(drive(loop, timeout: 10) { !warnings.value.isEmpty })
        XCTAssertTrue(source.status.fromCache)
        XCTAssertEqual(items.value?.count, 3)

        // Too old for --feed-max-age: nothing is shown from the cache.
        source.stop()
        let (old, oldItems, _) = try feed(url, maxCacheAge: 0)
        // The entry must be older than a max-age of 0: the time passing is what is tested.
        Thread.sleep(forTimeInterval: 0.05)
        old.start(on: EventLoop()) { oldItems.value = $0 }
        XCTAssertNil(oldItems.value)
        XCTAssertFalse(old.status.fromCache)
    }

    func testAPermanentRedirectIsRememberedAndTheNextRunAsksTheNewAddress() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/old.xml", status: 301, headers: ["Location": server.url("/new.xml")], body: "")
        server.serve("/new.xml", body: FeedFixtures.atom)
        let url = server.url("/old.xml")
        do {
            let loop = EventLoop()
            let (source, items, warnings) = try feed(url)
            source.start(on: loop) { items.value = $0 }
            XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
            XCTAssertEqual(warnings.value, ["feed \"\(url)\": moved permanently to \"\(server.url("/new.xml"))\"; asked there from now on"])
            XCTAssertEqual(source.status.address, server.url("/new.xml"))
            source.stop()
        }
        let before = server.requests.count
        let loop = EventLoop()
        let (source, items, _) = try feed(url)
        source.start(on: loop) { items.value = $0 }
        XCTAssertNotNil(items.value, "the cache")
        XCTAssertTrue(drive(loop, timeout: 10) { server.requests.count > before })
        XCTAssertEqual(server.requests[before].target, "/new.xml", "the next run asks the new address first")
        XCTAssertEqual(server.requests(to: "/old.xml").count, 1)
    }

    /// A hostile server's 301 or 308 out of the web (to a local file, ftp, a data: address) is
    /// never the feed's address, neither in this run nor, through the cache, in the next; a
    /// relative one stays on the web and is remembered.
    func testAPermanentRedirectOffTheWebIsNeverRemembered() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        let secret = cacheDirectory + "-secret.xml"
        try FeedFixtures.rss2.replacingOccurrences(of: "Markets rally", with: "SECRET").write(toFile: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: secret) }
        server.serve("/relative-target.xml", body: FeedFixtures.atom)
        let targets = ["file://" + secret, "ftp://127.0.0.1/feed.xml", "data:application/rss+xml,%3Crss%3E%3C/rss%3E"]
        for status in [301, 308] {
            for (index, target) in targets.enumerated() {
                let path = "/moved-\(status)-\(index).xml"
                server.serve(path, status: status, headers: ["Location": target], body: "")
                let url = server.url(path)
                for run in ["first run", "after a restart"] {
                    let loop = EventLoop()
                    let (source, items, warnings) = try feed(url)
                    let asked = server.requests(to: path).count
                    source.start(on: loop) { items.value = $0 }
                    XCTAssertTrue(drive(loop, timeout: 10) { !warnings.value.isEmpty }, "\(status) to \(target), \(run)")
                    XCTAssertEqual(server.requests(to: path).count, asked + 1, "\(run): the feed's own address is asked")
                    XCTAssertEqual(source.status.address, url, "\(status) to \(target), \(run)")
                    XCTAssertNil(items.value, "nothing shown")
                    XCTAssertFalse(warnings.value.contains { $0.contains("moved permanently") }, "\(warnings.value)")
                    source.stop()
                    if case .success(let entry)? = FeedCache(directory: cacheDirectory).load(url) {
                        XCTAssertNil(entry.movedTo, "\(status) to \(target): not in the cache")
                    }
                }
            }
            let path = "/relative-\(status).xml"
            server.serve(path, status: status, headers: ["Location": "relative-target.xml"], body: "")
            let loop = EventLoop()
            let (source, items, _) = try feed(server.url(path))
            source.start(on: loop) { items.value = $0 }
            XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
            XCTAssertEqual(source.status.address, server.url("/relative-target.xml"), "a relative move stays on the web")
            source.stop()
        }
    }

    /// A cache written by a version that remembered any move: its non-web address is dropped with
    /// one warning, and the feed's own address is asked.
    func testACachedMoveOffTheWebIsDroppedWithAWarning() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/own.xml", body: FeedFixtures.rss2)
        let url = server.url("/own.xml")
        var entry = FeedCacheEntry(url: url, fetchedAt: Date().timeIntervalSince1970 - 3600)
        entry.status = 301
        entry.movedTo = "file:///etc/hostname"
        XCTAssertNil(FeedCache(directory: cacheDirectory).save(entry))
        let loop = EventLoop()
        let (source, items, warnings) = try feed(url)
        source.start(on: loop) { items.value = $0 }
        XCTAssertEqual(source.status.address, url)
        XCTAssertEqual(warnings.value, ["feed \"\(url)\": the cached permanent move to \"file:///etc/hostname\" is not a web address; dropped, asking \"\(url)\""])
        XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
        XCTAssertEqual(server.requests(to: "/own.xml").count, 1)
        source.stop()
        if case .success(let saved)? = FeedCache(directory: cacheDirectory).load(url) {
            XCTAssertNil(saved.movedTo, "and gone from the cache")
        } else {
            XCTFail("the cache was written anew")
        }
    }

    func testGoneStopsPolling() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/gone.xml", body: FeedFixtures.rss2)
        let url = server.url("/gone.xml")
        let loop = EventLoop()
        let (source, items, warnings) = try feed(url)
        source.start(on: loop) { items.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
        server.serve("/gone.xml", status: 410, body: "")
        XCTAssertTrue(drive(loop, timeout: 10) { !warnings.value.isEmpty })
        let asked = server.requests(to: "/gone.xml").count
        XCTAssertFalse(drive(loop, timeout: 3) { server.requests(to: "/gone.xml").count > asked }, "no poll after 410")
        XCTAssertEqual(warnings.value, ["feed \"\(url)\": HTTP 410 Gone; not asked again; keeping the last items"])
        XCTAssertEqual(items.value?.count, 3)
        XCTAssertTrue(source.status.gone)
        XCTAssertNil(source.status.nextFetch)
        source.stop()

        // Remembered across a restart: the cached items show, and nothing is asked.
        let again = try feed(url)
        again.0.start(on: loop) { again.1.value = $0 }
        XCTAssertFalse(drive(loop, timeout: 2) { server.requests(to: "/gone.xml").count > asked })
        XCTAssertEqual(again.1.value?.count, 3)
        XCTAssertEqual(again.2.value.count, 1)
        XCTAssertTrue(again.2.value[0].contains("HTTP 410 Gone when last asked; not asked again"), again.2.value[0])
    }

    func testRetryAfterMeansNoRequestUntilThen() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/busy.xml", status: 429, headers: ["Retry-After": "3600"], body: "")
        let url = server.url("/busy.xml")
        let loop = EventLoop()
        let (source, _, warnings) = try feed(url)
        source.start(on: loop) { _ in }
        XCTAssertTrue(drive(loop, timeout: 10) { !warnings.value.isEmpty })
        XCTAssertEqual(warnings.value, ["feed \"\(url)\": HTTP 429 Too Many Requests; keeping the last items"])
        XCTAssertGreaterThan(source.lastDelay, 3590, "not the 1 s retry")
        XCTAssertFalse(drive(loop, timeout: 3) { server.requests(to: "/busy.xml").count > 1 })
        source.stop()
        // A restart within the hour does not ask either.
        let again = try feed(url)
        again.0.start(on: loop) { _ in }
        XCTAssertFalse(drive(loop, timeout: 2) { server.requests(to: "/busy.xml").count > 1 })
        XCTAssertGreaterThan(again.0.lastDelay, 3590)
        XCTAssertGreaterThan(again.0.status.nextFetch ?? 0, Date().timeIntervalSince1970 + 3590)
    }

    func testMaxAgeStretchesTheIntervalUpToADay() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/cached.xml", headers: ["Cache-Control": "public, max-age=7200"], body: FeedFixtures.rss2)
        let loop = EventLoop()
        let (source, items, _) = try feed(server.url("/cached.xml"), refresh: 600)
        source.start(on: loop) { items.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
        XCTAssertGreaterThanOrEqual(source.lastDelay, 7199)
        XCTAssertLessThanOrEqual(source.lastDelay, 7200 * 1.05 + 1)
        let schedule = FeedSchedule(refresh: 600)
        XCTAssertEqual(schedule.interval(ttl: nil, maxAge: 10), 600, "never more often than --refresh")
        XCTAssertEqual(schedule.interval(ttl: nil, maxAge: 1_000_000), 86400, "never less often than a day")
        XCTAssertEqual(FeedSchedule(refresh: nil).interval(ttl: 1800, maxAge: nil), 1800)
        // The jitter: at most 5 % (and 5 minutes) later, never earlier.
        XCTAssertEqual(schedule.next(after: 0, ttl: nil, maxAge: nil, notBefore: nil, jitter: 0), 600)
        XCTAssertEqual(schedule.next(after: 0, ttl: nil, maxAge: nil, notBefore: nil, jitter: 0.999), 600 + 30 * 0.999, accuracy: 1e-9)
        XCTAssertEqual(FeedSchedule(refresh: 86400).next(after: 0, ttl: nil, maxAge: nil, notBefore: nil, jitter: 1), 86400 + 300)
    }

    func testACorruptOrForeignCacheFileIsIgnoredWithOneWarning() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/fresh.xml", body: FeedFixtures.rss2)
        let url = server.url("/fresh.xml")
        let cache = FeedCache(directory: cacheDirectory)
        for damage in ["xmarquee-feed-cache\t1\t\(url)\nfetched\t1\t200\nitem\tcut short", "GIF89a\u{1}\u{2}", "xmarquee-feed-cache\t1\thttps://other.example/\nend\n"] {
            try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
            try damage.write(toFile: cache.path(for: url), atomically: true, encoding: .utf8)
            let loop = EventLoop()
            let (source, items, warnings) = try feed(url)
            source.start(on: loop) { items.value = $0 }
            XCTAssertNil(items.value, "nothing shown from it")
            XCTAssertEqual(warnings.value.count, 1)
            XCTAssertTrue(warnings.value[0].hasPrefix("feed \"\(url)\": cache file \"\(cache.path(for: url))\" ignored: "), warnings.value[0])
            XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil }, "fetched at once instead")
            XCTAssertEqual(try FeedCacheEntry(text: String(contentsOfFile: cache.path(for: url), encoding: .utf8), url: url).items.count, 3,
                           "and written anew")
            XCTAssertEqual(warnings.value.count, 1)
            source.stop()
        }
    }

    /// Items kept without descriptions are shown at once when descriptions are asked for, then
    /// fetched anew without validators: a 304 must not confirm text of the other form.
    func testAChangedDescriptionsSettingFetchesTheItemsAnew() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/described.xml", headers: ["ETag": "\"d1\""], body: FeedFixtures.rss2)
        let url = server.url("/described.xml")
        let loop = EventLoop()
        do {
            let (source, items, _) = try feed(url, refresh: 3600)
            source.start(on: loop) { items.value = $0 }
            XCTAssertTrue(drive(loop, timeout: 10) { items.value != nil })
            source.stop()
        }
        let (source, items, _) = try feed(url, refresh: 3600, descriptions: true)
        source.start(on: loop) { items.value = $0 }
        XCTAssertEqual(items.value?.first?.text, "Markets rally as tech stocks climb", "the cached form first")
        XCTAssertTrue(drive(loop, timeout: 10) { server.requests(to: "/described.xml").count == 2 && items.value?.first?.text != "Markets rally as tech stocks climb" })
        XCTAssertNil(server.requests(to: "/described.xml")[1].headers["if-none-match"])
        XCTAssertEqual(items.value?.first?.text, "Markets rally as tech stocks climb — Shares rose 3% & more.")
        source.stop()
        // Kept in the new form: the next start waits for the hour, with descriptions.
        let (again, againItems, _) = try feed(url, refresh: 3600, descriptions: true)
        again.start(on: loop) { againItems.value = $0 }
        XCTAssertEqual(againItems.value?.first?.text, "Markets rally as tech stocks climb — Shares rose 3% & more.")
        XCTAssertGreaterThan(again.lastDelay, 3500)
    }

    func testItemsCarryTheirFeedsTitleAndColour() throws {
        let server = try FeedTestServer()
        defer { server.stop() }
        server.serve("/titled.xml", body: FeedFixtures.rss2)
        let url = server.url("/titled.xml")
        let loop = EventLoop()
        let (own, ownItems, _) = try feed(url, style: FeedItemStyle(title: .feedOwn))
        own.start(on: loop) { ownItems.value = $0 }
        XCTAssertTrue(drive(loop, timeout: 10) { ownItems.value != nil })
        XCTAssertEqual(ownItems.value?.first?.text, "Example News: Markets rally as tech stocks climb")
        XCTAssertEqual(ownItems.value?.first?.markup, false)
        own.stop()

        // From the cache the same, colour and a given title added; a % in the text stays text.
        let (given, givenItems, _) = try feed(url, style: FeedItemStyle(title: .given("50% World"), colour: "#8cf"))
        given.start(on: loop) { givenItems.value = $0 }
        XCTAssertEqual(givenItems.value?.first?.text, "%{F#8cf}50%% World: Markets rally as tech stocks climb%{F-}")
        XCTAssertEqual(givenItems.value?.first?.markup, true)
        XCTAssertEqual(givenItems.value?.first?.link, "https://news.example.com/markets")
        XCTAssertEqual(givenItems.value?.first?.visibleText(interpretingMarkup: true, limit: 200), "50% World: Markets rally as tech stocks climb")
    }
}
