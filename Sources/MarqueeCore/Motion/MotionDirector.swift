/// Why the text is paused; it runs again only when no reason is left.
public enum PauseReason: Hashable, Sendable {
    /// The pointer is over the window (`--pause-on-hover`).
    case hover
    /// The user paused it (click with `--click-to-pause`, the space key, `ctl pause`).
    case user
}

/// The whole motion as a pure function of time and input:
///
///     position(t) = program(τ(t)) + offset(t)
///
/// - the *program* is what the text does by itself (loop, pause at start, bounce);
/// - *τ* is program time, advancing at a rate that eases to 0 when paused and back when
///   resumed, or to another value when the speed changes — so every transition is continuous;
/// - the *offset* is what the user added: a drag follows the pointer exactly, its release
///   velocity eases back to zero while τ's rate eases back up, and wheel scrubs ease in.
///
/// Nothing here counts frames: any frame at any time gets the position of that time.
public struct MotionDirector: Equatable, Sendable {
    public static let pauseEasing = 0.35
    public static let releaseEasing = 1.0
    public static let speedEasing = 0.4
    public static let scrubEasing = 0.2

    public private(set) var program: ScrollProgram
    private var clock: EasedRamp
    private var offset: EasedRamp
    private var scrubs: [Scrub] = []
    private var drag: Drag?
    public private(set) var pauseReasons: Set<PauseReason> = []
    /// The rate τ runs at when nothing pauses it (1 = the program's own speed).
    public private(set) var runningRate: Double = 1

    struct Scrub: Equatable, Sendable {
        var start: Double
        var delta: Double
        func value(at time: Double) -> Double {
            let x = min(1, max(0, (time - start) / MotionDirector.scrubEasing))
            return delta * x * x * (3 - 2 * x)
        }
        func isFinished(at time: Double) -> Bool { time >= start + MotionDirector.scrubEasing }
    }

    struct Drag: Equatable, Sendable {
        var pointerStart: Double
        var offsetStart: Double
        var pointer: Double
        /// Recent pointer samples (time, x), newest last, for the release velocity.
        var samples: [(time: Double, x: Double)]
        var moved: Bool
        /// The pointer x the last planned frame showed the text for (nil: none since the press):
        /// while it is the pointer's, the text stands and frames can stop until the pointer moves.
        var pointerShown: Double?

        static func == (a: Drag, b: Drag) -> Bool {
            a.pointerStart == b.pointerStart && a.offsetStart == b.offsetStart && a.pointer == b.pointer && a.moved == b.moved
        }
    }

    public init(program: ScrollProgram, at time: Double, programTime: Double = 0) {
        self.program = program
        clock = .steady(1, from: time, value: programTime)
        offset = .steady(0, from: time, value: 0)
    }

    // MARK: Reading

    public func position(at time: Double) -> Double {
        program.position(at: clock.value(at: time)) + userOffset(at: time)
    }

    /// The whole pixel shown at `time` without sub-pixel motion (see `SubpixelGrid`).
    public func pixel(at time: Double) -> Int { gridPoint(at: time, subpixel: false).pixel }

    /// The grid point shown at `time`: the whole pixel and the sub-pixel phase (see `SubpixelGrid`).
    public func gridPoint(at time: Double, subpixel: Bool) -> (pixel: Int, phase: Int) {
        SubpixelGrid.split(position(at: time), subpixel: subpixel)
    }

    private func userOffset(at time: Double) -> Double {
        if let drag { return drag.offsetStart - (drag.pointer - drag.pointerStart) }
        return offset.value(at: time) + scrubs.reduce(0) { $0 + $1.value(at: time) }
    }

    /// True when nothing will move from `time` on without new input: frames can stop.
    public func isStill(at time: Double) -> Bool {
        // Pressed, the text follows the pointer alone (the clock stands, the offset is steady).
        if let drag { return drag.pointerShown == drag.pointer }
        guard offset.isSettled(at: time), offset.toRate == 0, scrubs.allSatisfy({ $0.isFinished(at: time) }) else { return false }
        // Paused in a rest that outlasts the clock's ease to a stop: nothing moves either.
        if clock.toRate == 0, restOutlastsTheEase(at: time) != nil { return true }
        guard clock.isSettled(at: time) else { return false }
        return clock.toRate == 0 || program.isStill
    }

