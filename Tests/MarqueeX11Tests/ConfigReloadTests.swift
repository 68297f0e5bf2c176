import CX11
import Foundation
import XCTest
@testable import DisplayTestSupport

/// Reloading the config file while the ticker runs: the helper that parses it runs beside the
/// loop, which never waits for it.
final class ConfigReloadTests: XvfbTestCase {
    override class var screen: (width: Int, height: Int) { (1000, 200) }

    /// A reload whose helper hangs does not stop the frames or `ctl`: the helper is killed at its
    /// deadline, the running configuration stays with one line saying why, and the next save is
    /// applied. xmarquee runs its helper from beside its own executable, so a copy of it is run
    /// here beside a helper that runs the real one, or hangs while a file says so.
    func testAReloadWhoseHelperHangsStopsNeitherFramesNorControl() throws {
        let folder = NSTemporaryDirectory() + "xmarquee-reload-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = TickerProcess.executable
        let copy = folder + "/xmarquee"
        try FileManager.default.copyItem(atPath: real.path, toPath: copy)
        let hang = folder + "/hang"
        let helper = folder + "/xmarquee-feed"
        try """
            #!/bin/sh
            if [ "$1" = read-config ] && [ -e '\(hang)' ]; then exec sleep 60; fi
            exec '\(real.deletingLastPathComponent().path)/xmarquee-feed' "$@"

            """.write(toFile: helper, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(helper, 0o755), 0)
        let config = folder + "/config.toml"
        func save(_ text: String) {
            XCTAssertNoThrow(try text.write(toFile: config + ".new", atomically: false, encoding: .utf8))
            XCTAssertEqual(rename(config + ".new", config), 0)
        }
        save("speed = 300\n")
        let name = "reload-\(getpid())"
        let (ticker, probe, window) = try TickerProcess.launchWithWindow(
            ["--config", config, "--name", name, "--font", "DejaVu Sans:size=14", "--geometry", "800x40+0+0",
             String(repeating: "██ ab ", count: 40)],
            display: Self.server.display, executable: URL(fileURLWithPath: copy))
        defer { ticker.stop() }
        /// How long `ctl status` took, and whether it answered for this ticker.
        func status() -> (seconds: Double, answered: Bool) {
            let started = Date()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: copy)
            process.arguments = ["ctl", "--name", name, "status"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return (-1, false) }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            return (Date().timeIntervalSince(started), report?["name"] as? String == name)
        }
        XCTAssertTrue(status().answered)

        // Saved while the helper hangs: for the 5 s it may run, frames and ctl go on.
        XCTAssertTrue(FileManager.default.createFile(atPath: hang, contents: nil))
        let saved = Date()
        let (stalls, samples) = stalledSamples(probe, window, duration: 2) { save("speed = 200\n") }
        XCTAssertEqual(stalls, 0, "frames stalled in \(stalls) of \(samples) samples")
        let answer = status()
        XCTAssertTrue(answer.answered)
        XCTAssertLessThan(answer.seconds, 1)
        XCTAssertLessThan(Date().timeIntervalSince(saved), 4.5, "measured while the helper still ran")
        XCTAssertFalse(ticker.standardError.contains("killed"), ticker.standardError)

        // Killed at its deadline: one line, and the running configuration stays.
        XCTAssertTrue(waitUntil(timeout: 8) { ticker.standardError.contains("keeping the running configuration") },
                      ticker.standardError)
        XCTAssertEqual(ticker.standardError.split(separator: "\n").count, 1, ticker.standardError)
        XCTAssertTrue(ticker.standardError.contains("\(config): the config parser failed on this file (still running after 5 s; killed)"),
                      ticker.standardError)
        XCTAssertTrue(ticker.process.isRunning)

        // The helper works again: the next save is applied.
        try FileManager.default.removeItem(atPath: hang)
        save("speed = 120\n")
        XCTAssertTrue(waitUntil(timeout: 5) { ticker.standardError.contains("config reloaded (change): speed") },
                      ticker.standardError)
    }
}
