import CLinux
import MarqueeCore

/// How the driver follows the player's decisions in time: frames while it wants them, otherwise
/// no frames at all and, for a rest, an alarm at its end; an alarm at the next page switch.
/// Owns the two alarms.
final class PlayerTimers {
    private let restAlarm: DriverAlarm
    private let pageAlarm: DriverAlarm
    /// Loop turns the layout under way has taken so far.
    private var layoutTurns = 0
    /// Whether the heap was trimmed after the first text was adopted.
    private var startTrimmed = false

    /// Calls `pageTimeUp` when a page has had its reading time and `restOver` when a rest ends;
    /// nil when the system gives no timer.
    init?(clock: DriverClock, pageTimeUp: @escaping () -> Void, restOver: @escaping () -> Void) {
        guard let restAlarm = clock.makeAlarm(restOver), let pageAlarm = clock.makeAlarm(pageTimeUp) else { return nil }
        self.restAlarm = restAlarm
        self.pageAlarm = pageAlarm
    }

    /// The page alarm at the player's next page switch, or none.
    func follow(pages: PageMode) {
        if let wake = pages.nextSwitch { pageAlarm.arm(at: wake) } else { pageAlarm.disarm() }
    }

    /// No frames for now: the rest's alarm where the player rests until a time.
    func rest(_ demand: FrameDemand) {
        if case .restUntil(let wake) = demand { restAlarm.arm(at: wake) }
    }

    /// A slice of the layout under way; true when its result was adopted now. A layout that took
    /// several turns built and freed megabytes (the arrays it grew, the layout it replaced) all
    /// over the heap: the free pages go back to the system, or a long text's first layout stays
    /// resident long after. So does the first text shown, whatever its size: start-up (options,
    /// font matching, the first shaping) left its garbage by then, 0.2 MB of a bar's 16. Small
    /// layouts after it (a clock's tick) free too little to be worth walking the heap for.
    func continueLayout(_ player: inout MarqueePlayer, clock: () -> Double) -> Bool {
        let outcome = player.continueLayout(clock: clock)
        if case .working = outcome { layoutTurns += 1 }
        guard case .adopted = outcome else { return false }
        if layoutTurns > 0 || !startTrimmed { malloc_trim(0) }
        startTrimmed = true
        layoutTurns = 0
        return true
    }
}
