/// Shapes each distinct piece once while it is in use: a 10 MB text is mostly the same few
/// thousand words, and a clock tick beside it shapes only the clock. Measuring and drawing both
/// read from here (a layout keeps where a chunk's bytes are, and a tile has them shaped again),
/// and shaping is deterministic, so a tile draws exactly the glyphs the layout measured.
///
/// Keys of up to 15 bytes (most words) are packed into two integers, so a look-up allocates
/// nothing. The cache is bounded in bytes (`ByteBoundedCache`): random text cannot grow it past
/// `byteLimit`, and what the last two layouts and the tiles painted since did not use is let go
/// when a layout is adopted (`endGeneration`), so an always-on bar's clock seconds do not pile up.
public final class ShapeCache {
    /// The distinct pieces of many window-fulls of text (a few thousand words, a few hundred
    /// pieces of CJK): what the tiles on the strip draw from.
    public static let defaultByteLimit = 2 << 20

    private struct Key: Hashable {
        var low: UInt64
        var high: UInt64
        var long: [UInt8]?
        var run: ShapingRun

        init(_ bytes: UnsafeBufferPointer<UInt8>, run: ShapingRun) {
            self.run = run
            low = 0
            high = UInt64(bytes.count) << 56
            if bytes.count <= 15 {
                long = nil
                for (index, byte) in bytes.enumerated() {
                    if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
                }
            } else {
                long = Array(bytes)
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(low)
            hasher.combine(high)
            if let long { hasher.combine(long) }
            hasher.combine(run.font << 2 | (run.rightToLeft ? 2 : 0) | (run.tabularDigits ? 1 : 0))
        }
    }

    public let shaper: TextShaper
    private var entries: ByteBoundedCache<Key, ShapedText>
    /// Pieces shaped (cache misses), for tests that prove unchanged text is never shaped again.
    public private(set) var shapedCount = 0

    public init(shaper: TextShaper, byteLimit: Int = ShapeCache.defaultByteLimit) {
        self.shaper = shaper
        entries = ByteBoundedCache(byteLimit: byteLimit)
    }

    /// Pieces held, and what they cost in bytes.
    public var count: Int { entries.count }
    public var byteCount: Int { entries.byteCount }
    public var byteLimit: Int { entries.byteLimit }

    public func shaped(_ bytes: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
        let key = Key(bytes, run: run)
        if let cached = entries.value(for: key) { return cached }
        shapedCount += 1
        let shaped = shaper.shape(bytes, as: run)
        // A key of more than 15 bytes holds them in an array of its own.
        let keyBytes = key.long.map { Self.arrayHeaderBytes + $0.count } ?? 0
        entries.insert(shaped, for: key, bytes: shaped.byteCount + keyBytes)
        return shaped
    }

    /// A layout was adopted: pieces that neither it nor the one before used are let go.
    public func endGeneration() {
        entries.endGeneration()
    }

    /// The header of a Swift array's storage and malloc's own, in bytes.
    static let arrayHeaderBytes = 48
}
