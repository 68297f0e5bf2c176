import BedHarness
import Glibc

/// The Wayland rows of the compositor bed (scripts/testbed.sh's Debian sid chroot): the release
/// ticker on each current compositor, beside the C floors on the same compositor in the same run
/// — the per-frame floor (one pre-painted buffer a frame callback) and, where the compositor
/// offers wp_fifo_v1, the batching floor (0.2 s of frames queued a wake-up, as the ticker's fifo
/// path does). Each client in a fresh compositor per round, 3 rounds of 10 s, medians.
extension Bench {
    func runBedWayland(_ kinds: [BedCompositor]) throws {
        let floors = buildWaylandFloors()
        let binaries = [xmarquee] + [floors.perFrame, floors.batching].compactMap { $0 }
        if let reason = CompositorBed.readiness(installing: binaries) {
            log.add("Wayland bed", "not measured: \(reason)", nil, "")
            return
        }
        for kind in kinds { try runBedRow(kind, floors: floors) }
    }

    private func runBedRow(_ kind: BedCompositor, floors: (perFrame: String?, batching: String?)) throws {
        // wlroots' headless output is 1280 × 720 and labwc cannot change it: its bar is 1280 wide.
        let output = kind == .labwc ? (width: 1280, height: 720) : (width: Self.barWidth, height: 1080)
        let section = "Wayland bed: \(kind.rawValue) \(kind.version)"
        let size = "\(output.width)×\(Self.barHeight)"
        var ticker: [BedRound] = [], perFrame: [BedRound] = [], batching: [BedRound] = []
        var why = "", perFrameWhy = "", batchingWhy = ""
        for round in 0..<runs {
            let name = "bench-bed-\(getpid())-\(round)"
            if let measured = try measureInBed(kind, output: output, why: &why, start: { server in
                try server.startTicker(["--name", name, "--backend", "wayland", "--bar", "top", "--height", "\(Self.barHeight)",
                                        "--file", try bedHeadlines(in: server), "--speed", "\(Self.speed)",
                                        "--bg", "#202020", "--fg", "#f0f0f0"])
            }, frames: { server, _ in tickerFrames(server, name: name) }) {
                ticker.append(measured)
            }
            if let floor = floors.perFrame, let measured = try measureInBed(kind, output: output, why: &perFrameWhy, start: { server in
                try server.startClient([inBed(floor), "\(output.width)", "\(Self.barHeight)"])
            }, frames: { _, client in Self.floorFrames(client) }) {
                perFrame.append(measured)
            }
            // Where the compositor offers no fifo the floor ends at once (status 6): not tried again.
            if let floor = floors.batching, !batchingWhy.hasPrefix(Self.noFifo), let measured = try measureInBed(kind, output: output, why: &batchingWhy, start: { server in
                try server.startClient([inBed(floor), "\(output.width)", "\(Self.barHeight)", "\(Self.framesPerWakeup(hz: 60))", "2"])
            }, frames: { _, client in Self.floorFrames(client) }) {
                batching.append(measured)
            }
        }
        let shape = kind.hasLayerShell ? "layer-shell bar" : "window (no layer-shell)"
        let kwin = kind == .kwin ? ", --virtual, QPainter" : ""
        report(section, "xmarquee", ticker, why: why,
               note: "\(size) \(shape) at the top of a headless \(kind.rawValue)\(kwin), 120 px/s, release build; median of \(ticker.count) × 10 s")
        report(section, "per-frame floor (C)", perFrame, why: perFrameWhy,
               note: "bench/floor/wayland_bar_floor.c: \(size), one pre-painted shm buffer attached, damaged and committed a frame callback")
        report(section, "batching floor (C)", batching, why: batchingWhy,
               note: "bench/floor/wayland_fifo_floor.c: \(size), \(Self.framesPerWakeup(hz: 60)) source rectangles of one attached buffer committed through wp_fifo_v1 a wake-up")
        let target: WaylandTarget? = switch kind {
        case .kwin: .queued
        case .sway, .labwc: .perFrame
        default: nil
        }
        reportRatios(section, ticker: ticker, perFrame: perFrame, batching: batching, target: target)
    }

    /// One client's medians: CPU, wake-ups, frames shown, the compositor's CPU, both resident sizes.
    private func report(_ section: String, _ client: String, _ rounds: [BedRound], why: String, note: String) {
        guard !rounds.isEmpty else {
            log.add(section, "\(client) not measured", nil, "", note: why)
            return
        }
        let median = { (value: (BedRound) -> Double) in Statistics.median(rounds.map(value)) }
        log.add(section, "\(client) CPU (% of one core)", median { $0.client.cpuPercent }, "%", note: note)
        log.add(section, "\(client) wake-ups", median { $0.client.wakeupsPerSecond }, "/s",
                note: "voluntary context switches; involuntary \(median { $0.client.involuntaryPerSecond }.map { fixed($0, 0) } ?? "n/a")/s")
        log.add(section, "\(client) frames shown", Statistics.median(rounds.compactMap(\.framesPerSecond)), "/s",
                note: client == "xmarquee" ? "from `ctl status`: frames handed to the compositor (a queued batch counts its frames)" : "counted by the floor itself at its frame callbacks (the batching floor: a batch each)")
        log.add(section, "compositor CPU with \(client)", median { $0.compositor.cpuPercent }, "%")
        log.add(section, "\(client) resident", median { $0.residentMB }, "MB")
        log.add(section, "compositor resident with \(client)", median { $0.compositorResidentMB }, "MB")
        log.addSamples("\(section): \(client) %", rounds.map(\.client.cpuPercent))
        log.addSamples("\(section): \(client) wake-ups/s", rounds.map(\.client.wakeupsPerSecond))
        log.addSamples("\(section): compositor with \(client) %", rounds.map(\.compositor.cpuPercent))
    }

    /// The ticker against its floors, with the targets where it sets them.
    private func reportRatios(_ section: String, ticker: [BedRound], perFrame: [BedRound], batching: [BedRound], target: WaylandTarget?) {
        let cpu = { (rounds: [BedRound]) in Statistics.median(rounds.map(\.client.cpuPercent)) }
        reportWaylandTargets(section, wakeups: Statistics.median(ticker.map(\.client.wakeupsPerSecond)),
                             frames: Statistics.median(ticker.compactMap(\.framesPerSecond)), cpu: cpu(ticker), floorCPU: cpu(perFrame),
                             target: target)
        if let ours = cpu(ticker), let floor = cpu(batching), floor > 0 {
            log.add(section, "client CPU: xmarquee ÷ batching floor", ours / floor, "×")
        }
        let compositor = { (rounds: [BedRound]) in Statistics.median(rounds.map(\.compositor.cpuPercent)) }
        if let ours = compositor(ticker), let floor = compositor(perFrame), floor > 0 {
            log.add(section, "compositor CPU: with xmarquee ÷ with the per-frame floor", ours / floor, "×")
        }
    }
}
