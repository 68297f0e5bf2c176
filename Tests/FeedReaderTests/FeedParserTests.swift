import FeedReader
import FeedTestServer
import Foundation
import XCTest

/// The three feed formats, OPML, HTML removal, and documents that are not feeds at all.
final class FeedParserTests: XCTestCase {
    func testRSS2ItemsTitlesLinksAndTTL() throws {
        let feed = try FeedParser.parse(Data(FeedFixtures.rss2.utf8))
        XCTAssertEqual(feed.format, .rss)
        XCTAssertEqual(feed.ttl, 30 * 60)
        XCTAssertEqual(feed.items.map(\.title), ["Markets rally as tech stocks climb", "Tom & Jerry’s café — reopens", ""])
        XCTAssertEqual(feed.items.map(\.link), ["https://news.example.com/markets", "https://news.example.com/cafe?a=1&b=2", ""],
                       "an atom:link inside an item is not its link; its own title wins over media:title")
        XCTAssertEqual(feed.items[0].description, "Shares rose 3% & more.", "HTML, script and entities removed")
        XCTAssertEqual(feed.items[1].description, "The café is back.")
        XCTAssertEqual(ItemText.message(for: feed.items[2], withDescription: false), "An item with only a description")
        XCTAssertEqual(ItemText.message(for: feed.items[0], withDescription: true), "Markets rally as tech stocks climb — Shares rose 3% & more.")
    }

    func testAtomEntriesPreferTheAlternateLinkAndStripHTMLTitles() throws {
        let feed = try FeedParser.parse(Data(FeedFixtures.atom.utf8))
        XCTAssertEqual(feed.format, .atom)
        XCTAssertEqual(feed.items.map(\.title), ["Oil slips 2%", "Rates unchanged"])
        XCTAssertEqual(feed.items.map(\.link), ["https://atom.example.com/oil", "https://atom.example.com/rates"])
        XCTAssertEqual(feed.items.map(\.description), ["Crude fell on Tuesday.", "The bank held rates."])
        XCTAssertNil(feed.ttl)
    }

    func testRDFItemsAndTheSyndicationPeriod() throws {
        let feed = try FeedParser.parse(Data(FeedFixtures.rdf.utf8))
        XCTAssertEqual(feed.format, .rdf)
        XCTAssertEqual(feed.items.map(\.title), ["Slashdot-style headline", "Second RDF item"])
        XCTAssertEqual(feed.items.map(\.link), ["https://rdf.example.com/1", "https://rdf.example.com/2"])
        XCTAssertEqual(feed.items[0].description, "Some text")
        XCTAssertEqual(feed.ttl, 1800, "hourly, twice: every 30 minutes")
    }

