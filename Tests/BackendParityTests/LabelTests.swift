import Foundation
import XCTest
@testable import DisplayTestSupport

/// `--label`: a label that stands still at the start edge while the crawl runs beside it, the
/// crawl fading at the label's edge, on the real server.
final class LabelTests: ParityTestCase {
    func testTheLabelStandsStillWhileTheCrawlMovesOnX11() throws { try labelStandsStill(on: .x11, compositing: false) }
    func testTheLabelStandsStillUnderACompositingManagerOnX11() throws { try labelStandsStill(on: .x11, compositing: true) }
    func testTheLabelStandsStillWhileTheCrawlMovesOnWayland() throws { try labelStandsStill(on: .wayland, compositing: false) }

    func testAScreenReaderReadsTheLabelBeforeTheMessageOnX11() throws { try screenReaderReadsTheLabel(on: .x11) }
    func testAScreenReaderReadsTheLabelBeforeTheMessageOnWayland() throws { try screenReaderReadsTheLabel(on: .wayland) }

    func testAClockLabelTicksInPlaceOnX11() throws { try clockLabelTicks(on: .x11) }
    func testAClockLabelTicksInPlaceOnWayland() throws { try clockLabelTicks(on: .wayland) }

    /// `--label "%H:%M:%S"`: the label's pixels change from second to second while its width
    /// stays (tabular digits: the crawl beside it is not moved); OCR reads the time.
    private func clockLabelTicks(on backend: Backend) throws {
        try withBar(on: backend, ["--label", "%H:%M:%S", "--label-fg", "#000000", "--label-bg", "#ffffff", "--speed", "0"]) { display, _, name in
            XCTAssertNotNil(waitForStatus(name), "\(backend): running")
            func width(_ shot: Screenshot) -> Int { (0..<shot.width).first { Pixel(shot.pixel(x: $0, y: 1)).brightness < 128 } ?? 0 }
            var first: Screenshot?
            XCTAssertTrue(waitFor(seconds: 5) {
                first = try? display.screenshot()
                return first.map { width($0) > 40 } ?? false
            }, "\(backend): the clock's label is drawn")
            let start = try XCTUnwrap(first)
            let labelWidth = width(start)
            func label(_ shot: Screenshot) -> [Pixel] { (0..<40).flatMap { y in (0..<labelWidth).map { Pixel(shot.pixel(x: $0, y: y)) } } }
            var ticked: Screenshot?
            XCTAssertTrue(waitFor(seconds: 3) {
                ticked = try? display.screenshot()
                return ticked.map { label($0) != label(start) } ?? false
            }, "\(backend): the label's time changes within 3 s")
            let later = try XCTUnwrap(ticked)
            XCTAssertEqual(width(later), labelWidth, "\(backend): the clock keeps its width")
            let words = try TextRecognizer.words(in: later, x: 0, y: 0, width: labelWidth, height: 40)
            XCTAssertEqual(words.count, 3, "\(backend): OCR reads hours, minutes and seconds: \(words)")
            XCTAssertTrue(words.allSatisfy { $0.count == 2 && Int($0) != nil }, "\(backend): \(words)")
        }
    }

    func testTheLabelCostsNoFrameWorkOnX11() throws { try labelCostsNoFrameWork(on: .x11) }
    func testTheLabelCostsNoFrameWorkOnWayland() throws { try labelCostsNoFrameWork(on: .wayland) }

    /// The process's wake-ups (voluntary context switches) and CPU ticks over 5 s of crawling,
    /// with and without a label (bounds loose for a busy machine: runs alone differ by 20 %):
    /// the label is drawn once, so both stay as they were; standing
    /// text beside a label wakes nothing at all.
    private func labelCostsNoFrameWork(on backend: Backend) throws {
        func sample(_ arguments: [String], seconds: Double = 5) throws -> (wakeups: Int, ticks: Int) {
            var result = (wakeups: 0, ticks: 0)
            try withBar(on: backend, arguments, text: "Markets rally as tech stocks climb   Oil slips 2%") { _, run, name in
                XCTAssertNotNil(waitForStatus(name), "\(backend): running")
                Thread.sleep(forTimeInterval: 2)
                let pid = run.process.processIdentifier
                let before = Self.counters(pid)
                Thread.sleep(forTimeInterval: seconds)
                let after = Self.counters(pid)
                result = (after.wakeups - before.wakeups, after.ticks - before.ticks)
            }
            return result
        }
        let plain = try sample([])
        let labelled = try sample(["--label", "BREAKING"])
        let standing = try sample(["--label", "BREAKING", "--speed", "0"], seconds: 3)
        print("label cost on \(backend): without \(plain), with \(labelled) (wake-ups, CPU ticks per 5 s); standing: \(standing) per 3 s")
        XCTAssertLessThanOrEqual(labelled.wakeups, plain.wakeups + plain.wakeups / 4 + 10, "\(backend): wake-ups with a label")
        XCTAssertLessThanOrEqual(labelled.ticks, plain.ticks * 3 / 2 + 3, "\(backend): CPU with a label")
        XCTAssertEqual(standing.wakeups, 0, "\(backend): standing text beside a label wakes nothing")
    }

