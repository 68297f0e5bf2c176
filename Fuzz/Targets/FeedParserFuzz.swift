import FeedReader
import Foundation

/// A feed as fetched: parsed or refused, never more items than the cap.
enum FeedParserFuzz: FuzzTarget {
    static let name = "feed"

    static func run(_ data: [UInt8]) {
        guard let feed = try? FeedParser.parse(Data(data)) else { return }
        FuzzTargets.require(feed.items.count <= FeedParser.maxItems, "\(feed.items.count) items")
    }
}
