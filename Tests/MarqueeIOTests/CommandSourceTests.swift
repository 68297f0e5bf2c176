import Foundation
import MarqueeFormats
import MarqueeIO
import XCTest

/// `--exec` on a real loop with real commands: lines become messages; failures, hangs, floods
/// and invalid UTF-8 each end in one warning naming the command, and the last text stays.
final class CommandSourceTests: XCTestCase {
    private func source(_ command: String, interval: Double = 5) throws
        -> (CommandSource, Box<[String]?>, Box<[String]>) {
        let source = try CommandSource(name: "exec 0: \(command)", command: command, arguments: try CommandWords.split(command),
                                       interval: interval)
        let messages = Box<[String]?>(nil)
        let warnings = Box<[String]>([])
        source.warn = { warnings.value.append($0) }
        return (source, messages, warnings)
    }

    func testEachOutputLineIsAMessage() throws {
        let loop = EventLoop()
        let (command, messages, warnings) = try source("printf 'one\\n\\n  two  \\nthree'")
        command.start(on: loop) { messages.value = $0.map(\.text) }
        XCTAssertTrue(drive(loop, timeout: 5) { messages.value != nil })
        XCTAssertEqual(messages.value, ["one", "  two  ", "three"])
        XCTAssertEqual(warnings.value, [])
    }

    func testAFailureWarnsOnceWithItsLastErrorLineAndKeepsTheText() throws {
        let loop = EventLoop()
        let path = NSTemporaryDirectory() + "xmarquee-cmd-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Succeeds the first time, fails every time after.
        let script = "if [ -e \(path) ]; then echo boom >&2; exit 3; fi; touch \(path); echo good"
        let (command, messages, warnings) = try source("sh -c '\(script)'", interval: 0.3)
        var failures = 0
        command.start(on: loop, emit: { messages.value = $0.map(\.text) }, outcome: { if $0 != nil { failures += 1 } })
        XCTAssertTrue(drive(loop, timeout: 5) { messages.value == ["good"] })
        messages.value = nil
        XCTAssertTrue(drive(loop, timeout: 10) { failures >= 4 }, "four failed runs: \(failures)")
        XCTAssertNil(messages.value, "a failed run never replaces the text")
        XCTAssertEqual(warnings.value, ["command \"sh -c '\(script)'\": exit status 3: boom; keeping the last text"],
                       "four failures, one warning")
    }

    func testACommandStillRunningAtTheNextIntervalIsKilledWithAllItStarted() throws {
        let loop = EventLoop()
        let pidFile = NSTemporaryDirectory() + "xmarquee-pid-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let (command, _, warnings) = try source("sh -c 'sleep 100 & echo $! > \(pidFile); wait'", interval: 0.5)
        command.start(on: loop) { _ in }
        XCTAssertTrue(drive(loop, timeout: 5) { !warnings.value.isEmpty })
        XCTAssertEqual(warnings.value.first?.hasSuffix("still running after 0.5 s; killed; keeping the last text"), true, "\(warnings.value)")
        let grandchild = try XCTUnwrap(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(drive(loop, timeout: 3) { kill(grandchild, 0) != 0 }, "the sleep the shell started was killed too")
    }

    func testInvalidUTF8IsDecodedWithReplacementCharacters() throws {
        let loop = EventLoop()
        let (command, messages, warnings) = try source("printf '\\377\\376A\\303(\\n'")
        command.start(on: loop) { messages.value = $0.map(\.text) }
        XCTAssertTrue(drive(loop, timeout: 5) { messages.value != nil })
        XCTAssertEqual(messages.value, ["\u{FFFD}\u{FFFD}A\u{FFFD}("])
        XCTAssertEqual(warnings.value, [])
    }

    func testEndlessOutputIsCutOff() throws {
        let loop = EventLoop()
        let (command, messages, warnings) = try source("yes")
        command.start(on: loop) { messages.value = $0.map(\.text) }
        XCTAssertTrue(drive(loop, timeout: 5) { !warnings.value.isEmpty })
        XCTAssertEqual(warnings.value, ["command \"yes\": printed more than 1 MB; killed; keeping the last text"])
        XCTAssertNil(messages.value)
    }

    func testAMissingProgramIsAWarningNotACrash() throws {
        let loop = EventLoop()
        let (command, _, warnings) = try source("no-such-program-xmarquee --flag")
        command.start(on: loop) { _ in }
        XCTAssertEqual(warnings.value, ["command \"no-such-program-xmarquee --flag\": cannot run no-such-program-xmarquee: No such file or directory; keeping the last text"])
    }

    /// The ticker blocks SIGINT/SIGTERM/SIGHUP for its signalfd; its commands must not inherit that.
    func testChildrenStartWithNoBlockedSignals() throws {
        let loop = EventLoop()
        let watcher = try XCTUnwrap(SignalWatcher(signals: [SIGHUP]))
        defer { _ = watcher; var set = sigset_t(); sigemptyset(&set); sigaddset(&set, SIGHUP); pthread_sigmask(SIG_UNBLOCK, &set, nil) }
        let (command, messages, _) = try source("grep -E '^Sig(Blk|Ign)' /proc/self/status")
        command.start(on: loop) { messages.value = $0.map(\.text) }
        XCTAssertTrue(drive(loop, timeout: 5) { messages.value != nil })
        XCTAssertEqual(messages.value?.first, "SigBlk:\t0000000000000000")
        // Signals 1–31 at their defaults (glibc's own signals 32 and 33 are inherited as they are).
        let ignored = UInt64(messages.value?.last?.split(separator: "\t").last ?? "", radix: 16)
        XCTAssertEqual(ignored.map { $0 & 0x7FFF_FFFF }, 0, "\(messages.value ?? [])")
    }
}

final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
