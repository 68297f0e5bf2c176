/// The motion: plans from the style, and the controls (pause, speed, next) that the keyboard,
/// the pointer and `xmarquee ctl` share.
extension MarqueePlayer {
    /// The program's velocity for a cycle: from `--duration` exactly, otherwise the speed snapped
    /// to whole pixels per frame (see `FrameStep`).
    func programVelocity(cycle: Int) -> Double {
        if let duration = style.motion.duration {
            return MotionPlan.velocity(forDuration: duration, cycle: cycle, direction: style.direction)
        }
        // A speed the user eased in runs the program faster (τ's rate), not a new program: the
        // program keeps the speed it was planned with, `style.speed` ÷ the rate.
        let rate = director?.runningRate ?? 1
        let base = rate > 0 ? style.speed / rate : style.speed
        return FrameStep.effectiveSpeed(style.direction == .left ? base : -base, period: refreshPeriod, grid: grid)
    }

    /// Positions per pixel the text is shown at.
    var grid: Int { style.motion.subpixel ? SubpixelGrid.steps : 1 }

    func motionPlan(for layout: CycleLayout, anchor: Int, at time: Double) -> MotionPlan {
        let position = director?.position(at: time) ?? Double(shownPosition)
        let textWidth = max(0, layout.width - layout.separatorWidth)
        var settings = style.motion
        var windowWidth = width
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
    mutating func startMotion(_ plan: MotionPlan, at time: Double) {
        if var director {
            director.restart(plan.program, programTime: plan.programTime, at: time)
            self.director = director
        } else {
            director = MotionDirector(program: plan.program, at: time, programTime: plan.programTime)
        }
        if let point = director?.gridPoint(at: time, subpixel: style.motion.subpixel) {
            (shownPosition, shownPhase) = point
        }
    }

    /// Rebuilds the program after a change of speed, direction, refresh period or text, keeping
    /// the text where it is (a drag or a release's inertia carries on).
    /// - Parameter onFrameGrid: `time` is a frame's vblank time. Only then is the position
    ///   rounded to the grid it is shown on, so the new velocity's steps stay even from this
    ///   frame on; rounding at any other moment would itself cause an uneven step.
    mutating func replan(at time: Double, onFrameGrid: Bool = false) {
        guard var director, let timeline else { return }
        if timeline.showsOnce {
            let content = timeline.newest(direction: style.direction)
            startMotion(motionPlan(for: content.layout, anchor: 0, at: time), at: time)
            return
        }
        let edge = Int(director.position(at: time).rounded(.down))
        guard let (segment, _) = timeline.locate(edge) else { return }
        let plan = motionPlan(for: segment.content.layout, anchor: segment.anchor, at: time)
        director.setProgram(plan.program, programTime: plan.programTime, at: time)
        if onFrameGrid { director.roundPosition(at: time, grid: grid) }
        self.director = director
    }

    /// Whether anything moves at `time` or later without new input (resting counts as not).
    func isMoving(at time: Double) -> Bool {
        if let steadyLine, steadyLine.covers(time) { return true }
        guard let director else { return false }
        return !director.isStill(at: time) && director.restEnd(after: time) == nil
    }

    // MARK: Controls

    /// Pausing works in every mode: under reduced motion it holds the page (and ends a
    /// `ctl resume`'s scrolling), and `resume` lets the text scroll again.
    public mutating func pause(at now: Double) {
        holdPage(at: now)
        director?.pause(.user, at: now)
    }

    public mutating func resume(at now: Double) {
        if pager != nil { startScrolling(.request, at: now) }
        director?.resume(.user, at: now)
    }

    /// Space, a click with `--click-to-pause`, `ctl toggle`: under reduced motion a page is held
    /// and released in place (scrolling comes back only by hovering or `ctl resume`).
    public mutating func togglePause(at now: Double) {
        if let pager, pager.showsPages {
            if pager.isHeld { releasePage(at: now) } else { holdPage(at: now) }
            return
        }
        director?.togglePause(at: now)
    }

    public var isPaused: Bool { pager.map { $0.showsPages && $0.isHeld } ?? false || (director?.isPaused ?? false) }

    /// A new speed from the user, eased in (keys, Ctrl+wheel, `ctl speed`). From or to a
    /// standing text, and with `--duration`, the program itself changes.
    public mutating func changeSpeed(to requested: Double, at now: Double) {
        let speed = max(0, min(requested, Self.maximumSpeed))
        speedOrigin = .user
        guard style.speed > 0, speed > 0, style.motion.duration == nil, var director else {
            style.motion.duration = nil
            applySpeed(speed, direction: style.direction, at: now)
            return
        }
        // The program keeps the velocity it was planned with; τ's rate eases to the new ratio.
        let programSpeed = abs(programVelocity(cycle: 1))
        director.setRunningRate(programSpeed > 0 ? speed / programSpeed : 1, at: now)
        self.director = director
        style.speed = speed
    }

    /// One whole pixel per frame faster or slower, so the step stays whole.
    public mutating func nudgeSpeed(byFrames frames: Double, at now: Double) {
        changeSpeed(to: max(0, style.speed + frames / refreshPeriod), at: now)
    }

    /// Moves the text so the next message starts at the edge it is read from.
    public mutating func skipToNextMessage(at now: Double) {
        guard let timeline, !timeline.showsOnce, let (segment, within) = timeline.locate(shownPosition) else { return }
        let layout = segment.content.layout
        let starts = layout.messageStarts
        let current = layout.messageIndex(containing: within)
        let delta: Int
        switch style.direction {
        case .left:
            // Leftward text: the next message is the one after the current, to the right.
            delta = (current + 1 < starts.count ? starts[current + 1] : layout.width) - within
        case .right:
            // Rightward text reads from the left: bring the current message's start to the edge,
            // or, when it is there already, the one before it (wrapping to the previous cycle).
            let previous = current > 0 ? starts[current - 1] : starts[starts.count - 1] - layout.width
            delta = (within > starts[current] ? starts[current] : previous) - within
        }
        director?.scrub(by: Double(delta), at: now)
    }

    /// The text moves `steps` scrub steps the way it reads forward (negative: back).
    mutating func scrub(steps: Double, at now: Double) {
        let pixels = steps * scrubStep
        director?.scrub(by: pixels, at: now)
    }
}
