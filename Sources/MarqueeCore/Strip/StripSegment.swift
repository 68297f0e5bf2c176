/// A stretch of the strip showing one content, repeated from `anchor` in both directions.
public struct StripSegment<Content: StripContent> {
    /// Strip positions `[lower, upper)` this segment covers; `Int.min`/`Int.max` for open ends.
    public var lower: Int
    public var upper: Int
    /// A strip position where a cycle of the content begins.
    public var anchor: Int
    public var content: Content
}
