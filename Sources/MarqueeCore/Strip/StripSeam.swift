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
        /// Where message `index` of the old content starts in the new one (its first for urgent text).
        func start(following index: Int) -> Int {
            continuing ? new.messageStarts[new.index(corresponding: index, in: old)] : 0
        }
        switch direction {
        case .left:
            let boundary = old.messageStart(atOrAfter: within) ?? old.width
            let target = start(following: boundary == old.width ? 0 : old.messageIndex(containing: boundary))
            if cycleStart + boundary - edge <= maxDeferral {
                let position = cycleStart + boundary
                return StripSeam(position: position, anchor: position - target)
            }
            // The separator that precedes the target message begins right at the edge.
            return StripSeam(position: edge, anchor: edge + new.separatorWidth - target)
        case .right:
            // Left of the seam: the new messages that come before the crossing one, then a separator.
            let boundary = cycleStart + old.messageStarts[crossing]
            let position = edge - boundary <= maxDeferral ? boundary : edge
            return StripSeam(position: position, anchor: position - start(following: crossing))
        }
    }

    /// A seam at `edge` inside message `index`, the new content anchored so that its copy of the
    /// message lies exactly over the old one; nil when the new content lacks the message or lays
    /// it out otherwise (other padding or separator).
    private static func continuation(of index: Int, old: CycleLayout, cycleStart: Int, new: CycleLayout,
                                     at edge: Int) -> StripSeam? {
        guard old.settings == new.settings, old.laidOutMessages.indices.contains(index),
              let same = new.index(matching: old.laidOutMessages[index].message, near: index) else { return nil }
        let stretchStart = cycleStart + old.messageStarts[index]
        let stretchEnd = cycleStart + (index + 1 < old.messageStarts.count ? old.messageStarts[index + 1] : old.width)
        return StripSeam(position: edge,
                         anchor: cycleStart + old.laidOutMessages[index].textStart - new.laidOutMessages[same].textStart,
                         continuedStretch: stretchStart..<stretchEnd)
    }
}
