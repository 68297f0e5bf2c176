import Foundation
import MarqueeCore
import MarqueeFormats
import MarqueeIO
import XCTest

/// Every source has the one shape: made, started on a loop, emitting `[Message]` through the one
/// callback (and each attempt's outcome), and silent once stopped.
final class MessageSourceTests: XCTestCase {
    /// What a started source gave: each emission's texts, and each outcome (nil: it worked).
    private final class Received {
        var emissions: [[Message]] = []
        var outcomes: [String?] = []
        var texts: [[String]] { emissions.map { $0.map(\.text) } }
    }

    private func start(_ source: any MessageSource, on loop: EventLoop) -> Received {
        let received = Received()
        source.start(on: loop, emit: { received.emissions.append($0) }, outcome: { received.outcomes.append($0) })
        return received
    }

    private func temporaryPath() -> String {
        let path = NSTemporaryDirectory() + "xmarquee-source-\(UUID().uuidString)"
        addTeardownBlock { unlink(path) }
        return path
    }

    func testEveryKindOfSourceConforms() throws {
        let path = temporaryPath()
        try "x\n".write(toFile: path, atomically: true, encoding: .utf8)
        let sources: [any MessageSource] = [
            StaticSource(messages: [Message("a")]),
            try FileSource(path: path),
            StandardInputSource(keep: 1),
            try ClockSource(format: "%H:%M"),
            try ScheduleSource(entries: []),
            try FeedSource(name: "feed 0: file:///f", url: "file:///f", fetcher: "/bin/true", settings: .init()),
            try CommandSource(name: "exec 0: echo", command: "echo", arguments: ["echo"], interval: 60),
        ]
        XCTAssertEqual(sources.map(\.name), ["arguments", "file", "stdin", "clock", "schedule", "feed 0: file:///f", "exec 0: echo"])
        XCTAssertEqual(sources.map(\.showsInStatus), [false, false, false, true, true, true, true],
                       "ctl status lists the live sources only")
    }

    func testTheArgumentsEmitOnceAtStartAndAgainOnlyWhenReplaced() {
        let loop = EventLoop()
        let source = StaticSource(messages: [Message("one"), Message("two")])
        let received = start(source, on: loop)
        XCTAssertEqual(received.texts, [["one", "two"]])
        XCTAssertEqual(received.outcomes, [nil])
        source.update([Message("one"), Message("two")])
        XCTAssertEqual(received.texts.count, 1, "the same messages are not emitted again")
        source.update([Message("three")])
        XCTAssertEqual(received.texts, [["one", "two"], ["three"]])
        source.stop()
        source.update([Message("four")])
        XCTAssertEqual(received.texts.count, 2, "nothing after stop()")
        XCTAssertEqual(source.messages, [Message("four")])
    }

    func testTheFileEmitsItsTextAtStartThenEachChangeUntilStopped() throws {
        let path = temporaryPath()
        try "first\n\nsecond\n".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try FileSource(path: path)
        let loop = EventLoop()
        let received = start(file, on: loop)
        XCTAssertEqual(received.texts, [["first", "second"]], "the text read when it was made, at once")
        try "third\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(drive(loop, timeout: 5) { received.texts.count == 2 })
        XCTAssertEqual(received.texts.last, ["third"])
        XCTAssertEqual(received.outcomes.last, .some(nil))
        file.stop()
        try "fourth\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(driveUntilSettled(loop))
        XCTAssertEqual(received.texts.count, 2, "nothing after stop()")
    }

    func testAFileThatCannotBeReadFailsWhenItIsMade() {
        let path = NSTemporaryDirectory() + "xmarquee-missing-\(UUID().uuidString)"
        XCTAssertThrowsError(try FileSource(path: path)) { error in
            XCTAssertEqual((error as? FileReadError)?.description, "cannot read \"\(path)\": No such file or directory")
        }
    }

