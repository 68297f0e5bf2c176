import CX11
import Foundation
import XCTest

/// Produces the README's screenshot from the real executable under Xvfb. Writes the PNG only
/// when XMARQUEE_SCREENSHOT names a path (`make screenshot`); otherwise it still checks that
/// both tickers draw.
final class ScreenshotTests: XCTestCase {
    func testScreenshotOfTwoTickers() throws {
        let server = try XvfbServer(width: 1000, height: 96)
        defer { server.stop() }
        let news = try TickerProcess(["--geometry", "1000x40+0+4", "--font", "DejaVu Sans:size=15",
                                      "Markets rally as tech stocks climb", "Central bank holds rates steady",
                                      "Heavy snow expected in the Alps this weekend", "Ferry services resume after the storm"],
                                     display: server.display)
        defer { news.stop() }
        let quotes = try TickerProcess(["--geometry", "1000x36+0+52", "--font", "DejaVu Sans Mono:size=13:bold",
                                        "--fg", "#ffb000", "--bg", "black", "--separator", "  ▲  ", "--speed", "60",
                                        "--direction", "right", "AAPL 231.40 +1.2%", "MSFT 428.10 +0.4%",
                                        "EUR/USD 1.0841", "BTC 97,310 −2.1%"],
                                       display: server.display)
        defer { quotes.stop() }
        let probe = try XProbe(server.display)
        XCTAssertTrue(waitUntil(timeout: 10) {
            probe.window(ofProcess: news.pid) != nil && probe.window(ofProcess: quotes.pid) != nil
        })
        Thread.sleep(forTimeInterval: 1.5)
        let screen = try XCTUnwrap(WindowPixels.capture(probe.display, probe.root, width: 1000, height: 96))
        XCTAssertTrue(screen.pixel(2, 60) != screen.pixel(2, 20), "two differently coloured tickers are on screen")
        if let path = ProcessInfo.processInfo.environment["XMARQUEE_SCREENSHOT"] {
            try screen.writePNG(to: path)
        }
    }
}
