import Glibc
import XCTest
@testable import xmarquee

/// How a problem is written for the bar, and how a desktop launch is recognised.
final class ProblemReporterTests: XCTestCase {
    func testTheBarTextIsUrgentLinkedAndShowsPercentSignsAsWritten() {
        let reporter = ProblemReporter(desktopLaunch: false, editLink: "xmarquee-action:abc/edit-settings", configPath: nil)
        XCTAssertEqual(reporter.barText("value '50%{F#f00}' is invalid"),
                       "%{F#ffffff B#a51d2d A:xmarquee-action:abc/edit-settings:} "
                       + "xmarquee: value '50%%{F#f00}' is invalid (click to edit the settings) %{A B- F-}")
    }

    func testTheHomeFolderIsWrittenAsATilde() {
        let saved = getenv("HOME").map { String(cString: $0) }
        defer { if let saved { setenv("HOME", saved, 1) } else { unsetenv("HOME") } }
        setenv("HOME", "/home/ada", 1)
        XCTAssertEqual(ProblemReporter.homeAbbreviated("/home/ada/.config/xmarquee/config:1: key \"speed\""),
                       "~/.config/xmarquee/config:1: key \"speed\"")
        XCTAssertEqual(ProblemReporter.homeAbbreviated("file \"/home/adam/x\" and /home/ada/y"), "file \"/home/adam/x\" and ~/y")
        setenv("HOME", "/", 1)
        XCTAssertEqual(ProblemReporter.homeAbbreviated("/etc/x"), "/etc/x", "a home of / abbreviates nothing")
    }

    func testTheDesktopLaunchIsAnOptionNotAMessage() {
        XCTAssertTrue(DesktopLaunch.isRequested(in: ["--bogus", "--desktop-launch"]))
        XCTAssertFalse(DesktopLaunch.isRequested(in: ["--", "--desktop-launch"]), "after -- it is text to scroll")
        XCTAssertFalse(DesktopLaunch.isRequested(in: ["--bar", "top"]))
    }
}
