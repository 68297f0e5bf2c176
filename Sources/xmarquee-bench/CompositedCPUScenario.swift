import CXBench
import Glibc

/// The same CPU rounds as `runCPUComparison`, with `xcompmgr` running: every window is
/// redirected and the compositor presents; xmarquee's batches of frames are presented into its
/// redirected window at their vblanks as without one.
extension Bench {
    func runCompositedCPU(floorBinary: String?, hz: Int = 60) throws {
        let section = "CPU \(hz) Hz, composited"
        guard let compositor = try startCompositor() else {
            log.add(section, "xcompmgr did not start (Debian package xcompmgr): no composited figures", nil, "")
            return
        }
        let compositorStart = ProcessSampler.sample(compositor.pid)
        let rounds = try measureCPURounds(floorBinary: floorBinary, batchFloorBinary: nil, hz: hz, tickrReady: false)
        let compositorEnd = ProcessSampler.sample(compositor.pid)
        compositor.terminate()
        waitForCompositor(running: false)

        let median = CPURounds.median
        let note = "1920×32 bar, 120 px/s, \(hz) Hz, under xcompmgr; median of \(rounds.ours.count) × 10 s, in turns with the floor"
        let client = median(rounds.ours, \.cpuPercent), server = median(rounds.oursServer, \.cpuPercent)
        let floorClient = median(rounds.floor, \.cpuPercent), floorServer = median(rounds.floorServer, \.cpuPercent)
        log.add(section, "xmarquee CPU (% of one core)", client, "%", note: note)
        log.add(section, "X server CPU with xmarquee", server, "%")
        log.add(section, "floor client CPU", floorClient, "%")
        log.add(section, "X server CPU with the floor", floorServer, "%")
        if let server, let floorServer, floorServer > 0 {
            let ratio = server / floorServer
            log.add(section, "X server CPU: xmarquee ÷ floor, composited", ratio, "×", target: "≤ 1.10 ×", met: ratio <= 1.10)
        }
        if let client, let floorClient, floorClient > 0 {
            let ratio = client / floorClient
            log.add(section, "client CPU: xmarquee ÷ floor, composited", ratio, "×", target: "≤ 0.5 ×", met: ratio <= 0.5)
        }
        logWakeups(section, rounds: rounds, hz: hz)
        if let compositorStart, let compositorEnd {
            let seconds = compositorEnd.time - compositorStart.time
            log.add(section, "xcompmgr CPU over all rounds", 100 * (compositorEnd.cpuSeconds - compositorStart.cpuSeconds) / seconds, "%",
                    note: "its own share of compositing, the same for both")
        }
    }

    /// Starts xcompmgr on the bench's server and waits until it owns the compositing selection.
    private func startCompositor() throws -> ChildProcess? {
        guard Self.findExecutable("xcompmgr") != nil else { return nil }
        let compositor = try ChildProcess("xcompmgr", [], environment: ["DISPLAY": xvfb.display])
        guard waitForCompositor(running: true) else {
            compositor.terminate()
            return nil
        }
        BenchClock.sleep(0.5)
        return compositor
    }

    @discardableResult
    private func waitForCompositor(running: Bool, timeout: Double = 10) -> Bool {
        let deadline = BenchClock.now() + timeout
        while BenchClock.now() < deadline {
            if observer.compositorRunning == running { return true }
            BenchClock.sleep(0.01)
        }
        return false
    }
}

extension PixelObserver {
    /// Whether a compositing manager owns the screen's `_NET_WM_CM_S<screen>` selection.
    var compositorRunning: Bool {
        let selection = XInternAtom(display, "_NET_WM_CM_S\(XDefaultScreen(display))", 0)
        return XGetSelectionOwner(display, selection) != 0
    }
}
