/// Every decision of the ticker, with no display system in it: which text is on the strip and
/// where new text enters, how it moves, what input and `ctl` requests do, when frames are needed,
/// and what one frame shows. Time comes in as a value (seconds on the monotonic clock) and a frame
/// goes out as a `FramePlan`, so all of it runs in unit tests with a fake shaper and no display.
///
/// A coordinator over value types that each own their state: the content queue (what is to be
/// shown next), the strip view (what is on the strip and where the window is), motion control
/// (the director and its speed), the window's visibility and page mode (reduced motion).
public struct MarqueePlayer {
    /// Time spent laying out per loop turn: a 10 MB text is measured over many turns while the
    /// old text keeps scrolling. Bounded in time, not characters, so a slow machine (or a debug
    /// build) still never misses a frame.
    public static let layoutSliceSeconds = 0.004
    public static let layoutStepScalars = 4096
    /// Strip pixels one wheel notch or arrow key moves the text, at 96 dpi.
    public static let scrubStep = 48.0
    /// The fastest speed a user can ask for, in pixels per second.
    public static let maximumSpeed = 100_000.0
    public typealias SpeedOrigin = MotionControl.SpeedOrigin

    /// Where a finished layout went.
    public enum LayoutOutcome: Equatable, Sendable {
        /// Nothing was waiting to be laid out.
        case idle
        /// Still measuring: call again next loop turn.
        case working
        /// The new text is on the strip; `newShaper` when it came with a new font, which the
        /// tiles must now be painted with.
        case adopted(newShaper: Bool)
    }

    public private(set) var content: ContentQueue
    public private(set) var strip: StripView
    public private(set) var motion: MotionControl
    public private(set) var visibility = WindowVisibility()
    public private(set) var pages = PageMode()
    /// Separator, padding around each message, and whether inline formatting is read.
    public private(set) var layout: LayoutSettings
    /// The desktop's DPI ÷ 96: what the player's own pixel amounts (the wheel's step) grow by.
    public private(set) var scale: Double
    /// The pointer's column while it is over the window.
    public private(set) var pointerX: Int?
    /// Set when what the window shows changed outside the frame loop (new text standing still,
    /// a resize): it must be drawn at once.
    private var redrawNeeded = false

    /// The player's part of `style` (motion and layout); colours and the item box are the painter's.
    public init(style: TickerStyle, shapes: ShapeCache, width: Int, refreshPeriod: Double, reordering: LineReordering? = nil) {
        content = ContentQueue(shapes: shapes, reordering: reordering)
        strip = StripView(width: width)
        motion = MotionControl(speed: style.speed, direction: style.direction, settings: style.motion, refreshPeriod: refreshPeriod)
        layout = style.layout
        scale = style.scale
    }

    // MARK: Content

    /// Every source's messages: a source whose array is the one it had is not laid out again.
    public mutating func setMessages(_ groups: [MessageGroup]) {
        content.setGroups(groups)
        if pages.isOn { pages.setLengths(PageMode.readingLengths(of: content.messages, settings: layout)) }
        layOut()
    }

    /// Shows `text` once, at the next place it can enter without a jump (`ctl say`); under
    /// reduced motion it is the next page, at once.
    public mutating func announce(_ text: String, at now: Double) {
        if pages.showsPages { pages.showUrgent(text, at: now) } else { content.announce(text) }
        layOut()
    }

    /// A new font: the messages are measured with it, then replace the text in place.
    public mutating func setShapes(_ newShapes: ShapeCache) {
        content.setShapes(newShapes)
        layOut()
    }

    /// Lays out what is to be shown next: the page, or the messages (an urgent one with them
    /// while it waits to enter) from the message a scroll began with.
    mutating func layOut() {
        if let page = pages.page(of: content.messages, width: strip.width, settings: layout, shaper: content.measuringShaper) {
            return content.layOut(page: page, settings: layout)
        }
        content.layOut(startingAt: pages.scrollStartMessage, settings: layout, direction: motion.direction,
                       newest: strip.timeline?.newest(direction: motion.direction).layout)
    }

    /// Measures for up to `layoutSliceSeconds` of `clock`; a finished layout is adopted at once.
    public mutating func continueLayout(clock: () -> Double) -> LayoutOutcome {
        guard content.isLayingOut else { return .idle }
        guard let measured = content.continueLayout(for: Self.layoutSliceSeconds, scalarsPerStep: Self.layoutStepScalars,
                                                    clock: clock) else { return .working }
        adopt(measured.content, replacingVisible: measured.newShaper, at: clock())
        return .adopted(newShaper: measured.newShaper)
    }

