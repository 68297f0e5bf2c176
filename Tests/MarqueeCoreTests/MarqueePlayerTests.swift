import XCTest
@testable import MarqueeCore

/// The ticker's decisions without a display: a fake shaper, a window 200 px wide, 60 Hz, and
/// time as a number.
final class MarqueePlayerTests: XCTestCase {
    static let period = 1.0 / 60
    static let separator = " | "

    private func makePlayer(_ messages: [String], speed: Double = 120, direction: ScrollDirection = .left, width: Int = 200,
                            motion: MotionSettings = MotionSettings(), at time: Double = 100) -> MarqueePlayer {
        let style = TickerStyle(foreground: RGBAColor(red: 0xffff, green: 0xffff, blue: 0xffff),
                                background: RGBAColor(red: 0, green: 0, blue: 0), speed: speed, direction: direction,
                                layout: LayoutSettings(separator: Self.separator), motion: motion)
        var player = MarqueePlayer(style: style, shapes: ShapeCache(shaper: FakeShaper()), width: width,
                                   refreshPeriod: Self.period)
        player.setVisibility(mapped: true, at: time)
        player.setMessages([MessageGroup(source: "arguments", messages: messages.map { Message($0) })])
        finishLayout(&player, at: time)
        return player
    }

    /// Lays out to the end with a clock that stands at `time`.
    private func finishLayout(_ player: inout MarqueePlayer, at time: Double) {
        while player.content.isLayingOut { _ = player.continueLayout(clock: { time }) }
    }

    private func layout(_ player: MarqueePlayer) throws -> CycleLayout {
        try XCTUnwrap(player.strip.timeline?.segments.first?.content.layout)
    }

    /// Frames at every vblank from `start` for `seconds`; returns their positions.
    private func run(_ player: inout MarqueePlayer, from start: Double, seconds: Double) -> [Int] {
        var positions: [Int] = []
        var time = start
        while time < start + seconds - 1e-9 {
            if let plan = player.frame(at: time) { positions.append(plan.position) }
            time += Self.period
        }
        return positions
    }

    // MARK: A source that empties

    /// The only source's text withdrawn (a player that quit): nothing is left at the reading
    /// edge or on the strip once the empty layout is adopted — whether the text moved or stood,
    /// fitted the window or not, was paused, or was clicked — and no frames are asked for.
    func testAnEmptiedBoardLeavesNothingOnTheStrip() {
        for text in ["Artist 3 — Song number 3", String(repeating: "A long headline that does not fit ", count: 4)] {
            for (name, input) in [("moving", nil), ("paused", PlayerInput.key(.togglePause)), ("clicked", PlayerInput.release(x: 20))] {
                var player = makePlayer([text])
                _ = run(&player, from: 100, seconds: 1)
                if let input {
                    if case .release = input { _ = player.handle(.press(x: 20), at: 101) }
                    _ = player.handle(input, at: 101)
                }
                _ = run(&player, from: 101, seconds: 0.5)
                XCTAssertNotNil(player.messageOnScreen, "\(name): \(text.prefix(20))")
                player.setMessages([MessageGroup(source: "arguments", messages: [])])
                finishLayout(&player, at: 101.5)
                XCTAssertNil(player.messageOnScreen, "\(name): \(text.prefix(20))")
                XCTAssertFalse(player.strip.hasText, "\(name): \(text.prefix(20))")
                XCTAssertFalse(player.framesWanted(at: 101.6), "\(name): \(text.prefix(20))")
                // A frame still: it takes the place of frames queued ahead with the old text.
                let plan = player.frames(at: 101.6, period: Self.period, limit: FrameBatchLimit(count: 12, reach: 1000))
                XCTAssertNotNil(plan, "\(name): \(text.prefix(20))")
                XCTAssertEqual(plan?.demand, FrameDemand.none, "\(name): \(text.prefix(20))")
                XCTAssertEqual(plan?.copies.map { $0.content == nil }, [true], "\(name): all background, every column painted")
                XCTAssertEqual(plan?.copies.map(\.width), [200], "\(name)")
            }
        }
    }

    // MARK: Frames

    func testEveryFrameMovesTwoWholePixelsAt120PixelsPerSecond() {
        var player = makePlayer(["Hello world", "Second message"])
        let positions = run(&player, from: 100, seconds: 1)
        XCTAssertEqual(positions.count, 60)
        XCTAssertEqual(Set(zip(positions.dropFirst(), positions).map { $0 - $1 }), [2])
    }

