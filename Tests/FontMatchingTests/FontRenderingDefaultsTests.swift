@testable import FontMatching
import MarqueeCore
import XCTest

/// Fonts without a display: the desktop's rendering defaults reach the faces, and every face is
/// opened once however many slots and fallbacks use it.
final class FontRenderingDefaultsTests: XCTestCase {
    func testResourcesAreReadAsXftReadsThem() {
        for text in ["true", "True", "yes", "on", "1", "t"] { XCTAssertEqual(FontRenderingDefaults.parseBool(text), true, text) }
        for text in ["false", "No", "off", "0", "f"] { XCTAssertEqual(FontRenderingDefaults.parseBool(text), false, text) }
        for text in ["", "maybe", "o"] { XCTAssertNil(FontRenderingDefaults.parseBool(text), text) }
        XCTAssertEqual(FontRenderingDefaults.parseHintStyle("hintnone"), 0)
        XCTAssertEqual(FontRenderingDefaults.parseHintStyle("hintslight"), 1)
        XCTAssertEqual(FontRenderingDefaults.parseHintStyle("3"), 3)
        XCTAssertNil(FontRenderingDefaults.parseHintStyle("sharp"))
    }

    /// What neither the pattern nor fontconfig's configuration sets comes from the desktop
    /// (Debian's configuration sets antialiasing and a hint style, so Xft's resources never
    /// reached those there either; nothing sets synthetic bold for a regular face).
    func testTheDefaultsReachTheFacesUnlessThePatternSaysOtherwise() throws {
        let plain = try FontSet.open(patterns: ["DejaVu Sans:size=12"]).0
        XCTAssertEqual(plain.glyphFace(0)?.description.embolden, false)

        let desktop = FontRenderingDefaults(antialias: true, embolden: true)
        let fromDesktop = try FontSet.open(patterns: ["DejaVu Sans:size=12"], defaults: desktop).0
        XCTAssertEqual(fromDesktop.glyphFace(0)?.description.embolden, true, "Xft.embolden: true")

        let patternWins = try FontSet.open(patterns: ["DejaVu Sans:size=12:antialias=false:embolden=false"], defaults: desktop).0
        XCTAssertEqual(patternWins.glyphFace(0)?.description.antialias, false, "the pattern's own value stays")
        XCTAssertEqual(patternWins.glyphFace(0)?.description.embolden, false, "the pattern's own value stays")
    }

    /// The X11 backend passes its `Xft.*` resources in as Xft read them; what is not set stays
    /// Xft's default, and a value Xft would not read is ignored.
    func testXftResourcesBecomeTheDefaults() throws {
        let resources = ["antialias": "off", "hintstyle": "hintnone", "embolden": "True", "hinting": "maybe"]
        let defaults = FontRenderingDefaults(dpi: 120) { resources[$0] }
        XCTAssertEqual(defaults, FontRenderingDefaults(dpi: 120, antialias: false, hinting: nil, hintStyle: 0, embolden: true))
        let fonts = try FontSet.open(patterns: ["DejaVu Sans:size=12"], defaults: defaults).0
        XCTAssertEqual(fonts.glyphFace(0)?.description.embolden, true, "Xft.embolden: True")
        XCTAssertEqual(fonts.scale(ofFace: 0), 20 * 64, "12 pt at 120 dpi")
    }

    func testSizesInPointsFollowTheDPI() throws {
        let normal = try FontSet.open(patterns: ["DejaVu Sans:size=12"]).0
        let double = try FontSet.open(patterns: ["DejaVu Sans:size=12"], defaults: FontRenderingDefaults(dpi: 192)).0
        XCTAssertEqual(normal.scale(ofFace: 0), 16 * 64, "12 pt at 96 dpi")
        XCTAssertEqual(double.scale(ofFace: 0), 32 * 64, "12 pt at 192 dpi")
        XCTAssertGreaterThan(double.height, normal.height * 3 / 2)
    }

    func testEachFontFileAndSizeIsOpenedOnce() throws {
        let fonts = try FontSet.open(patterns: ["DejaVu Sans:size=14", "DejaVu Sans:size=14", "DejaVu Serif:size=14"]).0
        let shaped = (0..<3).map { fonts.shape("日本 A", as: ShapingRun(font: $0)) }
        let faces = shaped.map { Set($0.glyphs.map(\.font)) }
        XCTAssertEqual(faces[0], faces[1], "identical patterns share their faces")
        let cjk = Set(shaped.map { $0.glyphs[0].font })
        XCTAssertEqual(cjk.count, 1, "one fallback face for every slot of that size")
        let files = (0..<UInt16(4)).compactMap { fonts.glyphFace($0) }.map { "\($0.description.file)@\($0.description.pixelSize)" }
        XCTAssertEqual(files.count, Set(files).count, "no file is opened twice at one size: \(files)")
        // HarfBuzz reads the face FreeType mapped: the file appears once in the process's mappings.
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        let path = try XCTUnwrap(fonts.glyphFace(0)?.description.file)
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
            $0.hasPrefix("/") ? $0 : (path as NSString).deletingLastPathComponent + "/" + $0
        } ?? path
        XCTAssertEqual(maps.split(separator: "\n").filter { $0.hasSuffix(real) || $0.hasSuffix(path) }.count, 1,
                       "\(path) mapped once")
    }
}