    /// Puts new content on the strip (see `StripView.adopt`); an urgent message waiting to enter
    /// must come first in it.
    private mutating func adopt(_ new: CycleContent, replacingVisible: Bool, at now: Double) {
        let urgentFirst = content.urgent.map { !$0.isEntering } ?? false
        redrawNeeded = true
        if let entered = strip.adopt(new, replacingVisible: replacingVisible, urgentFirst: urgentFirst, motion: &motion,
                                     page: pages.showsPages, at: now) {
            content.urgentEntered(entered, direction: motion.direction)
        }
    }

    private mutating func replan(at time: Double, onFrameGrid: Bool = false) {
        strip.replan(motion: &motion, page: pages.showsPages, at: time, onFrameGrid: onFrameGrid)
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
        replan(at: now)
        redrawNeeded = true
    }

    /// A new separator, padding or markup: the messages are laid out again and swapped in like new text.
    public mutating func setLayout(_ newLayout: LayoutSettings) {
        guard newLayout != layout else { return }
        layout = newLayout
        setMessages(content.groups)
    }

    public mutating func setScale(_ newScale: Double) { scale = newScale }

    /// The strip pixels a wheel notch or arrow key moves: it grows with the desktop's DPI.
    public var scrubStep: Double { (Self.scrubStep * scale).rounded() }

    // MARK: The window

    public mutating func setMapped(_ mapped: Bool, at now: Double) { noteVisibility(visibility.set(mapped: mapped, at: now)) }

    public mutating func setFullyObscured(_ obscured: Bool, at now: Double) {
        noteVisibility(visibility.set(fullyObscured: obscured, at: now))
    }

    private mutating func noteVisibility(_ change: WindowVisibility.Change) {
        guard case .shown(let hidden) = change else { return }
        if let hidden { motion.suspend(for: hidden) }
        redrawNeeded = true
    }

    /// A new window width: bounce ranges and fitting text depend on it. The window is drawn again
    /// either way (a height change alone needs that too).
    public mutating func resize(width newWidth: Int, at now: Double) {
        redrawNeeded = true
        _ = strip.resize(width: newWidth, motion: &motion, page: pages.showsPages, at: now)
    }

    /// The refresh period measured by the pacer, at a frame's vblank time: the speed is snapped
    /// to it again so every frame keeps the same step.
    public mutating func setRefreshPeriod(_ period: Double, atFrame time: Double) {
        if motion.setRefreshPeriod(period) { replan(at: time, onFrameGrid: true) }
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

    /// The window at the last position shown, for drawing outside the frame loop (static text,
    /// exposures, resizes). Clears the need to redraw.
    public mutating func still() -> FramePlan {
        redrawNeeded = false
        return strip.still(direction: motion.direction)
    }

    /// Whether something changed that must be drawn now, not at the next frame (no frame may come).
    public func needsRedraw(at now: Double) -> Bool { redrawNeeded && visibility.isVisible && !framesWanted(at: now) }

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
        let speed = max(0, min(requested, Self.maximumSpeed))
        if !motion.easeSpeed(to: speed, at: now) { applySpeed(speed, direction: motion.direction, at: now) }
    }

    /// One step of the grid per frame faster or slower, so the step stays even.
    public mutating func nudgeSpeed(byFrames frames: Double, at now: Double) {
        changeSpeed(to: max(0, motion.speed + frames / motion.refreshPeriod), at: now)
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

    /// The number of the message at the edge the text is read from, in `content.messages`.
    private func messageIndexAtReadingEdge() -> Int? {
        let count = content.messageCount
        guard let (layout, index) = strip.messageAtReadingEdge(direction: motion.direction),
              layout.messageStarts.count == count else { return nil }
        return pages.sourceIndex(index, of: count)
    }

    // MARK: Pointer (the events are read in `handle`)

    mutating func notePointer(at x: Int?) { pointerX = x }
    mutating func beginDrag(at x: Int, _ now: Double) { motion.beginDrag(pointer: Double(x), at: now) }
    mutating func drag(to x: Int, at now: Double) { motion.drag(to: Double(x), at: now) }
    /// Ends a drag; true when the pointer moved (a drag, not a click).
    mutating func endDrag(at now: Double) -> Bool { motion.endDrag(at: now) }

    /// Under reduced motion, hovering is how a reader scrolls a long message; otherwise it
    /// pauses the text when asked to.
    mutating func hover(_ over: Bool, at now: Double) {
        if pages.isOn {
            let changed = over ? pages.startScrolling(.hover, at: now)
                : pages.stopScrolling(.hover, readingIndex: messageIndexAtReadingEdge(), at: now)
            if changed { layOut() }
        } else if motion.settings.pauseOnHover {
            if over { motion.pause(.hover, at: now) } else { motion.resume(.hover, at: now) }
        }
    }

    /// The text moves `steps` scrub steps the way it reads forward (negative: back).
    mutating func scrub(_ steps: Double, at now: Double) { motion.scrub(by: steps * scrubStep, at: now) }
}
