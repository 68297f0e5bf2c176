import Foundation
import XCTest
@testable import DisplayTestSupport

/// How a moving bar's frames reach the bed's compositors, read from the ticker's own protocol log
/// (`WAYLAND_DEBUG=client`). Where the compositor crops at a viewport's source offset, a frame is
/// a source rectangle of an attached atlas: no `wl_buffer` made or attached a frame (on wlroots
/// 0.20 each one brought a release and a `delete_id` right after the commit, a second wake-up);
/// where it offers fifo as well (weston 16, which has a viewport but no fractional scale), the
/// rectangles are queued through it, in batches — also from the crawl's subsurface beside a label
/// (weston, mutter, KWin), each held until its refresh where the compositor offers commit timing
/// (weston, mutter). Nothing takes the keyboard as the bar maps: KWin gives an on-demand
/// layer surface the focus at once, and a focused bar queues nothing. The pixels are
/// CompositorBedTests'.
final class BedFramePathTests: XCTestCase {
    func testSwayFramesAreAtlasRectangles() throws { try framesAreAtlasRectangles(.sway, queued: false) }
    func testLabwcFramesAreAtlasRectangles() throws { try framesAreAtlasRectangles(.labwc, queued: false) }
    func testWestonFramesAreAtlasRectanglesQueuedThroughFifoAtTheirTimes() throws {
        try framesAreAtlasRectangles(.weston, queued: true, timed: true)
    }
    func testLabelledWestonFramesAreQueuedThroughTheCrawlsFifo() throws {
        try framesAreAtlasRectangles(.weston, queued: true, timed: true, label: true)
    }
    func testLabelledMutterFramesAreQueuedThroughTheCrawlsFifoAtTheirTimes() throws {
        try framesAreAtlasRectangles(.mutter, queued: true, timed: true, label: true)
    }
    func testKWinFramesAreAtlasRectanglesQueuedThroughFifo() throws { try framesAreAtlasRectangles(.kwin, queued: true) }
    func testTwoLanesOnWestonAreQueuedThroughEachCrawlsFifo() throws {
        try framesAreAtlasRectangles(.weston, queued: true, timed: true, lanes: true)
    }
    func testTwoLanesOnSwayAreAtlasRectangles() throws { try framesAreAtlasRectangles(.sway, queued: false, lanes: true) }

    /// A bar at 120 px/s (a new sub-pixel phase every other frame: every band of the atlas is
    /// needed) for 5 s; counted from 1.5 s after its first commit, when every phase has been seen.
    private func framesAreAtlasRectangles(_ kind: BedCompositor, queued: Bool, timed: Bool = false, label: Bool = false,
                                          lanes: Bool = false) throws {
        if let reason = ChrootCompositor.unavailable { throw XCTSkip("the compositor bed: \(reason)") }
        let compositor = try ChrootCompositor(kind)
        defer { compositor.stop() }
        let ticker = try compositor.startTicker(["--bar", "top", "--height", "32", "--speed", "120"] + (label ? ["--label", "MARKETS"] : [])
                                                + ["--", "Markets rally as tech stocks climb"]
                                                + (lanes ? ["--lane", "--speed", "60", "--direction", "right", "Oil slips below seventy"] : []),
                                                environment: ["WAYLAND_DEBUG": "client"])
        Thread.sleep(forTimeInterval: 5)
        let log = ProtocolLog(ticker.output(last: 100_000_000))
        let requests = log.requests(after: 1.5)
        let label = "\(kind.rawValue) \(compositor.version)"
        let commits = requests.count { $0.hasSuffix(".commit()") }
        let attaches = requests.count { $0.contains(".attach(") }
        let made = requests.count { $0.contains(".create_buffer(") }
        let rectangles = requests.count { $0.contains(".set_source(") && !$0.contains("set_source(-1") }
        let barriers = requests.count { $0.contains(".wait_barrier(") }
        let callbacks = requests.count { $0.contains(".frame(new id") }
        let stamps = requests.compactMap(Self.timestamp)
        print("bed: \(label) frames after 1.5 s: \(commits) commits, \(rectangles) source rectangles, \(attaches) attaches, "
              + "\(made) buffers made, \(barriers) fifo barriers, \(callbacks) frame callbacks")
        XCTAssertGreaterThan(commits, 100, "\(label): the bar moves, a commit a frame")
        XCTAssertEqual(log.events(containing: "wl_keyboard#").filter { $0.contains(".enter(") }, [],
                       "\(label): no keyboard focus before a click (the user's window keeps it)")
        XCTAssertGreaterThanOrEqual(rectangles, commits - 2, "\(label): every frame a source rectangle")
        // A new atlas once per 700 px or so of motion (6 s at 120 px/s): one at most in 3.5 s,
        // a lane.
        let lanesCount = lanes ? 2 : 1
        XCTAssertLessThanOrEqual(attaches, 2 * lanesCount, "\(label): an atlas attached, not a buffer a frame")
        XCTAssertLessThanOrEqual(made, 2 * lanesCount, "\(label): no buffer made a frame")
        if queued {
            XCTAssertGreaterThanOrEqual(barriers, commits - 2, "\(label): every frame queued through fifo")
            // A batch of 0.2 s asks for one callback: the process sleeps between batches.
            XCTAssertLessThanOrEqual(callbacks, commits / 6, "\(label): frames queued in batches, a callback each")
        }
        if timed {
            checkTimes(stamps, barriers: barriers, lanes: lanesCount, label: label)
        } else {
            XCTAssertEqual(stamps, [], "\(label): no commit timing")
        }
    }

