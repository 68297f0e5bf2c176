import ArgumentParser
import MarqueeCore

/// The options of the live sources (feeds, commands, schedules, the clock): a group of their
/// own, so the main option list stays short and each source's settings sit together in --help.
struct SourceOptions: ParsableArguments {
    @Option(
            help: ArgumentHelp("An RSS, RDF, Atom or JSON feed (http, https or file URL); item titles become messages. Settings of its own may follow the address: \"URL title='World' refresh=600 descriptions=true colour=#8cf\". Repeatable.", valueName: "url"))
    var feed: [String] = []

    @Option(help: ArgumentHelp("Every feed of an OPML subscription list. Repeatable.", valueName: "file"))
    var opml: [String] = []

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Follow each feed title with its description (HTML removed).")
    var feedDescriptions = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Put each feed's own title before its items (a feed with title=… uses that).")
    var feedTitle = false

    @Option(help: ArgumentHelp("Show cached feed items at start only when fetched within this many hours.", valueName: "hours"),
            transform: NumberArgument.parser(atLeast: 0, "hours"))
    var feedMaxAge: Double?

    @Option(help: ArgumentHelp("Seconds between feed fetches (default: the feed's TTL, else 900).", valueName: "seconds"),
            transform: NumberArgument.parser(atLeast: 1, "seconds"))
    var refresh: Double?

    @Option(help: ArgumentHelp("Seconds a feed fetch may take in all.", valueName: "seconds"),
            transform: NumberArgument.parser(atLeast: 1, "seconds"))
    var feedTimeout: Double = 30

    @Option(
            help: ArgumentHelp("A command run every --interval; each output line is a message. Split into words like a shell would, but run without one. Repeatable.", valueName: "command"))
    var exec: [String] = []

    @Option(help: ArgumentHelp("Seconds between runs of each --exec command; a run still going then is killed.", valueName: "seconds"),
            transform: NumberArgument.parser(atLeast: 0.1, "seconds"))
    var interval: Double = 60

    @Option(
            help: ArgumentHelp("A message shown at certain times: \"WHEN|TEXT\", WHEN being HH:MM-HH:MM, MM-DD, YYYY-MM-DD and/or weekdays (mon-fri), e.g. \"mon-fri 09:00-17:00|Work hours\". Repeatable.", valueName: "when|text"))
    var schedule: [String] = []

    @Option(help: ArgumentHelp("A clock message in strftime format, e.g. \"%H:%M:%S\".", valueName: "format"))
    var clock: String?

    // The properties are named like their options, so each has the config key of the same name.
    var feeds: [String] { feed }
    /// Each --feed with its own settings (validated with the options).
    var subscriptions: [FeedSubscription] { feed.compactMap { try? FeedSubscription(parsing: $0) } }
    var opmlFiles: [String] { opml }
    var commands: [String] { exec }
    var schedules: [String] { schedule }

    var scheduledMessages: [ScheduledMessage] { schedules.compactMap { try? ScheduledMessage(parsing: $0) } }
    var commandWords: [[String]] { commands.compactMap { try? CommandWords.split($0) } }

    var isEmpty: Bool {
        feeds.isEmpty && opmlFiles.isEmpty && commands.isEmpty && schedules.isEmpty && clock == nil
    }

    func validate() throws {
        for schedule in schedules {
            do {
                _ = try ScheduledMessage(parsing: schedule)
            } catch {
                throw ValidationError("invalid --schedule \"\(schedule)\": \(error.description)")
            }
        }
        for command in commands {
            do {
                _ = try CommandWords.split(command)
            } catch {
                throw ValidationError("invalid --exec \"\(command)\": \(error.description)")
            }
        }
        for feed in feeds {
            let subscription: FeedSubscription
            do {
                subscription = try FeedSubscription(parsing: feed)
            } catch {
                throw ValidationError("invalid --feed \"\(feed)\": \(error.description)")
            }
            guard Self.isFeedAddress(subscription.url) else {
                throw ValidationError("invalid --feed \"\(feed)\": expected an http://, https:// or file:// URL")
            }
        }
        if clock?.isEmpty == true { throw ValidationError("invalid --clock \"\": expected a strftime format such as %H:%M") }
    }

    static func isFeedAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["http://", "https://", "file://"].contains { lower.hasPrefix($0) && lower.count > $0.count }
    }
}
