import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// `--now-playing`: what an MPRIS 2 player plays, as one message formatted by
/// `--now-playing-format`. It follows the player that is playing (else the one that played
/// last), or only the one named (as `playerctl -p`): players are found with `ListNames`, followed
/// as they come and go (`NameOwnerChanged`) and as they change (`PropertiesChanged`), each read
/// whole once (`GetAll`). With no player there is no message. A click on the message toggles
/// play and pause (`playPause`), through the action link the app gives it.
public final class NowPlayingSource: MessageSource {
    public let name = "now playing"
    static let prefix = "org.mpris.MediaPlayer2."
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    private struct Player {
        /// The well-known name (`org.mpris.MediaPlayer2.vlc`).
        var busName: String
        var status = ""
        var metadata = MPRISMetadata()
        /// When it last started or stopped playing (a counter): who "played last".
        var stamp = 0
    }

    private let bus: BusConnection
    private let wanted: String?
    private let format: NowPlayingFormat
    private let lifecycle = SourceLifecycle(health: SourceHealth(subject: "now playing", keeping: "the last text"))
    /// By unique name (":1.42"), which signals come from.
    private var players: [String: Player] = [:]
    private var matches: [BusSlot] = []
    /// Calls in flight, by the name asked; a newer call for a name replaces (cancels) the older.
    private var calls: [String: BusSlot] = [:]
    private var stamps = 0
    /// The link its message carries, so a click on it comes back as `playPause()`.
    public var actionLink: String?
    /// What it shows now (`ctl status`).
    public private(set) var text: String?

    /// `player`: only the player of this name (`vlc` for `org.mpris.MediaPlayer2.vlc` and its
    /// instances); nil: whichever plays.
    public init(bus: BusConnection, player: String?, format: NowPlayingFormat) {
        self.bus = bus
        wanted = player.map { Self.prefix + $0 }
        self.format = format
    }

    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        bus.attach(to: loop)
        do {
            matches = [
                try bus.match("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0namespace='org.mpris.MediaPlayer2'") { [unowned self] in
                    self.ownerChanged($0.arguments())
                },
                try bus.match("type='signal',path='\(Self.objectPath)',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',arg0='\(Self.playerInterface)'") { [unowned self] in
                    self.propertiesChanged(from: $0.sender, $0.arguments())
                },
            ]
            calls["org.freedesktop.DBus"] = try bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames") { [unowned self] reply in
                self.calls["org.freedesktop.DBus"] = nil
                if let error = reply.errorName { return self.lifecycle.failed("ListNames: \(error)") }
                for name in reply.arguments(BusLimits(items: 4096)).first?.texts ?? [] where self.follows(name) { self.readPlayer(name) }
                self.lifecycle.succeeded()
            }
        } catch {
            lifecycle.failed(error.description)
        }
    }

    public func stop() {
        matches = []
        calls = [:]
        players = [:]
        lifecycle.stop()
    }

    /// Toggles play and pause on the player shown.
    public func playPause() {
        guard let (owner, _) = current else { return }
        do {
            try bus.send(owner, Self.objectPath, Self.playerInterface, "PlayPause")
        } catch {
            lifecycle.failed(error.description, kind: "PlayPause")
        }
    }

    private func follows(_ name: String) -> Bool {
        guard name.hasPrefix(Self.prefix) else { return false }
        guard let wanted else { return true }
        return name == wanted || name.hasPrefix(wanted + ".")
    }

    // MARK: What the bus says

    /// A player's name changed hands: it left, it came (or both).
    private func ownerChanged(_ arguments: [BusValue]) {
        guard arguments.count == 3, let name = arguments[0].text, let old = arguments[1].text, let new = arguments[2].text,
              follows(name) else { return }
        if !old.isEmpty, players[old]?.busName == name {
            players[old] = nil
            calls[name] = nil
            show()
        }
        if !new.isEmpty { readPlayer(name) }
    }

    /// Reads a player whole: its status and metadata. The reply comes from its unique name.
    private func readPlayer(_ name: String) {
        calls[name] = try? bus.call(name, Self.objectPath, "org.freedesktop.DBus.Properties", "GetAll",
                                    [.string(Self.playerInterface)], timeout: 2) { [unowned self] reply in
            self.calls[name] = nil
            // A player that vanished mid-call, or answers nonsense: it is simply not shown.
            guard reply.errorName == nil, let owner = reply.sender, let properties = reply.arguments().first else { return }
            var player = self.players[owner] ?? Player(busName: name)
            self.apply(properties, to: &player)
            self.players[owner] = player
            self.show()
        }
    }

    private func propertiesChanged(from sender: String?, _ arguments: [BusValue]) {
        guard let sender, var player = players[sender], arguments.count >= 2 else { return }
        apply(arguments[1], to: &player)
        players[sender] = player
        show()
    }

    private func apply(_ properties: BusValue, to player: inout Player) {
        if let metadata = properties["Metadata"] { player.metadata = MPRISMetadata(metadata) }
        if let status = properties["PlaybackStatus"]?.text, status != player.status {
            if status == "Playing" || player.status == "Playing" {
                stamps += 1
                player.stamp = stamps
            }
            player.status = status
        }
    }

    // MARK: What is shown

    /// The player shown: the latest to start playing among those playing, else the one that
    /// played last, else the first found.
    private var current: (owner: String, player: Player)? {
        let all = players.sorted { $0.key < $1.key }
        let playing = all.filter { $0.value.status == "Playing" }
        let pick = (playing.isEmpty ? all : playing).max { $0.value.stamp < $1.value.stamp }
        return pick.map { ($0.key, $0.value) }
    }

    private func show() {
        var fields = current?.player.metadata.fields ?? [:]
        if let player = current?.player { fields["player"] = String(player.busName.dropFirst(Self.prefix.count)) }
        let shown = current != nil ? format.text(fields) : nil
        guard shown != text else { return }
        text = shown
        lifecycle.emit(shown.map { [Message.data($0, link: actionLink)] } ?? [])
    }
}
