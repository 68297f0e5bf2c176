import CXBench
import Glibc

/// Tickr, the GTK feed ticker Debian ships, scrolling the same file in the same bar at about the
/// same speed (2 px every 16 ms = 125 px/s), on the same X server, measured the same way.
///
/// Tickr finds its settings through getpwuid, not $HOME, so a temporary HOME does not reach it.
/// Instead it runs as instance 42, whose files (`~/.tickr/tickr-conf42`, `tickr-url-list42`) the
/// benchmark writes and removes again; a user's own Tickr settings are not touched.
extension Bench {
    static let tickrInstance = 42

    /// Writes Tickr's instance files; returns a closure that removes them, or nil (and a row
    /// saying why) when Tickr cannot be run.
    func prepareTickr() throws -> (() -> Void)? {
        guard Self.findExecutable("tickr") != nil else {
            log.add("Tickr", "not installed (Debian package tickr): no comparison", nil, "")
            return nil
        }
        guard let (folder, created) = Self.tickrFolder() else {
            log.add("Tickr", "cannot prepare ~/.tickr: no comparison", nil, "")
            return nil
        }
        let conf = "\(folder)/tickr-conf\(Self.tickrInstance)"
        let list = "\(folder)/tickr-url-list\(Self.tickrInstance)"
        // Tickr's own copy of the list and its dump of the last feed.
        let written = ["tickr-url-list-bak", "tickr-xml-dump", "tickr-xml-dump-extra"].map { "\(folder)/\($0)\(Self.tickrInstance)" }
        // An existing (even empty) config file is what skips the first-run "Welcome" dialog;
        // the list format is: selection mark, 3-column rank, URL.
        try TextFixtures.write("", to: conf)
        try TextFixtures.write("*  1file://\(fixtures.headlines)\n", to: list)
        return {
            for path in [conf, list] + written { unlink(path) }
            if created { rmdir(folder) }
        }
    }

    /// Starts Tickr in the same bar as the ticker and waits for its text.
    func launchTickr() throws -> (process: ChildProcess, window: Window, firstText: Double)? {
        guard let tickr = Self.findExecutable("tickr") else { return nil }
        let process = try ChildProcess(tickr, [
            "-instance-id=\(Self.tickrInstance)", "-delay=16", "-shiftsize=2",
            "-win_x=0", "-win_y=0", "-win_w=\(Self.barWidth)", "-win_h=\(Self.barHeight)",
            "-windec=n", "-clock=n", "-setgradientbg=n", "-bgcolor=#202020ff", "-fgcolor=#f0f0f0ff",
            "-alwaysontop=n", "-iconintaskbar=n", fixtures.headlines,
        ], environment: ["DISPLAY": xvfb.display])
        guard let shown = observer.waitForText(pid: process.pid, className: "tickr", timeout: 30),
              let window = observer.waitForWindow(pid: process.pid, className: "tickr", timeout: 1) else {
            process.terminate()
            return nil
        }
        return (process, window, shown - process.startTime)
    }

    /// Tickr's start, memory and pacing (its CPU is measured with the others in `runCPUComparison`).
    func runTickrDetails() throws {
        let section = "Tickr"
        guard let run = try launchTickr() else {
            log.add(section, "never showed text: no details", nil, "")
            return
        }
        defer { run.process.terminate() }
        log.add(section, "exec → first frame with text", run.firstText * 1000, "ms")
        BenchClock.sleep(2)
        let resident = Double(ProcessSampler.residentKB(run.process.pid)) / 1024
        log.add(section, "Tickr resident", resident, "MB", note: "2 s after its text appeared")
        if let ours = tickerResidentMB, ours > 0 {
            log.add(section, "resident: Tickr ÷ xmarquee", resident / ours, "×")
        }
        let observation = observer.observe(run.window, seconds: 10)
        let pacing = PacingFigures(observation, period: 0.016)
        log.add(section, "Tickr frames seen in 10 s", Double(pacing.framesShown), "", note: "from damage; no Present")
        log.add(section, "Tickr frames missed (interval > 1.5 × median)", Double(pacing.framesMissed), "")
        log.add(section, "Tickr interval p50", pacing.intervalP50ms, "ms", note: "p99 \(pacing.intervalP99ms.map { fixed($0, 1) } ?? "n/a") ms, at the observer")
        log.add(section, "Tickr judder", pacing.judderPercent, "%", note: "median step \(pacing.medianStep.map { fixed($0, 2) } ?? "n/a") px")
    }

    static func findExecutable(_ name: String) -> String? {
        let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 { return "\(folder)/\(name)" }
        return nil
    }

    /// ~/.tickr of the user Tickr will look it up for (getpwuid, like Tickr itself).
    /// Also says whether the benchmark created the folder (and so removes it afterwards).
    static func tickrFolder() -> (path: String, created: Bool)? {
        guard let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir else { return nil }
        let folder = String(cString: home) + "/.tickr"
        if access(folder, F_OK) == 0 { return (folder, false) }
        return mkdir(folder, 0o700) == 0 ? (folder, true) : nil
    }
}
