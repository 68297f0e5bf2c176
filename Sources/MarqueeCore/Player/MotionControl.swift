/// How the text moves: the director (the motion as a function of time and input) and what it is
/// planned from — the one speed and who set it, the direction, the motion settings and the refresh
/// period the steps are snapped to. The player asks it for plans and positions; nothing else
/// writes its state.
public struct MotionControl {
    /// Strip pixels one wheel notch or arrow key moves the text, at 96 dpi.
    public static let scrubStep = 48.0
    /// The fastest speed a user can ask for, in pixels per second.
    public static let maximumSpeed = 100_000.0

    /// Who set the speed last: the configuration (command line, config file, reload) or the user
    /// (keys, wheel, `ctl speed`).
    public enum SpeedOrigin: String, Sendable {
        case configuration, user
    }

    /// Made when the first content is adopted.
    public private(set) var director: MotionDirector? {
        didSet { steadyLine = nil }
    }
    /// The line the director's motion follows, found by a frame and kept until the director
    /// changes: frames on it cost a multiply-add (see `SteadyLine`).
    public private(set) var steadyLine: SteadyLine?
    /// Pixels per second (0: the text stands still), whoever set it.
    public private(set) var speed: Double
    public private(set) var direction: ScrollDirection
    public private(set) var settings: MotionSettings
    public private(set) var speedOrigin = SpeedOrigin.configuration
    /// The speed the configuration last asked for: a reload that does not change it leaves a
    /// speed the user chose since alone.
    public private(set) var configuredSpeed: Double
    /// The refresh period the motion is snapped to (whole grid steps per frame).
    public private(set) var refreshPeriod: Double
    /// The desktop's DPI ÷ 96: what the user's own pixel amounts (the wheel's step) grow by.
    public private(set) var scale: Double
    /// Hold mode's `next` is under way: the program stands while a scrub eases the text to the next
    /// stop (`skipToStop`), until the stop is planned there.
    private(set) var skipsToStop = false

    public init(speed: Double, direction: ScrollDirection, settings: MotionSettings, refreshPeriod: Double, scale: Double = 1) {
        self.speed = speed
        self.scale = scale
        configuredSpeed = speed
        self.direction = direction
        self.settings = settings
        self.refreshPeriod = refreshPeriod
    }

    /// Positions per pixel the text is shown at.
    public var grid: Int { settings.subpixel ? SubpixelGrid.steps : 1 }

    // MARK: Plans

    /// The program's velocity for a cycle: from `--duration` exactly, otherwise the speed snapped
    /// to whole grid steps per frame (see `FrameStep`).
    func programVelocity(cycle: Int) -> Double {
        if let duration = settings.duration {
            return MotionPlan.velocity(forDuration: duration, cycle: cycle, direction: direction)
        }
        // A speed the user eased in runs the program faster (τ's rate), not a new program: the
        // program keeps the speed it was planned with, `speed` ÷ the rate.
        let rate = director?.runningRate ?? 1
        let base = rate > 0 ? speed / rate : speed
        return FrameStep.effectiveSpeed(direction == .left ? base : -base, period: refreshPeriod, grid: grid)
    }

    /// The plan for `layout` whose cycles begin at `anchor`, in a window `windowWidth` wide, the
    /// text continuing from where it stands (`shown` before any motion). A page stands, aligned
    /// like fitting text: the ellipsis made it fit, and a pixel of difference between measuring
    /// and shaping must not make it scroll.
    func plan(for layout: CycleLayout, anchor: Int, windowWidth: Int, page: Bool, shown: Int, at time: Double) -> MotionPlan {
        let position = director?.position(at: time) ?? Double(shown)
        let textWidth = max(0, layout.width - layout.separatorWidth)
        var planned = settings
        if page { planned.mode = .overflow }
        return MotionPlan.make(planned, velocity: programVelocity(cycle: layout.width), cycle: layout.width, textWidth: textWidth,
                               windowWidth: page ? max(windowWidth, textWidth) : windowWidth, anchor: anchor, position: position)
    }

    /// Starts a plan afresh (a first text, or a single copy); returns where the text now stands.
    mutating func start(_ plan: MotionPlan, at time: Double) -> (pixel: Int, phase: Int) {
        skipsToStop = false
        if var director {
            director.restart(plan.program, programTime: plan.programTime, at: time)
            self.director = director
        } else {
            director = MotionDirector(program: plan.program, at: time, programTime: plan.programTime)
        }
        return director!.gridPoint(at: time, subpixel: settings.subpixel)
    }