    /// When the program is resting (a pause at the start, a bounce's end, a stop) and nothing else
    /// moves: the time it moves again. Frames can stop until then. A rest the clock's ease (a
    /// pause, a resume) ends within still moves nothing until then.
    public func restEnd(after time: Double) -> Double? {
        guard drag == nil, offset.isSettled(at: time), offset.toRate == 0, scrubs.allSatisfy({ $0.isFinished(at: time) }),
              clock.toRate > 0 else { return nil }
        if !clock.isSettled(at: time) {
            return restOutlastsTheEase(at: time).map { clock.startTime + clock.duration + ($0.end - $0.settled) / clock.toRate }
        }
        let tau = clock.value(at: time)
        return program.restEnd(after: tau).map { time + ($0 - tau) / clock.toRate }
    }

    /// The program's rest at `time` and where τ stands when the clock's ease settles, when the
    /// rest lasts past that (its end in program time): nil when it ends during the ease.
    private func restOutlastsTheEase(at time: Double) -> (end: Double, settled: Double)? {
        let settle = max(time, clock.startTime + clock.duration)
        let settled = clock.value(at: settle)
        guard let end = program.restEnd(after: clock.value(at: time)), settled < end else { return nil }
        return (end, settled)
    }

    /// τ at `time`: how far the program has run.
    public func programTime(at time: Double) -> Double { clock.value(at: time) }

    /// The line the text follows from `time` on while nothing changes the director: every ramp
    /// settled, no scrub under way, no drag, and a program that moves at one velocity, for good or
    /// until its next stop. Nil otherwise (resting, bouncing, easing, standing still).
    public func steadyLine(at time: Double) -> SteadyLine? {
        guard drag == nil, offset.isSettled(at: time), offset.toRate == 0, clock.isSettled(at: time), clock.toRate > 0,
              scrubs.allSatisfy({ $0.isFinished(at: time) }) else { return nil }
        let tau = clock.value(at: time)
        guard let motion = program.steadyMotion(at: tau) else { return nil }
        let end = motion.until.map { time + ($0 - tau) / clock.toRate } ?? .infinity
        return SteadyLine(startTime: time, startPosition: position(at: time), velocity: motion.velocity * clock.toRate, endTime: end)
    }

    /// The user's offset once it has come to rest (no drag, no scrub, no ease under way): what a
    /// crawl that stops folds into its program, so that its stops stay where the messages are.
    public func settledOffset(at time: Double) -> Double? {
        guard drag == nil, offset.isSettled(at: time), offset.toRate == 0, scrubs.allSatisfy({ $0.isFinished(at: time) }) else { return nil }
        return userOffset(at: time)
    }

    public var isDragging: Bool { drag != nil }

    /// A frame was planned from the position now: while pressed, nothing moves again until the
    /// pointer does.
    public mutating func noteFramePlanned() {
        guard let pointer = drag?.pointer else { return }
        drag?.pointerShown = pointer
    }
    public var isPaused: Bool { !pauseReasons.isEmpty }

    // MARK: Program and speed

    /// Starts `newProgram` at program time `programTime` from `time` on, with no user offset:
    /// the caller chose a program time that continues the motion (or wants a fresh start).
    public mutating func restart(_ newProgram: ScrollProgram, programTime: Double, at time: Double) {
        program = newProgram
        clock = clock.remainder(from: time, value: programTime)
        offset = .steady(0, from: time, value: 0)
        scrubs.removeAll()
        drag = nil
    }

    /// Moves the user offset so the position at `time` is a point of the grid (`grid` points a
    /// pixel): after a program change at a time off the frame grid, a position between points
    /// would round to the next one early or late once. With sub-pixel motion the move is at
    /// most half an eighth of a pixel; in whole pixels up to half a pixel, once.
    public mutating func roundPosition(at time: Double, grid: Int = 1) {
        let current = position(at: time)
        let points = Double(grid)
        offset = offset.adding((current * points).rounded() / points - current)
    }

    /// Replaces the program, keeping the position at `time` where it is: any difference between
    /// the new program at `programTime` and the current position goes into the user offset, so
    /// a drag in progress or a release's inertia carries on.
    public mutating func setProgram(_ newProgram: ScrollProgram, programTime: Double = 0, at time: Double) {
        let before = position(at: time)
        program = newProgram
        clock = clock.remainder(from: time, value: programTime)
        let shift = before - position(at: time)
        offset = offset.adding(shift)
        if drag != nil { drag!.offsetStart += shift }
    }