    func testDocumentsThatAreNotFeedsSayWhat() {
        let cases: [(String, String)] = [
            (FeedFixtures.malformed, "not well-formed (line 2: "),
            (FeedFixtures.htmlPage, "an HTML page, not a feed"),
            ("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>", "an HTML page, not a feed"),
            ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "not a feed: the document is <svg>, not RSS, RDF, Atom or JSON Feed"),
            ("   \n", "the response is empty"),
            ("\u{FF}\u{FE}garbage", "not well-formed (line 1: "),
            ("{\"version\": 2}", "not a feed: the JSON document has no JSON Feed \"version\""),
            ("{\"version\": ", "not valid JSON: "),
        ]
        // Found by the feed fuzzer: invalid UTF-8 in a processing instruction trapped FoundationXML;
        // libxml2 reads such bytes as Windows-1252 and says so.
        let instruction = Data("<?xm".utf8) + Data(repeating: 0xFF, count: 8) + Data("n=\"1.0\"?><rss version=\"2.0\"/>".utf8)
        XCTAssertThrowsError(try FeedParser.parse(instruction)) { error in
            XCTAssertTrue("\(error)".contains("not valid in UTF-8"), "\(error)")
        }
        let latin1 = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss version=\"2.0\"><channel><title>t</title><item><title>caf".utf8)
            + Data([0xE9]) + Data("</title></item></channel></rss>".utf8)
        XCTAssertEqual(try FeedParser.parse(latin1).items.map(\.title), ["café"])
        // Found by the feed fuzzer: an instruction without data crashed FoundationXML (strlen(NULL)).
        let bare = Data("<?xml version=\"1.0\"?><?bare?><rss version=\"2.0\"><channel><title>t</title><item><title>One<?x?></title></item></channel></rss>".utf8)
        XCTAssertEqual(try FeedParser.parse(bare).items.map(\.title), ["One"])
        XCTAssertThrowsError(try FeedParser.parse(Data("<feed><?<?x?></feed>".utf8)), "an instruction inside a target")
        for (document, expected) in cases {
            XCTAssertThrowsError(try FeedParser.parse(Data(document.utf8)), document) { error in
                XCTAssertTrue((error as? FeedParseError)?.description.hasPrefix(expected) == true, "\(error) for \(document)")
            }
        }
    }

    func testExternalEntitiesAreNeverRead() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <rss version="2.0"><channel><item><title>a&secret;b</title></item></channel></rss>
            """
        let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "\u{0}"
        if let feed = try? FeedParser.parse(Data(document.utf8)) {
            XCTAssertFalse(feed.items.contains { $0.title.contains(hostname) })
        }
    }

    func testItemsAreCappedAndLongDescriptionsCut() throws {
        let items = (0..<500).map { "<item><title>n\($0)</title></item>" }.joined()
        let feed = try FeedParser.parse(Data("<rss><channel>\(items)</channel></rss>".utf8))
        XCTAssertEqual(feed.items.count, FeedParser.maxItems)
        let long = ParsedFeed.Item(title: "T", description: String(repeating: "word ", count: 200))
        let message = ItemText.message(for: long, withDescription: true)
        XCTAssertLessThanOrEqual(message.count, ItemText.descriptionLimit + 5)
        XCTAssertTrue(message.hasSuffix("word…"))
    }

    func testOPMLListsEachFeedOnceInOrder() throws {
        XCTAssertEqual(try OPMLReader.feedURLs(in: Data(FeedFixtures.opml.utf8)),
                       ["https://news.example.com/rss", "https://atom.example.com/feed"])
        XCTAssertThrowsError(try OPMLReader.feedURLs(in: Data(FeedFixtures.rss2.utf8)))
        XCTAssertThrowsError(try OPMLReader.feedURLs(in: Data(FeedFixtures.malformed.utf8)))
        XCTAssertThrowsError(try OPMLReader.feedURLs(in: Data(FeedFixtures.recoverable.utf8)))
    }

    /// Lists as programs write them: folders nesting outlines, no `type`, `xmlUrl` in another
    /// case, and one that is not well-formed but still lists its feeds.
    func testOPMLAsListsAreWritten() throws {
        let nested = """
            <?xml version="1.0"?>
            <opml version="1.0"><head><title>Mine</title></head><body>
            <outline text="News"><outline text="World"><outline text="A" xmlurl="https://a.example/rss"/></outline>
            <outline text="B" XMLURL="https://b.example/atom" type="atom"/></outline>
            <outline text="C" xmlURL=" https://c.example/feed.json "/>
            <outline text="Folder only"/>
            </body></opml>
            """
        XCTAssertEqual(try OPMLReader.feedURLs(in: Data(nested.utf8)),
                       ["https://a.example/rss", "https://b.example/atom", "https://c.example/feed.json"])
        let broken = """
            <opml version="2.0"><body><outline text="Caf&eacute;" xmlUrl="https://d.example/rss?a=1&b=2">
            <outline text="E" xmlUrl="https://e.example/rss"></body></opml>
            """
        XCTAssertEqual(try OPMLReader.feedURLs(in: Data(broken.utf8)), ["https://d.example/rss?a=1&b=2", "https://e.example/rss"])
    }

    func testHTMLToPlainText() {
        XCTAssertEqual(HTMLText.plainText(fromHTML: "<p>One</p><p>Two &#x263A; &#9731;</p><!-- hidden --><style>p{}</style>"), "One Two ☺ ☃")
        XCTAssertEqual(HTMLText.plainText(fromHTML: "a &unknown; b &amp c &#0; <unfinished"), "a &unknown; b &amp c \u{FFFD}")
        XCTAssertEqual(HTMLText.plainText(fromHTML: "1 < 2 and 3 > 2, <b>bold</b>&#146;s &NotNestedLessLess; &fjlig;"), "1 < 2 and 3 > 2, bold’s ⪡̸ fj")
    }
}