    /// A bounce carries on from where the text stands, the way it was heading: the program time
    /// in `plan` that continues the current bounce (nil: start it as planned).
    func bounceTime(of plan: MotionPlan, at time: Double) -> Double? {
        guard let director else { return nil }
        return plan.program.bounceTime(continuing: director.program, at: director.programTime(at: time))
    }

    /// The program for `plan` from `time` on, keeping the text where it is (a drag or a release's
    /// inertia carries on). `onFrameGrid`: `time` is a frame's vblank time, and only then is the
    /// position rounded to the grid it is shown on, so the new velocity's steps stay even from
    /// this frame on; rounding at any other moment would itself cause an uneven step.
    mutating func continueWith(_ plan: MotionPlan, at time: Double, onFrameGrid: Bool) {
        guard var director else { return }
        if plan.program.stops { skipsToStop = false }
        director.setProgram(plan.program, programTime: plan.programTime, at: time)
        // Not for a crawl that stops (its stops are whole pixels, and an offset left by rounding
        // would have to be folded in again), nor while `next` stands it (its scrub ends on the stop).
        if onFrameGrid && !plan.program.stops && !skipsToStop { director.roundPosition(at: time, grid: grid) }
        self.director = director
    }

    /// The strip pixel at the window's left edge at `time` (rounded down), where a plan is cut from.
    func edge(at time: Double) -> Int? { director.map { Int($0.position(at: time).rounded(.down)) } }

    // MARK: Reading

    /// The text's exact strip position at frame time `time`: on the steady line when one holds,
    /// else from the director (which then says whether a line starts here).
    mutating func position(atFrame time: Double) -> Double? {
        if let steadyLine, steadyLine.covers(time) { return steadyLine.position(at: time) }
        guard var director else { return nil }
        if director.isDragging {
            director.noteFramePlanned()
            self.director = director
        }
        steadyLine = director.steadyLine(at: time)
        return director.position(at: time)
    }

    /// Where the frame at `time` shows the text: the whole pixel and the sub-pixel phase.
    mutating func point(atFrame time: Double) -> (pixel: Int, phase: Int)? {
        position(atFrame: time).map { SubpixelGrid.split($0, subpixel: settings.subpixel) }
    }

    /// The frames of the vblanks after `time`, one per `period`, while the motion holds its steady
    /// line: up to `limit.count` with the frame at `time`, each within `limit.reach` pixels of it.
    /// Where the line ends at a stop (hold mode), the batch ends with the first frame standing
    /// there: nothing queued runs past a stop, and the stand needs no frames after it.
    /// None when the line does not cover `time` (an ease, a rest, a bounce, a drag).
    func following(_ time: Double, period: Double, limit: FrameBatchLimit) -> [FramePoint] {
        guard limit.count > 1, let steadyLine, steadyLine.covers(time), let director else { return [] }
        let start = steadyLine.position(at: time)
        var points: [FramePoint] = []
        points.reserveCapacity(limit.count - 1)
        for index in 1..<limit.count {
            let frameTime = time + Double(index) * period
            let stops = !steadyLine.covers(frameTime)
            let exact = stops ? director.position(at: frameTime) : steadyLine.position(at: frameTime)
            guard abs(exact - start) <= Double(limit.reach) else { break }
            let (pixel, phase) = SubpixelGrid.split(exact, subpixel: settings.subpixel)
            points.append(FramePoint(position: pixel, phase: phase))
            if stops { break }
        }
        return points
    }

    /// Whether a crawl that stops has a user offset to fold into its program (a drag or a scrub
    /// came to rest): its stops must be planned again from where the text now is.
    func hasOffsetToFold(at time: Double) -> Bool {
        guard let director, let offset = director.settledOffset(at: time), abs(offset) > 1e-6 else { return false }
        // Hold mode's `next` stands the program while it scrubs (`skipToStop`).
        return director.program.stops || skipsToStop
    }

    /// Whether anything moves at `time` or later without new input (resting counts as not).
    func isMoving(at time: Double) -> Bool {
        if let steadyLine, steadyLine.covers(time) { return true }
        guard let director else { return false }
        return !director.isStill(at: time) && director.restEnd(after: time) == nil
    }

    /// When a rest in the program ends (nil: not resting).
    func restEnd(after time: Double) -> Double? { director?.restEnd(after: time) }

    var isPaused: Bool { director?.isPaused ?? false }
    /// Paused by the user (not by a hover), which the menu offers to resume.
    var isPausedByUser: Bool { director?.pauseReasons.contains(.user) ?? false }

    // MARK: Changes