    /// Speeds whose step is no whole number of pixels: every frame shows the text within half a
    /// phase of its true position, so each step is within 1/8 px of speed × period (RMS well
    /// under 0.1 px), on 60 and 144 Hz alike; `--subpixel off` steps by whole pixels.
    func testFractionalStepsAreEvenToAnEighthOfAPixel() {
        for (hz, speed) in [(144.0, 120.0), (146.6, 200.0), (60.0, 20.0), (60.0, 100.0)] {
            let period = 1 / hz
            var player = makePlayer(["Hello world", "Second message"], speed: speed)
            player.setRefreshPeriod(period, atFrame: 100)
            var shown: [Double] = []
            var time = 100.0
            for _ in 0..<Int(hz * 2) {
                if let plan = player.frame(at: time) {
                    shown.append(Double(plan.position) + Double(plan.phase) / Double(SubpixelGrid.steps))
                }
                time += period
            }
            let truth = speed * period
            let errors = zip(shown.dropFirst(), shown).map { ($0 - $1) - truth }
            let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
            XCTAssertLessThan(rms, 0.1, "\(speed) px/s at \(hz) Hz: RMS \(rms)")
            XCTAssertTrue(errors.allSatisfy { abs($0) <= 0.125 + 0.011 * truth }, "\(speed) px/s at \(hz) Hz: \(errors.prefix(8))")
        }
        var whole = MotionSettings()
        whole.subpixel = false
        var player = makePlayer(["Hello world"], speed: 100, motion: whole)
        let positions = run(&player, from: 100, seconds: 1)
        let steps = Set(zip(positions.dropFirst(), positions).map { $0 - $1 })
        XCTAssertTrue(steps.isSubset(of: [1, 2]), "whole pixels only: \(steps)")
        XCTAssertEqual(player.frame(at: 101)?.phase, 0)
    }

    func testFramesOnTheSteadyLineAreWhereTheDirectorPutsThemUntilItChanges() throws {
        var player = makePlayer(["Hello world", "Second message"], speed: 100)
        let period = 1 / 144.0
        player.setRefreshPeriod(period, atFrame: 100)
        var time = 100.0
        for frame in 0..<600 {
            // A pause half-way: the line is dropped, and the frames ease to a stop as the director says.
            if frame == 300 { player.pause(at: time) }
            let plan = try XCTUnwrap(player.frame(at: time))
            let director = try XCTUnwrap(player.motion.director)
            let expected = director.gridPoint(at: time, subpixel: true)
            XCTAssertEqual(plan.position, expected.pixel, "frame \(frame)")
            XCTAssertEqual(plan.phase, expected.phase, "frame \(frame)")
            XCTAssertEqual(player.motion.steadyLine != nil, frame < 300, "frame \(frame)")
            time += period
        }
        XCTAssertEqual(player.demand(at: time), .none, "paused: no more frames")
    }

    func testAPlanCoversTheWindowExactlyOnceFromTiles() throws {
        var player = makePlayer(["Hello world", "Second message"], width: 1500)
        let plan = try XCTUnwrap(player.frame(at: 100.5))
        var column = 0
        for copy in plan.copies {
            XCTAssertEqual(copy.destinationX, column)
            XCTAssertNotNil(copy.content, "the cycle repeats: no background in the loop")
            column += copy.width
        }
        XCTAssertEqual(column, 1500)
        XCTAssertLessThanOrEqual(plan.copies.count, 1500 / StripGeometry.tileWidth + 2, "copies follow the window's width")
    }

    func testNoFramesWhileHiddenAndTheTextGoesOnFromWhereItStood() throws {
        var player = makePlayer(["Hello world", "Second message"])
        _ = run(&player, from: 100, seconds: 0.5)
        let before = player.strip.position
        player.setVisibility(mapped: false, at: 100.5)
        XCTAssertEqual(player.demand(at: 100.5), .none)
        XCTAssertNil(player.frame(at: 101))
        player.setVisibility(mapped: true, at: 110.5)
        let plan = try XCTUnwrap(player.frame(at: 110.5))
        XCTAssertEqual(plan.position - before, 2, "ten seconds hidden did not move the text")
        player.setVisibility(fullyObscured: true, at: 111)
        XCTAssertEqual(player.demand(at: 111), .none)
    }

