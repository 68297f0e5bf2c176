import Glibc
import MarqueeCore
import MarqueeIO

/// Feeds, commands, schedules and the clock: declared on the board before the window opens (so
/// the welcome text knows there is content coming), started once the ticker runs. Each source
/// owns its descriptors and reports through `update(source, messages)`.
final class LiveSources {
    private let options: SourceOptions
    private let feedURLs: [String]
    private var running: [AnyObject] = []
    /// How each source fares, in the order they are shown (`ctl status`).
    private(set) var health: [StatusReport.Source] = []

    /// Reads the OPML lists now: one that cannot be read ends the program (status 5), like --file.
    init(options: SourceOptions) {
        self.options = options
        var urls = options.feeds
        for path in options.opmlFiles {
            for url in Self.readOPML(path) where !urls.contains(url) { urls.append(url) }
        }
        feedURLs = urls
    }

    var hasAny: Bool { !options.isEmpty }

    /// Board names, in the order their messages are shown.
    private var clockName: String { "clock" }
    private var scheduleName: String { "schedule" }
    private func feedName(_ index: Int) -> String { "feed \(index): \(feedURLs[index])" }
    private func commandName(_ index: Int) -> String { "exec \(index): \(options.commands[index])" }

    func declare(on board: inout MessageBoard) {
        var names: [String] = []
        if options.clock != nil { names.append(clockName) }
        if !options.schedules.isEmpty { names.append(scheduleName) }
        names += feedURLs.indices.map(feedName) + options.commands.indices.map(commandName)
        for name in names { board.declare(name) }
        health = names.map { StatusReport.Source(name: $0) }
    }

    func start(loop: EventLoop, update: @escaping (_ source: String, _ messages: [Message]) -> Void) {
        if let format = options.clock, let clock = ClockSource(format: format) {
            clock.onChange = { [unowned self, clockName] text in
                self.record(clockName, failure: nil)
                update(clockName, [Message(text, tabularDigits: true)])
            }
            clock.start(on: loop)
            running.append(clock)
        }
        if !options.schedules.isEmpty, let schedule = ScheduleSource(entries: options.scheduledMessages) {
            schedule.onChange = { [unowned self, scheduleName] texts in
                self.record(scheduleName, failure: nil)
                update(scheduleName, texts.map { Message($0) })
            }
            schedule.start(on: loop)
            running.append(schedule)
        }
        if !feedURLs.isEmpty {
            let fetcher = HelperProgram.path
            var settings = FeedSource.Settings()
            settings.refresh = options.refresh
            settings.timeout = options.feedTimeout
            settings.descriptions = options.feedDescriptions
            for (index, url) in feedURLs.enumerated() {
                guard let feed = FeedSource(url: url, fetcher: fetcher, settings: settings, loop: loop) else { continue }
                let name = feedName(index)
                feed.onChange = { items in update(name, items) }
                feed.onOutcome = { [unowned self] failure in self.record(name, failure: failure) }
                feed.start()
                running.append(feed)
            }
        }
        for (index, words) in options.commandWords.enumerated() {
            guard let command = CommandSource(name: options.commands[index], arguments: words, interval: options.interval, loop: loop) else { continue }
            let name = commandName(index)
            command.onChange = { lines in update(name, lines.map { Message($0) }) }
            command.onOutcome = { [unowned self] failure in self.record(name, failure: failure) }
            command.start()
            running.append(command)
        }
    }

    private func record(_ name: String, failure: String?) {
        guard let index = health.firstIndex(where: { $0.name == name }) else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        if let failure {
            health[index].lastError = failure
            health[index].lastErrorTime = seconds
        } else {
            health[index].lastSuccess = seconds
        }
    }

    /// Runs `xmarquee-feed opml PATH` to the end on a private loop: the XML is parsed in the
    /// helper, like every feed, and only the addresses come back.
    static func readOPML(_ path: String) -> [String] {
        let outcome: ChildRun.Outcome
        do {
            outcome = try ChildRun.toEnd([HelperProgram.path, "opml", path], timeout: 30, outputLimit: 16 << 20)
        } catch {
            Diagnostics.fail("--opml \"\(path)\": \(error.description)", status: ExitStatus.input.rawValue)
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
        if let problem { Diagnostics.fail("--opml: \(problem)", status: ExitStatus.input.rawValue) }
        guard finished else {
            let why = outcome.failure(timeout: 30, limit: 16 << 20) ?? "no result"
            Diagnostics.fail("--opml \"\(path)\": the feed helper failed (\(why))", status: ExitStatus.input.rawValue)
        }
        return urls
    }
}
