import CFonts
@testable import FontMatching
import XCTest

final class FontRequestTests: XCTestCase {
    /// Where a system's fontconfig lacks 10-scale-bitmap-fonts.conf, the colour emoji strike
    /// (109 px) gets the matrix that scales it to the request all the same.
    func testBitmapStrikeIsScaledWhenTheConfigRuleIsMissing() throws {
        let request = try FontRequest(pattern: "DejaVu Sans:size=14")
        let emoji = try XCTUnwrap(request.fallbackCandidates.first {
            FontconfigPattern.families(of: $0).first == "Noto Color Emoji"
        } ?? nil)
        let primary = try XCTUnwrap(request.bestMatch())
        defer { FcPatternDestroy(primary) }
        let prepared = try XCTUnwrap(FcFontRenderPrepare(nil, primary, emoji))
        defer { FcPatternDestroy(prepared) }
        let strike = try XCTUnwrap(FontconfigPattern.double(xm_fc_pixel_size(), of: prepared))
        let wanted = try XCTUnwrap(FontconfigPattern.matrix(of: prepared)).yy * strike
        FcPatternDel(prepared, xm_fc_matrix()) // as without the config rule
        request.scaleBitmapStrikeToRequest(prepared)
        let scaled = try XCTUnwrap(FontconfigPattern.matrix(of: prepared))
        XCTAssertEqual(scaled.yy * strike, wanted, accuracy: 0.01)
        request.scaleBitmapStrikeToRequest(prepared)
        XCTAssertEqual(try XCTUnwrap(FontconfigPattern.matrix(of: prepared)).yy, scaled.yy, "scaling twice changes nothing")
    }

    /// Xft's vertical metrics, from the face's size: what `XftFont.ascent`/`descent` were for
    /// these patterns (measured with libXft 2.3 on Debian's fonts, at 96 dpi).
    func testVerticalMetricsAreXfts() throws {
        let xft: [(pattern: String, ascent: Int, descent: Int)] = [
            ("DejaVu Sans:size=14", 18, 5), ("DejaVu Serif:bold:size=14", 18, 5), ("Noto Sans:pixelsize=32", 35, 10),
            ("Droid Sans Fallback:pixelsize=17", 18, 5), ("DejaVu Sans:pixelsize=13:slant=110", 13, 4),
            ("Noto Sans Devanagari:pixelsize=32", 29, 14), ("FontAwesome:pixelsize=19", 17, 3),
            ("DejaVu Sans Mono:pixelsize=9", 9, 3),
        ]
        for expected in xft {
            let fonts = try FontSet.open(patterns: [expected.pattern]).0
            XCTAssertEqual(fonts.ascent, expected.ascent, expected.pattern)
            XCTAssertEqual(fonts.descent, expected.descent, expected.pattern)
        }
    }
}
