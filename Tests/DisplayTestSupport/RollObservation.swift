import Foundation

/// A roll between pages (`--mode roll`) watched from the screen, the same way on every backend:
/// the bar captured while each page stands and once per frame while it rolls, each capture taken
/// when the next frame is handed (the display shows the frame before it then: nothing handed
/// since has been sent), paired with that frame's planned offset. Where each page stands is read
/// from its ink's vertical centroid (a pixel's red, between the background's and the text's, is
/// its coverage), to a fraction of a pixel.
final class RollObservation {
    /// The red level of the background and of the text: a pixel's coverage lies between.
    let ink: (background: Double, foreground: Double)
    struct Sample {
        /// How many frames had been handed when it was captured.
        let handed: Int
        let shot: Screenshot
    }

    /// The bar's rectangle on the screen.
    let bar: (x: Int, y: Int, width: Int, height: Int)
    private(set) var samples: [Sample] = []
    /// The frames handed so far: time, roll offset (1/8 px; nil: standing) and which roll (from 0).
    private(set) var frames: [(time: Double, offset: Int?, roll: Int)] = []
    private let capture: () throws -> Screenshot
    /// Frames between the one handed last and the one on screen when a capture is taken, as found
    /// by `errors` (the same for the whole run).
    private(set) var lag = 0

    init(bar: (x: Int, y: Int, width: Int, height: Int), ink: (background: UInt8, foreground: UInt8),
         capture: @escaping () throws -> Screenshot) {
        self.bar = bar
        self.ink = (Double(ink.background), Double(ink.foreground))
        self.capture = capture
    }

    /// A frame handed for vblank `time` with roll offset `offset`; captured while a roll is under
    /// way (a frame handed is on screen a frame or two later, whichever the display's queue says:
    /// `errors` finds that lag, one for the whole run).
    func frameHanded(time: Double, offset: Int?) {
        let begins = offset != nil && frames.last?.offset == nil
        let roll = (frames.last?.roll ?? -1) + (begins ? 1 : 0)
        frames.append((time, offset, roll))
        if offset != nil || frames.dropLast().last?.offset != nil, let shot = try? capture() {
            samples.append(Sample(handed: frames.count, shot: shot))
        }
    }

    /// The first and last frame time of each roll.
    var rollSpans: [(start: Double, end: Double)] {
        var spans: [(start: Double, end: Double)] = []
        var start: Double?
        for (index, frame) in frames.enumerated() {
            if frame.offset != nil, start == nil { start = frame.time }
            if frame.offset == nil, let begun = start {
                spans.append((begun, frames[index].time))
                start = nil
            }
        }
        return spans
    }

    /// The whole watch, on any backend: `run(seconds)` runs the ticker's loop (frames handed
    /// reach `frameHanded`), `shot()` captures the screen. Two messages, `first` standing first:
    /// captured twice while each stands, then the rolls watched frame by frame.
    func watch(run: (Double) -> Void, shot: () throws -> Screenshot) throws -> Watched {
        run(1.0)
        let first = try shot()
        run(1.0)
        let firstAgain = try shot()
        run(4.0)
        let second = try shot()
        run(0.8)
        let secondAgain = try shot()
        run(3.6)
        let firstBack = try shot()
        return Watched(standing: [first, second, firstBack], again: [firstAgain, secondAgain])
    }

    struct Watched {
        /// The page standing before each roll, and after the last.
        let standing: [Screenshot]
        /// The first two captured again later while they stood.
        let again: [Screenshot]
    }

    /// What the watch found, for a test to hold against the plan.
    struct Report: CustomStringConvertible {
        /// Whether each of the first two pages' pixels were identical in both captures.
        let stoodStill: [Bool]
        /// Seconds from each roll's first frame to its page standing.
        let rollDurations: [Double]
        /// Seconds the second page stood between the rolls.
        let secondStood: Double?
        /// The measured offsets' root mean square error from the planned ones (px), over `measured` frames.
        let rms: Double
        let measured: Int
        /// The words OCR read on the first two pages while they stood.
        let words: [[String]]
        /// Frames from handed to on screen, as the run fits best.
        let lag: Int

        var description: String {
            "stood still \(stoodStill), rolls \(rollDurations.map { String(format: "%.3f s", $0) }), second page stood "
                + "\(secondStood.map { String(format: "%.3f s", $0) } ?? "-"), vertical RMS \(String(format: "%.4f", rms)) px over "
                + "\(measured) frames (on screen \(lag) frame(s) after handed), read \(words)"
        }
    }

