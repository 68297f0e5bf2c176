/// Every decision of the ticker, with no X11 in it: which text is on the strip and where new text
/// enters, how it moves, what input and `ctl` requests do, when frames are needed, and what one
/// frame shows. Time comes in as a value (seconds on the monotonic clock) and a frame goes out
/// as a `FramePlan`, so all of it runs in unit tests with a fake shaper and no display.
///
/// The window's side (`Ticker`) turns X events into calls here and plans into pixels.
public struct MarqueePlayer {
    /// Time spent laying out per loop turn: a 10 MB text is measured over many turns while the
    /// old text keeps scrolling. Bounded in time, not characters, so a slow machine (or a debug
    /// build) still never misses a frame.
    public static let layoutSliceSeconds = 0.004
    public static let layoutStepScalars = 4096
    /// Strip pixels one wheel notch or arrow key moves the text, at 96 dpi.
    public static let scrubStep = 48.0
    /// Characters counted for a reading time: the time stops growing long before this.
    public static let readingLengthLimit = 400
    /// The fastest speed a user can ask for, in pixels per second.
    public static let maximumSpeed = 100_000.0

    /// Who set the speed last: the configuration (command line, config file, reload) or the user
    /// (keys, wheel, `ctl speed`).
    public enum SpeedOrigin: String, Sendable {
        case configuration, user
    }

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

    /// The look and motion; `style.speed` is the one speed, whoever set it.
    public internal(set) var style: TickerStyle
    public internal(set) var speedOrigin = SpeedOrigin.configuration
    /// The speed the configuration last asked for: a reload that does not change it leaves a
    /// speed the user chose since alone.
    public private(set) var configuredSpeed: Double
    /// Every piece shaped with the font in use.
    public private(set) var shapes: ShapeCache
    /// Finds right-to-left runs and their order on screen (nil: every line left to right).
    public let reordering: LineReordering?
    public private(set) var width: Int
    /// The refresh period the motion is snapped to (whole pixels per frame).
    public private(set) var refreshPeriod: Double

    public internal(set) var timeline: StripTimeline<CycleContent>?
    /// Strip position of the window's left edge in the last frame planned.
    public internal(set) var shownPosition = 0
    /// The sub-pixel phase of that frame (0..<`SubpixelGrid.steps`): the text stood
    /// `shownPhase` / steps px further on.
    public internal(set) var shownPhase = 0
    /// The motion as a function of time and input; made when the first content is adopted.
    public internal(set) var director: MotionDirector? {
        didSet { steadyLine = nil }
    }
    /// The line the director's motion follows, found by a frame and kept until the director
    /// changes: frames on it cost a multiply-add (see `SteadyLine`).
    private(set) var steadyLine: SteadyLine?
    /// The messages on show, source by source.
    public private(set) var groups: [MessageGroup] = []
    /// An urgent message from `ctl say`, shown once at the next place it can enter.
    public internal(set) var urgent: UrgentMessage?
    /// Reduced motion: one message at a time, standing still (nil: the text scrolls).
    public internal(set) var pager: MessagePager?

    private var pendingLayout: CycleLayoutBuilder? {
        didSet { isLayingOut = pendingLayout != nil }
    }
    /// A font change waiting for its layout: the font comes into use together with the text
    /// measured with it, so nothing on screen is painted with a font it was not laid out for.
    var pendingShapes: ShapeCache?
    private var nextContentID: UInt64 = 1
    private var mapped = false
    private var fullyObscured = false
    /// When frames stopped because the window could not be seen (the text should not move on
    /// meanwhile); nil while it can be seen.
    private var hiddenSince: Double?
    /// While scrolling under reduced motion, the message the scroll began with (the page that
    /// was on show), so the text goes on from where the reader was.
    var scrollStartMessage = 0
    /// The text of an urgent message shown as a page.
    var urgentPage: String?
    /// The pointer's column while it is over the window.
    public internal(set) var pointerX: Int?
    /// Set when what the window shows changed outside the frame loop (new text standing still,
    /// a resize): it must be drawn at once.
    var redrawNeeded = false

    public init(style: TickerStyle, shapes: ShapeCache, width: Int, refreshPeriod: Double,
                reordering: LineReordering? = nil) {
        self.style = style
        configuredSpeed = style.speed
        self.shapes = shapes
        self.width = width
        self.refreshPeriod = refreshPeriod
        self.reordering = reordering
    }

    /// Every message on show, in order (pages and the status count them one by one).
    public var messages: [Message] { groups.flatMap(\.messages) }
    /// Stored, not computed from `pendingLayout`: the loop asks twice a turn, and a computed
    /// property of a struct held by a class is read from a copy of the whole player.
    public private(set) var isLayingOut = false
    public var isVisible: Bool { mapped && !fullyObscured }
    public var visibleRange: Range<Int> { shownPosition..<(shownPosition + width) }

