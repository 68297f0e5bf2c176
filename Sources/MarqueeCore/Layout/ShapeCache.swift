/// Shapes each distinct piece once: a 10 MB text is mostly the same few thousand words, and a
/// clock tick beside it shapes only the clock. Measuring and drawing both read from here, so a
/// tile draws exactly the glyphs the layout measured.
///
/// Keys of up to 16 bytes (most words) are packed into two integers, so a look-up allocates
/// nothing. The cache is bounded: past `capacity` entries it starts again (layouts keep the
/// pieces they hold alive on their own), so random text cannot grow it without end.
public final class ShapeCache {
    public static let capacity = 1 << 16

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
    private var entries: [Key: ShapedText] = [:]
    /// Pieces shaped (cache misses), for tests that prove unchanged text is never shaped again.
    public private(set) var shapedCount = 0

    public init(shaper: TextShaper) {
        self.shaper = shaper
    }

    public func shaped(_ bytes: UnsafeBufferPointer<UInt8>, as run: ShapingRun) -> ShapedText {
        let key = Key(bytes, run: run)
        if let cached = entries[key] { return cached }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        shapedCount += 1
        let shaped = shaper.shape(bytes, as: run)
        entries[key] = shaped
        return shaped
    }
}