    func testStandingTextWantsNoFramesButOneRedraw() {
        var player = makePlayer(["Hello world"], speed: 0)
        XCTAssertEqual(player.demand(at: 100), .none)
        XCTAssertTrue(player.needsRedraw(at: 100))
        _ = player.still()
        XCTAssertFalse(player.needsRedraw(at: 100))
    }

    func testPauseAtStartRestsUntilItsEnd() {
        var motion = MotionSettings()
        motion.pauseAtStart = 2
        let player = makePlayer(["Hello world", "Second message"], motion: motion)
        XCTAssertEqual(player.demand(at: 100.5), .restUntil(102), "resting: no frames, a wake-up at the rest's end")
        XCTAssertEqual(player.demand(at: 102.1), .nextFrame)
    }

    // MARK: Content

    func testNewTextEntersWithoutMovingWhatIsOnScreen() throws {
        var player = makePlayer(["Hello world", "Second message", "Third"])
        _ = run(&player, from: 100, seconds: 0.5)
        let before = try XCTUnwrap(player.frame(at: 100.5))
        player.setMessages([MessageGroup(source: "arguments", messages: [Message("Completely different text")])])
        finishLayout(&player, at: 100.51)
        let after = try XCTUnwrap(player.frame(at: 100.5 + Self.period))
        XCTAssertEqual(after.position - before.position, 2)
        // The columns on screen show the same content as before (the new text waits beyond the edge).
        let visibleBefore = before.copies.compactMap(\.content).map(\.id)
        XCTAssertTrue(after.copies.compactMap(\.content).allSatisfy { visibleBefore.contains($0.id) }
            || player.strip.timeline!.segments.count > 1)
        XCTAssertEqual(player.strip.timeline?.segments.count, 2, "old and new content, the seam past the entering edge")
    }

    func testTextEnteringFromOffscreenStartsBeyondTheRightEdge() throws {
        var motion = MotionSettings()
        motion.start = .offscreen
        var player = makePlayer(["Hello"], motion: motion)
        let plan = try XCTUnwrap(player.frame(at: 100))
        XCTAssertEqual(plan.copies.map(\.content?.id), [nil], "an empty window first")
        let later = try XCTUnwrap(player.frame(at: 100.5))
        XCTAssertNotNil(later.copies.last?.content, "the text comes in at the right")
        XCTAssertNil(later.copies.first?.content)
    }

    func testANewFontReplacesTheTextInPlace() throws {
        var player = makePlayer(["Hello world"])
        _ = run(&player, from: 100, seconds: 0.2)
        let shaper = FakeShaper()
        player.setShapes(ShapeCache(shaper: shaper))
        var outcome = LayoutOutcome.idle
        while player.content.isLayingOut { outcome = player.continueLayout(clock: { 100.2 }) }
        XCTAssertEqual(outcome, .adopted(newShaper: true))
        XCTAssertEqual(player.strip.timeline?.segments.count, 1, "shown at once, not swapped in at the edge")
        XCTAssertGreaterThan(shaper.calls, 0)
    }

    // MARK: Urgent messages

    func testAnUrgentMessageIsShownOnceThenTheTextGoesOn() throws {
        var player = makePlayer(["Alpha", "Beta", "Gamma"])
        player.announce("URGENT", at: 100)
        finishLayout(&player, at: 100)
        let urgent = try XCTUnwrap(player.content.urgent)
        XCTAssertTrue(urgent.isEntering, "swapped in past the entering edge")
        let newest = try XCTUnwrap(player.strip.timeline?.newest(direction: .left).layout)
        XCTAssertEqual(newest.message(at: 0).text, "URGENT")
        var time = 100.0
        while player.content.urgent != nil && time < 130 {
            _ = player.frame(at: time)
            finishLayout(&player, at: time)
            time += Self.period
        }
        XCTAssertNil(player.content.urgent, "taken out once it has fully entered")
        XCTAssertFalse(try XCTUnwrap(player.strip.timeline?.newest(direction: .left).layout).messageCount == 4,
                       "the text after it no longer carries it")
    }

    // MARK: Controls

    func testNextBringsTheNextMessageToTheReadingEdge() throws {
        var player = makePlayer(["Alpha", "Beta", "Gamma"])
        let layout = try layout(player)
        player.skipToNextMessage(at: 100)
        _ = run(&player, from: 100 + MotionDirector.scrubEasing + 0.01, seconds: Self.period)
        XCTAssertEqual(player.strip.position - 2 * Int(((MotionDirector.scrubEasing + 0.01) * 60).rounded(.down)), layout.messageStarts[1],
                       accuracy: 2)
    }

