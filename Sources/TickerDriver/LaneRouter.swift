import MarqueeCore

/// Sends the pointer's and the keyboard's input to the lane it belongs to, for every backend
/// alike: the lane under the pointer (by the surface's row), in that lane's crawl columns (right
/// of its label); moving from lane to lane leaves one and enters the next; a press keeps its
/// lane until the release, wherever the pointer goes (the drag carries that lane's text).
public struct LaneRouter {
    /// Each lane's rows of the surface, top to bottom.
    public var rows: [Range<Int>]
    /// Each lane's first crawl column (its label's width).
    public var origins: [Int]
    private var pointerLane: Int?
    private var pressedLane: Int?

    public init(rows: [Range<Int>], origins: [Int]? = nil) {
        self.rows = rows
        self.origins = origins ?? Array(repeating: 0, count: rows.count)
    }

    /// The lane at surface row `row` (the nearest at the edges).
    public func lane(atRow row: Int) -> Int {
        if let index = rows.firstIndex(where: { $0.contains(row) }) { return index }
        return row < (rows.first?.lowerBound ?? 0) ? 0 : rows.count - 1
    }

    /// The events `input` at surface row `row` (nil: a key, or a row the display does not
    /// say) makes, in order.
    public mutating func route(_ input: PlayerInput, row: Int?) -> [BackendEvent] {
        switch input {
        case .key:
            // Keys have no place: the lane under the pointer, else the first.
            return [.input(input, lane: pointerLane ?? 0)]
        case .leave:
            guard let lane = pointerLane else { return [] }
            pointerLane = nil
            return [.input(.leave, lane: lane)]
        case .press, .move, .release, .enter, .wheel:
            let lane = pressedLane ?? row.map(lane(atRow:)) ?? pointerLane ?? 0
            var events: [BackendEvent] = []
            // From one lane into another: the first is left, the second entered.
            if let previous = pointerLane, previous != lane {
                events.append(.input(.leave, lane: previous))
                if let x = Self.column(of: input), !Self.isEnter(input) {
                    events.append(.input(PlayerInput.enter(x: x).inCrawl(startingAt: origins[lane]), lane: lane))
                }
            }
            pointerLane = lane
            if case .press = input { pressedLane = lane }
            if case .release = input { pressedLane = nil }
            events.append(.input(input.inCrawl(startingAt: origins[lane]), lane: lane))
            return events
        }
    }

    private static func isEnter(_ input: PlayerInput) -> Bool {
        if case .enter = input { return true }
        return false
    }

    private static func column(of input: PlayerInput) -> Int? {
        switch input {
        case .press(let x), .move(let x), .release(let x), .enter(let x): x
        case .wheel, .leave, .key: nil
        }
    }
}
