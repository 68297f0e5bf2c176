/// Which tile a backend keeps painted: tile `tile` of the content numbered `content`, at
/// sub-pixel phase `phase`.
public struct TileKey: Hashable, Sendable {
    public let content: UInt64
    public let tile: Int
    public let phase: Int

    public init(content: UInt64, tile: Int, phase: Int) {
        self.content = content
        self.tile = tile
        self.phase = phase
    }
}
