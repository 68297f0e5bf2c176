import BedHarness
import CXBench
import Glibc

/// The bar's motion under KWin 6 read from its pixels, each commit through wp_fifo_v1: KWin
/// nested on an Xvfb of the bed (QPainter, a 60 Hz output: `BedServer`), the release ticker
/// scrolling in it, and the bench watching KWin's window on that Xvfb as a viewer would (Damage,
/// Present completions, the bar's rows read back after each frame). Nothing is over the bar and
/// it has no keyboard (it asks for one only once clicked), so its frames are queued in batches.
/// KWin's virtual output, which the CPU rows use, cannot be captured without a DRM render node.
extension Bench {
    func runKWinPixels() throws {
        let section = "Wayland bed: kwin \(BedCompositor.kwin.version), read from its pixels"
        if let reason = CompositorBed.readiness(installing: [xmarquee]) {
            log.add(section, "not measured: \(reason)", nil, "")
            return
        }
        let server = try BedServer(.kwin, width: Self.barWidth, height: 1080, kwinOutput: .nestedOnXvfb, nestedRefresh: 120,
                                   ticker: bedTicker)
        defer { server.stop() }
        let name = "bench-kwin-pixels-\(getpid())"
        let ticker = try server.startTicker(["--name", name, "--backend", "wayland", "--bar", "top", "--height", "\(Self.barHeight)",
                                             "--file", try bedHeadlines(in: server), "--speed", "\(Self.speed)",
                                             "--bg", "#202020", "--fg", "#f0f0f0"])
        guard waitFor(seconds: 30, { !ticker.isRunning || (tickerFrames(server, name: name)?.frames ?? 0) >= 10 }), ticker.isRunning else {
            log.add(section, "not measured: the ticker showed no frames (\(ticker.output(last: 300)))", nil, "")
            return
        }
        BenchClock.sleep(2)
        let link = try NestedX11Link(server)
        let observer = try PixelObserver(displayName: link.display)
        // Closed before KWin's Xvfb stops (the defer above runs after this one): Xlib ends the
        // process on a connection the server broke.
        defer {
            observer.closed = true
            XCloseDisplay(observer.display)
        }
        guard let output = observer.children(of: XDefaultRootWindow(observer.display)).first else {
            log.add(section, "not measured: KWin's window was not found on its Xvfb", nil, "")
            return
        }
        let before = tickerFrames(server, name: name)
        let observation = observer.observe(output, seconds: 10, rows: Self.barHeight)
        let after = tickerFrames(server, name: name)
        let figures = CompositorFrameSmoothness(observation, speed: Self.speed)
        let note = "\(Self.barWidth)×\(Self.barHeight) bar, 120 px/s, each commit through wp_fifo_v1, queued in batches; KWin nested on an Xvfb (fake vblank 120 Hz, KWin presenting every second: 60 Hz), its window read after each frame for 10 s"
        log.add(section, "KWin's frame period", figures.framePeriod.map { $0 * 1000 }, "ms", note: note)
        if let before, let after, after.time > before.time {
            log.add(section, "frames the ticker handed", Double(after.frames - before.frames) / (after.time - before.time), "/s",
                    note: "from `ctl status`")
            log.add(section, "vblanks the ticker's frames skipped", Double(after.missed - before.missed), "",
                    note: "from `ctl status`: a batch planned from a later vblank than the one after the last frame queued")
        }
        log.add(section, "frames KWin presented", Double(figures.framesPresented) / 10, "/s",
                note: "its presented pixmaps' completions; \(figures.pictures) pictures read")
        log.add(section, "RMS of each frame's step off speed × KWin's period", figures.rmsError, "px", target: "≤ 0.10 px",
                met: figures.rmsError.map { $0 <= 0.10 },
                note: "\(figures.steps.count) frames judged (not judged: \(figures.unreadPairs) pairs unreadable, \(figures.uncertainPairs) pictures read while the window changed, \(figures.skippedFramePairs) pairs with a frame between them not read, \(figures.missedRefreshPairs) not one refresh apart: KWin off its time); true step \(figures.trueStep.map { fixed($0, 3) } ?? "n/a") px; steps \(figures.rhythm)")
        log.add(section, "frames within \(fixed(stepTolerance, 2)) px of the true step", figures.withinTolerancePercent, "%")
        log.addSamples("\(section): steps px", figures.steps)
    }
}
