import Foundation
import XCTest

/// The built binary with config files: errors, warnings, precedence (`--print-config` shows the
/// merged settings without opening a display), and --autostart.
final class ConfigCommandLineTests: XCTestCase {
    let folder = TemporaryFolder()

    func xmarquee(_ arguments: [String], environment: [String: String] = [:]) -> ToolRun {
        Tool.run(PackagePaths.binary, arguments, environment: ["DISPLAY": ":none"].merging(environment) { _, new in new })
    }

    func settings(_ run: ToolRun) -> [String: String] {
        var result: [String: String] = [:]
        for line in run.output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            result[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    func testHelpListsTheDesktopOptions() {
        let run = xmarquee(["--help"])
        XCTAssertEqual(run.status, 0, run.errors)
        for option in ["--bar", "--height", "--monitor", "--above", "--sticky", "--config", "--autostart", "--print-config"] {
            XCTAssertTrue(run.output.contains(option), option)
        }
    }

    func testSyntaxErrorGivesLineAndKeyAndStatus2() {
        let config = folder.write("config", "font = \"DejaVu Sans\"\nspeed = = 3\n")
        let run = xmarquee(["--config", config, "--print-config"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.hasPrefix("xmarquee: \(config):2:9: key \"speed\": syntax error"), run.errors)
        XCTAssertEqual(run.errors.split(separator: "\n").count, 1, "one line")
    }

    func testBadValueGivesLineAndKeyAndStatus2() {
        let config = folder.write("config", "bar = \"top\"\n\nspeed = -5\n")
        let run = xmarquee(["--config", config, "--print-config"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("\(config):3: key \"speed\""), run.errors)
        let wrongBar = folder.write("bar", "bar = \"middle\"\n")
        let barRun = xmarquee(["--config", wrongBar, "--print-config"])
        XCTAssertEqual(barRun.status, 2)
        XCTAssertTrue(barRun.errors.contains(":1: key \"bar\""), barRun.errors)
    }

    /// `--mode hold` and `--hold` from the file like every option, checked alike: one line,
    /// status 2, for a hold that is not a number of seconds from 0.1 to 3600.
    func testHoldModeAndItsSecondsAreReadAndChecked() {
        let config = folder.write("config", "mode = \"hold\"\nhold = 2.5\n")
        let run = xmarquee(["--config", config, "--print-config"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(settings(run)["mode"], "\"hold\"")
        XCTAssertEqual(settings(run)["hold"], "2.5")
        XCTAssertEqual(settings(xmarquee(["--print-config"]))["hold"], "2.0", "2 s unless set")
        for bad in ["0", "-1", "nan", "1e9"] {
            let file = folder.write("bad", "mode = \"hold\"\nhold = \(bad)\n")
            let failed = xmarquee(["--config", file, "--print-config"])
            XCTAssertEqual(failed.status, 2, bad)
            XCTAssertTrue(failed.errors.contains(":2: key \"hold\""), failed.errors)
            XCTAssertEqual(failed.errors.split(separator: "\n").count, 1, "one line: \(failed.errors)")
            let line = xmarquee(["--mode", "hold", "--hold=\(bad)", "--print-config"])
            XCTAssertEqual(line.status, 2, bad)
            XCTAssertEqual(line.errors, "xmarquee: The value '\(bad)' is invalid for '--hold <seconds>': expected 0.1 to 3600 seconds\n")
        }
    }

    func testUnknownKeyWarnsAndGoesOn() {
        let config = folder.write("config", "speed = 40\nspeeed = 50\n")
        let run = xmarquee(["--config", config, "--print-config"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("warning: \(config):2: key \"speeed\": unknown key"), run.errors)
        XCTAssertEqual(settings(run)["speed"], "40.0")
    }

    func testCommandLineWinsOverTheFile() {
        let config = folder.write("config", """
            speed = 40
            font = "DejaVu Sans:size=20"
            above = true
            bar = "bottom"
            text = ["from the file"]
            """)
        let fileOnly = settings(xmarquee(["--config", config, "--print-config"]))
        XCTAssertEqual(fileOnly["speed"], "40.0")
        XCTAssertEqual(fileOnly["above"], "true")
        XCTAssertEqual(fileOnly["bar"], "\"bottom\"")
        XCTAssertEqual(fileOnly["text"], "[\"from the file\"]")

        let both = settings(xmarquee(["--config", config, "--speed", "90", "--no-above", "--bar", "top", "from the command line", "--print-config"]))
        XCTAssertEqual(both["speed"], "90.0")
        XCTAssertEqual(both["above"], "false")
        XCTAssertEqual(both["bar"], "\"top\"")
        XCTAssertEqual(both["text"], "[\"from the command line\"]")
        XCTAssertEqual(both["font"], "\"DejaVu Sans:size=20\"", "what the command line does not say comes from the file")
    }

    /// A `[[feed]]` table through the real helper and the command line's own checks.
    func testFeedTablesAreReadAndCheckedLikeTheCommandLine() {
        let config = folder.write("config", """
            [[feed]]
            url = "https://a.example/rss"
            title = "World News"
            colour = "#88c0d0"
            """)
        let run = xmarquee(["--config", config, "--print-config"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.errors, "")
        let bad = folder.write("bad", """
            [[feed]]
            url = "https://a.example/rss"
            volume = 11
            """)
        let refused = xmarquee(["--config", bad, "--print-config"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.errors, "xmarquee: \(bad):1: key \"feed\": invalid --feed \"'https://a.example/rss' volume='11'\": "
                       + "unknown setting \"volume\" (known: title, refresh, descriptions, colour, include, exclude, enabled)\n")
        let filtered = folder.write("filtered", """
            [[feed]]
            url = "https://a.example/rss"
            exclude = ["sport", "/^ad:/i"]
            enabled = false
            [[feed]]
            url = "https://b.example/rss"
            include = ["/(unclosed/"]
            """)
        let badPattern = xmarquee(["--config", filtered, "--print-config"])
        XCTAssertEqual(badPattern.status, 2, "a feed's own patterns are checked like the command line's")
        XCTAssertTrue(badPattern.errors.hasSuffix("include='/(unclosed/'\": /(unclosed/: Unmatched ( or \\(\n"), badPattern.errors)
        XCTAssertFalse(badPattern.errors.contains("exclude"), "the list of the first table reads: \(badPattern.errors)")
    }

    func testDefaultLocationHonoursXDGConfigHome() {
        folder.write("xdg/xmarquee/config", "speed = 33\n")
        let run = xmarquee(["--print-config"], environment: ["XDG_CONFIG_HOME": folder.path + "/xdg", "HOME": folder.path])
        XCTAssertEqual(settings(run)["speed"], "33.0")
        folder.write("home/.config/xmarquee/config", "speed = 44\n")
        let home = xmarquee(["--print-config"], environment: ["XDG_CONFIG_HOME": "", "HOME": folder.path + "/home"])
        XCTAssertEqual(settings(home)["speed"], "44.0")
    }

    func testNoConfigYetIsFineButAMissingExplicitOneIsNot() {
        let run = xmarquee(["--print-config"], environment: ["XDG_CONFIG_HOME": folder.path + "/nothing", "HOME": folder.path])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.errors, "")
        let missing = xmarquee(["--config", folder.path + "/absent", "--print-config"])
        XCTAssertEqual(missing.status, 5)
        XCTAssertTrue(missing.errors.contains("absent"), missing.errors)
    }

    /// The TOML is parsed by the helper next to the binary: without it, a config file is one clear
    /// error (status 5), and no config file needs no helper at all.
    func testMissingHelperIsOneClearErrorOnlyWhenThereIsAConfig() throws {
        let alone = folder.path + "/alone/xmarquee"
        try FileManager.default.createDirectory(atPath: folder.path + "/alone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackagePaths.binary, toPath: alone)
        let noConfig = Tool.run(alone, ["--print-config"], environment: ["DISPLAY": ":none", "XDG_CONFIG_HOME": folder.path + "/nothing"])
        XCTAssertEqual(noConfig.status, 0, noConfig.errors)
        XCTAssertEqual(noConfig.errors, "")

        let config = folder.write("config", "speed = 40\n")
        let run = Tool.run(alone, ["--config", config, "--print-config"], environment: ["DISPLAY": ":none"])
        XCTAssertEqual(run.status, 5)
        XCTAssertEqual(run.errors, "xmarquee: cannot read config: helper \(folder.path)/alone/xmarquee-feed not found\n")
    }

    /// What the helper sends back is the file's settings, whatever characters they hold.
    func testAwkwardValuesSurviveTheHelper() {
        let config = folder.write("config", """
            separator = " \\\\| "
            text = ["tab\\there", "back\\\\slash", "ünï → ✓"]
            """)
        let run = xmarquee(["--config", config, "--print-config"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(settings(run)["separator"], "\" \\\\| \"")
        // Printed with TOML's escapes, control characters too, so the output reads back as a config.
        XCTAssertEqual(settings(run)["text"], "[\"tab\\there\", \"back\\\\slash\", \"ünï → ✓\"]")
    }

    /// A config file that is there but cannot be read is reported by the helper as before.
    func testUnreadableConfigIsStatus5() {
        let run = xmarquee(["--config", folder.path, "--print-config"])
        XCTAssertEqual(run.status, 5)
        XCTAssertEqual(run.errors, "xmarquee: config file: cannot read \"\(folder.path)\": not a regular file (a directory)\n")
    }

    /// The sample config documents every option: uncommented, it is accepted without a warning,
    /// and every key of --print-config appears in it.
    func testSampleConfigHasEveryKeyAndIsValid() throws {
        let sample = try String(contentsOfFile: PackagePaths.root + "/assets/config.sample", encoding: .utf8)
        var seen = Set<String>()
        var lines: [String] = []
        for line in sample.split(separator: "\n") where line.hasPrefix("#") && line.contains(" = ") && !line.hasPrefix("# ") {
            let setting = String(line.dropFirst())
            let key = String(setting.split(separator: " ").first!)
            if seen.insert(key).inserted { lines.append(setting) }
        }
        // The sample's file and display are examples; keep the run independent of them.
        let config = folder.write("config", lines.filter { !$0.hasPrefix("file") && !$0.hasPrefix("display") }.joined(separator: "\n"))
        let run = xmarquee(["--config", config, "--print-config"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.errors, "")
        let everyKey = Set(settings(xmarquee(["--config", config, "--print-config", "--file", "/x", "--geometry", "10x10",
                                              "--bar", "top", "--height", "5", "--monitor", "0", "--display", ":9"])).keys)
        XCTAssertEqual(everyKey.subtracting(seen), [], "keys missing from the sample")
    }

    func testAutostartOnAndOff() throws {
        let environment = ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path]
        let on = xmarquee(["--autostart", "on"], environment: environment)
        XCTAssertEqual(on.status, 0, on.errors)
        let entry = folder.path + "/autostart/xmarquee.desktop"
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        XCTAssertTrue(text.contains("Exec=/"), "absolute Exec: \(text)")
        XCTAssertTrue(text.contains(" --desktop-launch\n"), "errors where a person sees them: \(text)")
        XCTAssertEqual(Tool.run("desktop-file-validate", [entry]).status, 0)
        let off = xmarquee(["--autostart", "off"], environment: environment)
        XCTAssertEqual(off.status, 0, off.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: entry))
        XCTAssertEqual(xmarquee(["--autostart", "maybe"], environment: environment).status, 2)
    }
}
