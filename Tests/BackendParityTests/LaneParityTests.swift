import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--lane`: a bar of two lanes, each with its own text, colours, speed and direction, on the
/// real server: each lane's text is read in its own rows, each moves its own way at its own speed,
/// and `ctl status` lists them.
final class LaneParityTests: ParityTestCase {
    func testTwoLanesCrawlEachAtItsOwnSpeedOnX11() throws { try twoLanesCrawl(on: .x11) }
    func testTwoLanesCrawlEachAtItsOwnSpeedOnWayland() throws { try twoLanesCrawl(on: .wayland) }

    func testAStandingFirstLaneLeavesTheSecondMovingOnX11() throws { try standingFirstLane(on: .x11) }
    func testAStandingFirstLaneLeavesTheSecondMovingOnWayland() throws { try standingFirstLane(on: .wayland) }

    /// The first lane stands (`--speed 0`) while the second moves: the second's pixels go on
    /// changing, the first's stay as they are, and frames go on.
    private func standingFirstLane(on backend: Backend) throws {
        let arguments = ["--height", "80", "--fg", "#ffffff", "--bg", "#000000", "--speed", "0", "--", "Standing headline",
                         "--lane", "--fg", "#ffffff", "--bg", "#000000", "--speed", "60", "--", Self.markets]
        try withBar(on: backend, arguments, text: nil) { display, _, name in
            XCTAssertNotNil(waitForStatus(name), "\(backend): running")
            var first: Screenshot?
            XCTAssertTrue(waitFor(seconds: 5) {
                first = try? display.screenshot()
                return first.map { Self.ink($0, rows: 0..<40) > 50 && Self.ink($0, rows: 40..<80) > 200 } ?? false
            }, "\(backend): both lanes show text")
            let start = try XCTUnwrap(first)
            let framesBefore = XMarqueeRun.status(name)?["framesShown"] as? Int ?? 0
            Thread.sleep(forTimeInterval: 1)
            let later = try display.screenshot()
            XCTAssertTrue(start.band(0..<40) == later.band(0..<40), "\(backend): the standing lane stands")
            XCTAssertTrue(start.band(40..<80) != later.band(40..<80), "\(backend): the second lane moves on")
            let framesAfter = XMarqueeRun.status(name)?["framesShown"] as? Int ?? 0
            print("standing first lane on \(backend): \(framesAfter - framesBefore) frames in 1 s")
            XCTAssertGreaterThan(framesAfter - framesBefore, 30, "\(backend): frames go on beside a standing lane")
            // Frames handed, counting those queued ahead (X11: up to a batch past the second).
            XCTAssertLessThan(framesAfter - framesBefore, 100, "\(backend): a frame a refresh, no more")
        }
    }

    static let headlines = "Markets rally as tech stocks climb for a third day"
    static let markets = "Brent crude slips below seventy dollars"

    /// White headlines at 120 px/s to the left above yellow markets and the time at 60 px/s to
    /// the right, in a bar 80 px tall: 40 px a lane.
    private func twoLanesCrawl(on backend: Backend) throws {
        let arguments = ["--height", "80", "--font", "DejaVu Sans:size=15", "--fg", "#ffffff", "--bg", "#000000", "--speed", "120",
                         "--", Self.headlines,
                         "--lane", "--font", "DejaVu Sans:size=15", "--fg", "#ffee00", "--bg", "#202020", "--speed", "60",
                         "--direction", "right", "--clock", "%H:%M", "--", Self.markets]
        try withBar(on: backend, arguments, text: nil) { display, _, name in
            let status = try XCTUnwrap(waitForStatus(name), "\(backend): running")
            let lanes = try XCTUnwrap(status["lanes"] as? [[String: Any]], "\(backend): lanes in the status")
            XCTAssertEqual(lanes.count, 2)
            XCTAssertEqual(lanes.map { $0["speed"] as? Double }, [120, 60])
            XCTAssertEqual(lanes.map { $0["direction"] as? String }, ["left", "right"])
            // Both lanes drawn: white ink in the top rows, yellow in the bottom ones.
            var first: Screenshot?
            XCTAssertTrue(waitFor(seconds: 5) {
                guard let shot = try? display.screenshot() else { return false }
                first = shot
                return Self.ink(shot, rows: 0..<40) > 200 && Self.ink(shot, rows: 40..<80) > 200
            }, "\(backend): both lanes show text")
            let start = try XCTUnwrap(first)
            let top = try TextRecognizer.words(in: start, x: 0, y: 0, width: start.width, height: 40)
            let bottom = try TextRecognizer.words(in: start, x: 0, y: 40, width: start.width, height: 40)
            print("lanes on \(backend): top \(top), bottom \(bottom)")
            XCTAssertGreaterThanOrEqual(Set(top).intersection(["markets", "rally", "tech", "stocks", "climb", "third"]).count, 3,
                                        "\(backend): the first lane reads: \(top)")
            XCTAssertGreaterThanOrEqual(Set(bottom).intersection(["brent", "crude", "slips", "below", "seventy", "dollars"]).count, 3,
                                        "\(backend): the second lane reads: \(bottom)")
            XCTAssertTrue(bottom.contains { $0.contains(where: \.isNumber) }, "\(backend): the second lane's clock reads: \(bottom)")
            XCTAssertTrue(Set(top).isDisjoint(with: ["brent", "crude", "seventy"]), "\(backend): each lane in its own rows")

            // Half a second later: the top moved left twice as far as the bottom moved right.
            let begun = Date()
            let earlier = try display.screenshot()
            Thread.sleep(forTimeInterval: 0.5)
            let later = try display.screenshot()
            let elapsed = Date().timeIntervalSince(begun)
            // The search as wide as the time the captures took allows (a loaded machine's grim is slow).
            let reach = Int(120 * elapsed * 1.5) + 10
            let upper = Self.shift(earlier, later, rows: 0..<40, in: -reach...0)
            let lower = Self.shift(earlier, later, rows: 40..<80, in: 0...(reach / 2))
            let topShift = try XCTUnwrap(upper.shift, "\(backend): the first lane matched (\(upper.note), \(elapsed) s)")
            let bottomShift = try XCTUnwrap(lower.shift, "\(backend): the second lane matched (\(lower.note), \(elapsed) s)")
            print("lanes on \(backend): in \(String(format: "%.2f", elapsed)) s the first lane moved \(topShift) px, the second \(bottomShift) px")
            XCTAssertLessThan(topShift, -20, "\(backend): the first lane moves left")
            XCTAssertGreaterThan(bottomShift, 10, "\(backend): the second lane moves right")
            XCTAssertEqual(Double(-topShift) / Double(bottomShift), 2, accuracy: 0.35, "\(backend): at twice the second's speed")
        }
    }

    /// Columns whose `rows` differ from the lane's background (the first pixel of the row).
    private static func ink(_ shot: Screenshot, rows: Range<Int>) -> Int {
        (0..<shot.width).filter { x in rows.contains { y in Pixel(shot.pixel(x: x, y: y)) != Pixel(shot.pixel(x: 0, y: rows.lowerBound + 1)) } }.count
    }

    /// The shift in `shifts` (positive: rightwards) that best carries `earlier`'s `rows` onto
    /// `later`'s, by their columns' brightness summed over the rows: the one with the least median
    /// difference; nil when even that is over a tenth of the mean column (and what was found, for
    /// a failure's message).
    private static func shift(_ earlier: Screenshot, _ later: Screenshot, rows: Range<Int>, in shifts: ClosedRange<Int>)
        -> (shift: Int?, note: String) {
        func profile(_ shot: Screenshot) -> [Double] {
            (0..<shot.width).map { x in rows.reduce(0.0) { $0 + Double(Pixel(shot.pixel(x: x, y: $1)).brightness) } }
        }
        let (before, after) = (profile(earlier), profile(later))
        let width = before.count
        // The median of the columns' differences: the glyphs' edge columns differ where the text
        // stands at another sub-pixel phase (sway's period is not exactly 1/60 s), and columns
        // that do not move with the text (the pointer, drawn in the capture) must not hide a match.
        func difference(_ shift: Int) -> Double {
            let columns = max(0, shift)..<min(width, width + shift)
            let differences = columns.map { abs(after[$0] - before[$0 - shift]) }.sorted()
            return differences[differences.count / 2]
        }
        let scores = shifts.map { ($0, difference($0)) }
        let mean = before.reduce(0, +) / Double(width)
        guard let best = scores.min(by: { $0.1 < $1.1 }) else { return (nil, "nothing compared") }
        let note = "best \(best.0) px, difference \(Int(best.1)) of a mean column \(Int(mean))"
        return (best.1 <= mean / 10 ? best.0 : nil, note)
    }
}
