import FontMatching

extension FontSet {
    /// Each slot's vertical metrics, for the tile painter's baselines.
    public var slotMetrics: [TilePainter.SlotMetrics] {
        (0..<slotCount).map { TilePainter.SlotMetrics(ascent: ascent(slot: $0), descent: descent(slot: $0)) }
    }
}
