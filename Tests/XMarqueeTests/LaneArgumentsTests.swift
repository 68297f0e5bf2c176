import MarqueeConfig
import XCTest
@testable import xmarquee

/// `--lane` on the command line and `[[lane]]` in the config file: each lane's own options from
/// the defaults, the bar's options refused in a lane with one line naming it.
final class LaneArgumentsTests: XCTestCase {
    private func lanes(_ arguments: [String]) throws -> [Options] {
        try LaneArguments(arguments).parseLanes(firstReadsStandardInput: false).get()
    }

    func testEachLaneHasItsOwnOptionsAndTextsFromTheDefaults() throws {
        let split = LaneArguments(["--bar", "top", "--speed", "120", "Headlines", "--lane", "--speed", "60", "--direction", "right",
                                   "--label", "MARKETS", "DAX +1%", "--lane", "--clock", "%H:%M"])
        XCTAssertEqual(split.first, ["--bar", "top", "--speed", "120", "Headlines"])
        let parsed = try lanes(["--lane", "--speed", "60", "--direction", "right", "--label", "MARKETS", "DAX +1%", "--lane", "--clock", "%H:%M"])
        XCTAssertEqual(parsed.count, 2)
        XCTAssertEqual(parsed[0].speed.value, 60)
        XCTAssertEqual(parsed[0].direction, .right)
        XCTAssertEqual(parsed[0].labelSettings.label, "MARKETS")
        XCTAssertEqual(parsed[0].messagesFromArguments, ["DAX +1%"])
        XCTAssertEqual(parsed[1].speed.value, 120, "a lane inherits nothing: the default speed")
        XCTAssertEqual(parsed[1].messagesFromArguments, [])
    }

    func testALaneAfterADoubleDashStillStartsALane() throws {
        let split = LaneArguments(["--", "-1% on the day", "--lane", "--", "--lane is text here? no: a lane"])
        XCTAssertEqual(split.first, ["--", "-1% on the day"])
        XCTAssertEqual(split.lanes, [["--", "--lane is text here? no: a lane"]])
    }

    func testTheBarsOwnOptionsAreRefusedInALaneNamingIt() {
        for option in ["--bar=top", "--height", "--geometry", "--no-menu", "--name", "--monitor"] {
            guard case .failure(let failure) = LaneArguments(["--lane", option, "x"]).parseLanes(firstReadsStandardInput: false) else {
                return XCTFail("\(option) accepted in a lane")
            }
            let name = option.dropFirst(2).prefix { $0 != "=" }.replacingOccurrences(of: "no-", with: "")
            XCTAssertEqual(failure.message, "--\(name) in lane 2: it applies to the whole bar; give it before the first --lane")
        }
    }

    func testABadValueInALaneNamesTheLane() {
        guard case .failure(let failure) = LaneArguments(["--lane", "--lane", "--speed", "fast"]).parseLanes(firstReadsStandardInput: false)
        else { return XCTFail("accepted") }
        XCTAssertTrue(failure.message.hasPrefix("lane 3: "), failure.message)
        XCTAssertTrue(failure.message.contains("fast"), failure.message)
    }

    func testOneLaneAtMostReadsStandardInputAndABarHasAtMostEightLanes() {
        guard case .failure(let stdin) = LaneArguments(["--lane", "-"]).parseLanes(firstReadsStandardInput: true) else {
            return XCTFail("two readers of standard input")
        }
        XCTAssertEqual(stdin.message, "lane 2: only one lane can read standard input")
        guard case .failure(let many) = LaneArguments(Array(repeating: "--lane", count: 8)).parseLanes(firstReadsStandardInput: false) else {
            return XCTFail("nine lanes")
        }
        XCTAssertEqual(many.message, "--lane: at most 8 lanes")
    }

    func testConfigLaneTablesBecomeLaneArguments() throws {
        let file = ConfigFile(path: "/c", settings: [
            ConfigSetting(key: "speed", value: .integer(120), line: 1),
            ConfigSetting(key: "lane", value: .tables([[
                ConfigTableEntry(key: "speed", value: "60"), ConfigTableEntry(key: "markup", value: "false"),
                ConfigTableEntry(key: "text", value: "DAX +1%"), ConfigTableEntry(key: "text", value: "FTSE +0.4%"),
                ConfigTableEntry(key: "colour", value: "red"),
            ]]), line: 3),
        ])
        let arguments = try ConfigArguments(file: file, catalog: Options.catalog, home: "/home/ann")
        XCTAssertEqual(arguments.options, ["--speed=120"])
        XCTAssertEqual(arguments.lanes, [["--speed=60", "--no-markup", "--", "DAX +1%", "FTSE +0.4%"]])
        XCTAssertEqual(arguments.warnings, ["/c:3: key \"lane\": [[lane]]: unknown key \"colour\" (ignored)"])
        let lane = try XCTUnwrap(LaneArguments(configLanes: arguments.lanes).parseLanes(firstReadsStandardInput: false).get().first)
        XCTAssertEqual(lane.speed.value, 60)
        XCTAssertEqual(lane.messagesFromArguments, ["DAX +1%", "FTSE +0.4%"])
    }
}
