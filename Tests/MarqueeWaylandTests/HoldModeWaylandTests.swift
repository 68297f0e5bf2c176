import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--mode hold` as a viewer sees it on headless sway: the real executable as a top bar, its
/// frames timed by its own commits (`WAYLAND_DEBUG=client`, a line per request with its time),
/// its stands read with OCR from grim's screenshots. The X11 twin is `HoldModeX11Tests`; both
/// judge the same way (`StandWatch`).
final class HoldModeWaylandTests: SwayTestCase {
    func testEachMessageStartStandsAtTheLeftEdgeForTheHoldWithNoFrames() throws {
        try standsForTheHold(["--hold", "1.5"], hold: 1.5)
    }

    func testBesideALabelTheMessageStartStandsAtTheLabelsEdge() throws {
        try standsForTheHold(["--hold", "1"] + StandWatch.label, hold: 1, label: true)
    }

    private func standsForTheHold(_ arguments: [String], hold: Double, label: Bool = false) throws {
        if let reason = TextRecognizer.unavailable { throw XCTSkip(reason) }
        let log = NSTemporaryDirectory() + "xmarquee-hold-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        // 800 px wide at the output's top left (a layer surface), like the X11 twin's window.
        let run = try XMarqueeRun(StandWatch.bar(arguments), waylandDisplay: sway.waylandDisplay, environment: ["WAYLAND_DEBUG": "client"], errorFile: log)
        defer { run.stop() }
        let commits = CommitLog(path: log)
        XCTAssertTrue(waitFor(seconds: 10) { !commits.newCommits().isEmpty }, "the bar commits frames")
        var lastSeen = (log: 0.0, local: Date())
        let watch = try StandWatch.watch(run.process.processIdentifier, seconds: 9, newFrames: {
            let fresh = commits.newCommits()
            if let last = fresh.last { lastSeen = (last, Date()) }
            return (fresh, lastSeen.log + Date().timeIntervalSince(lastSeen.local))
        }, screenshot: { try sway.screenshot() })
        print("hold \(hold) s on Wayland\(label ? " beside a label" : ""): \(watch.summary)")
        // The restart after a stand waits for the loop's next turn and the compositor's callback,
        // while the watch's screenshots and OCR share the machine's two cores: + 3.1 vblanks seen.
        XCTAssertEqual(try watch.problems(hold: hold, label: label, restart: 4, name: "wayland"), [])
    }
}

/// The times of the commits in a client's protocol log as it grows: `[HH:MM:SS.micro]` (newer
/// libwayland) or `[milliseconds.micro]` (Debian 12's) before each `-> wl_surface#N.commit()`.
private final class CommitLog {
    private let handle: FileHandle?
    private var partial = ""

    init(path: String) { handle = FileHandle(forReadingAtPath: path) }

    /// The commits written since the last call, in seconds on the log's clock.
    func newCommits() -> [Double] {
        guard let handle else { return [] }
        partial += String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var lines = partial.split(separator: "\n", omittingEmptySubsequences: false)
        partial = String(lines.removeLast())
        return lines.compactMap { line in
            guard line.contains(" -> "), line.hasSuffix(".commit()"), line.hasPrefix("["), let close = line.firstIndex(of: "]") else {
                return nil
            }
            let stamp = line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)
            let clock = stamp.split(separator: ":").compactMap { Double($0) }
            if clock.count == 3 { return clock[0] * 3600 + clock[1] * 60 + clock[2] }
            return Double(stamp).map { $0 / 1000 }
        }
    }
}
