import Glibc
import MarqueeConfig
import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// Every source of messages, made from the options in one place and run alike: the arguments,
/// the file, standard input, the clock, schedules, feeds and commands, each a `MessageSource`.
/// They are made (and declared on the board, in the order their messages are shown) before the
/// window opens — a file or OPML list that cannot be read is a `StartFailure` (status 5) — and
/// started together once the ticker runs. The board is here; each change of it goes to `onChange`.
final class LiveSources {
    /// In the order their messages are shown.
    private let sources: [any MessageSource]
    /// The command line's (or config's) text: replaced on a reload.
    private let arguments: StaticSource
    /// Whether anything but the arguments brings messages (then no welcome text, even when empty).
    private let hasOtherSources: Bool
    private var board = MessageBoard()
    /// Each source's filter (`--include`, `--exclude`, and a feed's own on top), by source name.
    private var filters: [String: MessageFilter] = [:]
    /// Every filter rule's label, in order: the global ones, then each feed's.
    private var filterLabels: [String] = []
    /// How many of its latest messages each source's filter held back, by rule label.
    private var held: [String: [String: Int]] = [:]
    /// What each filter holds back now, summed over the sources (`ctl status`).
    var filterCounts: [StatusReport.FilterCount] {
        filterLabels.map { label in
            StatusReport.FilterCount(filter: label, held: held.values.reduce(0) { $0 + ($1[label] ?? 0) })
        }
    }
    /// How each live source fares, in the order they are shown (`ctl status`), with each feed's own state.
    var health: [StatusReport.Source] {
        recorded.map { source in
            var source = source
            source.feed = feedSources[source.name]?.status
            return source
        }
    }
    private var recorded: [StatusReport.Source] = []
    private var feedSources: [String: FeedSource] = [:]
    private var onChange: ([MessageGroup]) -> Void = { _ in }
    /// While the sources start, their first messages only fill the board: the ticker gets them at once.
    private var starting = false

