import MarqueeCore
import MarqueeFormats

/// The clock item: the local time formatted with strftime, re-formatted on each boundary of
/// the format's finest unit — every second when it shows seconds, else every minute — by a
/// wall-clock timer aligned to that boundary. The ticker swaps the new text in where it is not
/// visible, so a clock on screen changes at the next safe place without disturbing the motion.
/// Its message is drawn with tabular digits, so its width does not change from second to second.
public final class ClockSource: MessageSource {
    public let name: String
    public let format: String
    private let timer: DeadlineTimer
    private let step: Int
    private let lifecycle = SourceLifecycle()
    private var lastText: String?

    /// Throws when no timer descriptor can be had.
    public init(name: String = "clock", format: String) throws(SourceError) {
        guard let timer = DeadlineTimer(clock: .wall) else { throw .noTimer(name) }
        self.name = name
        self.format = format
        self.timer = timer
        step = Self.showsSeconds(format) ? 1 : 60
    }

    /// Whether a strftime format can change within a minute (%S, %T, %s, %c, %r, %X, %+, or any
    /// conversion we do not know, to be safe).
    public static func showsSeconds(_ format: String) -> Bool {
        let minuteOrSlower = Set("aAbBCdDeFgGhHIjklmMnpPRtuUVwWyYzZ%")
        var scalars = format.makeIterator()
        while let character = scalars.next() {
            guard character == "%" else { continue }
            var conversion = scalars.next()
            while let modifier = conversion, "EO_-0^#".contains(modifier) || modifier.isNumber { conversion = scalars.next() }
            guard let conversion else { return false }
            if !minuteOrSlower.contains(conversion) { return true }
        }
        return false
    }

    public func text(at epoch: Int) -> String { TextSanitizer.singleLine(LocalTime.format(format, epoch: epoch)) }

    public func start(on loop: EventLoop, emit: @escaping ([Message]) -> Void, outcome: @escaping (String?) -> Void) {
        lifecycle.start(on: loop, emit: emit, outcome: outcome)
        lastText = nil
        lifecycle.tick(on: timer) { [unowned self] in self.tick() }
    }

    public func stop() {
        lifecycle.stop()
    }

    private func tick() {
        let now = LocalTime.now().epoch
        let second = Int(now.rounded(.down))
        let text = text(at: second)
        if text != lastText {
            lastText = text
            lifecycle.emit([Message(text, tabularDigits: true)])
        }
        lifecycle.succeeded()
        // The next boundary of the step, on the wall clock (minutes start at :00 in every zone we know).
        timer.arm(at: Double((second / step + 1) * step))
    }
}
