/// Every decision of the ticker, with no display system in it: which text is on the strip and
/// where new text enters, how it moves, what input and `ctl` requests do, when frames are needed,
/// and what one frame shows. Time comes in as a value (seconds on the monotonic clock) and a frame
/// goes out as a `FramePlan`, so all of it runs in unit tests with a fake shaper and no display.
///
/// A coordinator over value types that each own their state: the content queue (what is to be
/// shown next), the strip view (what is on the strip and where the window is), motion control
/// (the director and its speed), the window's visibility and page mode (reduced motion).
public struct MarqueePlayer {
    public private(set) var content: ContentQueue
    public private(set) var strip: StripView
    public private(set) var motion: MotionControl
    public private(set) var visibility = WindowVisibility()
    public private(set) var pages = PageMode()
    /// Separator, padding around each message, and whether inline formatting is read.
    public private(set) var layout: LayoutSettings
    /// The pointer's column while it is over the window.
    public private(set) var pointerX: Int?
    /// The frames last handed to the display (see `frames(at:period:limit:)`).
    public private(set) var planned: PlannedFrames?
    /// What a screen reader is to say, oldest first, until the host takes it.
    public private(set) var announcements: [Announcement] = []

    /// The player's part of `style` (motion and layout); colours and the item box are the painter's.
    public init(style: TickerStyle, shapes: ShapeCache, width: Int, refreshPeriod: Double, reordering: LineReordering? = nil) {
        content = ContentQueue(shapes: shapes, reordering: reordering)
        strip = StripView(width: width)
        motion = MotionControl(speed: style.speed, direction: style.direction, settings: style.motion,
                               refreshPeriod: refreshPeriod, scale: style.scale)
        layout = style.layout
    }

    // MARK: Content

    /// Every source's messages: a source whose array is the one it had is not laid out again.
    public mutating func setMessages(_ groups: [MessageGroup]) {
        content.setGroups(groups)
        if pages.isOn { pages.setLengths(PageMode.readingLengths(of: content.messages, settings: layout)) }
        layOut()
    }

    /// Shows `text` once, at the next place it can enter without a jump (`ctl say`); under
    /// reduced motion it is the next page, at once. A screen reader is told at once (`assertive`
    /// for a critical notification): it should not wait for the text to scroll in.
    public mutating func announce(_ text: String, assertive: Bool = false, at now: Double) {
        if pages.showsPages { pages.showUrgent(text, at: now) } else { content.announce(text) }
        layOut()
        queueAnnouncement(Announcement(text: text, assertive: assertive))
    }

    /// The announcements made since the last call, oldest first.
    public mutating func takeAnnouncements() -> [Announcement] {
        defer { announcements.removeAll() }
        return announcements
    }

    private mutating func queueAnnouncement(_ announcement: Announcement) {
        if announcements.count >= Announcement.queueLimit { announcements.removeFirst() }
        announcements.append(announcement)
    }

    /// A new font: the messages are measured with it, then replace the text in place.
    public mutating func setShapes(_ newShapes: ShapeCache) {
        content.setShapes(newShapes)
        layOut()
    }

    /// Lays out what is to be shown next: the page, or the messages (an urgent one with them
    /// while it waits to enter) from the message a scroll began with.
    mutating func layOut() {
        if let page = pages.page(of: content, width: strip.width, settings: layout, shaper: content.measuringShaper) {
            return content.layOut(page: page, settings: layout)
        }
        content.layOut(startingAt: pages.scrollStartMessage, settings: layout, direction: motion.direction,
                       newest: strip.timeline?.newest(direction: motion.direction).layout)
    }

    /// Measures for a slice of `clock` (`ContentQueue.layoutSliceSeconds`); a finished layout is
    /// adopted at once.
    public mutating func continueLayout(clock: () -> Double) -> LayoutOutcome {
        guard content.isLayingOut else { return .idle }
        guard let measured = content.continueLayout(clock: clock) else { return .working }
        adopt(measured.content, replacingVisible: measured.newShaper, at: clock())
        return .adopted(newShaper: measured.newShaper)
    }

    /// Puts new content on the strip (see `StripView.adopt`); an urgent message waiting to enter
    /// must come first in it.
    private mutating func adopt(_ new: CycleContent, replacingVisible: Bool, at now: Double) {
        let urgentFirst = content.urgent.map { !$0.isEntering } ?? false
        visibility.markChanged()
        if let entered = strip.adopt(new, replacingVisible: replacingVisible, urgentFirst: urgentFirst, motion: &motion,
                                     page: pages.showsPages, at: now) {
            content.urgentEntered(entered, direction: motion.direction)
        }
    }

