import CX11
import MarqueeCore
import MarqueeIO
import TickerDriver

/// Frames at the refresh rate on absolute CLOCK_MONOTONIC deadlines, for servers without
/// Present. A late wake-up skips ahead to the current deadline instead of bunching frames.
final class TimerPacer: FramePacer {
    private let outbox: BackendOutbox
    private let timer: DeadlineTimer
    private let origin: Double
    private var nextCounter: UInt64 = 0
    private var armed = false
    private(set) var isActive = false
    let period: Double

    init?(refreshHz: Double, loop: EventLoop, outbox: BackendOutbox) {
        guard let timer = DeadlineTimer() else { return nil }
        self.outbox = outbox
        self.timer = timer
        period = 1 / refreshHz
        origin = MonotonicClock.now()
        loop.watch(timer.fd) { [weak self] _ in self?.fired() }
    }

    private func time(of counter: UInt64) -> Double { origin + Double(counter) * period }

    func requestFrame() {
        isActive = true
        guard !armed else { return }
        let elapsed = (MonotonicClock.now() - origin) / period
        nextCounter = max(nextCounter, UInt64(max(0, elapsed.rounded(.down))) + 1)
        timer.arm(at: time(of: nextCounter))
        armed = true
    }

    func stop() {
        isActive = false
        armed = false
        timer.disarm()
    }

    private func fired() {
        timer.acknowledge()
        armed = false
        guard isActive else { return }
        let current = UInt64(max(0, ((MonotonicClock.now() - origin) / period).rounded(.down)))
        let counter = max(nextCounter, current)
        nextCounter = counter + 1
        outbox.post(.frame(FrameTime(counter: counter, time: time(of: counter), period: period)))
        requestFrame()
    }

    /// The timer runs on by itself, on its own descriptor: nothing to wait for or read apart.
    func framesShown(from first: UInt64, through last: UInt64) {}
    var waitTimeout: Int32 { -1 }
    func nextFrame(after time: Double) -> FrameTime? { nil }
    func recoverIfStalled() {}
    func takeCompletions() -> Bool { false }
}
