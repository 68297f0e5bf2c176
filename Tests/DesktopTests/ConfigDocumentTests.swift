import Foundation
import MarqueeConfig
import MarqueeConfigTOML
import XCTest

/// Every TOML document in `Fixtures/TOML`: the valid ones are read, each invalid one is refused
/// with its file, line and column — through the real helper, where a parser crash would show as
/// a signal — and the ticker turns any abnormal end of the helper into the same one-line error.
final class ConfigDocumentTests: XCTestCase {
    let folder = TemporaryFolder()

    static let fixtures = PackagePaths.root + "/Tests/DesktopTests/Fixtures/TOML"

    static func documents(_ kind: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixtures + "/" + kind).filter { $0.hasSuffix(".toml") }.sorted()
            .map { fixtures + "/" + kind + "/" + $0 }
    }

    static var helper: String { URL(fileURLWithPath: PackagePaths.binary).deletingLastPathComponent().path + "/xmarquee-feed" }

    func testValidDocumentsAreRead() throws {
        let documents = try Self.documents("valid")
        XCTAssertGreaterThanOrEqual(documents.count, 10)
        for path in documents {
            let run = Tool.run(Self.helper, ["read-config", path])
            XCTAssertEqual(run.status, 0, "\(path): \(run.output)\(run.errors)")
            XCTAssertTrue(run.output.hasSuffix("ok\n"), "\(path): \(run.output)")
        }
    }

    func testInvalidDocumentsAreRefusedWithLineAndColumn() throws {
        let documents = try Self.documents("invalid")
        XCTAssertGreaterThanOrEqual(documents.count, 20)
        for path in documents {
            let run = Tool.run(Self.helper, ["read-config", path])
            XCTAssertEqual(run.status, 1, "\(path) ended with \(run.status): \(run.output)\(run.errors)")
            guard case .invalid(let error)? = ConfigReadResult(output: run.output, path: path) else {
                XCTFail("\(path): not an invalid record: \(run.output)")
                continue
            }
            XCTAssertNotNil(error.line, path)
            XCTAssertNotNil(error.column, path)
        }
    }

    /// The documents that aborted or killed the parser before: each one line from the ticker,
    /// status 2, naming the file, line and column.
    func testTheTickerReportsEachOnOneLineWithStatus2() {
        let cases: [(String, String)] = [
            ("[[[ broken\n", ":1:3: a table header must start with a key"),
            ("[a.]\n", ":1:4: "), ("[.]\n", ":1:2: "), ("[..]\n", ":1:2: "), ("[a b]\n", ":1:4: "),
            ("speed = 1\ntext = \"a\u{0}b\"\n", ":2:10: control character U+0000"),
            ("text = \"\u{1}\"\n", ":1:9: control character U+0001"),
        ]
        for (text, expected) in cases {
            let config = folder.write("config", text)
            let run = Tool.run(PackagePaths.binary, ["--config", config, "--print-config"], environment: ["DISPLAY": ":none"])
            XCTAssertEqual(run.status, 2, "\(text.debugDescription): \(run.errors)")
            XCTAssertTrue(run.errors.hasPrefix("xmarquee: \(config)\(expected)"), "\(text.debugDescription): \(run.errors)")
            XCTAssertEqual(run.errors.split(separator: "\n").count, 1, run.errors)
        }
        let invalid = Data([0x74, 0x65, 0x78, 0x74, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22, 0x0A]) // text = "\xFF"
        let path = folder.path + "/utf8"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: invalid))
        let run = Tool.run(PackagePaths.binary, ["--config", path, "--print-config"], environment: ["DISPLAY": ":none"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.errors, "xmarquee: \(path):1:9: invalid UTF-8 (byte 0xFF)\n")
    }

    /// A quoted non-ASCII key and an escaped NUL in a key (which TOMLKit's C strings would cut
    /// short, and then trap looking it up): read, warned about as unknown keys; values whole.
    func testUnicodeKeysAndValuesAndEscapedNULs() {
        let config = folder.write("config", """
            "ʎǝʞ" = "value"
            "\\u0000" = "null"
            text = ["ünï → ✓", "a\\u0000b"]
            """)
        let run = Tool.run(PackagePaths.binary, ["--config", config, "--print-config"], environment: ["DISPLAY": ":none"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.errors.contains("\(config):1: key \"ʎǝʞ\": unknown key (ignored)"), run.errors)
        XCTAssertTrue(run.errors.contains("key \"\u{FFFD}\": unknown key (ignored)"), run.errors)
        XCTAssertTrue(run.output.contains("text = [\"ünï → ✓\", \"a\u{FFFD}b\"]"), run.output)
    }

    /// A helper that dies (here: one that aborts, as toml++'s assertions did) is the file's error.
    func testAnAbnormalEndOfTheHelperIsTheFilesError() throws {
        let alone = folder.path + "/crashing"
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackagePaths.binary, toPath: alone + "/xmarquee")
        XCTAssertTrue(FileManager.default.createFile(atPath: alone + "/xmarquee-feed",
                                                     contents: Data("#!/bin/sh\nkill -ABRT $$\n".utf8),
                                                     attributes: [.posixPermissions: 0o755]))
        let config = folder.write("config", "speed = 40\n")
        let run = Tool.run(alone + "/xmarquee", ["--config", config, "--print-config"], environment: ["DISPLAY": ":none"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.hasPrefix("xmarquee: \(config): the config parser failed on this file (killed by signal 6"),
                      run.errors)
        XCTAssertEqual(run.errors.split(separator: "\n").count, 1, run.errors)
    }
}
