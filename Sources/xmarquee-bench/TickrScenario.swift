import Glibc

/// Tickr, the GTK feed ticker Debian ships, scrolling the same file in the same bar at about the
/// same speed (2 px every 16 ms = 125 px/s), on the same X server, measured the same way.
///
/// Tickr finds its settings through getpwuid, not $HOME, so a temporary HOME does not reach it.
/// Instead it runs as instance 42, whose files (`~/.tickr/tickr-conf42`, `tickr-url-list42`) the
/// benchmark writes and removes again; a user's own Tickr settings are not touched.
extension Bench {
    static let tickrInstance = 42

    func runTickr() throws {
        let section = "Tickr"
        guard let tickr = Self.findExecutable("tickr") else {
            log.add(section, "not installed (Debian package tickr): no comparison", nil, "")
            return
        }
        guard let folder = Self.tickrFolder() else {
            log.add(section, "cannot prepare ~/.tickr: no comparison", nil, "")
            return
        }
        let conf = "\(folder)/tickr-conf\(Self.tickrInstance)"
        let list = "\(folder)/tickr-url-list\(Self.tickrInstance)"
        // An existing (even empty) config file is what skips the first-run "Welcome" dialog;
        // the list format is: selection mark, 3-column rank, URL.
        try TextFixtures.write("", to: conf)
        try TextFixtures.write("*  1file://\(fixtures.headlines)\n", to: list)
        let backup = "\(folder)/tickr-url-list-bak\(Self.tickrInstance)" // Tickr's own copy of the list
        defer { for path in [conf, list, backup] { unlink(path) } }

        let process = try ChildProcess(tickr, [
            "-instance-id=\(Self.tickrInstance)", "-delay=16", "-shiftsize=2",
            "-win_x=0", "-win_y=0", "-win_w=\(Self.barWidth)", "-win_h=\(Self.barHeight)",
            "-windec=n", "-clock=n", "-setgradientbg=n", "-bgcolor=#202020ff", "-fgcolor=#f0f0f0ff",
            "-alwaysontop=n", "-iconintaskbar=n", fixtures.headlines,
        ], environment: ["DISPLAY": xvfb.display])
        defer { process.terminate() }
        guard let shown = observer.waitForText(pid: process.pid, className: "tickr", timeout: 30),
              let window = observer.waitForWindow(pid: process.pid, className: "tickr", timeout: 1) else {
            log.add(section, "never showed text: no comparison", nil, "")
            return
        }
        log.add(section, "exec → first frame with text", (shown - process.startTime) * 1000, "ms")
        BenchClock.sleep(2)
        var client: [Double] = [], server: [Double] = []
        for _ in 0..<runs {
            let usage = measureUsage(of: [process.pid, serverPID], for: 10)
            if let usage = usage[0] { client.append(usage.cpuPercent) }
            if let usage = usage[1] { server.append(usage.cpuPercent) }
        }
        let note = "same file and bar, -delay=16 -shiftsize=2; median of \(client.count) × 10 s"
        let tickrClient = Statistics.median(client), tickrServer = Statistics.median(server)
        log.add(section, "Tickr CPU (% of one core)", tickrClient, "%", note: note)
        log.add(section, "X server CPU with Tickr", tickrServer, "%", note: note)
        let resident = Double(ProcessSampler.residentKB(process.pid)) / 1024
        log.add(section, "Tickr resident", resident, "MB")

        let observation = observer.observe(window, seconds: 10)
        let pacing = PacingFigures(observation, period: 0.016)
        log.add(section, "Tickr frames seen in 10 s", Double(pacing.framesShown), "", note: "from damage; no Present")
        log.add(section, "Tickr frames missed (interval > 24 ms)", Double(pacing.framesMissed), "")
        log.add(section, "Tickr interval p50 / p99", pacing.intervalP50ms, "ms", note: "p99 \(pacing.intervalP99ms.map { fixed($0, 1) } ?? "n/a") ms, at the observer")
        log.add(section, "Tickr judder", pacing.judderPercent, "%", note: "median step \(pacing.medianStep.map(String.init) ?? "n/a") px")

        if let tickrClient, let ours = tickerClientCPU, ours > 0 {
            let ratio = tickrClient / ours
            log.add(section, "client CPU: Tickr ÷ xmarquee", ratio, "×", target: "≥ 5 ×", met: ratio >= 5)
        }
        if let tickrServer, let ours = tickerServerCPU, ours > 0 {
            log.add(section, "X server CPU: with Tickr ÷ with xmarquee", tickrServer / ours, "×")
        }
        if let ours = tickerResidentMB, ours > 0 {
            log.add(section, "resident: Tickr ÷ xmarquee", resident / ours, "×")
        }
    }

    static func findExecutable(_ name: String) -> String? {
        let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 { return "\(folder)/\(name)" }
        return nil
    }

    /// ~/.tickr of the user Tickr will look it up for (getpwuid, like Tickr itself).
    static func tickrFolder() -> String? {
        guard let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir else { return nil }
        let folder = String(cString: home) + "/.tickr"
        if access(folder, F_OK) != 0 && mkdir(folder, 0o700) != 0 { return nil }
        return folder
    }
}
