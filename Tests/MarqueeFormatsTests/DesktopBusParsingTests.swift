import XCTest
@testable import MarqueeFormats

/// The desktop bus's parsers over plain `BusValue` trees: MPRIS metadata, the now-playing
/// format, Notify's arguments and body markup, the portal's settings, action links.
final class DesktopBusParsingTests: XCTestCase {
    func testMetadataFields() {
        let metadata = MPRISMetadata(.entries([
            .init("xesam:artist", .variant(.array([.string("A"), .string("B")]))),
            .init("xesam:title", .variant(.string("Song\nTitle"))),
            .init("xesam:album", .variant(.int(3))),
            .init("mpris:length", .variant(.int(125_000_000))),
            .init("xesam:trackNumber", .variant(.int(4))),
        ]))
        XCTAssertEqual(metadata.fields["artist"], "A, B")
        XCTAssertEqual(metadata.fields["title"], "Song Title", "one line")
        XCTAssertNil(metadata.fields["album"], "wrong type: absent")
        XCTAssertEqual(metadata.fields["length"], "2:05")
        XCTAssertEqual(metadata.fields["track"], "4")
        XCTAssertEqual(MPRISMetadata(.string("nonsense")).fields, [:])
    }

    func testFormat() throws {
        let format = try NowPlayingFormat(parsing: "♪ {artist} — {title} {{live}}")
        XCTAssertEqual(format.text(["artist": "A", "title": "T"]), "♪ A — T {live}")
        XCTAssertEqual(format.text(["title": "T"]), "♪ T {live}", "the separator goes with the missing artist")
        XCTAssertNil(format.text([:]))
        XCTAssertEqual(NowPlayingFormat.standard.text(["artist": "{title}", "title": "x"]), "{title} — x", "fields are never formats")
        XCTAssertThrowsError(try NowPlayingFormat(parsing: "{nope}"))
        XCTAssertThrowsError(try NowPlayingFormat(parsing: "{title"))
        XCTAssertThrowsError(try NowPlayingFormat(parsing: "title}"))
    }

    func testNotifyArguments() throws {
        let arguments: [BusValue] = [.string("app"), .uint(0), .string(""), .string("Build finished"),
                                     .string("<b>All</b> tests &amp; <a href=\"x\">docs</a><br/>passed &#x263A;"), .array([]),
                                     .entries([.init("urgency", .variant(.uint(2)))]), .int(700)]
        let request = try XCTUnwrap(NotificationRequest(arguments: arguments))
        XCTAssertEqual(request.summary, "Build finished")
        XCTAssertEqual(request.body, "All tests & docs passed ☺")
        XCTAssertEqual(request.urgency, .critical)
        XCTAssertEqual(request.expireTimeout, 700)
        XCTAssertEqual(request.text, "Build finished: All tests & docs passed ☺")
        XCTAssertNil(NotificationRequest(arguments: Array(arguments.prefix(7))))
        XCTAssertNil(NotificationRequest(arguments: [.int(1)] + arguments.dropFirst()))
        XCTAssertEqual(NotificationMarkup.plainText("a < b &bogus; c"), "a < b &bogus; c")
    }

    func testBoardExpiresReplacesAndStaysBounded() {
        var board = NotificationBoard(capacity: 3)
        let first = board.add(NotificationRequest(summary: "one", expireTimeout: 1000), at: 0).id
        XCTAssertEqual(board.add(NotificationRequest(replacesID: first, summary: "uno", expireTimeout: 1000), at: 0).id, first)
        XCTAssertEqual(board.shown, ["uno"])
        XCTAssertEqual(board.expire(at: 1.5), [first])
        for index in 0..<10 { _ = board.add(NotificationRequest(summary: "\(index)"), at: 2) }
        XCTAssertEqual(board.shown, ["7", "8", "9"])
        XCTAssertEqual(board.nextDeadline, 2 + NotificationBoard.defaultSeconds)
        _ = board.add(NotificationRequest(summary: "!", urgency: .critical), at: 2)
        XCTAssertFalse(board.shown.contains("!"), "critical ones are urgent messages, not in the list")
    }

    func testPortalSettings() {
        let answer = BusValue.entries([
            .init("org.gnome.desktop.interface", .entries([.init("enable-animations", .variant(.bool(false))),
                                                           .init("gtk-theme", .variant(.string("x")))])),
            .init("org.freedesktop.appearance", .entries([.init("color-scheme", .variant(.uint(1)))])),
        ])
        XCTAssertEqual(PortalSetting.all(in: answer), [.animations(false), .colorScheme(.dark)])
        XCTAssertNil(PortalSetting(namespace: "org.gnome.desktop.interface", key: "enable-animations", value: .string("no")))
    }

    func testActionLinksNeedTheToken() {
        let links = ActionLinks(token: "abc123")
        XCTAssertEqual(links.action(in: links.link("play-pause")), "play-pause")
        XCTAssertNil(links.action(in: "xmarquee-action:guess/play-pause"))
        XCTAssertTrue(ActionLinks.isAction("XMARQUEE-ACTION:guess/play-pause"))
        XCTAssertNotEqual(ActionLinks.random().token, ActionLinks.random().token)
    }

    func testLimitsCutAtACharacter() {
        let limits = BusLimits(stringBytes: 4)
        XCTAssertEqual(limits.bounded("aébc"), "aéb")
        XCTAssertEqual(limits.bounded("abcdé"), "abcd")
    }

    /// Until its timeout or for one pass, whichever ends first, never cut while being read.
    func testOnePassOrTheTimeout() throws {
        var board = NotificationBoard()
        let long = try XCTUnwrap(NotificationRequest(arguments: [.string("app"), .uint(0), .string(""), .string("Long"), .string("stays"),
                                                                 .array([]), .entries([]), .int(60_000)]))
        let short = try XCTUnwrap(NotificationRequest(arguments: [.string("app"), .uint(0), .string(""), .string("Short"), .string("goes"),
                                                                  .array([]), .entries([]), .int(1000)]))
        let longID = board.add(long, at: 0).id
        let shortID = board.add(short, at: 0).id
        XCTAssertEqual(board.readingEdge(is: ReadingEdge(text: "Long: stays")), [], "its pass begins")
        XCTAssertEqual(board.readingEdge(is: ReadingEdge(text: "Short: goes")), [longID], "one pass: gone long before its timeout")
        XCTAssertEqual(board.expire(at: 2), [], "its time is up, but it is being read")
        XCTAssertEqual(board.nextDeadline, 1 + NotificationBoard.readingGraceSeconds, "a still ticker does not keep it for ever")
        XCTAssertEqual(board.readingEdge(is: ReadingEdge(text: "Something else")), [shortID], "it goes once it has left the edge")
        XCTAssertTrue(board.entries.isEmpty)
    }

    /// The ticker's only message never leaves the reading edge: its timeout ends it.
    func testTheOnlyMessageGoesAtItsTimeout() throws {
        var board = NotificationBoard()
        let request = try XCTUnwrap(NotificationRequest(arguments: [.string("app"), .uint(0), .string(""), .string("Deploy"),
                                                                    .string("done"), .array([]), .entries([]), .int(700)]))
        let id = board.add(request, at: 0).id
        XCTAssertEqual(board.readingEdge(is: ReadingEdge(text: "Deploy: done", isOnlyMessage: true)), [])
        XCTAssertEqual(board.nextDeadline, 0.7, "no grace to finish a pass it cannot finish")
        XCTAssertEqual(board.expire(at: 0.7), [id])
    }
}