    /// A standard-input source on the read end of a new pipe (closed with the test), started on
    /// a new loop; the caller writes to and closes `writer`.
    private func standardInputOnAPipe(keep: Int) throws -> (reader: StandardInputSource, loop: EventLoop, received: Received,
                                                            writer: Int32) {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let readEnd = ends[0]
        addTeardownBlock { close(readEnd) }
        let reader = StandardInputSource(fd: readEnd, keep: keep)
        let loop = EventLoop()
        return (reader, loop, start(reader, on: loop), ends[1])
    }

    func testStandardInputFromAPipeKeepsTheLastLinesAfterItsEnd() throws {
        let (reader, loop, received, writer) = try standardInputOnAPipe(keep: 2)
        XCTAssertEqual(received.texts, [])
        _ = "one\ntwo\nthr".withCString { write(writer, $0, strlen($0)) }
        XCTAssertTrue(drive(loop, timeout: 5) { received.texts.last == ["one", "two"] })
        _ = "ee".withCString { write(writer, $0, strlen($0)) }
        close(writer)
        XCTAssertTrue(drive(loop, timeout: 5) { received.texts.last == ["two", "three"] }, "\(received.texts)")
        XCTAssertTrue(received.outcomes.allSatisfy { $0 == nil })
        let count = received.texts.count
        XCTAssertTrue(driveUntilSettled(loop))
        XCTAssertEqual(received.texts.count, count, "the end of input is not read again: it stopped watching")
        withExtendedLifetime(reader) {}
    }