    /// Voluntary context switches and user + system CPU ticks of process `pid`.
    private static func counters(_ pid: Int32) -> (wakeups: Int, ticks: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let wakeups = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        let ticks = fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
        return (wakeups, ticks)
    }

    /// Black on white "BREAKING" beside white blocks crawling on black at 120 px/s, a 40-px fade:
    /// over 2 s of captures the label's pixels never change while the crawl's do; the crawl's
    /// first columns ramp up from the background at the label's edge; OCR reads the label.
    private func labelStandsStill(on backend: Backend, compositing: Bool) throws {
        let blocks = String(repeating: "\u{2588}", count: 400)
        let arguments = ["--label", "BREAKING", "--label-fg", "#000000", "--label-bg", "#ffffff", "--fade", "40",
                         "--fg", "#ffffff", "--bg", "#000000", "--speed", "120"]
        try withBar(on: backend, arguments, text: blocks, compositing: compositing) { display, _, name in
            XCTAssertNotNil(waitForStatus(name), "\(backend): running")
            var first: Screenshot?
            // The label's width: white columns on the top row from the left edge.
            var labelWidth = 0
            XCTAssertTrue(waitFor(seconds: 5) {
                guard let shot = try? display.screenshot() else { return false }
                labelWidth = (0..<shot.width).first { Pixel(shot.pixel(x: $0, y: 1)).brightness < 128 } ?? 0
                first = shot
                return labelWidth > 40 && Pixel(shot.pixel(x: labelWidth + 80, y: 20)).brightness > 200
            }, "\(backend): the label and the crawl are drawn")
            let start = try XCTUnwrap(first)
            // Kept for a look (`convert FILE.ppm FILE.png`).
            try? start.ppm(x: 0, y: 0, width: start.width, height: 40)
                .write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "xmarquee-label-\(backend)-\(compositing).ppm"))

            let words = try TextRecognizer.words(in: start, x: 0, y: 0, width: labelWidth, height: 40)
            XCTAssertTrue(words.contains("breaking"), "\(backend): OCR reads the label: \(words)")

            func region(_ shot: Screenshot, _ columns: Range<Int>) -> [Pixel] {
                (0..<40).flatMap { y in columns.map { Pixel(shot.pixel(x: $0, y: y)) } }
            }
            let label = region(start, 0..<labelWidth)
            let crawl = region(start, labelWidth..<start.width)
            var captures = 0, crawlChanged = 0, fadesSeen = 0
            let deadline = Date().addingTimeInterval(2)
            while Date() < deadline {
                let shot = try display.screenshot()
                captures += 1
                XCTAssertEqual(region(shot, 0..<labelWidth), label, "\(backend): the label's pixels at capture \(captures)")
                if region(shot, labelWidth..<shot.width) != crawl { crawlChanged += 1 }
                // The fade: background at the label's edge, brighter further in, whole 60 px in.
                func column(_ x: Int) -> Int { Pixel(shot.pixel(x: labelWidth + x, y: 20)).brightness }
                if column(45) > 200 && column(60) > 200 {
                    fadesSeen += 1
                    XCTAssertLessThan(column(0), 30, "\(backend): the crawl fades out at the label's edge")
                    XCTAssertLessThan(column(5), column(25), "\(backend): brighter further from the label")
                }
            }
            XCTAssertGreaterThan(captures, 5, "\(backend): captures over 2 s")
            XCTAssertGreaterThan(fadesSeen, captures / 2, "\(backend): blocks beside the label in most captures")
            print("label \(backend) compositing=\(compositing): \(labelWidth) px wide, \(captures) captures, crawl changed in \(crawlChanged), fade ramp in \(fadesSeen): \(words)")
            XCTAssertGreaterThanOrEqual(crawlChanged, captures - 1, "\(backend): the crawl moves between captures")
        }
    }

    /// The marquee's accessible name is the label, then the message at the reading edge.
    private func screenReaderReadsTheLabel(on backend: Backend) throws {
        try XCTSkipUnless(AccessibilityBusLauncher.isInstalled, "at-spi2-core is not installed")
        let bus = try PrivateSessionBus()
        let launcher = try AccessibilityBusLauncher(bus: bus)
        defer { launcher.stop() }
        try withBar(on: backend, ["--speed", "0", "--label", "BREAKING"], text: "Markets rally", environment: bus.environment) { _, _, name in
            XCTAssertTrue(waitFor(seconds: 10) { XMarqueeRun.status(name)?["message"] as? String == "Markets rally" })
            let tree = ScreenReaderProbe.tree(bus: bus)
            XCTAssertTrue(tree.contains("role=marquee") && tree.contains("name='BREAKING: Markets rally'"), "\(backend): \(tree)")
        }
    }
}
