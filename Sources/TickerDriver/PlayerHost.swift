import MarqueeCore
import MarqueeFormats

/// The ticker as the app, `xmarquee ctl` and the config file drive it: each request is one
/// change to the player, applied by the host, which then follows what the player decided
/// (frames, timers, a redraw).
public protocol PlayerHost: AnyObject {
    var player: MarqueePlayer { get }
    var statistics: FrameStatistics { get }
    /// Applies a change to the player now (`now` is the host's clock), then follows it.
    func update(_ change: (inout MarqueePlayer, _ now: Double) -> Void)
    /// The display's frame facts for `ctl status`: how frames are presented.
    func describeFrames(into report: inout StatusReport)
    /// Each lane's part of `ctl status`.
    func describeLanes(into report: inout StatusReport)
}

extension PlayerHost {
    public func setMessages(_ messages: [String]) { setMessages(messages.map { Message($0) }) }

    /// Messages with their links (feed items): a click on a linked message opens it.
    public func setMessages(_ messages: [Message]) { setMessages([MessageGroup(source: "", messages: messages)]) }

    /// Every source's messages: a source whose array is the one it had is not laid out again.
    public func setMessages(_ groups: [MessageGroup]) { update { player, _ in player.setMessages(groups) } }

    /// Shows `text` once, at the next place it can enter without a jump (`ctl say`).
    public func announce(_ text: String) { update { $0.announce(text, at: $1) } }
    public func pause() { update { $0.pause(at: $1) } }
    public func resume() { update { $0.resume(at: $1) } }
    public func togglePause() { update { $0.togglePause(at: $1) } }
    public func skipToNextMessage() { update { $0.skipToNextMessage(at: $1) } }
    /// A speed from the user, eased in (`ctl speed`).
    public func changeSpeed(to speed: Double) { update { $0.changeSpeed(to: speed, at: $1) } }
    /// A speed or direction from the configuration.
    public func setSpeed(_ speed: Double, direction: ScrollDirection) { update { $0.setSpeed(speed, direction: direction, at: $1) } }
    /// A new separator, padding or markup: laid out again and swapped in like new text.
    public func setLayout(_ layout: LayoutSettings) { update { player, _ in player.setLayout(layout) } }
    public func setScale(_ scale: Double) { update { player, _ in player.setScale(scale) } }
    public func setReducedMotion(_ reduced: Bool) { update { $0.setReducedMotion(reduced, at: $1) } }

    public var isPaused: Bool { player.isPaused }
    /// Pages stand without motion (reduced motion; a rolling board is not).
    public var reducesMotion: Bool { player.pages.isOn && !player.pages.rolls }
    public var framesDrawn: UInt64 { statistics.shown }
    public var framesMissed: UInt64 { statistics.missed }

    /// The link of the text under window column `x`, if it has one.
    public func link(atWindowX x: Int) -> String? { player.strip.link(atWindowX: x) }

    /// Fills in the ticker's part of a status report: the player's, and the frames.
    public func describe(into report: inout StatusReport) {
        report.read(player)
        report.framesShown = statistics.shown
        report.framesMissed = statistics.missed
        report.framesLate = statistics.late
        describeFrames(into: &report)
        describeLanes(into: &report)
    }
}