    // MARK: Content

    /// Every source's messages: a source whose array is the one it had is not laid out again.
    public mutating func setMessages(_ groups: [MessageGroup]) {
        self.groups = groups
        if pager != nil { notePageLengths() }
        layOut()
    }

    /// Shows `text` once, at the next place it can enter without a jump (`ctl say`); under
    /// reduced motion it is the next page, at once.
    public mutating func announce(_ text: String, at now: Double) {
        if pager?.showsPages == true {
            urgentPage = text
            pager?.showUrgent(characters: text.count, at: now)
        } else {
            urgent = UrgentMessage(text: text)
        }
        layOut()
    }

    /// A new font: the messages are measured with it, then replace the text in place.
    public mutating func setShapes(_ newShapes: ShapeCache) {
        pendingShapes = newShapes
        layOut()
    }

    /// Lays out what is to be shown next (an urgent message with it while it waits to enter).
    mutating func layOut() {
        if let pages = pagesShown() {
            pendingLayout = CycleLayoutBuilder(messages: pages, settings: style.layout, reordering: reordering, reusing: nil)
            return
        }
        // Scrolling on from a page starts at that page's message: then the list is one rotated group.
        var shown = scrollStartMessage == 0 ? groups
            : [MessageGroup(source: "\u{1}rotated", messages: Self.rotated(messages, startingAt: scrollStartMessage))]
        if let urgent {
            // It enters first: the start of the cycle for leftward text, its end for rightward.
            let message = MessageGroup(source: "\u{1}urgent", messages: [Message(urgent.text)])
            if style.direction == .left { shown.insert(message, at: 0) } else { shown.append(message) }
        }
        // The newest content's unchanged messages are copied (a clock tick beside a long text
        // measures only the clock); a font on its way measures everything anew.
        let newest = pendingShapes == nil ? timeline?.newest(direction: style.direction).layout : nil
        pendingLayout = CycleLayoutBuilder(groups: shown, settings: style.layout, reordering: reordering, reusing: newest)
    }

    /// Measures for up to `layoutSliceSeconds` of `clock`; a finished layout is adopted at once.
    public mutating func continueLayout(clock: () -> Double) -> LayoutOutcome {
        guard var builder = pendingLayout else { return .idle }
        // Moved out, not copied: with a second reference its arrays (megabytes of text, a record
        // per message) would be copied on the first append of every turn.
        pendingLayout = nil
        let deadline = clock() + Self.layoutSliceSeconds
        var finished: CycleLayout?
        repeat {
            finished = builder.run(budget: Self.layoutStepScalars, cache: pendingShapes ?? shapes)
        } while finished == nil && clock() < deadline
        guard let layout = finished else {
            pendingLayout = builder
            return .working
        }
        let newShaper = pendingShapes != nil
        if let pendingShapes {
            shapes = pendingShapes
            self.pendingShapes = nil
        }
        shapes.endGeneration()
        let content = CycleContent(layout: layout, id: nextContentID)
        nextContentID += 1
        adopt(content, replacingVisible: newShaper, at: clock())
        return .adopted(newShaper: newShaper)
    }

    /// Puts new content on the strip.
    /// - Parameter replacingVisible: show it at once, in place (a new font: the old text cannot
    ///   be painted any more); otherwise it enters where nothing is visible yet.
    private mutating func adopt(_ content: CycleContent, replacingVisible: Bool, at now: Double) {
        let plan = motionPlan(for: content.layout, anchor: 0, at: now)
        // An urgent message waiting to enter: the new content must begin with it.
        let urgentFirst = urgent.map { !$0.isEntering } ?? false
        redrawNeeded = true
        let fresh = initialTimeline(content)
        if startAfreshIfSingleCopy(content, plan: plan, at: now, loop: fresh) { return }
        guard var timeline else { return }
        if replacingVisible || !isMoving(at: now) {
            timeline.reset(to: content, anchor: shownPosition)
        } else if !urgentFirst, timeline.updateInPlace(to: content) {
            // Laid out exactly like the text on show (a clock's next second): it changes where it
            // stands, in view too, and nothing moves.
        } else {
            // Two window widths is a short wait at any useful speed; past it, a long message is
            // cut at the entering edge rather than holding the new text back for minutes. An
            // urgent message waiting to enter comes first; otherwise the reading order carries on.
            timeline.swap(to: content, visible: visibleRange, direction: style.direction, maxDeferral: 2 * width,
                          continuing: !urgentFirst)
            if urgentFirst { urgent?.entered(timeline.newestSegment(direction: style.direction), direction: style.direction) }
        }
        self.timeline = timeline
        replan(at: now)
    }

