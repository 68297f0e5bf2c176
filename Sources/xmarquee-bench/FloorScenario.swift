import Glibc

/// The C reference loop: one pixmap, one XCopyArea per Present completion. What the X server
/// spends on it is the floor for any ticker of the same size and speed.
extension Bench {
    func runFloor(source: String) throws {
        let section = "C floor"
        let binary = fixtures.folder + "/present_floor"
        let flags = ChildProcess.output(of: "pkg-config", ["--cflags", "--libs", "x11", "xpresent"])
        guard flags.status == 0 else {
            log.add(section, "not built: pkg-config x11 xpresent failed", nil, "")
            return
        }
        let compile = ChildProcess.output(of: "cc", ["-O2", "-o", binary, source]
            + flags.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        guard compile.status == 0 else {
            log.add(section, "not built: cc failed on \(source)", nil, "")
            return
        }
        let floor = try ChildProcess(binary, ["\(Self.barWidth)", "\(Self.barHeight)", "2"],
                                     environment: ["DISPLAY": xvfb.display])
        defer { floor.terminate() }
        guard observer.waitForWindow(pid: floor.pid, className: "present_floor", timeout: 10) != nil else {
            log.add(section, "window never appeared", nil, "")
            return
        }
        BenchClock.sleep(1)
        var client: [Double] = [], server: [Double] = []
        for _ in 0..<runs {
            let usage = measureUsage(of: [floor.pid, serverPID], for: 10)
            if let usage = usage[0] { client.append(usage.cpuPercent) }
            if let usage = usage[1] { server.append(usage.cpuPercent) }
        }
        let note = "1920×32, 2 px/frame at 60 Hz; median of \(server.count) × 10 s"
        let floorServer = Statistics.median(server)
        log.add(section, "floor client CPU", Statistics.median(client), "%", note: note)
        log.add(section, "floor X server CPU", floorServer, "%", note: note)
        if let floorServer, let tickerServerCPU, floorServer > 0 {
            let ratio = tickerServerCPU / floorServer
            log.add(section, "X server CPU: xmarquee ÷ floor", ratio, "×", target: "≤ 1.25 ×", met: ratio <= 1.25)
        }
    }
}
