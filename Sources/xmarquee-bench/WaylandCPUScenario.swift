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
        let floorBinary = buildWaylandFloor()
        if let reason = HeadlessSwaySession.unavailable {
            log.add("Wayland", "sway not measured: \(reason)", nil, "")
        } else {
            try runWaylandCPU(section: "Wayland", note: "headless sway (pixman)", floorBinary: floorBinary, target: .perFrame) {
                try HeadlessSwaySession(width: Self.barWidth, height: 1080)
            }
        }
        if let reason = HeadlessKWinSession.unavailable {
            log.add("Wayland (KWin)", "not measured: \(reason)", nil, "")
        } else {
            try runWaylandCPU(section: "Wayland (KWin)", note: "KWin 5.27 --virtual", floorBinary: floorBinary, target: nil) {
                try HeadlessKWinSession(width: Self.barWidth, height: 1080)
            }
        }
    }

    /// `target`: what issue 34 asks of the bar there (sway 1.7 commits once a frame; of KWin 5.27 it
    /// asks nothing).
    private func runWaylandCPU(section: String, note kind: String, floorBinary: String?, target: WaylandTarget?,
                               start: () throws -> BenchCompositor) throws {
        var client: [ProcessUsage] = [], compositor: [ProcessUsage] = [], resident: [Double] = [], frameRates: [Double] = []
        var compositorResident: [Double] = []
        var floor: [ProcessUsage] = [], floorCompositor: [ProcessUsage] = []
        for round in 0..<runs {
            defer {
                // The C bar of the same size on the same compositor, in a fresh one, after the ticker's round.
                if let floorBinary, let usage = try? measureWaylandFloor(floorBinary, start: start) {
                    floor.append(usage.client)
                    floorCompositor.append(usage.compositor)
                }
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
            compositorResident.append(Double(ProcessSampler.residentKB(session.compositor.pid)) / 1024)
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
            log.add(section, "Wayland bar floor not measured under \(kind)", nil, "", note: floorBinary == nil ? "bench/floor/wayland_bar_floor.c not built" : "it showed no window")
        } else {
            log.add(section, "Wayland bar floor CPU (C)", floorCPU, "%",
                    note: "\(Self.barWidth)×\(Self.barHeight) layer-shell bar, one pre-painted shm buffer attached, damaged and committed a frame callback; median of \(floor.count) × 10 s")
            log.add(section, "Wayland bar floor wakeups", median(floor, \.wakeupsPerSecond), "/s")
            log.add(section, "compositor CPU with the bar floor", median(floorCompositor, \.cpuPercent), "%")
        }
        reportWaylandTargets(section, wakeups: median(client, \.wakeupsPerSecond), frames: Statistics.median(frameRates), cpu: cpu,
                             floorCPU: floorCPU, target: target)
        if let ours = median(compositor, \.cpuPercent), let theirs = median(floorCompositor, \.cpuPercent), theirs > 0 {
            log.add(section, "compositor CPU: with xmarquee ÷ with the bar floor", ours / theirs, "×")
        }
        let ownResident = Statistics.median(resident), sharedResident = Statistics.median(compositorResident)
        log.add(section, "xmarquee resident on Wayland", ownResident, "MB",
                note: "at the end of each round; the shm buffers it shares with the compositor count in both")
        log.add(section, "compositor resident with xmarquee", sharedResident, "MB",
                note: "the whole compositor, the client's mapped shm buffers included")
        log.addSamples("\(section): xmarquee client %", client.map(\.cpuPercent))
        log.addSamples("\(section): compositor with xmarquee %", compositor.map(\.cpuPercent))
        log.addSamples("\(section): bar floor client %", floor.map(\.cpuPercent))
        log.addSamples("\(section): compositor with the bar floor %", floorCompositor.map(\.cpuPercent))
        log.addSamples("\(section): xmarquee resident MB", resident)
        log.addSamples("\(section): compositor resident MB", compositorResident)
    }

    /// The C bar (`wayland_bar_floor`: the ticker's size, one pre-painted buffer per frame
    /// callback) in a fresh compositor of the same kind: what any bar that moves its picture every
    /// frame costs there, the floor beside which the ticker's Wayland figures stand.
    private func measureWaylandFloor(_ binary: String, start: () throws -> BenchCompositor) throws -> (client: ProcessUsage, compositor: ProcessUsage)? {
        let session = try start()
        defer { session.stop() }
        let floor = try ChildProcess(binary, ["\(Self.barWidth)", "\(Self.barHeight)"],
                                     environment: ["WAYLAND_DISPLAY": session.waylandDisplay, "DISPLAY": ""])
        defer { floor.terminate() }
        BenchClock.sleep(3)
        guard floor.isRunning else { return nil }
        let usage = measureUsage(of: [floor.pid, session.compositor.pid], for: 10)
        guard let client = usage[0], let compositor = usage[1] else { return nil }
        return (client, compositor)
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
    static func framesShown(in status: String) -> Int? { statusCount("framesShown", in: status) }

    /// A whole-number field of a `ctl status` reply.
    static func statusCount(_ field: String, in status: String) -> Int? {
        guard let key = status.firstRange(of: "\"\(field)\":") else { return nil }
        return Int(status[key.upperBound...].prefix { $0.isNumber })
    }
}
