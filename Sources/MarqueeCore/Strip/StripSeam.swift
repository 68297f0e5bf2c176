/// Where a new content joins the old one on the strip, and how its cycles are anchored there.
///
/// The join is always where nothing is visible yet (at or past the entering edge), and it keeps
/// the reading order: the message crossing the edge carries on when the new content has it
/// unchanged (the seam then falls inside it, and both sides draw the same glyphs at the same
/// places); otherwise the new content takes over at the next message boundary (or, when that is
/// far away, right at the edge behind a separator) with the message that comes next there, not
/// with its first one. A clock ticking every second beside a long text thus leaves the text
/// whole and updates the clock where it stands, instead of chopping the text every second and
/// restarting the cycle before the clock is ever reached.
struct StripSeam {
    var position: Int
    var anchor: Int
    /// When the crossing message carries on: the strip range of its stretch (its text and the
    /// separator after it), where old and new content draw exactly the same pixels.
    var continuedStretch: Range<Int>?

    /// - Parameters:
    ///   - old, oldAnchor: the content showing at the entering edge and where its cycles begin.
    ///   - edge: the entering edge: the window's right edge for text moving left (the new content
    ///     follows the seam), its left edge for text moving right (the new content ends at it).
    ///   - maxDeferral: how far past the edge a message boundary may be and still be waited for.
    ///   - continuing: whether the reading order carries on (the crossing message, or the one
    ///     after it); false starts the new content at its first message (an urgent one).
    static func joining(old: CycleLayout, oldAnchor: Int, new: CycleLayout, edge: Int, direction: ScrollDirection,
                        maxDeferral: Int, continuing: Bool) -> StripSeam {
        guard old.width > 0, new.width > 0 else { return StripSeam(position: edge, anchor: edge) }
        let within = StripGeometry.floorMod(edge - oldAnchor, old.width)
        let cycleStart = edge - within
        let crossing = old.messageIndex(containing: within)
        if continuing, let seam = continuation(of: crossing, old: old, cycleStart: cycleStart, new: new, at: edge) {
            return seam
        }
        let count = old.messageStarts.count
        switch direction {
        case .left:
            let boundary = old.messageStart(atOrAfter: within) ?? old.width
            let next = boundary == old.width ? 0 : old.messageIndex(containing: boundary)
            // The message that comes next in reading order, or the new content's first (urgent) one.
            let target = continuing ? new.messageStarts[new.index(corresponding: next, in: old)] : 0
            if cycleStart + boundary - edge <= maxDeferral {
                let position = cycleStart + boundary
                return StripSeam(position: position, anchor: position - target)
            }
            // The separator that precedes the target message begins right at the edge.
            return StripSeam(position: edge, anchor: edge + new.separatorWidth - target)
        case .right:
            // Text moving right shows the cycle backwards: after the crossing message comes the one
            // before it. Left of the seam the new content ends with that message and its separator
            // (or, for urgent text, with its last message, the urgent one).
            let boundary = cycleStart + old.messageStarts[crossing]
            let position = edge - boundary <= maxDeferral ? boundary : edge
            guard continuing else { return StripSeam(position: position, anchor: position) }
            let previous = new.index(corresponding: (crossing + count - 1) % count, in: old)
            return StripSeam(position: position, anchor: position - new.stretchEnd(of: previous))
        }
    }

    /// The seam at `edge` inside the message of `old` there, when `new` has that message unchanged
    /// and lays it out alike; nil otherwise.
    static func continuation(old: CycleLayout, oldAnchor: Int, new: CycleLayout, at edge: Int) -> StripSeam? {
        guard old.width > 0, new.width > 0 else { return nil }
        let within = StripGeometry.floorMod(edge - oldAnchor, old.width)
        return continuation(of: old.messageIndex(containing: within), old: old, cycleStart: edge - within, new: new, at: edge)
    }

    /// A seam at `edge` inside message `index`, the new content anchored so that its copy of the
    /// message lies exactly over the old one; nil when the new content lacks the message or lays
    /// it out otherwise (other padding or separator).
    private static func continuation(of index: Int, old: CycleLayout, cycleStart: Int, new: CycleLayout,
                                     at edge: Int) -> StripSeam? {
        guard old.settings == new.settings, let same = new.index(ofMessage: index, in: old) else { return nil }
        let stretchStart = cycleStart + old.messageStarts[index]
        let stretchEnd = cycleStart + old.stretchEnd(of: index)
        return StripSeam(position: edge,
                         anchor: cycleStart + old.laidOutMessage(index).textStart - new.laidOutMessage(same).textStart,
                         continuedStretch: stretchStart..<stretchEnd)
    }
}