    // MARK: Settings (the configuration, reloaded live)

    /// A new speed or direction from the configuration: the text does not jump, it continues
    /// from where it stands at the new speed.
    public mutating func setSpeed(_ speed: Double, direction: ScrollDirection, at now: Double) {
        guard motion.configure(speed: speed, direction: direction) else { return }
        applySpeed(speed, direction: direction, at: now)
    }

    private mutating func applySpeed(_ speed: Double, direction: ScrollDirection, at now: Double) {
        // Pending swaps were placed on the old entering edge: only the newest content stays.
        if direction != motion.direction { strip.keepNewest(direction: motion.direction) }
        guard motion.setSpeed(speed, direction: direction, at: now) else { return }
        strip.replan(motion: &motion, page: pages.showsPages, at: now, onFrameGrid: false)
        visibility.markChanged()
    }

    /// A new separator, padding or markup: the messages are laid out again and swapped in like new text.
    public mutating func setLayout(_ newLayout: LayoutSettings) {
        guard newLayout != layout else { return }
        layout = newLayout
        setMessages(content.groups)
    }

    public mutating func setScale(_ newScale: Double) { motion.setScale(newScale) }

    // MARK: The window

    /// The window was mapped or unmapped, covered or uncovered.
    public mutating func setVisibility(mapped: Bool? = nil, fullyObscured: Bool? = nil, at now: Double) {
        // Frames queued ahead still reach the window after frames stop: the text stands where
        // the last of them put it, so it is held from that frame's time on, never stepping back.
        let stopped = visibility.isVisible ? max(now, planned?.lastTime ?? now) : now
        guard case .shown(let hidden) = visibility.set(mapped: mapped, fullyObscured: fullyObscured, at: stopped) else { return }
        if let hidden { motion.suspend(for: hidden) }
        visibility.markChanged()
    }

    /// A new window width: bounce ranges and fitting text depend on it. The window is drawn again
    /// either way (a height change alone needs that too).
    public mutating func resize(width newWidth: Int, at now: Double) {
        visibility.markChanged()
        _ = strip.resize(width: newWidth, motion: &motion, page: pages.showsPages, at: now)
    }

    /// The refresh period measured by the pacer, at a frame's vblank time: the speed is snapped
    /// to it again so every frame keeps the same step.
    public mutating func setRefreshPeriod(_ period: Double, atFrame time: Double) {
        if motion.setRefreshPeriod(period) { strip.replan(motion: &motion, page: pages.showsPages, at: time, onFrameGrid: true) }
    }

    // MARK: Frames

    /// True while something visible moves: frames run only then.
    public func framesWanted(at now: Double) -> Bool { visibility.isVisible && strip.hasText && motion.isMoving(at: now) }

    /// What the player needs from the frame loop from `now` on.
    public func demand(at now: Double) -> FrameDemand {
        if framesWanted(at: now) { return .nextFrame }
        // Resting at a pause in the program (at the start, at a bounce's end): sleep until it ends.
        if visibility.isVisible, let wake = motion.restEnd(after: now) { return .restUntil(wake) }
        return .none
    }

    /// The frame shown at vblank time `time`: the text where the motion puts it, an urgent message
    /// taken out once it has entered. Nil when nothing can be seen. A frame asked for while the
    /// text still moved is drawn even when the motion has come to rest by its vblank.
    public mutating func frame(at time: Double) -> FramePlan? {
        guard visibility.isVisible, strip.timeline != nil, let exact = motion.position(atFrame: time) else { return nil }
        let (position, phase) = SubpixelGrid.split(exact, subpixel: motion.settings.subpixel)
        var plan = strip.show(at: position, phase: phase, direction: motion.direction)
        if let urgent = content.urgent, urgent.hasEntered(visible: strip.visibleRange, direction: motion.direction) {
            // Once it has fully entered, the text without it follows (swapped in past the entering
            // edge, so the message is shown exactly once).
            content.urgentShown()
            layOut()
        }
        plan.demand = demand(at: time)
        return plan
    }

