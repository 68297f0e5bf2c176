/// Order statistics for the benchmark's samples.
enum Statistics {
    static func median(_ values: [Double]) -> Double? { percentile(values, 50) }

    /// Nearest-rank percentile (p in 0...100); nil for no samples.
    static func percentile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    static func median(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[(values.count - 1) / 2]
    }
}
