import MarqueeCore
import MarqueeFormats
import MarqueeIO
import TickerDriver

/// Keeps the lane's label's text: formatted once when it is plain text, or by a `ClockSource`
/// of the label's own (the `--clock` ticking: on each second when the form shows seconds, else
/// on each minute) when it holds a strftime conversion. A plain label arms no timer at all.
final class LabelClock {
    private let format: String
    /// The lane it stands in.
    private let lane: Int
    private let colors: (foreground: RGBAColor, background: RGBAColor)
    private var clock: ClockSource?

    init(format: String, lane: Int = 0, colors: (foreground: RGBAColor, background: RGBAColor)) {
        self.format = format
        self.lane = lane
        self.colors = colors
    }

    /// Shows the label on `ticker` now and, for a clock, each time its text changes.
    func start(on loop: EventLoop, ticker: Ticker) {
        let show = { [colors, lane] (text: String) in
            ticker.setLabel(LaneLabel(text: text, foreground: colors.foreground, background: colors.background), lane: lane)
        }
        guard LaneLabel.ticks(format) else {
            return show(TextSanitizer.singleLine(LocalTime.format(format, epoch: Int(LocalTime.now().epoch))))
        }
        do {
            let clock = try ClockSource(name: "label", format: format)
            clock.start(on: loop, emit: { messages in messages.first.map { show($0.text) } }, outcome: { _ in })
            self.clock = clock
        } catch {
            Diagnostics.warn("\(error.description); the label stands as written")
            show(TextSanitizer.singleLine(format))
        }
    }

    func stop() { clock?.stop() }
}
