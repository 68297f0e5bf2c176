import Foundation
import XCTest

/// `xmarquee-manual`, the generator behind `make generate`: the man page's option list, X
/// resources and reload paragraph from the ticker's own `--experimental-dump-help`, and its
/// refusal of a command line that no longer matches the settings' declarations.
final class ManualGeneratorTests: XCTestCase {
    let folder = TemporaryFolder()

    var generator: String { (PackagePaths.binary as NSString).deletingLastPathComponent + "/xmarquee-manual" }

    /// The built ticker's dump, as JSON to change.
    func dump() throws -> [String: Any] {
        let run = Tool.run(PackagePaths.binary, ["--experimental-dump-help"])
        XCTAssertEqual(run.status, 0, run.errors)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    /// Runs the generator on `template` and `dump` (the ticker's settings checked).
    func generate(_ template: String, dump: [String: Any], format: String = "roff") throws -> ToolRun {
        let dumpPath = folder.write("dump.json", String(decoding: try JSONSerialization.data(withJSONObject: dump), as: UTF8.self))
        return Tool.run(generator, ["--template", folder.write("page.in", template), "--dump-help", dumpPath,
                                    "--version", "9.9", "--ticker-settings", "--format", format])
    }

    /// The dump with the top command's arguments changed by `change`.
    func changing(_ dump: [String: Any], _ change: (inout [[String: Any]]) -> Void) -> [String: Any] {
        var dump = dump, command = dump["command"] as! [String: Any]
        var arguments = command["arguments"] as! [[String: Any]]
        change(&arguments)
        command["arguments"] = arguments
        dump["command"] = command
        return dump
    }

    func testOptionsCarryTheirDeclaredTraitsAndFlagsPairWithTheirNoForm() throws {
        let run = try generate(".TH X 1 \"@VERSION@\"\n@OPTIONS@\n@RESOURCES@\n@RELOAD@\n", dump: try dump())
        XCTAssertEqual(run.status, 0, run.errors)
        let page = run.output
        XCTAssertTrue(page.hasPrefix(".TH X 1 \"9.9\"\n"), page)
        XCTAssertTrue(page.contains(".TP\n\\fB\\-\\-fg\\fR \\fIcolor\\fR\nText colour"), page)
        XCTAssertTrue(page.contains("Config key fg; X resource foreground; applied live on reload."), page)
        XCTAssertTrue(page.contains(".TP\n\\fB\\-\\-markup\\fR, \\fB\\-\\-no\\-markup\\fR\n"), page)
        XCTAssertTrue(page.contains("Config key monitor; X resource monitor; applied live on reload to a bar."), page)
        XCTAssertTrue(page.contains("Config key feed; a change needs a restart."), page)
        // Options that are not settings get no traits.
        XCTAssertTrue(page.contains(".TP\n\\fB\\-\\-print\\-config\\fR\nPrint the settings in effect"), page)
        XCTAssertTrue(page.contains("\\fBitemBackground\\fR, \\fBitemPadding\\fR"), page)
        XCTAssertFalse(page.contains("\\fBdisplay\\fR, "), "display is no X resource")
        XCTAssertTrue(page.contains("for a window also \\fBabove\\fR, \\fBsticky\\fR; for a bar also \\fBmonitor\\fR."), page)
    }

    func testTheMarkdownTableEscapesChoicesAndMarksLiveSettings() throws {
        let run = try generate("@OPTIONS@\n", dump: try dump(), format: "markdown")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("| `--direction left\\|right` | Which way the text moves: left or right. *(live)* | `left` |"),
                      run.output)
        XCTAssertTrue(run.output.contains("*(live for a window)*"), run.output)
    }

    func testAnOptionWhoseHelpIsNotItsSettingsIsRefused() throws {
        let changed = changing(try dump()) { arguments in
            let index = arguments.firstIndex { ($0["preferredName"] as? [String: Any])?["name"] as? String == "fg" }!
            arguments[index]["abstract"] = "Some other text."
        }
        let run = try generate("@OPTIONS@\n", dump: changed)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("--fg is declared as a setting, but its option's help is not the setting's"), run.errors)
    }

    func testASettingWithoutItsOptionIsRefused() throws {
        let changed = changing(try dump()) { arguments in
            arguments.removeAll { ($0["preferredName"] as? [String: Any])?["name"] as? String == "speed" }
        }
        let run = try generate("@OPTIONS@\n", dump: changed)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("declared settings without an option using their help: speed"), run.errors)
    }

    func testAnUnknownPlaceholderOrSubcommandIsRefused() throws {
        let unknown = try generate("@SOMETHING@\n", dump: try dump())
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("@SOMETHING@: not a placeholder this generator knows"), unknown.errors)
        let subcommand = try generate("@OPTIONS nope@\n", dump: try dump())
        XCTAssertEqual(subcommand.status, 2)
        XCTAssertTrue(subcommand.errors.contains("has no subcommand \"nope\""), subcommand.errors)
    }
}
