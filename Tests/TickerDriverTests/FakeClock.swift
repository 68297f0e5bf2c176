import TickerDriver

/// Time that moves only when a test moves it, and alarms that fire when it passes them.
final class FakeClock: DriverClock {
    private(set) var now: Double
    private var alarms: [WeakAlarm] = []

    init(now: Double) { self.now = now }

    func makeAlarm(_ fire: @escaping () -> Void) -> DriverAlarm? {
        let alarm = FakeAlarm(fire: fire)
        alarms.append(WeakAlarm(alarm: alarm))
        return alarm
    }

    /// The times alarms are armed at, earliest first.
    var armedTimes: [Double] { alarms.compactMap(\.alarm?.deadline).sorted() }

    /// Moves to `time`, firing each alarm due on the way at its own time, in order.
    func advance(to time: Double) {
        while let next = alarms.compactMap(\.alarm).filter({ ($0.deadline ?? .infinity) <= time })
            .min(by: { $0.deadline! < $1.deadline! }) {
            now = max(now, next.deadline!)
            next.deadline = nil
            next.fire()
        }
        now = max(now, time)
    }
}

final class FakeAlarm: DriverAlarm {
    fileprivate var deadline: Double?
    fileprivate let fire: () -> Void

    init(fire: @escaping () -> Void) { self.fire = fire }

    func arm(at time: Double) { deadline = time }
    func disarm() { deadline = nil }
}

private struct WeakAlarm {
    weak var alarm: FakeAlarm?
}
