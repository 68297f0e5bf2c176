import XCTest
@testable import MarqueeFormats

final class DesktopPreferencesTests: XCTestCase {
    let hidpi = XSettings(values: ["Xft/DPI": .integer(192 * 1024), "Gtk/EnableAnimations": .integer(0)])

    func testXSettingsComeFirstThenXftDpiThenNinetySix() {
        let both = DesktopPreferences(xsettings: hidpi, xftDPIResource: "144", gtkSettings: nil)
        XCTAssertEqual(both.dpi, 192)
        XCTAssertEqual(both.scale, 2)
        XCTAssertFalse(both.animationsEnabled)
        let resource = DesktopPreferences(xsettings: XSettings(), xftDPIResource: " 144 ", gtkSettings: nil)
        XCTAssertEqual(resource.dpi, 144)
        XCTAssertTrue(resource.animationsEnabled)
        XCTAssertEqual(DesktopPreferences(xsettings: nil, xftDPIResource: nil, gtkSettings: nil), DesktopPreferences())
    }

    func testImplausibleDPIsAreIgnored() {
        let huge = XSettings(values: ["Xft/DPI": .integer(Int32.max)])
        XCTAssertEqual(DesktopPreferences(xsettings: huge, xftDPIResource: "120", gtkSettings: nil).dpi, 120)
        XCTAssertEqual(DesktopPreferences(xsettings: nil, xftDPIResource: "0", gtkSettings: nil).dpi, 96)
        XCTAssertEqual(DesktopPreferences(xsettings: nil, xftDPIResource: "big", gtkSettings: nil).dpi, 96)
    }

    func testGtkSettingsFileAnswersAnimationsOnlyWithoutAManager() {
        let ini = "# mine\n[Settings]\ngtk-theme-name=Adwaita\ngtk-enable-animations = false\n"
        XCTAssertFalse(DesktopPreferences(xsettings: nil, xftDPIResource: nil, gtkSettings: ini).animationsEnabled)
        let manager = XSettings(values: ["Gtk/EnableAnimations": .integer(1)])
        XCTAssertTrue(DesktopPreferences(xsettings: manager, xftDPIResource: nil, gtkSettings: ini).animationsEnabled)
        XCTAssertNil(DesktopPreferences.gtkEnableAnimations(in: "[Other]\ngtk-enable-animations=0\n"))
        XCTAssertEqual(DesktopPreferences.gtkEnableAnimations(in: "[Settings]\r\ngtk-enable-animations=1\r\n"), true)
    }

    func testMotionPreference() {
        let still = DesktopPreferences(animationsEnabled: false)
        XCTAssertTrue(MotionPreference.auto.reducesMotion(still))
        XCTAssertFalse(MotionPreference.auto.reducesMotion(DesktopPreferences()))
        XCTAssertFalse(MotionPreference.always.reducesMotion(still))
        XCTAssertTrue(MotionPreference.reduced.reducesMotion(DesktopPreferences()))
    }

    func testPixelLengthsScaleUnlessGivenInPx() {
        XCTAssertEqual(PixelLength(parsing: "12"), PixelLength(12))
        XCTAssertEqual(PixelLength(parsing: "12px"), PixelLength(12, exact: true))
        XCTAssertEqual(PixelLength(parsing: "7.5")?.pixels(scale: 2), 15)
        XCTAssertEqual(PixelLength(parsing: "12px")?.wholePixels(scale: 2), 12)
        XCTAssertEqual(PixelLength(parsing: "10")?.wholePixels(scale: 1.25), 13)
        for bad in ["", "px", "-1", "12pt", "inf", "nan", "1 px", "99999999999999999999"] { XCTAssertNil(PixelLength(parsing: bad), bad) }
        XCTAssertEqual(PixelLength(12, exact: true).description, "12px")
        XCTAssertEqual(PixelLength(7.5).description, "7.5")
    }
}