    func report(_ watched: Watched) throws -> Report {
        let spans = rollSpans
        let errors = errors(standing: watched.standing)
        return Report(stoodStill: zip(watched.standing.prefix(2), watched.again).map { barPixels($0) == barPixels($1) },
                      rollDurations: spans.map { $0.end - $0.start },
                      secondStood: spans.count > 1 ? spans[1].start - spans[0].end : nil,
                      rms: Self.rms(errors), measured: errors.count,
                      words: try watched.standing.prefix(2).map {
                          try TextRecognizer.words(in: $0, x: bar.x, y: bar.y, width: bar.width, height: bar.height)
                      }, lag: lag)
    }

    /// The bar's pixels in `shot`.
    func barPixels(_ shot: Screenshot) -> [UInt8] {
        var pixels: [UInt8] = []
        for row in bar.y..<(bar.y + bar.height) {
            let start: Int = (row * shot.width + bar.x) * 3
            pixels += shot.rgb[start..<(start + bar.width * 3)]
        }
        return pixels
    }

    // MARK: Ink

    /// Each bar row's ink (the sum of its pixels' coverage) in `shot`.
    func inkRows(_ shot: Screenshot) -> [Double] {
        (0..<bar.height).map { row in
            var sum = 0.0
            for x in bar.x..<(bar.x + bar.width) {
                let red = Double(shot.pixel(x: x, y: bar.y + row).red)
                sum += (red - ink.background) / (ink.foreground - ink.background)
            }
            return sum
        }
    }

    /// The ink's centroid over `rows` of `ink`, and the first and last rows holding any.
    static func centroid(_ ink: [Double], rows: Range<Int>) -> (centre: Double, top: Int, bottom: Int)? {
        let inked = rows.filter { ink[$0] > 0.02 }
        guard let top = inked.first, let bottom = inked.last else { return nil }
        let mass = rows.reduce(0.0) { $0 + ink[$1] }
        let moment = rows.reduce(0.0) { $0 + (Double($1) + 0.5) * ink[$1] }
        return (moment / mass, top, bottom)
    }

    /// Each sample's measured offset against its planned one, for the samples where one page's
    /// ink is whole in the bar: the outgoing page before its top row leaves, the incoming one
    /// after its bottom row came in. `standing[i]` is the page that stood before roll i. The
    /// frame on screen is taken as the one `lag` frames before the last handed, the lag (0–3)
    /// that fits the whole run best.
    func errors(standing: [Screenshot]) -> [(planned: Double, measured: Double)] {
        let references = standing.map { Self.centroid(inkRows($0), rows: 0..<bar.height) }
        let inks = samples.map { inkRows($0.shot) }
        var best: [(planned: Double, measured: Double)] = []
        for lag in 0...3 {
            var found: [(planned: Double, measured: Double)] = []
            for (sample, ink) in zip(samples, inks) {
                // A capture may straddle a vblank: the frame on screen is the lag's or a neighbour's,
                // whichever its pixels are (each is a planned point on the 1/8-px grid).
                // Only where all three can be read from the pixels (the page whole in the bar).
                let candidates = ((sample.handed - 2 - lag)...(sample.handed - lag)).map { index in
                    frames.indices.contains(index) ? measure(ink, frames[index], references) : nil
                }
                guard candidates.allSatisfy({ $0 != nil }) else { continue }
                let pairs = candidates.compactMap { $0 }
                found.append(pairs.min { abs($0.measured - $0.planned) < abs($1.measured - $1.planned) }!)
            }
            if best.isEmpty || (found.count >= best.count / 2 && Self.rms(found) < Self.rms(best)) {
                best = found
                self.lag = lag
            }
        }
        return best
    }

    /// The offset `ink` shows against `frame`'s planned one, where one page's ink is whole in the bar.
    private func measure(_ ink: [Double], _ frame: (time: Double, offset: Int?, roll: Int),
                         _ references: [(centre: Double, top: Int, bottom: Int)?]) -> (planned: Double, measured: Double)? {
        guard let offset = frame.offset, frame.roll + 1 < references.count,
              let outgoing = references[frame.roll], let incoming = references[frame.roll + 1] else { return nil }
        let planned = Double(offset) / 8
        // The pages meet at row height − offset: each page's ink lies on its own side.
        let seam = min(bar.height, max(0, Int((Double(bar.height) - planned).rounded())))
        if planned + 0.5 <= Double(outgoing.top), let out = Self.centroid(ink, rows: 0..<seam) {
            return (planned, outgoing.centre - out.centre)
        }
        if planned >= Double(incoming.bottom) + 1.5, let into = Self.centroid(ink, rows: seam..<bar.height) {
            return (planned, Double(bar.height) - (into.centre - incoming.centre))
        }
        return nil
    }

    /// The root mean square of `errors`' differences.
    static func rms(_ errors: [(planned: Double, measured: Double)]) -> Double {
        (errors.reduce(0.0) { $0 + ($1.measured - $1.planned) * ($1.measured - $1.planned) } / Double(max(1, errors.count))).squareRoot()
    }
}