    /// The frame shown at vblank time `time` and, while the motion is steady, the frames of the
    /// vblanks after it (`FramePlan.following`), up to `limit.count` in all and each within
    /// `limit.reach` pixels of the first. The batch stops short of anything that is not steady:
    /// an ease, a rest, a bounce, a drag, an urgent message still to enter (its swap is decided
    /// frame by frame). Anything that changes the motion afterwards re-plans from the next
    /// vblank, replacing the frames still to come.
    public mutating func frames(at time: Double, period: Double, limit: FrameBatchLimit) -> FramePlan? {
        guard var plan = frame(at: time) else { return nil }
        defer { planned = PlannedFrames(firstTime: time, period: period, count: plan.frameCount) }
        guard limit.count > 1, plan.demand == .nextFrame, content.urgent == nil,
              let line = motion.steadyLine, line.covers(time) else { return plan }
        let start = line.position(at: time)
        plan.following.reserveCapacity(limit.count - 1)
        for index in 1..<limit.count {
            let exact = line.position(at: time + Double(index) * period)
            guard abs(exact - start) <= Double(limit.reach) else { break }
            let (position, phase) = SubpixelGrid.split(exact, subpixel: motion.settings.subpixel)
            plan.following.append(FramePoint(position: position, phase: phase))
        }
        return plan
    }

    /// Brings the window's place up to the planned frame on screen at `now`: a batch's later
    /// frames are shown without the player hearing of it, and clicks, the reading edge and a
    /// redraw must see what is on screen. Call it before any change (the frames were planned
    /// on the motion as it was).
    public mutating func catchUp(to now: Double) {
        guard let planned, planned.count > 1, let index = planned.shownIndex(at: now), index > 0,
              let exact = motion.position(atFrame: planned.time(of: index)) else { return }
        let (position, phase) = SubpixelGrid.split(exact, subpixel: motion.settings.subpixel)
        guard position != strip.position || phase != strip.phase else { return }
        _ = strip.show(at: position, phase: phase, direction: motion.direction)
    }

    /// The moment whose position a press holds: the first handed frame still to come (it may
    /// reach the screen before anything new does, so holding an earlier position would step
    /// back), or `now` when every handed frame is shown.
    private func holdTime(at now: Double) -> Double {
        planned?.nextTime(after: now) ?? now
    }

    /// The window at the last position shown, for drawing outside the frame loop (static text,
    /// exposures, resizes). Clears the need to redraw.
    public mutating func still() -> FramePlan {
        visibility.markDrawn()
        return strip.still(direction: motion.direction)
    }

    /// Whether something changed that must be drawn now, not at the next frame (no frame may come).
    public func needsRedraw(at now: Double) -> Bool { visibility.needsRedraw && !framesWanted(at: now) }

    // MARK: Controls (keys, the pointer and `xmarquee ctl` share them)

    /// Pausing works in every mode: under reduced motion it holds the page (and ends a
    /// `ctl resume`'s scrolling), and `resume` lets the text scroll again.
    public mutating func pause(at now: Double) {
        holdPage(at: now)
        motion.pause(.user, at: now)
    }

    public mutating func resume(at now: Double) {
        if pages.startScrolling(.request, at: now) { layOut() }
        motion.resume(.user, at: now)
    }

    /// Space, a click with `--click-to-pause`, `ctl toggle`: under reduced motion a page is held
    /// and released in place (scrolling comes back only by hovering or `ctl resume`).
    public mutating func togglePause(at now: Double) {
        guard pages.showsPages else { return motion.togglePause(at: now) }
        if pages.isHeld { pages.release(at: now) } else { holdPage(at: now) }
    }

    private mutating func holdPage(at now: Double) {
        if pages.hold(readingIndex: messageIndexAtReadingEdge(), at: now) { layOut() }
    }

    public var isPaused: Bool { pages.isHeld || motion.isPaused }

    /// A new speed from the user, eased in (keys, Ctrl+wheel, `ctl speed`). From or to a
    /// standing text, and with `--duration`, the program itself changes.
    public mutating func changeSpeed(to requested: Double, at now: Double) {
        let speed = max(0, min(requested, MotionControl.maximumSpeed))
        if !motion.easeSpeed(to: speed, at: now) { applySpeed(speed, direction: motion.direction, at: now) }
    }

    /// Moves the text so the next message starts at the edge it is read from.
    public mutating func skipToNextMessage(at now: Double) {
        if let distance = strip.distanceToNextMessage(direction: motion.direction) { motion.scrub(by: Double(distance), at: now) }
    }

