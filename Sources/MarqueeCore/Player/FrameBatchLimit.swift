/// How far ahead a display can take frames in one go: a display that queues frames for future
/// vblanks takes up to `count` of them, each within `reach` strip pixels of the
/// first (what its painted pixmaps hold); a display with one frame per callback takes one.
public struct FrameBatchLimit: Equatable, Sendable {
    public var count: Int
    public var reach: Int

    public init(count: Int, reach: Int) {
        self.count = max(1, count)
        self.reach = max(0, reach)
    }

    /// One frame per callback (a display that queues none, a timer).
    public static let single = FrameBatchLimit(count: 1, reach: 0)
}
