/// The median of the last `capacity` values added, kept sorted as they come and go: a value in
/// and the oldest out cost a binary search and a shift each, where sorting the window again
/// cost a sort a frame (the presentation clock adds an interval every frame callback).
public struct RollingMedian: Sendable {
    public let capacity: Int
    /// The values in the order they came (the oldest first once full: `oldest` marks it).
    private var arrivals: [Double] = []
    private var oldest = 0
    private var sorted: [Double] = []

    public init(capacity: Int) {
        precondition(capacity > 0, "a median needs room for a value")
        self.capacity = capacity
        arrivals.reserveCapacity(capacity)
        sorted.reserveCapacity(capacity)
    }

    public var count: Int { sorted.count }

    /// The middle value (the upper of the two middle ones for an even count); nil when empty.
    public var median: Double? { sorted.isEmpty ? nil : sorted[sorted.count / 2] }

    public mutating func add(_ value: Double) {
        if arrivals.count < capacity {
            arrivals.append(value)
        } else {
            sorted.remove(at: Self.firstIndex(notBelow: arrivals[oldest], in: sorted))
            arrivals[oldest] = value
            oldest = (oldest + 1) % capacity
        }
        sorted.insert(value, at: Self.firstIndex(notBelow: value, in: sorted))
    }

    public mutating func removeAll() {
        arrivals.removeAll(keepingCapacity: true)
        sorted.removeAll(keepingCapacity: true)
        oldest = 0
    }

    private static func firstIndex(notBelow value: Double, in values: [Double]) -> Int {
        var (low, high) = (0, values.count)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
