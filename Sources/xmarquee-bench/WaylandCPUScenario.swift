import Glibc

/// A Wayland compositor the bench starts for itself.
protocol BenchCompositor: AnyObject {
    var name: String { get }
    var compositor: ChildProcess { get }
    var waylandDisplay: String { get }
    func stop()
}

/// The Wayland rows: the release ticker as a layer-shell bar on a headless sway and on KWin's
/// virtual output, its CPU and wakeups per second of scrolling (and the compositor's) beside the
/// X11 figures of `cpu`.
extension Bench {
    func runWaylandCPU() throws {
        if let reason = HeadlessSwaySession.unavailable {
            log.add("Wayland", "sway not measured: \(reason)", nil, "")
        } else {
            try runWaylandCPU(section: "Wayland", note: "headless sway (pixman)") {
                try HeadlessSwaySession(width: Self.barWidth, height: 1080)
            }
        }
        if let reason = HeadlessKWinSession.unavailable {
            log.add("Wayland (KWin)", "not measured: \(reason)", nil, "")
        } else {
            try runWaylandCPU(section: "Wayland (KWin)", note: "KWin 5.27 --virtual") {
                try HeadlessKWinSession(width: Self.barWidth, height: 1080)
            }
        }
    }

    private func runWaylandCPU(section: String, note kind: String, start: () throws -> BenchCompositor) throws {
        var client: [ProcessUsage] = [], compositor: [ProcessUsage] = [], resident: [Double] = [], frameRates: [Double] = []
        var floor: [ProcessUsage] = []
        for round in 0..<runs {
            defer {
                // The same compositor's per-frame floor, in a fresh one, after the ticker's round.
                if let usage = try? measureWaylandFloor(start: start) { floor.append(usage) }
            }
            // A fresh compositor a round, as X11's rounds start a fresh ticker: nothing left over from the last.
            let session = try start()
            defer { session.stop() }
            let name = "bench-wayland-\(getpid())-\(round)"
            let ticker = try ChildProcess(xmarquee, ["--name", name, "--backend", "wayland", "--bar", "top",
                                                     "--height", "\(Self.barHeight)", "--file", fixtures.headlines,
                                                     "--speed", "\(Self.speed)", "--bg", "#202020", "--fg", "#f0f0f0"],
                                          environment: ["WAYLAND_DISPLAY": session.waylandDisplay, "DISPLAY": ""])
            defer { ticker.terminate() }
            guard waitForFrames(name: name, atLeast: 10, timeout: 30) != nil else {
                log.add(section, "round \(round + 1): the bar showed no frames", nil, "")
                continue
            }
            BenchClock.sleep(2)
            let before = waitForFrames(name: name, atLeast: 0, timeout: 1)
            let usage = measureUsage(of: [ticker.pid, session.compositor.pid], for: 10)
            let after = waitForFrames(name: name, atLeast: 0, timeout: 1)
            if let ours = usage[0], let theirs = usage[1] {
                client.append(ours)
                compositor.append(theirs)
            }
            if let before, let after { frameRates.append(Double(after.frames - before.frames) / (after.time - before.time)) }
            resident.append(Double(ProcessSampler.residentKB(ticker.pid)) / 1024)
        }
        let median = CPURounds.median
        let note = "\(kind), \(Self.barWidth)×\(Self.barHeight) top bar, 120 px/s; median of \(client.count) × 10 s"
        let cpu = median(client, \.cpuPercent)
        log.add(section, "xmarquee CPU on Wayland (% of one core)", cpu, "%", note: note)
        if let cpu, let x11 = tickerClientCPU, x11 > 0 {
            log.add(section, "client CPU: Wayland ÷ X11", cpu / x11, "×", note: "X11: the `cpu` row, Xvfb with Present")
        }
        log.add(section, "xmarquee wakeups on Wayland", median(client, \.wakeupsPerSecond), "/s",
                note: "voluntary context switches; involuntary \(median(client, \.involuntaryPerSecond).map { fixed($0, 0) } ?? "n/a")/s")
        log.add(section, "frames shown on Wayland", Statistics.median(frameRates), "/s", note: "from `ctl status`: the compositor's frame callbacks")
        log.add(section, "compositor CPU with xmarquee", median(compositor, \.cpuPercent), "%", note: "the compositor draws the screen in software")
        let floorCPU = median(floor, \.cpuPercent)
        if floor.isEmpty {
            // weston 10's demo binds xdg_wm_base at the compositor's version and aborts on a v4
            // event it has no listener for (KWin 5.27 sends configure_bounds).
            log.add(section, "Wayland floor not measured: weston-presentation-shm did not run under \(kind)", nil, "")
        } else {
            log.add(section, "Wayland floor CPU (weston-presentation-shm)", floorCPU, "%",
                    note: "C, one shm buffer drawn and committed a frame callback, wp_presentation feedback; median of \(floor.count) × 10 s")
            log.add(section, "Wayland floor wakeups", median(floor, \.wakeupsPerSecond), "/s")
        }
        if let cpu, let floorCPU, floorCPU > 0 {
            log.add(section, "client CPU: xmarquee ÷ Wayland floor", cpu / floorCPU, "×",
                    note: "a Wayland client commits once a frame: no protocol here queues frames ahead (wp_fifo_v1, wp_commit_timing_v1)")
        }
        log.add(section, "xmarquee resident on Wayland", Statistics.median(resident), "MB", note: "at the end of each round")
    }

    /// weston's presentation-shm demo (`-f`: a frame drawn and committed at each frame callback,
    /// with presentation feedback) in a fresh compositor: what any client that moves its picture
    /// every frame costs there, the floor beside which the ticker's Wayland figures stand.
    private func measureWaylandFloor(start: () throws -> BenchCompositor) throws -> ProcessUsage? {
        let demo = "/usr/bin/weston-presentation-shm"
        guard access(demo, X_OK) == 0 else { return nil }
        let session = try start()
        defer { session.stop() }
        let floor = try ChildProcess(demo, ["-f"], environment: ["WAYLAND_DISPLAY": session.waylandDisplay, "DISPLAY": ""])
        defer { floor.terminate() }
        BenchClock.sleep(3)
        guard floor.isRunning else { return nil }
        return measureUsage(of: [floor.pid], for: 10)[0]
    }

    /// `xmarquee ctl --name NAME status` until it reports `atLeast` frames shown; the count and
    /// when it was read, or nil when it does not in `timeout` seconds.
    private func waitForFrames(name: String, atLeast count: Int, timeout: Double) -> (frames: Int, time: Double)? {
        let deadline = BenchClock.now() + timeout
        repeat {
            let reply = ChildProcess.output(of: xmarquee, ["ctl", "--name", name, "status"], quietErrors: true)
            if reply.status == 0, let frames = Self.framesShown(in: reply.text), frames >= count { return (frames, BenchClock.now()) }
            BenchClock.sleep(0.1)
        } while BenchClock.now() < deadline
        return nil
    }

    /// The `framesShown` number of a status reply (one JSON object, keys in a fixed order).
    static func framesShown(in status: String) -> Int? {
        guard let key = status.firstRange(of: "\"framesShown\":") else { return nil }
        return Int(status[key.upperBound...].prefix { $0.isNumber })
    }
}
