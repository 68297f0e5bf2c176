/// The roll from one standing page to the next (`--mode roll`), as a departure board turns: the
/// page on show moves up out of the bar while the next moves up into its place, eased in and out
/// (smoothstep: no jerk at either end) over `duration`. Where both stand is a pure function of a
/// frame's vblank time, on the grid the crawl's positions are on: 1/`SubpixelGrid.steps` px, each
/// frame's glyphs drawn at that vertical phase.
public struct PageRoll: Equatable, Sendable {
    /// Seconds the roll takes: long enough for the eye to follow the text up (about 27 frames at
    /// 60 Hz), short enough that it is over within half a second.
    public static let duration = 0.45

    /// When it began (the next page was ready); the frames after it move.
    public let start: Double
    /// How far the pages move: the bar's height in device pixels.
    public let height: Int

    public init(start: Double, height: Int) {
        self.start = start
        self.height = max(0, height)
    }

    public var end: Double { start + Self.duration }

    /// The share of the way done at `time`, eased: 0 before the start, 1 from the end on.
    public static func eased(_ time: Double, from start: Double) -> Double {
        let x = min(1, max(0, (time - start) / duration))
        return x * x * (3 - 2 * x)
    }

    /// How far the outgoing page has moved up at vblank time `time`, in 1/`SubpixelGrid.steps` px
    /// (0: it stands in place; `height` × steps: the next page stands there instead); on whole
    /// pixels without `subpixel` (`--subpixel off`).
    public func offset(at time: Double, subpixel: Bool = true) -> Int {
        let grid = subpixel ? SubpixelGrid.steps : 1
        let points = Int((Self.eased(time, from: start) * Double(height * grid)).rounded())
        return min(height, points / grid) * SubpixelGrid.steps + (subpixel ? points % grid : 0)
    }

    /// Whether the next page stands in place at `time`.
    public func isOver(at time: Double) -> Bool { time >= end || height == 0 }
}