    func testPauseEasesToAStopAndWantsNoMoreFrames() throws {
        var player = makePlayer(["Hello world", "Second message"])
        _ = run(&player, from: 100, seconds: 0.2)
        player.pause(at: 100.2)
        XCTAssertTrue(player.isPaused)
        XCTAssertEqual(player.demand(at: 100.3), .nextFrame, "easing out")
        // Where the text is shown (in pixels) at every vblank of the easing and a while after it.
        var shown: [(time: Double, position: Double)] = []
        var time = 100.2
        while time < 100.2 + MotionDirector.pauseEasing + 0.2 {
            if let plan = player.frame(at: time) {
                shown.append((time, Double(plan.position) + Double(plan.phase) / Double(SubpixelGrid.steps)))
            }
            time += Self.period
        }
        let steps = zip(shown.dropFirst(), shown).map { (time: $0.time, step: $0.position - $1.position) }
        XCTAssertEqual(try XCTUnwrap(steps.first).step, 2, "at full speed when pressed")
        XCTAssertEqual(zip(steps.dropFirst(), steps).filter { $0.step > $1.step }.count, 0, "slower at every frame, never faster: \(steps.map(\.step))")
        XCTAssertGreaterThan(steps.filter { $0.step > 0 && $0.step < 2 }.count, 10, "eased, not cut: \(steps.map(\.step))")
        let stopped = try XCTUnwrap(steps.first { $0.step == 0 }?.time, "it stops: \(steps.map(\.step))")
        XCTAssertEqual(stopped, 100.2 + MotionDirector.pauseEasing, accuracy: 3 * Self.period, "at the easing's end")
        XCTAssertTrue(steps.filter { $0.time >= stopped }.allSatisfy { $0.step == 0 }, "and stands from then on")
        XCTAssertEqual(player.demand(at: 100.2 + MotionDirector.pauseEasing + 0.01), .none)
        player.resume(at: 101)
        XCTAssertEqual(player.demand(at: 101), .nextFrame)
    }

    func testTheSpeedLivesOnceAndSaysWhoSetIt() {
        var player = makePlayer(["Hello world"])
        player.handle(.key(.faster), at: 100).map { XCTFail("\($0)") }
        XCTAssertEqual(player.motion.speed, 180, accuracy: 1e-9, "one pixel per frame faster")
        XCTAssertEqual(player.motion.speedOrigin, .user)
        player.handle(.key(.faster), at: 100.01).map { XCTFail("\($0)") }
        XCTAssertEqual(player.motion.speed, 240, accuracy: 1e-9, "the key reads the speed the last key set")
        // After the easing, frames step 4 px.
        let positions = run(&player, from: 101, seconds: 0.1)
        XCTAssertEqual(Set(zip(positions.dropFirst(), positions).map { $0 - $1 }), [4])
        player.setSpeed(120, direction: .left, at: 101.5)
        XCTAssertEqual(player.motion.speed, 240, accuracy: 1e-9, "a reload that keeps the configured speed keeps the user's")
        player.setSpeed(60, direction: .left, at: 102)
        XCTAssertEqual(player.motion.speedOrigin, .configuration)
        XCTAssertEqual(player.motion.speed, 60)
        let slow = run(&player, from: 103, seconds: 0.1)
        XCTAssertEqual(Set(zip(slow.dropFirst(), slow).map { $0 - $1 }), [1], "the configuration's speed, not 4× it")
    }

    /// A measured period corrected at every frame (Wayland callbacks without presentation
    /// times): the text keeps its speed exactly, no frame's rounding adds up.
    func testAPeriodCorrectedEveryFrameLeavesTheSpeedExact() {
        var player = makePlayer(["Hello world", "Second message"], speed: 90)
        var time = 100.0, first: (position: Double, time: Double)?, last: (position: Double, time: Double)?
        for frame in 0..<200 {
            // Around sway's 16.26 ms, a little different each frame.
            let period = 0.01626 * (1 + (frame % 2 == 0 ? 0.0003 : -0.0003) * Double(frame % 7))
            player.setRefreshPeriod(period, atFrame: time)
            if let plan = player.frame(at: time) {
                let shown = (Double(plan.position) + Double(plan.phase) / Double(SubpixelGrid.steps), time)
                if first == nil { first = shown }
                last = shown
            }
            time += period
        }
        guard let first, let last else { return XCTFail("no frames") }
        XCTAssertEqual((last.position - first.position) / (last.time - first.time), 90, accuracy: 0.1)
    }

