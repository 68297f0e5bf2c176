import CLinux
import MarqueeCore

/// What a backend's frame pacer offers the shared frame logic: frames on, frames off.
public protocol FrameRequester: AnyObject {
    var isActive: Bool { get }
    /// Frames from now on, one per refresh, until `stop()`.
    func requestFrame()
    func stop()
}

/// How a backend's ticker follows the player's decisions, the same on X11 and Wayland: frames
/// while it wants them, otherwise no frames at all and, for a rest, a timer to its end; a timer
/// to the next page switch. Owns the two timers.
public final class PlayerTimers {
    private let restTimer: DeadlineTimer
    private let pageTimer: DeadlineTimer
    /// Loop turns the layout under way has taken so far.
    private var layoutTurns = 0
    /// Whether the heap was trimmed after the first text was adopted.
    private var startTrimmed = false

    /// Nil when the system gives no timer.
    public init?() {
        guard let restTimer = DeadlineTimer(), let pageTimer = DeadlineTimer() else { return nil }
        self.restTimer = restTimer
        self.pageTimer = pageTimer
    }

    /// Calls `pageTimeUp` when a page has had its reading time and `restOver` when a rest ends.
    public func install(on loop: EventLoop, pageTimeUp: @escaping () -> Void, restOver: @escaping () -> Void) {
        loop.watch(pageTimer.fd) { [unowned self] _ in
            self.pageTimer.acknowledge()
            pageTimeUp()
        }
        loop.watch(restTimer.fd) { [unowned self] _ in
            self.restTimer.acknowledge()
            restOver()
        }
    }

    /// Takes the timers' handlers back from `loop` (the ticker goes before the loop).
    public func uninstall(from loop: EventLoop) {
        loop.unwatch(pageTimer.fd)
        loop.unwatch(restTimer.fd)
    }

    /// Runs what the player decided at `now`: frames (or none, and the rest's timer), and the
    /// page timer. Returns nothing: a stop is noted in `statistics`.
    public func follow(_ player: MarqueePlayer, at now: Double, pacer: FrameRequester, statistics: inout FrameStatistics) {
        run(player.demand(at: now), pacer: pacer, statistics: &statistics)
        if let wake = player.pages.nextSwitch { pageTimer.arm(at: wake) } else { pageTimer.disarm() }
    }

    /// Frames while the player wants the next one; otherwise the pacer stops.
    public func run(_ demand: FrameDemand, pacer: FrameRequester, statistics: inout FrameStatistics) {
        if demand == .nextFrame { return pacer.requestFrame() }
        if pacer.isActive { pacer.stop() }
        statistics.noteStopped()
        if case .restUntil(let wake) = demand { restTimer.arm(at: wake) }
    }

    /// A slice of the layout under way; true when its result was adopted now. A layout that took several turns built and freed megabytes (the
    /// arrays it grew, the layout it replaced) all over the heap: the free pages go back to the
    /// system, or a long text's first layout stays resident long after. So does the first text
    /// shown, whatever its size: start-up (options, font matching, the first shaping) left its
    /// garbage by then, 0.2 MB of a bar's 16. Small layouts after it (a clock's tick) free too
    /// little to be worth walking the heap for.
    public func continueLayout(_ player: inout MarqueePlayer) -> Bool {
        let outcome = player.continueLayout(clock: MonotonicClock.now)
        if case .working = outcome { layoutTurns += 1 }
        guard case .adopted = outcome else { return false }
        if layoutTurns > 0 || !startTrimmed { malloc_trim(0) }
        startTrimmed = true
        layoutTurns = 0
        return true
    }
}
