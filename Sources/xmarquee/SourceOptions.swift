import ArgumentParser
import MarqueeFormats

/// The options of the live sources (feeds, commands, schedules, the clock): a group of their
/// own, so the main option list stays short and each source's settings sit together in --help.
struct SourceOptions: ParsableArguments {
    @Option(help: .setting(.feed))
    var feed: [String] = []

    @Option(help: .setting(.opml))
    var opml: [String] = []

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.feedDescriptions))
    var feedDescriptions = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: .setting(.feedTitle))
    var feedTitle = false

    @Option(help: .setting(.feedMaxAge),
            transform: NumberArgument.parser(atLeast: 0, "hours"))
    var feedMaxAge: Double?

    @Option(help: .setting(.refresh),
            transform: NumberArgument.parser(atLeast: 1, "seconds"))
    var refresh: Double?

    @Option(help: .setting(.feedTimeout),
            transform: NumberArgument.parser(atLeast: 1, "seconds"))
    var feedTimeout: Double = 30

    @Option(help: .setting(.exec))
    var exec: [String] = []

    @Option(help: .setting(.interval),
            transform: NumberArgument.parser(atLeast: 0.1, "seconds"))
    var interval: Double = 60

    @Option(help: .setting(.schedule))
    var schedule: [String] = []

    @Option(help: .setting(.clock))
    var clock: String?

    @Option(help: .setting(.include))
    var include: [String] = []

    @Option(help: .setting(.exclude))
    var exclude: [String] = []

    @Flag(help: .setting(.nowPlaying))
    var nowPlaying = false

    @Option(help: .setting(.player))
    var player: String?

    @Option(help: .setting(.nowPlayingFormat))
    var nowPlayingFormat = "{artist} — {title}"

    @Flag(help: .setting(.notifications))
    var notifications = false

    // The properties are named like their options, so each has the config key of the same name.
    var feeds: [String] { feed }
    /// Each --feed with its own settings (validated with the options).
    var subscriptions: [FeedSubscription] { feed.compactMap { try? FeedSubscription(parsing: $0) } }
    var opmlFiles: [String] { opml }
    var commands: [String] { exec }
    var schedules: [String] { schedule }

    var scheduledMessages: [ScheduledMessage] { schedules.compactMap { try? ScheduledMessage(parsing: $0) } }
    var commandWords: [[String]] { commands.compactMap { try? CommandWords.split($0) } }
    /// The global filter's patterns (validated with the options).
    var includePatterns: [FilterPattern] { include.compactMap { try? FilterPattern(parsing: $0) } }
    var excludePatterns: [FilterPattern] { exclude.compactMap { try? FilterPattern(parsing: $0) } }

    /// Whether it follows a media player (`--player` alone says so too).
    var followsPlayer: Bool { nowPlaying || player != nil }
    /// The checked format (validated with the options).
    var playingFormat: NowPlayingFormat { (try? NowPlayingFormat(parsing: nowPlayingFormat)) ?? .standard }

    var isEmpty: Bool {
        feeds.isEmpty && opmlFiles.isEmpty && commands.isEmpty && schedules.isEmpty && clock == nil && !followsPlayer && !notifications
    }

    func validate() throws {
        for (name, patterns) in [("include", include), ("exclude", exclude)] {
            for pattern in patterns {
                do {
                    _ = try MessageFilters.matcher(pattern)
                } catch {
                    throw ValidationError("invalid --\(name) \"\(pattern)\": \(error)")
                }
            }
        }
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
            for pattern in subscription.include + subscription.exclude {
                do {
                    _ = try MessageFilters.matcher(pattern)
                } catch {
                    throw ValidationError("invalid --feed \"\(feed)\": \(error)")
                }
            }
            guard Self.isFeedAddress(subscription.url) else {
                throw ValidationError("invalid --feed \"\(feed)\": expected an http://, https:// or file:// URL")
            }
        }
        do {
            _ = try NowPlayingFormat(parsing: nowPlayingFormat)
        } catch {
            throw ValidationError("invalid --now-playing-format \"\(nowPlayingFormat.prefix(100))\": \(error.description)")
        }
        if let player, player.isEmpty || player.utf8.count > 200 || player.contains(where: { $0 == "/" || $0.isWhitespace }) {
            throw ValidationError("invalid --player \"\(player.prefix(100))\": expected a player's name, such as vlc")
        }
        if clock?.isEmpty == true { throw ValidationError("invalid --clock \"\": expected a strftime format such as %H:%M") }
    }

    static func isFeedAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["http://", "https://", "file://"].contains { lower.hasPrefix($0) && lower.count > $0.count }
    }
}
