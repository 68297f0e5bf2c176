import CX11
import MarqueeCore
import MarqueeIO

/// The ticker's motion: plans from the user's settings, and the controls (pause, speed, next,
/// urgent messages) that the keyboard, the pointer and `xmarquee ctl` share.
extension Ticker {
    /// The program's velocity for a cycle: from `--duration` exactly, otherwise the speed snapped
    /// to whole pixels per frame (see `FrameStep`).
    func programVelocity(cycle: Int) -> Double {
        if let duration = style.motion.duration {
            return MotionPlan.velocity(forDuration: duration, cycle: cycle, direction: style.direction)
        }
        let velocity = style.direction == .left ? style.speed : -style.speed
        return FrameStep.effectiveSpeed(velocity, period: pacer.period)
    }

    func motionPlan(for layout: CycleLayout, anchor: Int, at time: Double) -> MotionPlan {
        let position = director?.position(at: time) ?? Double(shownPosition)
        let textWidth = max(0, layout.width - layout.separatorWidth)
        var settings = style.motion
        var windowWidth = window.width
        if showsPages {
            // A page stands, aligned like fitting text; the ellipsis made it fit, and a pixel of
            // difference between measuring and shaping must not make it scroll.
            settings.mode = .overflow
            windowWidth = max(windowWidth, textWidth)
        }
        return MotionPlan.make(settings, velocity: programVelocity(cycle: layout.width), cycle: layout.width,
                               textWidth: textWidth, windowWidth: windowWidth, anchor: anchor, position: position)
    }

    /// Starts a plan afresh (a first text, or a single copy): the text goes where the plan says.
    func startMotion(_ plan: MotionPlan, at time: Double) {
        snappedPeriod = pacer.period
        if director == nil {
            director = MotionDirector(program: plan.program, at: time, programTime: plan.programTime)
        } else {
            director!.restart(plan.program, programTime: plan.programTime, at: time)
        }
        shownPosition = director!.pixel(at: time)
    }

    /// Rebuilds the program after a change of speed, direction, refresh period or text, keeping
    /// the text where it is (a drag or a release's inertia carries on).
    /// - Parameter onFrameGrid: `time` is a frame's vblank time. Only then is the position
    ///   rounded to a whole pixel, so the new velocity's steps stay whole from this frame on;
    ///   rounding at any other moment would itself cause a one-pixel step.
    func replan(at time: Double, onFrameGrid: Bool = false) {
        guard var director, let timeline else { return }
        snappedPeriod = pacer.period
        if timeline.showsOnce {
            let content = timeline.newest(direction: style.direction)
            startMotion(motionPlan(for: content.layout, anchor: 0, at: time), at: time)
            return
        }
        let position = director.position(at: time)
        let edge = Int(position.rounded(.down))
        guard let piece = timeline.pieces(in: edge..<(edge + 1)).first else { return }
        let plan = motionPlan(for: piece.segment.content.layout, anchor: piece.segment.anchor, at: time)
        director.setProgram(plan.program, programTime: plan.programTime, at: time)
        if onFrameGrid { director.roundPosition(at: time) }
        self.director = director
    }

    /// Whether anything moves at `time` or later without new input (resting counts as not).
    func isMoving(at time: Double) -> Bool {
        guard let director else { return false }
        return !director.isStill(at: time) && director.restEnd(after: time) == nil
    }

    // MARK: Controls

    /// Pausing works in every mode: under reduced motion it holds the page (and ends a
    /// `ctl resume`'s scrolling), and `resume` lets the text scroll again.
    public func pause() {
        _ = holdPage()
        changeDirector { $0.pause(.user, at: $1) }
    }

    public func resume() {
        if pager != nil { startScrolling(.request) }
        changeDirector { $0.resume(.user, at: $1) }
    }

    /// Space, a click with `--click-to-pause`, `ctl toggle`: under reduced motion a page is held
    /// and released in place (scrolling comes back only by hovering or `ctl resume`).
    public func togglePause() {
        if let pager, pager.showsPages {
            if pager.isHeld { releasePage() } else { _ = holdPage() }
            return
        }
        changeDirector { $0.togglePause(at: $1) }
    }

