/// Every decision of the ticker, with no display system in it: which text is on the strip and
/// where new text enters, how it moves, what input and `ctl` requests do, when frames are needed,
/// and what one frame shows. Time comes in as a value (seconds on the monotonic clock) and a frame
/// goes out as a `FramePlan`, so all of it runs in unit tests with a fake shaper and no display.
///
/// A coordinator over value types that each own their state: what is to be shown next (content),
/// what is on the strip and where the window is (strip), how it moves (motion), visibility, page
/// mode (reduced motion), the frames handed to the display and what a screen reader is to say.
public struct MarqueePlayer {
    public private(set) var content: ContentQueue
    public private(set) var strip: StripView
    public private(set) var motion: MotionControl
    public private(set) var visibility = WindowVisibility()
    public internal(set) var pages = PageMode()
    /// The rolls from page to page (`--mode roll`).
    public internal(set) var rolls = PageRolls()
    /// Separator, padding around each message, and whether inline formatting is read.
    public private(set) var layout: LayoutSettings
    /// The pointer's column while it is over the window.
    public private(set) var pointerX: Int?
    /// The frames last handed to the display (see `frames(at:period:limit:)`).
    public private(set) var planned: PlannedFrames?
    var spoken = AnnouncementQueue()

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
        if pages.isOn { pages.setLengths(readingLengths) }
        layOut()
    }

    /// Shows `text` once, at the next place it can enter without a jump (`ctl say`); under
    /// reduced motion it is the next page, at once. A screen reader is told at once (`assertive`
    /// for a critical notification): it should not wait for the text to scroll in.
    public mutating func announce(_ text: String, assertive: Bool = false, at now: Double) {
        if pages.showsPages {
            pages.showUrgent(text, at: now)
            rolls.expectNextPage(pages.rolls)
        } else {
            content.announce(text)
        }
        layOut()
        // A screen reader hears the text as drawn, without its formatting tags.
        let visible = Message(text).visibleText(interpretingMarkup: layout.interpretsMarkup, limit: Announcement.textLimit)
        spoken.add(Announcement(text: visible, assertive: assertive))
    }

    /// What a screen reader is to say, oldest first, until the host takes it.
    public var announcements: [Announcement] { spoken.pending }
    /// The announcements made since the last call, oldest first.
    public mutating func takeAnnouncements() -> [Announcement] { spoken.take() }

    /// A new font: the messages are measured with it, then replace the text in place.
    public mutating func setShapes(_ newShapes: ShapeCache) {
        content.setShapes(newShapes)
        layOut()
    }

    mutating func layOut() {
        let newest = strip.timeline?.newest(direction: motion.direction).layout
        content.layOut(pages, width: strip.width, settings: layout, direction: motion.direction, newest: newest)
    }

    /// Whether a layout is in progress. Asked at every loop turn: read here, where the content is
    /// borrowed, rather than through `content`, whose getter copies the whole queue for another module.
    public var isLayingOut: Bool { content.isLayingOut }

    /// Measures for a slice of `clock` (`ContentQueue.layoutSliceSeconds`); a finished layout is
    /// put on the strip at once (see `StripView.adopt`), an urgent message waiting to enter first.
    public mutating func continueLayout(clock: () -> Double) -> LayoutOutcome {
        guard content.isLayingOut else { return .idle }
        guard let measured = content.continueLayout(clock: clock) else { return .working }
        visibility.markChanged()
        let standing = pages.showsPages ? strip.still(direction: motion.direction) : nil
        let now = clock()
        strip.adopt(measured.content, replacingVisible: measured.newShaper, content: &content, motion: &motion, page: pages.showsPages,
                    at: now)
        rolls.adopted(replacing: standing, at: now)
        return .adopted(newShaper: measured.newShaper)
    }

    // MARK: Settings (the configuration, reloaded live)

    /// A new speed or direction from the configuration: the text does not jump, it continues
    /// from where it stands at the new speed.
    public mutating func setSpeed(_ speed: Double, direction: ScrollDirection, at now: Double) {
        guard motion.configure(speed: speed, direction: direction) else { return }
        if strip.setSpeed(speed, direction: direction, motion: &motion, page: pages.showsPages, at: now) { visibility.markChanged() }
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
        let change = visibility.set(mapped: mapped, fullyObscured: fullyObscured, at: stopped)
        if case .shown(let hidden?) = change { motion.suspend(for: hidden) }
    }

    /// The display showed the last frame handed `seconds` longer than planned (it missed
    /// refreshes): the text continues from there, as after a hidden window, instead of jumping.
    public mutating func displayHeld(for seconds: Double) { motion.suspend(for: seconds) }

    /// A new window width (and height, what a roll moves by): bounce ranges, fitting text and a
    /// page's ellipsis depend on it. The window is drawn again either way.
    public mutating func resize(width newWidth: Int, height newHeight: Int = 0, at now: Double) {
        visibility.markChanged()
        rolls.setHeight(newHeight)
        if strip.resize(width: newWidth, motion: &motion, page: pages.showsPages, at: now), pages.showsPages { layOut() }
    }

    /// The refresh period measured by the pacer, at a frame's vblank time: the speed is snapped
    /// to it again so every frame keeps the same step.
    public mutating func setRefreshPeriod(_ period: Double, atFrame time: Double) {
        if motion.setRefreshPeriod(period) { strip.replan(motion: &motion, page: pages.showsPages, at: time, onFrameGrid: true) }
    }

    // MARK: Frames

    /// True while something visible moves: frames run only then.
    public func framesWanted(at now: Double) -> Bool {
        visibility.isVisible && strip.hasText && (motion.isMoving(at: now) || rolls.moves(at: now))
    }

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
        if motion.hasOffsetToFold(at: time) { strip.replan(motion: &motion, page: pages.showsPages, at: time, onFrameGrid: true) }
        guard visibility.isVisible, strip.timeline != nil, let point = motion.point(atFrame: time) else { return nil }
        var plan = strip.show(at: point.pixel, phase: point.phase, direction: motion.direction)
        rolls.frame(&plan, at: time, subpixel: motion.settings.subpixel)
        if content.urgentHasEntered(visible: strip.visibleRange, direction: motion.direction) { layOut() }
        plan.demand = demand(at: time)
        return plan
    }

    /// The frame shown at vblank time `time` and, while the motion is steady (`MotionControl.following`)
    /// and no urgent message is still to enter (its swap is decided frame by frame), the frames of the
    /// vblanks after it. Anything that changes the motion afterwards re-plans from the next vblank,
    /// replacing the frames still to come.
    public mutating func frames(at time: Double, period: Double, limit: FrameBatchLimit) -> FramePlan? {
        guard var plan = frame(at: time) else { return nil }
        if plan.demand == .nextFrame && content.urgent == nil && plan.roll == nil { plan.following = motion.following(time, period: period, limit: limit) }
        planned = PlannedFrames(firstTime: time, period: period, count: plan.frameCount)
        return standing(plan)
    }

    /// Brings the window's place up to the planned frame on screen at `now`: clicks, the reading
    /// edge and a redraw must see what is on screen. Call it before any change (the frames were
    /// planned on the motion as it was).
    public mutating func catchUp(to now: Double) {
        guard let time = planned?.laterFrameShown(at: now), let point = motion.point(atFrame: time) else { return }
        strip.catchUp(to: point, direction: motion.direction)
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
        // On a rolling board the page is held where it stands; nothing else is paused.
        if pages.rolls { return _ = pages.hold(readingIndex: nil, at: now) }
        if pages.hold(readingIndex: readingIndex, at: now) { layOut() }
        motion.pause(.user, at: now)
    }

    public mutating func resume(at now: Double) {
        if pages.rolls { return pages.release(at: now) }
        if pages.startScrolling(.request, at: now) { layOut() }
        motion.resume(.user, at: now)
    }

    /// Space, a click with `--click-to-pause`, `ctl toggle`: under reduced motion a page is held
    /// and released in place (scrolling comes back only by hovering or `ctl resume`).
    public mutating func togglePause(at now: Double) {
        guard pages.showsPages else { return motion.togglePause(at: now) }
        if pages.isHeldByUser { pages.release(at: now) } else if pages.hold(readingIndex: readingIndex, at: now) { layOut() }
    }

    public var isPaused: Bool { pages.isHeld || motion.isPaused }
    /// Paused by the user's own request (a held page counts), not by hovering.
    public var isPausedByUser: Bool { pages.isHeldByUser || motion.isPausedByUser }

    /// A new speed from the user, eased in (keys, Ctrl+wheel, `ctl speed`). From or to a
    /// standing text, and with `--duration`, the program itself changes.
    public mutating func changeSpeed(to requested: Double, at now: Double) {
        let speed = max(0, min(requested, MotionControl.maximumSpeed))
        guard !motion.easeSpeed(to: speed, at: now) else { return }
        if strip.setSpeed(speed, direction: motion.direction, motion: &motion, page: pages.showsPages, at: now) { visibility.markChanged() }
    }

    /// Moves the text so the next message starts at the edge it is read from (in hold mode, to stand there).
    public mutating func skipToNextMessage(at now: Double) {
        if pages.showsPages { return pageTimeUp(at: now, skipping: true) }
        if let stop = strip.distanceToNextStop(motion: motion, page: pages.showsPages, at: now) { return motion.skipToStop(by: stop, at: now) }
        if let distance = strip.distanceToNextMessage(direction: motion.direction) { motion.scrub(by: Double(distance), at: now) }
    }

    // MARK: Input (pointer, keys and the controls' commands)

    /// Applies one input event; returns what the outside world must do (open a clicked link).
    public mutating func handle(_ input: PlayerInput, at now: Double) -> PlayerEffect? {
        switch input {
        case .press(let x):
            // A press holds the first handed frame still to come: it may reach the screen first.
            motion.beginDrag(pointer: Double(x), at: now, holding: planned?.nextTime(after: now) ?? now)
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
            let onward: Double = forward == (motion.direction == .left) ? 1 : -1
            perform(control ? .nudgeSpeed(frames: forward ? -1 : 1) : .scrub(steps: onward), at: now)
        case .enter(let x):
            pointerX = x
            hover(true, at: now)
        case .leave:
            pointerX = nil
            hover(false, at: now)
        case .key(let key):
            perform(key.command, at: now)
        }
        return nil
    }

    /// Applies one command of the controls: a key's, the wheel's, a `ctl` request's.
    public mutating func perform(_ command: PlayerCommand, at now: Double) {
        switch command {
        case .pause: pause(at: now)
        case .resume: resume(at: now)
        case .togglePause: togglePause(at: now)
        case .speed(let speed): changeSpeed(to: speed, at: now)
        case .nudgeSpeed(let frames): changeSpeed(to: motion.speed(nudgedByFrames: frames), at: now)
        case .scrub(let steps): motion.scrub(steps: steps, at: now)
        case .next: skipToNextMessage(at: now)
        case .say(let text): announce(text, at: now)
        case .readAloud: if let text = messageOnScreen, !text.isEmpty { spoken.add(Announcement(text: text)) }
        }
    }

    /// Whether the pointer is over linked text (the window shows a hand there).
    public var pointerOverLink: Bool { pointerX.flatMap { strip.link(atWindowX: $0) } != nil }
    /// Under reduced motion, hovering is how a reader scrolls a long message; otherwise it
    /// pauses the text when asked to.
    private mutating func hover(_ over: Bool, at now: Double) {
        guard pages.isOn else { return motion.hover(over, at: now) }
        if pages.rolls { return pages.hoverHold(over, at: now) }
        if over ? pages.startScrolling(.hover, at: now) : pages.stopScrolling(.hover, readingIndex: readingIndex, at: now) { layOut() }
    }
}