    /// A stream with no newline: the first `longestLine` bytes are shown and the rest of that
    /// line is never held; the next line comes as usual.
    func testStandardInputCutsALineWithoutEnd() throws {
        let (reader, loop, received, writer) = try standardInputOnAPipe(keep: 2)
        let endless = [UInt8](repeating: UInt8(ascii: "x"), count: 3 * StandardInputSource.longestLine)
        let writing = Thread {
            endless.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(writer, bytes.baseAddress! + offset, bytes.count - offset)
                    guard written > 0 else { break }
                    offset += written
                }
            }
            _ = "\nnext\n".withCString { write(writer, $0, strlen($0)) }
            close(writer)
        }
        writing.start()
        XCTAssertTrue(drive(loop, timeout: 10) { received.texts.last?.last == "next" }, "\(received.texts.count) emissions")
        let shown = try XCTUnwrap(received.texts.last)
        XCTAssertEqual(shown.count, 2)
        XCTAssertEqual(shown.first?.utf8.count, StandardInputSource.longestLine, "the first line, cut at the limit")
        withExtendedLifetime(reader) {}
    }

    func testStandardInputStopsReadingOnStop() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        let reader = StandardInputSource(fd: ends[0], keep: 1)
        let loop = EventLoop()
        let received = start(reader, on: loop)
        reader.stop()
        _ = "late\n".withCString { write(ends[1], $0, strlen($0)) }
        XCTAssertTrue(driveUntilSettled(loop))
        XCTAssertEqual(received.texts, [])
    }

    func testTheClockEmitsTabularDigitsAtOnceAndNothingAfterStop() throws {
        let clock = try ClockSource(format: "%S")
        let loop = EventLoop()
        let received = start(clock, on: loop)
        XCTAssertEqual(received.emissions.count, 1, "the time now, at start")
        XCTAssertEqual(received.emissions.first?.count, 1)
        XCTAssertEqual(received.emissions.first?.first?.tabularDigits, true)
        XCTAssertEqual(received.outcomes, [nil])
        XCTAssertTrue(drive(loop, timeout: 2.5) { received.emissions.count >= 2 })
        clock.stop()
        let count = received.emissions.count
        // Time is what this tests: a second and a half, in which a tick would have come.
        drive(loop, timeout: 1.5) { false }
        XCTAssertEqual(received.emissions.count, count, "the timer is disarmed and unwatched")
    }

    func testAScheduleEmitsWhatIsOnAndNothingAfterStop() throws {
        let always = try ScheduledMessage(parsing: "00:00-23:59|every day")
        let schedule = try ScheduleSource(entries: [always])
        let loop = EventLoop()
        let received = start(schedule, on: loop)
        // On all day but the last minute: what is on is asked of the same wall clock.
        XCTAssertEqual(received.texts, [schedule.activeMessages(at: LocalTime.now().wall)])
        XCTAssertEqual(received.outcomes, [nil])
        XCTAssertNotNil(schedule.nextWake)
        schedule.stop()
        XCTAssertNil(schedule.nextWake)
        schedule.update()
        XCTAssertEqual(received.texts.count, 1, "nothing after stop()")
    }

    func testACommandEmitsItsOutputAndItsOutcomeUntilStopped() throws {
        let command = try CommandSource(name: "exec 0: echo", command: "/bin/echo hello", arguments: ["/bin/echo", "hello"],
                                        interval: 0.2)
        let loop = EventLoop()
        let received = start(command, on: loop)
        XCTAssertTrue(drive(loop, timeout: 5) { received.emissions.count >= 2 }, "runs again every interval")
        XCTAssertEqual(received.texts.first, ["hello"])
        XCTAssertEqual(received.outcomes.first, .some(nil))
        command.stop()
        let count = received.emissions.count
        // Time is what this tests: three intervals, in which runs would have come.
        drive(loop, timeout: 0.6) { false }
        XCTAssertEqual(received.emissions.count, count, "no run after stop()")
    }

    func testAFailingCommandReportsItsOutcome() throws {
        let command = try CommandSource(name: "exec 0: false", command: "false", arguments: ["false"], interval: 5)
        command.warn = { _ in }
        let loop = EventLoop()
        let received = start(command, on: loop)
        XCTAssertTrue(drive(loop, timeout: 5) { !received.outcomes.isEmpty })
        XCTAssertEqual(received.outcomes, ["exit status 1"])
        XCTAssertEqual(received.emissions.count, 0)
    }

    /// A run still going is killed by stop(), with what it started, and is not reported.
    func testStopKillsTheRunUnderWay() throws {
        let pidFile = temporaryPath()
        let script = "echo $$ > \(pidFile); exec sleep 100"
        let command = try CommandSource(name: "exec 0: sleep", command: script, arguments: ["sh", "-c", script], interval: 60)
        let loop = EventLoop()
        let received = start(command, on: loop)
        var pid: Int32?
        XCTAssertTrue(drive(loop, timeout: 5) {
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        })
        let child = try XCTUnwrap(pid)
        XCTAssertEqual(kill(child, 0), 0, "running")
        command.stop()
        XCTAssertNotEqual(kill(child, 0), 0, "killed and reaped by stop()")
        XCTAssertTrue(driveUntilSettled(loop))
        XCTAssertEqual(received.outcomes.count, 0, "a run killed by stop() is no failure")
    }

    /// Releasing a running source stops it too: its child is killed.
    func testReleasingARunningCommandKillsItsRun() throws {
        let pidFile = temporaryPath()
        let script = "echo $$ > \(pidFile); exec sleep 100"
        var command: CommandSource? = try CommandSource(name: "exec 0: sleep", command: script, arguments: ["sh", "-c", script],
                                                        interval: 60)
        let loop = EventLoop()
        command?.start(on: loop) { _ in }
        var pid: Int32?
        XCTAssertTrue(drive(loop, timeout: 5) {
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        })
        command = nil
        XCTAssertNotEqual(kill(try XCTUnwrap(pid), 0), 0)
        XCTAssertTrue(driveUntilSettled(loop), "the loop runs on without it")
    }

    /// Without a descriptor to spare, making a timed source is an error naming it, not a crash.
    func testNoTimerDescriptorIsAnErrorNamingTheSource() throws {
        var limit = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)
        var none = limit
        none.rlim_cur = 0
        XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &none), 0)
        let clock = Result { try ClockSource(format: "%S") }
        let command = Result { try CommandSource(name: "exec 0: true", command: "true", arguments: ["true"], interval: 1) }
        XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)
        XCTAssertThrowsError(try clock.get()) { error in
            XCTAssertEqual("\(error)", "clock: cannot create a timer: Too many open files")
        }
        XCTAssertThrowsError(try command.get()) { error in
            XCTAssertEqual("\(error)", "exec 0: true: cannot create a timer: Too many open files")
        }
    }
}