    /// Every queued frame held until its refresh: a time each, a lane's times a refresh apart
    /// within a batch and never going back (a new batch starts after the last one's frames).
    private func checkTimes(_ stamps: [Double], barriers: Int, lanes: Int, label: String) {
        XCTAssertGreaterThanOrEqual(stamps.count, barriers - 2 * lanes, "\(label): every queued frame has its time")
        // Each lane's batch is committed whole, one lane's after the other's: where the times go
        // back, another lane's batch begins.
        let steps = zip(stamps, stamps.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
        guard let refresh = steps.sorted().dropFirst(steps.count / 2).first else { return XCTFail("\(label): no times") }
        print("bed: \(label) \(stamps.count) times, median step \(String(format: "%.2f", refresh * 1000)) ms")
        XCTAssert((1 / 150...1 / 40).contains(refresh), "\(label): the times a refresh apart (\(refresh) s)")
        if lanes == 1 {
            let back = zip(stamps, stamps.dropFirst()).filter { $1 < $0 - 0.0005 }
            XCTAssertEqual(back.count, 0, "\(label): a frame's time is never before the one queued ahead of it: \(back.prefix(3))")
        }
    }

    /// The time of a `wp_commit_timer_v1.set_timestamp(high, low, nanoseconds)` request, in seconds.
    private static func timestamp(_ request: Substring) -> Double? {
        guard let start = request.range(of: ".set_timestamp("), let end = request[start.upperBound...].firstIndex(of: ")") else { return nil }
        let parts = request[start.upperBound..<end].split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3 else { return nil }
        return Double(parts[0] << 32 | parts[1]) + Double(parts[2]) / 1e9
    }
}

/// A client's `WAYLAND_DEBUG=client` log: `[HH:MM:SS.micro] {queue}  -> object#id.request(...)`
/// for requests, without the arrow for events.
private struct ProtocolLog {
    private let lines: [(time: Double, text: Substring)]

    init(_ text: String) {
        lines = text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
            let clock = line[line.index(after: line.startIndex)..<close].split(separator: ":").compactMap { Double($0) }
            guard clock.count == 3 else { return nil }
            return (clock[0] * 3600 + clock[1] * 60 + clock[2], line[close...])
        }
    }

    /// The events received whose text holds `part`, from the start.
    func events(containing part: String) -> [Substring] {
        lines.map(\.text).filter { !$0.contains(" -> ") && $0.contains(part) }
    }

    /// The requests sent from `delay` seconds after the first commit on.
    func requests(after delay: Double) -> [Substring] {
        let sent = lines.filter { $0.text.contains(" -> ") }
        guard let first = sent.first(where: { $0.text.hasSuffix(".commit()") }) else { return [] }
        return sent.filter { $0.time >= first.time + delay }.map(\.text)
    }
}