    /// Bounce and fitting text show a single copy, which cannot be swapped in at an edge: when
    /// the plan shows one, or the timeline does (or there is none yet), the new text replaces the
    /// old in place and the motion is planned anew (a bounce continuing where it stood), the
    /// loop's timeline being `loop`. Returns whether it did.
    mutating func startAfreshIfSingleCopy(_ content: CycleContent, plan: MotionPlan, at now: Double,
                                                  loop: StripTimeline<CycleContent>) -> Bool {
        guard plan.showsOnce || (timeline?.showsOnce ?? true) else { return false }
        var plan = plan
        if timeline?.showsOnce == true, let director,
           let tau = plan.program.bounceTime(continuing: director.program, at: director.programTime(at: now)) {
            // A bounce carries on from where the text stands, the way it was heading.
            plan.programTime = tau
        }
        timeline = plan.showsOnce ? StripTimeline(showingOnce: content, anchor: 0) : loop
        startMotion(plan, at: now)
        return true
    }

    /// The first text: already in view at the left edge, or (`--start offscreen`) just beyond
    /// the edge it enters from.
    private func initialTimeline(_ content: CycleContent) -> StripTimeline<CycleContent> {
        guard style.motion.start == .offscreen, style.speed > 0 || style.motion.duration != nil else {
            return StripTimeline(content: content, anchor: 0)
        }
        let start = style.direction == .left ? shownPosition + width : shownPosition
        return StripTimeline(content: content, enteringAt: start, direction: style.direction)
    }

    // MARK: Settings (the configuration, reloaded live)

    /// A new speed or direction from the configuration: the text does not jump, it continues
    /// from where it stands at the new speed.
    public mutating func setSpeed(_ speed: Double, direction: ScrollDirection, at now: Double) {
        guard speed != configuredSpeed || direction != style.direction else { return }
        configuredSpeed = speed
        speedOrigin = .configuration
        applySpeed(speed, direction: direction, at: now)
    }

    mutating func applySpeed(_ speed: Double, direction: ScrollDirection, at now: Double) {
        guard speed != style.speed || direction != style.direction || director?.runningRate != 1 else { return }
        if direction != style.direction, var current = timeline, !current.showsOnce {
            // Pending swaps were placed on the old entering edge: keep only the newest content,
            // in its own phase, so the swap logic starts clean for the new direction.
            let newest = current.newestSegment(direction: style.direction)
            current.reset(to: newest.content, anchor: newest.anchor)
            timeline = current
        }
        style.speed = speed
        style.direction = direction
        director?.setRunningRate(1, at: now)
        replan(at: now)
        redrawNeeded = true
    }

    /// A new separator, padding or markup: the messages are laid out again and swapped in like
    /// new text.
    public mutating func setLayout(_ layout: LayoutSettings) {
        guard layout != style.layout else { return }
        style.layout = layout
        setMessages(groups)
    }

    /// New colours, fade width or item box: the player keeps them in the style; the compositor
    /// paints them.
    public mutating func setLook(foreground: RGBAColor, background: RGBAColor, fade: Int, capsule: CapsuleStyle?) {
        style.foreground = foreground
        style.background = background
        style.fade = fade
        style.capsule = capsule
    }

    /// The desktop's DPI ÷ 96, for the player's own pixel amounts (the wheel's step).
    public mutating func setScale(_ scale: Double) { style.scale = scale }

    /// The strip pixels a wheel notch or arrow key moves: it grows with the desktop's DPI.
    public var scrubStep: Double { (Self.scrubStep * style.scale).rounded() }

    // MARK: The window

    /// Mapped, unmapped, obscured: frames run only while the window can be seen, and the text
    /// continues from where it stood rather than jumping ahead by the time it was hidden.
    public mutating func setMapped(_ mapped: Bool, at now: Double) {
        setVisibility(mapped: mapped, fullyObscured: fullyObscured, at: now)
    }

    public mutating func setFullyObscured(_ obscured: Bool, at now: Double) {
        setVisibility(mapped: mapped, fullyObscured: obscured, at: now)
    }

    private mutating func setVisibility(mapped: Bool, fullyObscured: Bool, at now: Double) {
        let wasVisible = isVisible
        self.mapped = mapped
        self.fullyObscured = fullyObscured
        if isVisible && !wasVisible {
            if let since = hiddenSince { director?.suspend(for: now - since) }
            hiddenSince = nil
            redrawNeeded = true
        } else if !isVisible && hiddenSince == nil {
            hiddenSince = now
        }
    }

