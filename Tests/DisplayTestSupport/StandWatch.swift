import Foundation

/// Watches a bar whose text stops and stands (`--mode hold`) from outside, the same way on every
/// backend: the times its frames reached the screen (X11: Present's completions of its pixmaps;
/// Wayland: its own commits, from its protocol log) and a screenshot taken during each stand.
/// A stand is a gap between two frames: while the text stands no frame is presented at all.
struct StandWatch {
    /// A stand: the last frame before it (the text at the stop), the first after it, and what
    /// the screen showed in between.
    struct Stand {
        var from: Double
        var until: Double
        var shot: Screenshot
        /// How often the ticker woke (voluntary context switches) in 0.4 s well inside the stand.
        var wakeups: Int?
        var duration: Double { until - from }
    }

    /// Frame times in seconds on one clock, ascending.
    private(set) var frames: [Double] = []
    private(set) var stands: [Stand] = []

    /// The bar both backends' tests watch: three messages, 800 px wide at the screen's top left,
    /// 240 px/s, white on black, in hold mode with `options` (`--hold`, a label's).
    static let messages = ["Markets rally as tech stocks climb", "Oil slips two percent", "Gold steady"]
    static func bar(_ options: [String]) -> [String] {
        ["--geometry", "800x40+0+0", "--mode", "hold", "--speed", "240", "--fg", "#ffffff", "--bg", "#000000"] + options + ["--"] + messages
    }
    /// A light label, so the crawl's edge is found in the pixels.
    static let label = ["--label", "NEWS", "--label-bg", "#ffffff", "--label-fg", "#000000"]

    /// A gap this long between frames is a stand (a moving bar presents every vblank).
    static let gap = 0.3

    /// Watches process `pid` for `seconds`: `newFrames` gives the times of the frames presented
    /// since it was last asked (and the time now on the same clock); during each stand
    /// `screenshot` is taken once, then the process's wake-ups are counted for 0.4 s.
    static func watch(_ pid: Int32, seconds: Double, newFrames: () -> (frames: [Double], now: Double),
                      screenshot: () throws -> Screenshot) rethrows -> StandWatch {
        var watch = StandWatch()
        var shot: Screenshot?
        var quiet: (start: Date, switches: Int)?, wakeups: Int?
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let (fresh, now) = newFrames()
            if let first = fresh.first, let last = watch.frames.last, let taken = shot {
                if first - last > gap { watch.stands.append(Stand(from: last, until: first, shot: taken, wakeups: wakeups)) }
                (shot, quiet, wakeups) = (nil, nil, nil)
            }
            watch.frames += fresh
            if shot == nil, let last = watch.frames.last, now - last > gap {
                shot = try screenshot()
                quiet = (Date(), switches(pid))
            }
            if let counting = quiet, wakeups == nil, Date().timeIntervalSince(counting.start) >= 0.4 {
                wakeups = switches(pid) - counting.switches
            }
            usleep(2000)
        }
        return watch
    }

    /// The voluntary context switches of process `pid` so far: each is a wake-up after a sleep.
    private static func switches(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// The refresh period: the median distance between consecutive frames.
    var period: Double {
        let steps = zip(frames, frames.dropFirst()).map { $1 - $0 }.sorted()
        return steps.isEmpty ? 1.0 / 60 : steps[steps.count / 2]
    }

    /// Whether frames ran between the stands (the text moved on after each).
    var movedBetweenStands: Bool {
        zip(stands, stands.dropFirst()).allSatisfy { stand, next in frames.count { $0 > stand.until && $0 <= next.from } >= 2 }
    }

    /// What is wrong with the stands of a bar `width` px wide at the screen's top left showing
    /// `messages`, asked to stand `hold` s: nothing when each lasts the hold (see below), at least
    /// three were seen, the text moved on after each, and OCR reads a message's first two words
    /// starting at the reading edge (the bar's left edge, or a light `label`'s right edge) in
    /// their turn. Each stand's screenshot is kept in the temporary folder.
    func problems(hold: Double, messages: [String] = StandWatch.messages, width: Int = 800, label: Bool = false, restart: Double,
                  name: String) throws -> [String] {
        var problems: [String] = []
        if stands.count < 3 { problems.append("\(stands.count) stands seen") }
        // The text leaves its stop at the hold's end exactly; the first frame after it comes at
        // the first vblank the display gives once frames are asked for again: the next on X11
        // (Present answers at once, measured + 1 vblank), on Wayland after a frame callback's
        // round trip (measured + 1 to + 3.1 on a loaded machine). `restart`: vblanks allowed for it.
        for stand in stands where stand.duration < hold - period * 1.1 || stand.duration > hold + period * (restart + 0.1) {
            problems.append("a stand of \(stand.duration) s, not \(hold) s (− 1, + \(restart) vblanks of \(period) s)")
        }
        if !movedBetweenStands { problems.append("the text did not move between stands") }
        // Nothing wakes while the text stands (the alarm at its end comes after the count, when the
        // hold leaves room for it: the screenshot and the count take up to 1 s of it).
        for stand in stands where hold >= 1.5 && stand.wakeups != 0 {
            problems.append(stand.wakeups.map { "the ticker woke \($0) times in 0.4 s of a stand" } ?? "a stand's wake-ups were not counted")
        }
        let starts = messages.map { $0.lowercased().split(separator: " ").prefix(2).joined(separator: " ") }
        var order: [Int] = []
        for (number, stand) in stands.enumerated() {
            let shot = stand.shot
            func bright(_ x: Int) -> Bool { (2..<38).contains { Pixel(shot.pixel(x: x, y: $0)).brightness > 128 } }
            // The label is light on its whole height; the crawl begins where it ends.
            let edge = label ? (0..<width).first { Pixel(shot.pixel(x: $0, y: 20)).brightness < 128 && !bright($0) } ?? 0 : 0
            let words = try TextRecognizer.words(in: shot, x: edge, y: 0, width: width - edge, height: 40)
            let ink = (edge..<width).first(where: bright) ?? width
            // Kept for a look (and for the report of a failure).
            let file = NSTemporaryDirectory() + "xmarquee-hold-\(name)-\(number).ppm"
            FileManager.default.createFile(atPath: file, contents: shot.ppm(x: 0, y: 0, width: width, height: 40))
            guard let index = starts.firstIndex(of: words.prefix(2).joined(separator: " ")), ink - edge <= 4 else {
                problems.append("stand \(number) shows \(words), its ink from column \(ink) (edge \(edge)): not a message's start at the edge (\(file))")
                continue
            }
            order.append(index)
        }
        if zip(order, order.dropFirst()).contains(where: { $1 != ($0 + 1) % messages.count }) {
            problems.append("the messages did not stand in turn: \(order)")
        }
        return problems
    }

    /// The stands' durations and the period, for the test's log.
    var summary: String {
        "stands \(stands.map { ($0.duration * 1000).rounded() / 1000 }) s, period \((period * 1e5).rounded() / 100) ms, "
            + "\(frames.count) frames, wake-ups in 0.4 s of each stand \(stands.map { $0.wakeups ?? -1 })"
    }
}