    func testARefreshRateChangeSnapsTheStepToWholePixelsAgain() {
        var player = makePlayer(["Hello world", "Second message"], speed: 100)
        player.setRefreshPeriod(1.0 / 50, atFrame: 100)
        var positions: [Int] = []
        for frame in 0..<50 { if let plan = player.frame(at: 100 + Double(frame) / 50) { positions.append(plan.position) } }
        XCTAssertEqual(Set(zip(positions.dropFirst(), positions).map { $0 - $1 }), [2])
    }

    func testAClickOnALinkOpensItAndElsewhereTogglesPauseWhenAsked() throws {
        var motion = MotionSettings()
        motion.clickToPause = true
        var player = makePlayer([], motion: motion)
        player.setMessages([MessageGroup(source: "feed", messages: [Message.data("Linked news", link: "https://example.org/a"),
                                                                     Message("plain")])])
        finishLayout(&player, at: 100)
        _ = player.still()
        XCTAssertEqual(player.handle(.press(x: 5), at: 100), nil)
        XCTAssertEqual(player.handle(.release(x: 5), at: 100.05), .openLink("https://example.org/a"))
        player.handle(.move(x: 5), at: 100.1).map { XCTFail("\($0)") }
        XCTAssertTrue(player.pointerOverLink)
        let layout = try layout(player)
        let plainX = layout.messageStarts[1] + 2
        XCTAssertNil(player.strip.link(atWindowX: plainX))
        XCTAssertEqual(player.handle(.press(x: plainX), at: 101), nil)
        XCTAssertEqual(player.handle(.release(x: plainX), at: 101.05), nil)
        XCTAssertTrue(player.isPaused, "a click without a link pauses with --click-to-pause")
    }

    func testAPressedTextWantsFramesOnlyWhenThePointerMoves() throws {
        var player = makePlayer(["Hello world", "Second message"], speed: 120)
        XCTAssertEqual(player.demand(at: 100), .nextFrame, "scrolling")
        player.handle(.press(x: 100), at: 100).map { XCTFail("\($0)") }
        XCTAssertEqual(player.demand(at: 100), .nextFrame, "the frame that shows where the press held it")
        let held = try XCTUnwrap(player.frame(at: 100.016))
        XCTAssertEqual(held.demand, .none, "then nothing moves while the pointer stands")
        let heldPixel = player.motion.director?.pixel(at: 101)
        XCTAssertEqual(player.demand(at: 101), .none)
        player.handle(.move(x: 90), at: 101).map { XCTFail("\($0)") }
        XCTAssertEqual(player.demand(at: 101), .nextFrame, "the pointer moved: a frame shows the text where it went")
        let dragged = try XCTUnwrap(player.frame(at: 101.016))
        XCTAssertEqual(dragged.demand, .none)
        XCTAssertEqual(player.motion.director?.pixel(at: 101.1), heldPixel.map { $0 + 10 }, "10 px on with the pointer")
        _ = player.handle(.release(x: 90), at: 102)
        XCTAssertEqual(player.demand(at: 102), .nextFrame, "released: scrolling again")
    }

    func testADragFollowsThePointerAndTheWheelScrubsTheWayTheTextReads() {
        var player = makePlayer(["Hello world", "Second message"], speed: 0)
        player.handle(.press(x: 100), at: 100).map { XCTFail("\($0)") }
        player.handle(.move(x: 70), at: 100.1).map { XCTFail("\($0)") }
        XCTAssertEqual(player.motion.director?.pixel(at: 100.1), 30, "dragged left by 30 px: the text moved on by 30")
        _ = player.handle(.release(x: 70), at: 100.2)
        var rightward = makePlayer(["Hello world", "Second message"], speed: 0, direction: .right)
        rightward.handle(.wheel(forward: true, control: false), at: 100).map { XCTFail("\($0)") }
        XCTAssertEqual(rightward.motion.director?.pixel(at: 101), -Int(MotionControl.scrubStep), "forward is leftward for rightward text")
    }

    func testHoverPausesOnlyWhenAsked() {
        var motion = MotionSettings()
        motion.pauseOnHover = true
        var player = makePlayer(["Hello world"], motion: motion)
        _ = player.handle(.enter(x: 3), at: 100)
        XCTAssertEqual(player.motion.director?.pauseReasons, [.hover])
        _ = player.handle(.leave, at: 100.5)
        XCTAssertEqual(player.motion.director?.pauseReasons, [])
        var plain = makePlayer(["Hello world"])
        _ = plain.handle(.enter(x: 3), at: 100)
        XCTAssertFalse(plain.isPaused)
    }