    public var isPaused: Bool { pager.map { $0.showsPages && $0.isHeld } ?? false || (director?.isPaused ?? false) }

    /// A new speed, eased in (keys, Ctrl+wheel, `ctl speed`). From or to a standing text, and
    /// with `--duration`, the program itself changes.
    public func changeSpeed(to speed: Double) {
        let speed = max(0, min(speed, 100_000))
        if style.speed > 0 && speed > 0 && style.motion.duration == nil {
            let programSpeed = abs(programVelocity(cycle: 1))
            changeDirector { $0.setRunningRate(speed / programSpeed, at: $1) }
            currentSpeed = speed
        } else {
            style.motion.duration = nil
            setSpeed(speed, direction: style.direction)
            currentSpeed = speed
        }
    }

    /// One whole pixel per frame faster or slower, so the step stays whole.
    func nudgeSpeed(by frames: Double) {
        let step = 1 / pacer.period
        changeSpeed(to: max(0, currentSpeed + frames * step))
    }

    /// Moves the text so the next message starts at the edge it is read from.
    public func skipToNextMessage() {
        guard let timeline, !timeline.showsOnce else { return }
        guard let piece = timeline.pieces(in: shownPosition..<(shownPosition + 1)).first else { return }
        let layout = piece.segment.content.layout
        guard layout.width > 0 else { return }
        let within = StripGeometry.floorMod(shownPosition - piece.segment.anchor, layout.width)
        let starts = layout.messageStarts
        let current = layout.messageIndex(containing: within)
        let delta: Int
        if style.direction == .left {
            // Leftward text: the next message is the one after the current, to the right.
            delta = (current + 1 < starts.count ? starts[current + 1] : layout.width) - within
        } else {
            // Rightward text reads from the left: bring the current message's start to the edge,
            // or, when it is there already, the one before it (wrapping to the previous cycle).
            let previous = current > 0 ? starts[current - 1] : starts[starts.count - 1] - layout.width
            delta = (within > starts[current] ? starts[current] : previous) - within
        }
        scrub(by: Double(delta))
    }

    func scrub(by pixels: Double) { changeDirector { $0.scrub(by: pixels, at: $1) } }

    /// Applies a change to the motion now and lets frames run while it takes effect.
    func changeDirector(_ change: (inout MotionDirector, Double) -> Void) {
        guard director != nil else { return }
        change(&director!, MonotonicClock.now())
        updateFrameDemand()
    }

    // MARK: Urgent messages

    /// Shows `text` once, at the next place it can enter without a jump (`ctl say`).
    public func announce(_ text: String) {
        if announceAsPage(text) { return }
        urgent = UrgentMessage(text: text)
        layOut()
    }

    /// The content carrying the urgent message has been swapped in: note where the message ends,
    /// so it can be taken out again once it has fully entered.
    func noteUrgentEntering(_ content: RenderedContent) {
        guard var message = urgent, !message.isEntering, let timeline else { return }
        let layout = content.layout
        guard layout.width > 0 else { return }
        if style.direction == .left {
            let segment = timeline.segments[timeline.segments.count - 1]
            let start = segment.anchor >= segment.lower ? segment.anchor : segment.anchor + layout.width
            message.clearEdge = start + (layout.messageStarts.count > 1 ? layout.messageStarts[1] : layout.width)
        } else {
            let segment = timeline.segments[0]
            message.clearEdge = segment.anchor - (layout.width - (layout.messageStarts.last ?? 0))
        }
        message.isEntering = true
        urgent = message
    }

    /// Once the urgent message has fully entered, the text without it follows (swapped in past
    /// the entering edge, so the message is shown exactly once).
    func checkUrgent(at time: Double) {
        guard let message = urgent, message.isEntering, let edge = message.clearEdge else { return }
        let entered = style.direction == .left ? shownPosition + window.width >= edge : shownPosition <= edge
        if entered {
            urgent = nil
            layOut()
        }
    }
}

/// A message from `ctl say` on its way in.
struct UrgentMessage {
    let text: String
    /// Swapped in; it is taken out again once the entering edge has passed `clearEdge`.
    var isEntering = false
    var clearEdge: Int?
}
