import MarqueeConfig
import MarqueeConfigTOML
import TickrImport

/// Tickr's feed list and settings (`--import-tickr`): any bytes read as both, never a crash; every
/// feed has an address without spaces; and the config written from them parses back through our
/// TOML reader with every feed's address and title intact.
enum TickrFuzz: FuzzTarget {
    static let name = "tickr"

    static func run(_ data: [UInt8]) {
        let list = TickrFeedList(bytes: data)
        let settings = TickrSettings(bytes: data)
        for feed in list.feeds {
            FuzzTargets.require(!feed.url.isEmpty && !feed.url.unicodeScalars.contains { $0.value <= 0x20 }, "bad address \(feed.url.debugDescription)")
        }
        let migration = TickrMigration(feeds: list, settings: settings, source: "fuzz")
        let file: ConfigFile
        do {
            file = try ConfigFile(text: migration.document.text, path: "config")
        } catch {
            return FuzzTargets.require(false, "the written config does not parse: \(error)\n\(migration.document.text)")
        }
        let tables = file.settings.first { $0.key == "feed" }?.value
        guard !list.feeds.isEmpty else { return FuzzTargets.require(tables == nil, "tables without feeds") }
        guard case .tables(let read) = tables else { return FuzzTargets.require(false, "no [[feed]] tables read back") }
        FuzzTargets.require(read.count == list.feeds.count, "\(read.count) tables for \(list.feeds.count) feeds")
        for (table, feed) in zip(read, list.feeds) {
            FuzzTargets.require(table.contains(ConfigTableEntry(key: "url", value: feed.url)), "address \(feed.url.debugDescription) lost")
            if let title = feed.title {
                FuzzTargets.require(table.contains(ConfigTableEntry(key: "title", value: title)), "title \(title.debugDescription) lost")
            }
        }
    }
}