    // MARK: Reduced motion

    /// Switches reduced motion on or off (the desktop's animation setting, live). The message at
    /// the reading edge becomes the page, or the scroll goes on from the page.
    public mutating func setReducedMotion(_ reduced: Bool, at now: Double) {
        guard reduced != pages.isOn else { return }
        if reduced {
            pages.turnOn(showing: messageIndexAtReadingEdge() ?? 0,
                         lengths: PageMode.readingLengths(of: content.messages, settings: layout), held: isPaused, at: now)
        } else {
            pages.turnOff()
        }
        layOut()
    }

    /// The page's reading time is up (the caller's timer for `pages.nextSwitch` fired).
    public mutating func pageTimeUp(at now: Double) { if pages.timeUp(at: now) { layOut() } }

    /// The text of the message at the reading edge (tags removed), or of the page on show: what
    /// `ctl status` and a screen reader say.
    public var messageOnScreen: String? {
        let visible = { (message: Message) in message.visibleText(interpretingMarkup: layout.interpretsMarkup, limit: 1000) }
        if pages.showsPages {
            if pages.pager?.page == .urgent { return pages.urgentPage }
            return content.message(at: pages.currentIndex).map(visible)
        }
        // From the layout on show: new messages may not have reached the screen yet.
        guard let (layout, index) = strip.messageAtReadingEdge(direction: motion.direction),
              (0..<layout.messageCount).contains(index) else { return nil }
        return visible(layout.message(at: index))
    }

    /// The number of the message at the edge the text is read from, in `content.messages`.
    private func messageIndexAtReadingEdge() -> Int? {
        strip.messageIndex(atReadingEdge: motion.direction, of: content.messageCount).map { pages.sourceIndex($0, of: content.messageCount) }
    }

    // MARK: Input (pointer, keys and `ctl` requests)

    /// Applies one input event; returns what the outside world must do (open a clicked link).
    public mutating func handle(_ input: PlayerInput, at now: Double) -> PlayerEffect? {
        switch input {
        case .press(let x):
            motion.beginDrag(pointer: Double(x), at: now, holding: holdTime(at: now))
        case .move(let x):
            pointerX = x
            motion.drag(to: Double(x), at: now)
        case .release(let x):
            // A press and release without a drag is a click: it opens a link under the pointer,
            // or else (with --click-to-pause) pauses and resumes.
            guard !motion.endDrag(at: now) else { return nil }
            if let link = strip.link(atWindowX: x) { return .openLink(link) }
            if motion.settings.clickToPause { togglePause(at: now) }
        case .wheel(let forward, let control):
            // Forward moves the text the way it reads on; with Ctrl the wheel changes the speed.
            if control {
                changeSpeed(to: motion.speed(nudgedByFrames: forward ? -1 : 1), at: now)
            } else {
                motion.scrub(steps: forward == (motion.direction == .left) ? 1 : -1, at: now)
            }
        case .enter(let x):
            pointerX = x
            hover(true, at: now)
        case .leave:
            pointerX = nil
            hover(false, at: now)
        case .key(let key):
            switch key {
            case .togglePause: togglePause(at: now)
            case .scrubLeft: motion.scrub(steps: 1, at: now)
            case .scrubRight: motion.scrub(steps: -1, at: now)
            case .faster: changeSpeed(to: motion.speed(nudgedByFrames: 1), at: now)
            case .slower: changeSpeed(to: motion.speed(nudgedByFrames: -1), at: now)
            case .readAloud:
                if let text = messageOnScreen, !text.isEmpty { queueAnnouncement(Announcement(text: text)) }
            }
        }
        return nil
    }

    /// Whether the pointer is over linked text (the window shows a hand there).
    public var pointerOverLink: Bool { pointerX.flatMap { strip.link(atWindowX: $0) } != nil }

    /// Under reduced motion, hovering is how a reader scrolls a long message; otherwise it
    /// pauses the text when asked to.
    private mutating func hover(_ over: Bool, at now: Double) {
        if pages.isOn {
            let changed = over ? pages.startScrolling(.hover, at: now)
                : pages.stopScrolling(.hover, readingIndex: messageIndexAtReadingEdge(), at: now)
            if changed { layOut() }
        } else if motion.settings.pauseOnHover {
            if over { motion.pause(.hover, at: now) } else { motion.resume(.hover, at: now) }
        }
    }
}