    // MARK: Modes

    func testABounceCarriesOnThroughAContentChange() throws {
        var motion = MotionSettings()
        motion.mode = .bounce
        var player = makePlayer([String(repeating: "W", count: 20)], motion: motion)
        // A second's rest at the start, then 120 px/s along a span of 100 px.
        _ = run(&player, from: 100, seconds: 1.5)
        let before = player.strip.position
        XCTAssertEqual(before, 60, accuracy: 2, "half a second into the slide")
        player.setMessages([MessageGroup(source: "arguments", messages: [Message(String(repeating: "W", count: 21))])])
        finishLayout(&player, at: 101.5)
        let after = try XCTUnwrap(player.frame(at: 101.5 + Self.period))
        XCTAssertEqual(after.position, before + 2, accuracy: 2, "it goes on from where it stood, the same way")
        XCTAssertTrue(player.strip.timeline?.showsOnce ?? false)
    }

    func testFittingTextStandsCentredInOverflowModeAndScrollsWhenTheWindowShrinks() {
        var motion = MotionSettings()
        motion.mode = .overflow
        motion.alignment = .center
        var player = makePlayer(["Hi"], motion: motion)
        XCTAssertEqual(player.demand(at: 100), .none)
        let plan = player.still()
        let textWidth = FakeShaper.width(of: "H", font: 0) + FakeShaper.width(of: "i", font: 0)
        XCTAssertEqual(plan.position, -(200 - textWidth) / 2)
        player.resize(width: 5, at: 101)
        XCTAssertEqual(player.demand(at: 101), .nextFrame, "no longer fits: it scrolls")
    }

    func testReducedMotionShowsPagesAndSwitchesThemAfterTheReadingTime() throws {
        var player = makePlayer(["Alpha", "Beta"])
        player.setReducedMotion(true, at: 100)
        finishLayout(&player, at: 100)
        XCTAssertTrue(player.pages.showsPages)
        XCTAssertEqual(player.demand(at: 100), .none, "a page stands")
        XCTAssertEqual(player.messageOnScreen, "Alpha")
        let wake = try XCTUnwrap(player.pages.nextSwitch)
        player.pageTimeUp(at: wake)
        finishLayout(&player, at: wake)
        XCTAssertEqual(player.messageOnScreen, "Beta")
        _ = player.handle(.enter(x: 1), at: wake + 1)
        finishLayout(&player, at: wake + 1)
        XCTAssertFalse(player.pages.showsPages, "hovering scrolls")
        XCTAssertNil(player.pages.nextSwitch)
        XCTAssertEqual(player.demand(at: wake + 1), .nextFrame)
    }

    func testStatusNamesTheMessageAtTheReadingEdge() {
        var player = makePlayer(["Alpha", "Beta"])
        XCTAssertEqual(player.messageOnScreen, "Alpha")
        XCTAssertEqual(player.motion.speed, 120)
        XCTAssertEqual(player.motion.direction, .left)
        player.skipToNextMessage(at: 100)
        _ = player.frame(at: 101)
        XCTAssertEqual(player.messageOnScreen, "Beta")
    }

    func testAnnouncementsWaitUntilTakenAndTheReaderKeySaysTheMessageOnScreen() {
        var player = makePlayer(["Alpha", "Beta"])
        player.announce("Breaking", assertive: true, at: 100)
        XCTAssertEqual(player.announcements, [Announcement(text: "Breaking", assertive: true)], "told at once, before it scrolls in")
        _ = player.handle(.key(.readAloud), at: 100)
        XCTAssertEqual(player.takeAnnouncements(), [Announcement(text: "Breaking", assertive: true), Announcement(text: "Alpha")])
        XCTAssertEqual(player.announcements, [])
    }

    /// A screen reader hears an urgent message as drawn: its formatting tags are not read out.
    func testAnUrgentMessageIsAnnouncedWithoutItsFormatting() {
        var player = makePlayer(["Alpha"])
        player.announce("%{F#ffffff B#a51d2d A:https://example.org:} Disk full: 90%% used %{A B- F-}", assertive: true, at: 100)
        XCTAssertEqual(player.takeAnnouncements(), [Announcement(text: " Disk full: 90% used ", assertive: true)])
    }
}
