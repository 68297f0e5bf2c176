import MarqueeCore

/// The painted tiles of the contents on the strip, one per tile and sub-pixel phase, whatever a
/// backend keeps them as (an X pixmap, a canvas in memory): made the first time a frame needs
/// them, kept while frames use them, released here and nowhere else.
///
/// Only tiles in (or near) view exist: a 10 MB text has thousands of possible tiles but keeps a
/// handful, so memory and frame cost follow the window, not the text. A whole-pixel speed uses
/// phase 0 only; a fractional one the few phases its steps land on.
public final class TileStore<Tile> {
    private struct Entry {
        let tile: Tile
        var lastUsedFrame: UInt64
    }

    private var tiles: [TileKey: Entry] = [:]
    /// The tiles the last frames used, looked up before the dictionary: a frame copies from two
    /// or three tiles, and hashing a key costs more than comparing four.
    private var recent: [(key: TileKey, tile: Tile)] = []
    private var frameNumber: UInt64 = 0
    private let release: (Tile) -> Void

    /// `release` frees a tile's resources when it goes (nothing for memory Swift frees).
    public init(release: @escaping (Tile) -> Void = { _ in }) {
        self.release = release
    }

    deinit { releaseAll() }

    public var count: Int { tiles.count }

    /// Tile `index` of `content` at `phase`, made by `make` the first time; nil when it cannot be.
    public func tile(of content: CycleContent, index: Int, phase: Int, make: (_ width: Int) -> Tile?) -> Tile? {
        let key = TileKey(content: content.id, tile: index, phase: phase)
        for entry in recent where entry.key == key { return entry.tile }
        if recent.count == 4 { recent.removeFirst() }
        if let entry = tiles[key] {
            tiles[key]?.lastUsedFrame = frameNumber
            recent.append((key, entry.tile))
            return entry.tile
        }
        guard let made = make(min(StripGeometry.tileWidth, content.unitWidth - index * StripGeometry.tileWidth)) else { return nil }
        tiles[key] = Entry(tile: made, lastUsedFrame: frameNumber)
        recent.append((key, made))
        return made
    }

    /// Counts a frame and, every few, frees the tiles no recent frame used once there are more
    /// than a `span`-wide view's worth at each sub-pixel phase plus a few (contents that left the
    /// strip go this way too).
    public func endFrame(span: Int) {
        frameNumber &+= 1
        guard frameNumber % 8 == 0 else { return }
        let budget = (span / StripGeometry.tileWidth + 4) * SubpixelGrid.steps
        guard tiles.count > budget else { return }
        for entry in recent { tiles[entry.key]?.lastUsedFrame = frameNumber }
        for (key, entry) in tiles where entry.lastUsedFrame < frameNumber - 8 {
            release(entry.tile)
            tiles[key] = nil
        }
    }

    /// Drops every tile: after a change of colour, height, font or item box they are made anew.
    public func releaseAll() {
        for entry in tiles.values { release(entry.tile) }
        tiles.removeAll()
        recent.removeAll()
    }
}