    /// A new speed or direction: the program is planned anew by the caller (`continueWith`).
    /// Returns false when nothing changes.
    mutating func setSpeed(_ newSpeed: Double, direction newDirection: ScrollDirection, at time: Double) -> Bool {
        guard newSpeed != speed || newDirection != direction || director?.runningRate != 1 else { return false }
        speed = newSpeed
        direction = newDirection
        director?.setRunningRate(1, at: time)
        return true
    }

    /// A speed from the configuration; false when it asks for the speed it asked for before.
    mutating func configure(speed newSpeed: Double, direction newDirection: ScrollDirection) -> Bool {
        guard newSpeed != configuredSpeed || newDirection != direction else { return false }
        configuredSpeed = newSpeed
        speedOrigin = .configuration
        return true
    }

    /// A new speed from the user. Eased in as the program's running rate when both speeds move
    /// and no `--duration` fixes the velocity; otherwise (returns false) the program must change:
    /// the caller sets the speed as from the configuration.
    mutating func easeSpeed(to newSpeed: Double, at time: Double) -> Bool {
        speedOrigin = .user
        guard speed > 0, newSpeed > 0, settings.duration == nil, var director else {
            settings.duration = nil
            return false
        }
        // The program keeps the velocity it was planned with; τ's rate eases to the new ratio.
        let programSpeed = abs(programVelocity(cycle: 1))
        director.setRunningRate(programSpeed > 0 ? newSpeed / programSpeed : 1, at: time)
        self.director = director
        speed = newSpeed
        return true
    }

    /// The refresh period measured by the pacer; whether the motion must be planned again: only
    /// when the speed it runs at changes with it (a step snapped to the grid, `FrameStep`). A
    /// plan made again puts the text on a grid point, so planning again at every small correction
    /// of a measured period (each frame, on a compositor without presentation times) would add
    /// each frame's rounding to the motion: a drift of up to half a grid point a frame.
    mutating func setRefreshPeriod(_ period: Double) -> Bool {
        guard period != refreshPeriod, period > 0 else { return false }
        // The cycle matters only to a --duration's speed, which the period does not change.
        let before = programVelocity(cycle: 1)
        refreshPeriod = period
        return programVelocity(cycle: 1) != before
    }

    /// The text was hidden for `seconds`: it continues from where it stood.
    mutating func suspend(for seconds: Double) { director?.suspend(for: seconds) }

    mutating func pause(_ reason: PauseReason, at time: Double) { director?.pause(reason, at: time) }
    mutating func resume(_ reason: PauseReason, at time: Double) { director?.resume(reason, at: time) }
    mutating func togglePause(at time: Double) { director?.togglePause(at: time) }

    /// The pointer came over the text or left it: it pauses the text when asked to (`--pause-on-hover`).
    mutating func hover(_ over: Bool, at time: Double) {
        guard settings.pauseOnHover else { return }
        if over { pause(.hover, at: time) } else { resume(.hover, at: time) }
    }
    mutating func scrub(by pixels: Double, at time: Double) { director?.scrub(by: pixels, at: time) }

    /// Hold mode's `next`: the program stands where the text is while a scrub eases it on by
    /// `pixels` to the next stop; once there the offset is folded and the stand there is planned
    /// whole (see `hasOffsetToFold`).
    mutating func skipToStop(by pixels: Double, at time: Double) {
        guard var director else { return }
        director.restart(.still(position: director.position(at: time)), programTime: 0, at: time)
        director.scrub(by: pixels, at: time)
        self.director = director
        skipsToStop = true
    }

    /// The text moves `steps` scrub steps the way it reads forward (negative: back).
    mutating func scrub(steps: Double, at time: Double) { scrub(by: steps * scrubStep, at: time) }

    /// The strip pixels a wheel notch or arrow key moves: it grows with the desktop's DPI.
    public var scrubStep: Double { (Self.scrubStep * scale).rounded() }

    mutating func setScale(_ newScale: Double) { scale = newScale }

    /// The speed `frames` steps of the grid per frame faster (negative: slower), so the step stays even.
    func speed(nudgedByFrames frames: Double) -> Double { max(0, speed + frames / refreshPeriod) }

    // MARK: Pointer

    mutating func beginDrag(pointer x: Double, at time: Double, holding holdTime: Double? = nil) {
        director?.beginDrag(pointer: x, at: time, holding: holdTime)
    }

    public var isDragging: Bool { director?.isDragging ?? false }

    mutating func drag(to x: Double, at time: Double) {
        if director?.isDragging == true { director?.dragTo(pointer: x, at: time) }
    }

    /// Ends a drag; true when the pointer moved (a drag, not a click).
    mutating func endDrag(at time: Double) -> Bool { director?.endDrag(at: time) ?? false }
}
