/// What a stretch of the strip shows, as far as its pixels go: each piece's content and where its
/// unit is anchored, or the background. A ribbon (pixels painted once for more than the window)
/// keeps the extent it was painted from; a later frame may show it as long as the timeline still
/// shows the same pixels over the frame's range. A swap or an urgent message beyond the window
/// changes the timeline there, and the ribbon is painted again when the frame reaches it.
public struct StripExtent: Equatable, Sendable {
    public struct Piece: Equatable, Sendable {
        var lower: Int
        var upper: Int
        /// The content's id; nil for the background.
        var content: UInt64?
        /// The anchor within the content's unit (a unit repeats, so only this counts).
        var phase: Int
    }

    public let range: Range<Int>
    private(set) var pieces: [Piece] = []

    public init(_ timeline: StripTimeline<CycleContent>?, range: Range<Int>) {
        self.range = range
        Self.collect(timeline, range) { pieces.append($0) }
    }

    /// Whether `range` of `timeline` shows exactly what this extent holds there. Asked every
    /// frame: one pass over the segments in view, no allocation.
    public func shows(_ timeline: StripTimeline<CycleContent>?, range visible: Range<Int>) -> Bool {
        guard range.lowerBound <= visible.lowerBound && visible.upperBound <= range.upperBound else { return false }
        var index = 0
        var covered = visible.lowerBound
        func holds(_ lower: Int, _ upper: Int, content: UInt64?, phase: Int) -> Bool {
            while index < pieces.count && pieces[index].upper <= lower { index += 1 }
            var position = lower
            while position < upper {
                guard index < pieces.count, pieces[index].lower <= position, pieces[index].content == content,
                      pieces[index].phase == phase else { return false }
                position = pieces[index].upper
                if position < upper { index += 1 }
            }
            return true
        }
        for segment in timeline?.segments ?? [] {
            let lower = max(segment.lower, visible.lowerBound), upper = min(segment.upper, visible.upperBound)
            guard lower < upper else { continue }
            if lower > covered && !holds(covered, lower, content: nil, phase: 0) { return false }
            let unit = segment.content.unitWidth
            let matches = unit == 0 ? holds(lower, upper, content: nil, phase: 0)
                : holds(lower, upper, content: segment.content.id, phase: StripGeometry.floorMod(segment.anchor, unit))
            guard matches else { return false }
            covered = upper
        }
        return covered >= visible.upperBound || holds(covered, visible.upperBound, content: nil, phase: 0)
    }

    private static func collect(_ timeline: StripTimeline<CycleContent>?, _ range: Range<Int>, _ emit: (Piece) -> Void) {
        var covered = range.lowerBound
        for segment in timeline?.segments ?? [] {
            let lower = max(segment.lower, range.lowerBound), upper = min(segment.upper, range.upperBound)
            guard lower < upper else { continue }
            if lower > covered { emit(Piece(lower: covered, upper: lower, content: nil, phase: 0)) }
            let unit = segment.content.unitWidth
            emit(unit == 0 ? Piece(lower: lower, upper: upper, content: nil, phase: 0)
                 : Piece(lower: lower, upper: upper, content: segment.content.id,
                         phase: StripGeometry.floorMod(segment.anchor, unit)))
            covered = upper
        }
        if covered < range.upperBound { emit(Piece(lower: covered, upper: range.upperBound, content: nil, phase: 0)) }
    }
}
