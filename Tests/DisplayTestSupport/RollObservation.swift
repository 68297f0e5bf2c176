import Foundation

/// A roll between pages (`--mode roll`) watched from the screen, the same way on every backend:
/// the bar captured while each page stands and, while it rolls, each frame handed once its vblank
/// has come (the loop waits meanwhile: the frames between are skipped), paired with that frame's
/// planned offset. Where each page stands is read
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
    private let capture: (_ vblank: Double) throws -> Screenshot
    /// Frames between the one handed last and the one on screen when a capture is taken, as found
    /// by `errors` (the same for the whole run).
    private(set) var lag = 0
    /// Whether roll frames are captured (off: the loop runs undisturbed, frames only recorded).
    private var capturing = true

    init(bar: (x: Int, y: Int, width: Int, height: Int), ink: (background: UInt8, foreground: UInt8),
         capture: @escaping (_ vblank: Double) throws -> Screenshot) {
        self.bar = bar
        self.ink = (Double(ink.background), Double(ink.foreground))
        self.capture = capture
    }

    /// A frame handed for vblank `time` with roll offset `offset`; captured while a roll is under
    /// way by `capture(time)`, which sends what is handed and waits for that vblank first (the
    /// loop stands meanwhile, so the frame stays on screen until the capture is done).
    func frameHanded(time: Double, offset: Int?) {
        let begins = offset != nil && frames.last?.offset == nil
        let roll = (frames.last?.roll ?? -1) + (begins ? 1 : 0)
        frames.append((time, offset, roll))
        if capturing, offset != nil || frames.dropLast().last?.offset != nil, let shot = try? capture(time) {
            samples.append(Sample(handed: frames.count, shot: shot))
        }
    }

    /// Waits for a frame handed for `vblank` to be on screen: until 40 ms (more than two
    /// refreshes) past its vblank, or past now when that is later (a frame handed late, its
    /// vblank gone while the loop waited for the capture before, is shown at the next one).
    static func waitForFrame(vblank: Double) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let current = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        usleep(UInt32((max(vblank, current) + 0.04 - current) * 1e6))
    }

    /// Each roll's first and last moving frame and the first frame standing after it (vblank
    /// times). While captures hold the loop the frames come sparse, so the standing frame may
    /// come well after the roll ended; the moving frames are the roll's own.
    var rollSpans: [(start: Double, end: Double, standing: Double)] {
        var spans: [(start: Double, end: Double, standing: Double)] = []
        var start: Double?
        for (index, frame) in frames.enumerated() {
            if frame.offset != nil, start == nil { start = frame.time }
            if frame.offset == nil, let begun = start, index > 0 {
                spans.append((begun, frames[index - 1].time, frame.time))
                start = nil
            }
        }
        return spans
    }

    /// The whole watch, on any backend: `run(seconds)` runs the ticker's loop (frames handed
    /// reach `frameHanded`), `shot()` captures the screen. Two messages, the first standing first:
    /// each captured twice while it stands, three rolls (there, back and there again) watched
    /// frame by frame, and a fourth only timed.
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
        run(4.2)
        let secondBack = try shot()
        // One more roll with nothing captured: every frame of it as the loop hands it.
        capturing = false
        run(3.8)
        return Watched(standing: [first, second, firstBack, secondBack], again: [firstAgain, secondAgain])
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
        /// Seconds from each roll's first moving frame to its last.
        let rollDurations: [Double]
        /// Seconds the second page stood between the rolls: from the end of the roll that
        /// brought it (as planned) to the start of the next.
        let secondStood: Double?
        /// The measured offsets' root mean square error from the planned ones (px), over `measured` frames.
        let rms: Double
        let measured: Int
        /// The words OCR read on the first two pages while they stood.
        let words: [[String]]
        /// Frames from handed to on screen, as the run fits best.
        let lag: Int
        /// The last roll, undisturbed: seconds from its first moving frame to the page standing,
        /// and its moving frames.
        let undisturbed: (seconds: Double, frames: Int)?

        var description: String {
            "stood still \(stoodStill), rolls \(rollDurations.map { String(format: "%.3f s", $0) }), second page stood "
                + "\(secondStood.map { String(format: "%.3f s", $0) } ?? "-"), vertical RMS \(String(format: "%.4f", rms)) px over "
                + "\(measured) frames (on screen \(lag) frame(s) after handed), read \(words); undisturbed roll "
                + (undisturbed.map { String(format: "%.3f s, %d frames", $0.seconds, $0.frames) } ?? "-")
        }
    }

    /// `rollTime`: how long the player plans a roll to take; a page's reading time starts when
    /// its roll ends.
    func report(_ watched: Watched, rollTime: Double) throws -> Report {
        let spans = rollSpans
        let errors = errors(standing: watched.standing)
        // ROLL_SHOTS=FOLDER keeps the bar of every capture there, to look at.
        if let folder = ProcessInfo.processInfo.environment["ROLL_SHOTS"] {
            for (index, shot) in (watched.standing + samples.map(\.shot)).enumerated() {
                FileManager.default.createFile(atPath: folder + "/roll-\(index).ppm",
                                               contents: shot.ppm(x: bar.x, y: bar.y, width: bar.width, height: bar.height))
            }
        }
        if ProcessInfo.processInfo.environment["ROLL_DEBUG"] != nil {
            print("roll samples (planned, measured): " + errors.map { String(format: "(%.3f, %.3f)", $0.planned, $0.measured) }.joined(separator: " "))
            print("frames: " + frames.map { String(format: "%.4f:%@", $0.time, $0.offset.map(String.init) ?? "-") }.joined(separator: " "))
        }
        return Report(stoodStill: zip(watched.standing.prefix(2), watched.again).map { barPixels($0) == barPixels($1) },
                      rollDurations: spans.map { $0.end - $0.start },
                      // From roll start to roll start: the first moving frame of each is handed
                      // at its vblank (nothing is captured while a page stands), where the first
                      // standing frame after a watched roll comes late, after the captures.
                      secondStood: spans.count > 1 ? spans[1].start - spans[0].start - rollTime : nil,
                      rms: Self.rms(errors), measured: errors.count,
                      words: try watched.standing.prefix(2).map {
                          try TextRecognizer.words(in: $0, x: bar.x, y: bar.y, width: bar.width, height: bar.height)
                      }, lag: lag,
                      undisturbed: spans.count > 3 ? (spans[3].standing - spans[3].start,
                                                      frames.filter { $0.roll == 3 && $0.offset != nil }.count) : nil)
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
    /// frame on screen is taken as the one `lag` frames before the last handed, the lag (0–2)
    /// that fits the whole run best: 0 where each capture waited for its frame's vblank.
    func errors(standing: [Screenshot]) -> [(planned: Double, measured: Double)] {
        let references = standing.map { Self.centroid(inkRows($0), rows: 0..<bar.height) }
        let inks = samples.map { inkRows($0.shot) }
        var best: [(planned: Double, measured: Double)] = []
        for lag in 0...2 {
            var found: [(planned: Double, measured: Double)] = []
            for (sample, ink) in zip(samples, inks) {
                let index = sample.handed - 1 - lag
                guard frames.indices.contains(index), let pair = measure(ink, frames[index], references) else { continue }
                found.append(pair)
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
