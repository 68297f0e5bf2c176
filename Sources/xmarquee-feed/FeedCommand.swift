import ArgumentParser
import FeedReader
import Foundation
import MarqueeFormats

/// `xmarquee-feed`: the ticker's helper for the work that needs full Foundation. It fetches and
/// parses one feed (or reads an OPML list) and writes the result as `FeedRecord` lines on standard
/// output; with `read-config` it parses the TOML config file instead (see `ReadConfig`). It runs
/// as a separate process so untrusted XML, TLS, the TOML parser and Foundation's memory stay out
/// of the ticker; the ticker starts it once per refresh. For feeds its exit status is always 0
/// when it could write a final record: failures are `error` records, which the ticker turns into
/// one warning naming the feed. Each command fences itself in first (`HelperFence`).
@main
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xmarquee-feed",
        abstract: "Fetches a feed (or reads the config file) for xmarquee and prints the result as records.",
        subcommands: [Fetch.self, OPML.self, ReadConfig.self, CheckFence.self]
    )
}

/// Writes one record at once, so the reader never sees half a line from a crash mid-write.
func emit(_ record: FeedRecord) {
    FileHandle.standardOutput.write(Data(record.line.utf8))
}

struct Fetch: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Fetch one feed (http, https or file URL).")

    @Argument(help: "The feed's address.") var url: String
    @Option(help: "ETag of the last fetch, for a conditional request.") var etag = ""
    @Option(help: "Last-Modified of the last fetch, for a conditional request.") var lastModified = ""
    @Option(help: "Seconds for the whole fetch.") var timeout = 30.0
    @Option(help: "Largest response accepted, in bytes.") var maxBytes = 5 << 20
    @Flag(help: "Follow each title with its description (HTML removed).") var descriptions = false
    @Flag(help: "Also write the feed's own title.") var feedTitle = false

    func run() {
        // A `file:` feed is the one file it reads besides the system's; an http(s) one, none.
        let address = URL(string: url)
        HelperFence.install(reading: address?.scheme?.lowercased() == "file" ? [address?.path ?? ""] : [])
        var limits = FeedFetcher.Limits()
        limits.timeout = timeout
        limits.maxBytes = maxBytes
        let exchange = FeedFetcher(limits: limits).exchange(url, etag: etag, lastModified: lastModified)
        if let facts = exchange.response, facts.saysMore {
            emit(.response(.init(status: facts.status, movedTo: facts.permanentAddress ?? "", retryAfter: facts.retryAfter,
                                 maxAge: facts.maxAge)))
        }
        switch exchange.result {
        case .success(.notModified(let newTag, let newDate)):
            emit(.notModified(.init(etag: newTag.isEmpty ? etag : newTag, lastModified: newDate.isEmpty ? lastModified : newDate)))
        case .success(.body(let document)):
            let feed: ParsedFeed
            do {
                feed = try FeedParser.parse(document.data, contentType: document.contentType, address: document.address)
            } catch {
                emit(.error(error.description))
                return
            }
            if let recovery = feed.recovery { emit(.warning(recovery)) }
            if feedTitle, let title = feed.title, !title.isEmpty { emit(.title(title)) }
            for item in feed.items {
                emit(.item(title: ItemText.message(for: item, withDescription: descriptions), link: item.link))
            }
            emit(.ok(.init(etag: document.etag, lastModified: document.lastModified, ttl: feed.ttl)))
        case .failure(let error):
            emit(.error(error.description))
        }
    }
}

extension ResponseFacts {
    /// Whether the ticker needs a `response` record: anything beyond a plain 200 or 304.
    var saysMore: Bool {
        ![200, 304].contains(status) || permanentAddress != nil || retryAfter != nil || maxAge != nil
    }
}

struct OPML: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the feed addresses in an OPML file.")

    @Argument(help: "Path of the OPML file.") var path: String

    func run() throws {
        HelperFence.install(reading: [path])
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            emit(.error("cannot read \"\(path)\": \(FeedFetcher.reason(error))"))
            return
        }
        do {
            for url in try OPMLReader.feedURLs(in: data) { emit(.feed(url: url)) }
            emit(.ok(.init()))
        } catch {
            emit(.error("\"\(path)\": \(error.description)"))
        }
    }
}