    /// A new window width: bounce ranges and fitting text depend on it. The window is drawn again
    /// either way (a height change alone needs that too).
    public mutating func resize(width newWidth: Int, at now: Double) {
        redrawNeeded = true
        guard newWidth != width else { return }
        width = newWidth
        guard style.motion.mode != .continuous, let content = timeline?.newest(direction: style.direction) else { return }
        let plan = motionPlan(for: content.layout, anchor: 0, at: now)
        let loop = StripTimeline(content: content, anchor: shownPosition)
        _ = startAfreshIfSingleCopy(content, plan: plan, at: now, loop: loop)
    }

    /// The refresh period measured by the pacer, at a frame's vblank time: the speed is snapped
    /// to it again so every frame keeps the same whole step.
    public mutating func setRefreshPeriod(_ period: Double, atFrame time: Double) {
        guard period != refreshPeriod, period > 0 else { return }
        refreshPeriod = period
        replan(at: time, onFrameGrid: true)
    }

    // MARK: Frames

    /// True while something visible moves: frames run only then.
    public func framesWanted(at now: Double) -> Bool {
        guard isVisible, let timeline, timeline.segments.contains(where: { $0.content.unitWidth > 0 }) else { return false }
        return isMoving(at: now)
    }

    /// What the player needs from the frame loop from `now` on.
    public func demand(at now: Double) -> FrameDemand {
        if framesWanted(at: now) { return .nextFrame }
        // Resting at a pause in the program (at the start, at a bounce's end): sleep until it ends.
        if isVisible, let wake = director?.restEnd(after: now) { return .restUntil(wake) }
        return .none
    }

    /// The frame shown at vblank time `time`: the text where the motion puts it, an urgent message
    /// taken out once it has entered. Nil when nothing can be seen. A frame asked for while the
    /// text still moved is drawn even when the motion has come to rest by its vblank: that frame
    /// shows where it rests.
    public mutating func frame(at time: Double) -> FramePlan? {
        guard isVisible, timeline != nil, let exact = position(atFrame: time) else { return nil }
        let (position, phase) = SubpixelGrid.split(exact, subpixel: style.motion.subpixel)
        var plan = view(at: position, phase: phase)
        if let urgent, urgent.hasEntered(visible: visibleRange, direction: style.direction) {
            // Once it has fully entered, the text without it follows (swapped in past the entering
            // edge, so the message is shown exactly once).
            self.urgent = nil
            layOut()
        }
        plan.demand = demand(at: time)
        return plan
    }

    /// The text's exact strip position at frame time `time`: on the steady line when one holds,
    /// else from the director (which then says whether a line starts here).
    private mutating func position(atFrame time: Double) -> Double? {
        if let steadyLine, steadyLine.covers(time) { return steadyLine.position(at: time) }
        guard let director else { return nil }
        steadyLine = director.steadyLine(at: time)
        return director.position(at: time)
    }

    /// The window at the last position shown, for drawing outside the frame loop (static text,
    /// exposures, resizes). Clears the need to redraw.
    public mutating func still() -> FramePlan {
        redrawNeeded = false
        return view(at: shownPosition, phase: shownPhase)
    }

    /// Whether something changed that must be drawn now, not at the next frame (no frame may come).
    public func needsRedraw(at now: Double) -> Bool { redrawNeeded && isVisible && !framesWanted(at: now) }

    /// The copies that show strip positions `[position, position + width)`; segments scrolled out
    /// are dropped first.
    private mutating func view(at position: Int, phase: Int) -> FramePlan {
        shownPosition = position
        shownPhase = phase
        // Pruned in place: a copy taken out and written back would copy the segments each frame.
        let visible = visibleRange
        timeline?.prune(visible: visible, direction: style.direction)
        return FramePlan(position: position, phase: phase, width: width, demand: .none, strip: timeline)
    }

    // MARK: Reading the strip

    /// The link of the text under window column `x`, if it has one (not its separator).
    public func link(atWindowX x: Int) -> String? {
        guard let (segment, offset) = timeline?.locate(shownPosition + x) else { return nil }
        return segment.content.layout.link(at: offset)
    }

    /// Whether the pointer is over linked text (the window shows a hand there).
    public var pointerOverLink: Bool { pointerX.flatMap { link(atWindowX: $0) } != nil }

    /// The layout on show at the edge the text is read from and the number of its message there.
    func messageAtReadingEdge() -> (layout: CycleLayout, index: Int)? {
        let edge = style.direction == .left ? shownPosition : shownPosition + width - 1
        guard let (segment, offset) = timeline?.locate(edge), !segment.content.layout.messageStarts.isEmpty else { return nil }
        let layout = segment.content.layout
        return (layout, layout.messageIndex(containing: offset))
    }

    static func rotated(_ messages: [Message], startingAt start: Int) -> [Message] {
        guard !messages.isEmpty else { return messages }
        let start = start % messages.count
        return Array(messages[start...] + messages[..<start])
    }
}