    /// Eases the running speed to `rate` × the program's own (the + and − keys, Ctrl+wheel).
    public mutating func setRunningRate(_ rate: Double, at time: Double) {
        runningRate = max(0, rate)
        retarget(at: time, over: Self.speedEasing)
    }

    /// Lets `seconds` pass without motion: everything scheduled moves later by that much. Used
    /// when frames stop for a reason other than the text (the window unmapped), so the text
    /// continues from where it stood instead of jumping ahead by the time it was hidden.
    public mutating func suspend(for seconds: Double) {
        guard seconds > 0 else { return }
        clock = clock.delayed(by: seconds)
        offset = offset.delayed(by: seconds)
        for index in scrubs.indices { scrubs[index].start += seconds }
    }

    // MARK: Pausing

    public mutating func pause(_ reason: PauseReason, at time: Double) {
        guard pauseReasons.insert(reason).inserted else { return }
        retarget(at: time, over: Self.pauseEasing)
    }

    public mutating func resume(_ reason: PauseReason, at time: Double) {
        guard pauseReasons.remove(reason) != nil else { return }
        retarget(at: time, over: Self.pauseEasing)
    }

    public mutating func togglePause(at time: Double) {
        if pauseReasons.contains(.user) { resume(.user, at: time) } else { pause(.user, at: time) }
    }

    private var targetRate: Double { pauseReasons.isEmpty && drag == nil ? runningRate : 0 }

    private mutating func retarget(at time: Double, over duration: Double) {
        guard drag == nil else { return }
        clock = clock.easing(to: targetRate, at: time, over: duration)
    }

    // MARK: Pointer

    /// A button press at pointer x: the text stops under the pointer at once, to be dragged.
    /// It stands where it is at `holdTime` (at or after `time`): the frame of the next vblank
    /// may already be on its way to the screen, and stopping where the text was at the press
    /// itself would then step back from it.
    public mutating func beginDrag(pointer x: Double, at time: Double, holding holdTime: Double? = nil) {
        let held = max(time, holdTime ?? time)
        let current = userOffset(at: held)
        let tau = clock.value(at: held)
        clock = .steady(0, from: time, value: tau)
        offset = .steady(0, from: time, value: current)
        scrubs.removeAll()
        drag = Drag(pointerStart: x, offsetStart: current, pointer: x, samples: [(time, x)], moved: false)
    }

    /// The pointer moved while pressed: the text follows it exactly, both ways.
    public mutating func dragTo(pointer x: Double, at time: Double) {
        guard drag != nil else { return }
        drag!.pointer = x
        drag!.moved = drag!.moved || abs(x - drag!.pointerStart) >= 3
        drag!.samples.append((time, x))
        drag!.samples.removeAll { $0.time < time - 0.1 }
    }

    /// Release: the text keeps the release velocity and eases back to its own speed and
    /// direction within about a second. Returns false when the pointer never moved (a click).
    @discardableResult
    public mutating func endDrag(at time: Double) -> Bool {
        guard let ended = drag else { return false }
        let current = userOffset(at: time)
        drag = nil
        let velocity = ended.moved ? Self.releaseVelocity(ended.samples, at: time) : 0
        offset = EasedRamp(startTime: time, startValue: current, fromRate: velocity, toRate: 0,
                           duration: Self.releaseEasing)
        let tau = clock.value(at: time)
        clock = EasedRamp(startTime: time, startValue: tau, fromRate: 0, toRate: targetRate,
                          duration: ended.moved ? Self.releaseEasing : Self.pauseEasing)
        return ended.moved
    }

    /// Text velocity (strip px/s) from the pointer's last 100 ms; zero when it rested before release.
    static func releaseVelocity(_ samples: [(time: Double, x: Double)], at time: Double) -> Double {
        guard let last = samples.last, let first = samples.first, time - last.time < 0.08,
              last.time - first.time > 0.005 else { return 0 }
        // Pointer right = text right = strip position down.
        return -(last.x - first.x) / (last.time - first.time)
    }

    /// Moves the text by `delta` strip pixels, eased in (the wheel, the arrow keys).
    public mutating func scrub(by delta: Double, at time: Double) {
        guard drag == nil else { return }
        foldFinishedScrubs(at: time)
        scrubs.append(Scrub(start: time, delta: delta))
    }

    private mutating func foldFinishedScrubs(at time: Double) {
        let finished = scrubs.filter { $0.isFinished(at: time) }.reduce(0) { $0 + $1.delta }
        scrubs.removeAll { $0.isFinished(at: time) }
        offset = offset.adding(finished)
    }
}