    /// `busSources`: the desktop bus's (`DesktopBusSources`), shown after the others.
    init(options: Options, busSources: [any MessageSource] = []) throws(StartFailure) {
        var sources: [any MessageSource] = []
        if let path = options.file {
            do {
                sources.append(try FileSource(path: path))
            } catch {
                throw StartFailure(message: error.description, status: .input)
            }
        }
        if options.readsStandardInput { sources.append(StandardInputSource(keep: options.keep)) }
        let global = MessageFilters.rules(include: options.sources.includePatterns, exclude: options.sources.excludePatterns,
                                          prefix: "")
        let (live, feedRules) = try Self.liveSources(options.sources)
        sources += live + busSources
        hasOtherSources = options.file != nil || options.readsStandardInput || !options.sources.isEmpty
        arguments = StaticSource(messages: Self.argumentMessages(options, hasOtherSources: hasOtherSources))
        self.sources = [arguments] + sources
        for source in self.sources { board.declare(source.name) }
        recorded = self.sources.filter(\.showsInStatus).map { StatusReport.Source(name: $0.name) }
        for case let feed as FeedSource in self.sources { feedSources[feed.name] = feed }
        var labels = global.map(\.label)
        for source in self.sources {
            let rules = global + (feedRules[source.name] ?? [])
            labels += rules.map(\.label)
            if !rules.isEmpty { filters[source.name] = MessageFilter(rules: rules) }
        }
        filterLabels = labels.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The clock, the schedules, each feed and each command. One that cannot be made (no timer
    /// descriptor) is one warning naming it, and the ticker runs without it.
    private static func liveSources(_ options: SourceOptions) throws(StartFailure) -> ([any MessageSource], [String: [MessageFilter.Rule]]) {
        var made: [any MessageSource] = []
        var feedRules: [String: [MessageFilter.Rule]] = [:]
        func add(_ make: () throws -> any MessageSource) {
            do {
                made.append(try make())
            } catch {
                Diagnostics.warn("\(error); running without it")
            }
        }
        if let format = options.clock { add { try ClockSource(format: format) } }
        if !options.schedules.isEmpty {
            add { try ScheduleSource(entries: options.scheduledMessages) }
        }
        var subscriptions = options.subscriptions
        for path in options.opmlFiles {
            for url in try readOPML(path) where !subscriptions.contains(where: { $0.url == url }) {
                subscriptions.append(FeedSubscription(url: url))
            }
        }
        let cache = XDGPaths(environment: XMarquee.environment).feedCache.map(FeedCache.init)
        for (index, subscription) in subscriptions.enumerated() where subscription.enabled {
            let name = "feed \(index): \(subscription.url)"
            feedRules[name] = MessageFilters.rules(include: subscription.include, exclude: subscription.exclude, prefix: "feed \(index) ")
            var settings = FeedSource.Settings()
            settings.refresh = subscription.refresh ?? options.refresh
            settings.timeout = options.feedTimeout
            settings.descriptions = subscription.descriptions ?? options.feedDescriptions
            settings.style = FeedItemStyle(title: subscription.title.map { .given($0) } ?? (options.feedTitle ? .feedOwn : .none),
                                           colour: subscription.colour)
            settings.cache = cache
            settings.maxCacheAge = options.feedMaxAge.map { $0 * 3600 }
            add {
                try FeedSource(name: name, url: subscription.url, fetcher: HelperProgram.path,
                               settings: settings)
            }
        }
        // Validated with the options: every command splits into words.
        for (index, command) in options.commands.enumerated() {
            guard let words = try? CommandWords.split(command) else { continue }
            add {
                try CommandSource(name: "exec \(index): \(command)", command: command, arguments: words, interval: options.interval)
            }
        }
        return (made, feedRules)
    }

    /// The command line's (or config's) messages; the welcome text when there is nothing at all.
    private static func argumentMessages(_ options: Options, hasOtherSources: Bool) -> [Message] {
        let texts = options.messagesFromArguments
        return (texts.isEmpty && !hasOtherSources ? WelcomeText.messages : texts).map { Message($0) }
    }

    /// Starts every source on `loop`; `onChange` gets the board's groups whenever they change
    /// (once for everything the sources show at start).
    func start(on loop: EventLoop, onChange: @escaping ([MessageGroup]) -> Void) {
        self.onChange = onChange
        starting = true
        for source in sources {
            let name = source.name
            let reports = source.showsInStatus
            source.start(on: loop, emit: { [unowned self] messages in
                self.update(name, messages)
            }, outcome: { [unowned self] failure in
                if reports { self.record(name, failure: failure) }
            })
        }
        starting = false
        onChange(board.sourceGroups)
    }

    /// Stops every source: timers disarmed, descriptors unwatched, children killed.
    func stop() {
        for source in sources { source.stop() }
    }

    /// A reload changed the text: the arguments' source emits the new messages.
    func setArguments(_ options: Options) {
        arguments.update(Self.argumentMessages(options, hasOtherSources: hasOtherSources))
    }

    private func update(_ name: String, _ messages: [Message]) {
        var messages = messages
        if let filter = filters[name] {
            (messages, held[name]) = filter.apply(messages) { $0.visibleText(interpretingMarkup: true, limit: 64 << 10) }
        }
        if board.set(name, messages), !starting { onChange(board.sourceGroups) }
    }

    private func record(_ name: String, failure: String?) {
        guard let index = recorded.firstIndex(where: { $0.name == name }) else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        if let failure {
            recorded[index].lastError = failure
            recorded[index].lastErrorTime = seconds
        } else {
            recorded[index].lastSuccess = seconds
        }
    }

    /// Runs `xmarquee-feed opml PATH` to the end on a private loop: the XML is parsed in the
    /// helper, like every feed, and only the addresses come back.
    static func readOPML(_ path: String) throws(StartFailure) -> [String] {
        let outcome: ChildRun.Outcome
        do {
            outcome = try ChildRun.toEnd([HelperProgram.path, "opml", path], timeout: 30, outputLimit: 16 << 20)
        } catch {
            throw StartFailure(message: "--opml \"\(path)\": \(error.description)", status: .input)
        }
        var urls: [String] = []
        var problem: String?
        var finished = false
        for line in TextSanitizer.decode(outcome.output).split(separator: "\n") {
            switch FeedRecord(line: String(line)) {
            case .feed(let url)?: urls.append(url)
            case .error(let text)?: problem = text
            case .ok?: finished = true
            default: break
            }
        }
        if let problem { throw StartFailure(message: "--opml: \(problem)", status: .input) }
        guard finished else {
            let why = outcome.failure(timeout: 30, limit: 16 << 20) ?? "no result"
            throw StartFailure(message: "--opml \"\(path)\": the feed helper failed (\(why))", status: .input)
        }
        return urls
    }
}
