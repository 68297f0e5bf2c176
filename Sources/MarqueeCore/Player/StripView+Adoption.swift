/// New content on the strip, and the motion planned over it: content never moves what is on
/// screen, and the program is rebuilt around the content at the window's edge.
extension StripView {
    /// Puts new content on the strip: at once, in place, when `replacingVisible` (a new font: the
    /// old text cannot be painted any more), when nothing moves, or when there is no text left
    /// (every source withdrew its messages: a player that quit takes its text with it, rather
    /// than leave it on the strip until it would have scrolled out); in place when laid out exactly like
    /// the text on show (a clock's next second: it changes where it stands, in view too); else
    /// swapped in where nothing is visible yet. An urgent message waiting to enter must come first
    /// in it: the queue is told which segment carries it.
    mutating func adopt(_ new: CycleContent, replacingVisible: Bool, content: inout ContentQueue, motion: inout MotionControl,
                        page: Bool, at now: Double) {
        if startAfreshIfSingleCopy(new, loop: initialTimeline(new, motion: motion), motion: &motion, page: page, at: now) { return }
        let urgentFirst = content.urgentFirst
        if replacingVisible || !motion.isMoving(at: now) || new.unitWidth == 0 {
            reset(to: new)
        } else if urgentFirst || !updateInPlace(to: new) {
            let newest = swap(to: new, direction: motion.direction, continuing: !urgentFirst)
            if urgentFirst, let newest { content.urgentEntered(newest, direction: motion.direction) }
        }
        replan(motion: &motion, page: page, at: now)
    }

    /// Bounce and fitting text show a single copy, which cannot be swapped in at an edge: when
    /// the plan shows one, or the strip does (or there is none yet), the new text replaces the old
    /// in place (`loop` when it loops) and the motion starts anew, a bounce carrying on from
    /// where it stood. Returns whether it did.
    mutating func startAfreshIfSingleCopy(_ new: CycleContent, loop: StripTimeline<CycleContent>, motion: inout MotionControl,
                                          page: Bool, at now: Double) -> Bool {
        var plan = motion.plan(for: new.layout, anchor: 0, windowWidth: width, page: page, shown: position, at: now)
        guard plan.showsOnce || (timeline?.showsOnce ?? true) else { return false }
        if timeline?.showsOnce == true, let tau = motion.bounceTime(of: plan, at: now) { plan.programTime = tau }
        replace(with: plan.showsOnce ? StripTimeline(showingOnce: new, anchor: 0) : loop)
        place(at: motion.start(stopping(plan, motion: motion, page: page, at: now), at: now))
        return true
    }

    /// A new window width: bounce ranges and fitting text depend on it, so those start afresh.
    /// False when the width is the one it had.
    mutating func resize(width newWidth: Int, motion: inout MotionControl, page: Bool, at now: Double) -> Bool {
        guard resize(width: newWidth) else { return false }
        // Hold mode's stops for rightward text lie a window's width from the messages' ends.
        if motion.settings.mode == .hold { replan(motion: &motion, page: page, at: now) }
        guard motion.settings.mode != .continuous, motion.settings.mode != .hold,
              let newest = timeline?.newest(direction: motion.direction) else { return true }
        _ = startAfreshIfSingleCopy(newest, loop: StripTimeline(content: newest, anchor: position), motion: &motion, page: page, at: now)
        return true
    }

    /// A new speed or direction: pending swaps were placed on the old entering edge, so only the
    /// newest content stays when the direction turns; then the program is planned anew. False
    /// when the motion did not change.
    mutating func setSpeed(_ speed: Double, direction: ScrollDirection, motion: inout MotionControl, page: Bool, at now: Double) -> Bool {
        if direction != motion.direction { keepNewest(direction: motion.direction) }
        guard motion.setSpeed(speed, direction: direction, at: now) else { return false }
        replan(motion: &motion, page: page, at: now, onFrameGrid: false)
        return true
    }

    /// Rebuilds the program after a change of speed, direction, refresh period or text, keeping
    /// the text where it is; `onFrameGrid`: `time` is a frame's vblank time (see `MotionControl`).
    mutating func replan(motion: inout MotionControl, page: Bool, at time: Double, onFrameGrid: Bool = false) {
        guard let timeline, let edge = motion.edge(at: time) else { return }
        if timeline.showsOnce {
            let layout = timeline.newest(direction: motion.direction).layout
            return place(at: motion.start(motion.plan(for: layout, anchor: 0, windowWidth: width, page: page, shown: position, at: time),
                                          at: time))
        }
        guard let (segment, _) = timeline.locate(edge) else { return }
        let plan = motion.plan(for: segment.content.layout, anchor: segment.anchor, windowWidth: width, page: page, shown: position,
                               at: time)
        motion.continueWith(stopping(plan, motion: motion, page: page, at: time), at: time, onFrameGrid: onFrameGrid)
    }

    /// The first text: already in view at the left edge, or (`--start offscreen`) just beyond
    /// the edge it enters from.
    private func initialTimeline(_ new: CycleContent, motion: MotionControl) -> StripTimeline<CycleContent> {
        guard motion.settings.start == .offscreen, motion.speed > 0 || motion.settings.duration != nil else {
            return StripTimeline(content: new, anchor: 0)
        }
        let start = motion.direction == .left ? position + width : position
        return StripTimeline(content: new, enteringAt: start, direction: motion.direction)
    }
}
