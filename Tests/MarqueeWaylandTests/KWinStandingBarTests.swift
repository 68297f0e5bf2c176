import Foundation
import XCTest
@testable import DisplayTestSupport

/// A bar that stands still under KWin 5.27 (Plasma 5.27 LTS), in fresh starts: KWin reads the
/// first buffer of a surface, and the first of each new size, at a pitch of width × 4 whatever
/// the buffer's stride, so a buffer cut from a wider ribbon showed as sheared noise that nothing
/// repainted. Each start must match the X11 backend's drawing of the same bar. One good start
/// proves nothing (KWin repainting between two commits hid it), hence ten at each scale.
final class KWinStandingBarTests: XCTestCase {
    private let text = "Standing bar: right from its first frame"
    private let arguments = ["--bar", "top", "--height", "40", "--speed", "0", "--bg", "#000000", "--fg", "#ffffff"]
    private static let freshStarts = 10

    func testAStandingBarMatchesX11InEveryFreshStartAtScale1() throws {
        try checkFreshStarts(scale: 1, dpi: 96)
    }

    func testAStandingBarMatchesX11InEveryFreshStartAtScale1Point5() throws {
        try checkFreshStarts(scale: 1.5, dpi: 144)
    }

    /// A reload that changes the height makes the bar's surface anew: right from its first frame
    /// there too.
    func testAStandingBarMatchesX11AfterAResizeInEveryFreshStart() throws {
        if let reason = HeadlessKWin.unavailable { throw XCTSkip(reason) }
        let background = Pixel(0, 0, 0)
        let standing = Array(arguments.drop { $0 != "--speed" })
        let reference = StandingBarReference(arguments: ["--bar", "top", "--height", "56"] + standing, text: text, background: background)
        let x11 = try reference.drawnOnX11(dpi: 96, width: 1280, rows: 56)
        var differences: [Double] = []
        for start in 0..<Self.resizedStarts {
            let kwin = try HeadlessKWin(width: 1280, height: 400, scale: 1)
            defer { kwin.stop() }
            let home = kwin.runtimeDirectory + "/config-home"
            try FileManager.default.createDirectory(atPath: home + "/xmarquee", withIntermediateDirectories: true)
            try "height = 40\n".write(toFile: home + "/xmarquee/config", atomically: false, encoding: .utf8)
            let environment = ["XDG_RUNTIME_DIR": kwin.runtimeDirectory, "XDG_CONFIG_HOME": home]
            let name = "kwin-resized-\(getpid())-\(start)"
            let run = try XMarqueeRun(["--bar", "top"] + standing + ["--name", name, "--", text], waylandDisplay: kwin.waylandDisplay,
                                      environment: environment)
            defer { run.stop() }
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status(name, environment: environment)?["message"] as? String == self.text })
            try "height = 56\n".write(toFile: home + "/xmarquee/config", atomically: false, encoding: .utf8)
            // The reload is applied when the helper has read the file: the picture is compared
            // until it matches the taller bar (a sheared one never does) or time runs out.
            var difference = Double.infinity
            _ = waitFor(seconds: 10) {
                guard let shot = try? kwin.screenshot() else { return false }
                difference = StandingBarReference.meanDifference(shot, x11, rows: 56)
                return difference <= 1.5
            }
            differences.append(difference)
        }
        print("KWin 5.27 after a resize to 56 rows, \(Self.resizedStarts) fresh starts against X11: mean absolute differences "
              + differences.map { String(format: "%.2f", $0) }.joined(separator: ", "))
        XCTAssertEqual(differences.filter { $0 <= 1.5 }.count, Self.resizedStarts, "every start within 1.5 grey levels: \(differences)")
    }

    private static let resizedStarts = 5

    private func checkFreshStarts(scale: Double, dpi: Int) throws {
        if let reason = HeadlessKWin.unavailable { throw XCTSkip(reason) }
        let background = Pixel(0, 0, 0)
        let reference = StandingBarReference(arguments: arguments, text: text, background: background)
        let width = Int(1280 * scale), rows = Int(40 * scale)
        let x11 = try reference.drawnOnX11(dpi: dpi, width: width, rows: rows)
        var differences: [Double] = []
        for start in 0..<Self.freshStarts {
            let kwin = try HeadlessKWin(width: 1280, height: 400, scale: scale)
            defer { kwin.stop() }
            let environment = ["XDG_RUNTIME_DIR": kwin.runtimeDirectory]
            let name = "kwin-standing-\(getpid())-\(start)"
            let run = try XMarqueeRun(arguments + ["--name", name, "--", text], waylandDisplay: kwin.waylandDisplay, environment: environment)
            defer { run.stop() }
            XCTAssertTrue(waitFor(seconds: 10) { (XMarqueeRun.status(name, environment: environment)?["dpi"] as? Double) == Double(dpi) })
            // The picture settles once the text laid out at the output's scale is shown.
            var shot: Screenshot?
            let settled = waitFor(seconds: 5) {
                let previous = shot
                shot = try? kwin.screenshot()
                guard let shot, StandingBarReference.hasInk(shot, rows: rows, background: background) else { return false }
                return previous?.band(0..<rows) == shot.band(0..<rows)
            }
            XCTAssertTrue(settled, "start \(start): the bar shows and settles")
            let difference = StandingBarReference.meanDifference(try XCTUnwrap(shot), x11, rows: rows)
            differences.append(difference)
        }
        print("KWin 5.27 at scale \(scale), \(Self.freshStarts) fresh starts against X11 at \(dpi) dpi: mean absolute differences "
              + differences.map { String(format: "%.2f", $0) }.joined(separator: ", "))
        XCTAssertEqual(differences.filter { $0 <= 1.5 }.count, Self.freshStarts, "every start within 1.5 grey levels: \(differences)")
    }
}
