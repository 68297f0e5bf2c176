import ArgumentParser
import BedHarness
import CXBench
import Glibc

/// `make bench`: measures the release xmarquee on its own Xvfb, next to a C floor and Tickr,
/// prints the table and writes it as Markdown and JSON.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xmarquee-bench",
        abstract: "Frame pacing, CPU, memory, scaling and resize figures of xmarquee under Xvfb."
    )

    @Flag(help: "Measure resident memory after 10 minutes of scrolling instead of 1.")
    var long = false

    @Option(help: ArgumentHelp("Runs (or measuring windows) per figure; medians are reported.", valueName: "n"))
    var runs = 3

    @Option(help: ArgumentHelp("Folder for latest.md and latest.json.", valueName: "path"))
    var output = "bench-results"

    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Run only these scenarios: baseline start pacing60 selfcheck smooth60 cpu composited switch memory idle lanes scaling clock resize tickr wayland bed-sway bed-kwin bed-mutter bed-labwc bed-weston (or bed: all five) bed-kwin-pixels pacing144 smooth144 cpu144 composited144.",
        valueName: "name"))
    var only: [String] = []

    @Option(help: ArgumentHelp("The xmarquee binary (default: next to this benchmark, i.e. the release build).", valueName: "path"))
    var xmarquee: String?

    func run() throws {
        xb_line_buffer_stdout()
        let binary = xmarquee ?? Self.executableFolder() + "/xmarquee"
        guard access(binary, X_OK) == 0 else {
            throw BenchError("no xmarquee at \(binary): run `swift build -c release` first")
        }
        let started = BenchClock.now()
        let home = try PrivateHome()
        defer { home.remove() }
        let log = ResultLog()
        log.machine = Self.machineDescription()
        for (key, value) in log.machine { print("\(key): \(value)") }
        let fixtures = try TextFixtures()
        defer { fixtures.remove() }

        let bench = try Bench(log: log, fixtures: fixtures, xmarquee: binary, runs: runs, long: long)
        func wanted(_ name: String) -> Bool { only.isEmpty || only.contains(name) }
        if wanted("baseline") { bench.runServerBaseline() }
        if wanted("start") { try bench.runStartup() }
        let pacingFloor = wanted("pacing60") || wanted("pacing144") ? bench.buildFloor() : nil
        if wanted("pacing60") { try bench.runPacing(hz: 60, pixelsPerFrame: 2, floorBinary: pacingFloor) }
        if wanted("smooth60") || wanted("smooth144") || only.contains("selfcheck") { bench.runSubpixelSelfCheck() }
        if wanted("smooth60") { try bench.runSmoothness(hz: 60) }
        let removeTickrFiles = wanted("cpu") || wanted("tickr") ? try bench.prepareTickr() : nil
        defer { removeTickrFiles?() }
        let cpuFloor = wanted("cpu") || wanted("composited") || wanted("cpu144") || wanted("composited144")
            ? bench.buildFloor() : nil
        let batchFloor = wanted("cpu") || wanted("cpu144") ? bench.buildBatchFloor() : nil
        if wanted("cpu") { try bench.runCPUComparison(floorBinary: cpuFloor, batchFloorBinary: batchFloor, tickrReady: removeTickrFiles != nil) }
        if wanted("composited") { try bench.runCompositedCPU(floorBinary: cpuFloor) }
        if wanted("switch") { try bench.runCompositorSwitch() }
        if wanted("memory") { try bench.runMemoryOverTime() }
        if wanted("idle") { try bench.runIdleCPU() }
        if wanted("scaling") { try bench.runScaling() }
        if wanted("clock") { try bench.runClockBesideLongText() }
        if wanted("resize") { try bench.runResizeStorm() }
        if wanted("tickr") && removeTickrFiles != nil { try bench.runTickrDetails() }
        if wanted("lanes") { try bench.runLanes() }
        if wanted("wayland") { try bench.runWaylandCPU() }
        // The bed's compositors: the fifo ones (KWin, mutter) right after sway, the others after.
        let bedKinds = [BedCompositor.sway, .kwin, .mutter, .labwc, .weston].filter { wanted("bed-" + $0.rawValue) || only.contains("bed") }
        if !bedKinds.isEmpty { try bench.runBedWayland(bedKinds) }
        if wanted("bed-kwin-pixels") || only.contains("bed") { try bench.runKWinPixels() }
        if wanted("pacing144") || wanted("smooth144") || wanted("cpu144") || wanted("composited144") {
            try bench.restartServer(refreshHz: 144)
        }
        if wanted("cpu144") { try bench.runCPUComparison(floorBinary: cpuFloor, batchFloorBinary: batchFloor, tickrReady: false, hz: 144) }
        if wanted("composited144") { try bench.runCompositedCPU(floorBinary: cpuFloor, hz: 144) }
        if wanted("pacing144") { try bench.runPacing(hz: 144, pixelsPerFrame: 2, floorBinary: pacingFloor) }
        if wanted("smooth144") {
            try bench.runSmoothness(hz: 144)
            try bench.runStartPace(hz: 144)
        }
        bench.finish()
        let load = (ProcessSampler.readText("/proc/loadavg") ?? "").split(separator: " ").prefix(3).joined(separator: " ")
        log.machine.append(("load average at end", load + " (the machine is shared: other builds and tests run too)"))
        log.machine.append(("benchmark duration", "\(Int(BenchClock.now() - started)) s"))
        log.machine.append(("scenarios", only.isEmpty ? "all (a full run)" : only.joined(separator: " ")))
        log.machine.append(("home", "a private HOME and XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME, XDG_DATA_HOME, XDG_RUNTIME_DIR, removed at the end"))

        let markdown = ReportWriter.markdown(log)
        print("\n" + markdown)
        mkdir(output, 0o755)
        try ReportWriter.write(markdown, to: output + "/latest.md")
        try ReportWriter.write(ReportWriter.json(log), to: output + "/latest.json")
        // Every run kept under its date and commit, raw samples included: a figure quoted
        // anywhere names the run it comes from.
        let stamp = log.machine.first { $0.0 == "date" }.map { $0.1.replacingAll(" ", with: "-").replacingAll(":", with: "") } ?? "undated"
        let commit = log.machine.first { $0.0 == "xmarquee commit" }?.1 ?? "uncommitted"
        let kept = "\(output)/run-\(stamp)-\(commit)"
        try ReportWriter.write(markdown, to: kept + ".md")
        try ReportWriter.write(ReportWriter.json(log), to: kept + ".json")
        print("written: \(output)/latest.md, \(output)/latest.json, \(kept).md, \(kept).json")
    }

    static func executableFolder() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "." }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }

    /// A file of the package: from its root (where `make bench` runs) or relative to the build folder.
    static func packageFile(_ relative: String) -> String? {
        let candidates = [relative, executableFolder() + "/../../../" + relative]
        return candidates.first { access($0, R_OK) == 0 }
    }

    static func machineDescription() -> [(String, String)] {
        var machine: [(String, String)] = []
        let cpuinfo = ProcessSampler.readText("/proc/cpuinfo") ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingLeadingSpace } ?? "unknown"
        machine.append(("CPU", "\(model), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores online"))
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: names.release) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        machine.append(("kernel", "Linux \(release)"))
        let osRelease = ProcessSampler.readText("/etc/os-release") ?? ""
        if let pretty = osRelease.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) {
            machine.append(("system", String(pretty.dropFirst(12)).replacingAll("\"", with: "")))
        }
        let load = (ProcessSampler.readText("/proc/loadavg") ?? "").split(separator: " ").prefix(3).joined(separator: " ")
        machine.append(("load average at start", load))
        let commit = ChildProcess.output(of: "git", ["rev-parse", "--short", "HEAD"])
        if commit.status == 0 { machine.append(("xmarquee commit", commit.text.trimmingTrailingNewline)) }
        let date = ChildProcess.output(of: "date", ["-u", "+%Y-%m-%d %H:%M UTC"])
        if date.status == 0 { machine.append(("date", date.text.trimmingTrailingNewline)) }
        machine.append(("X server", "Xvfb (own instance, -fakescreenfps for 144 Hz), 1920×1080×24"))
        return machine
    }
}

extension String {
    var trimmingLeadingSpace: String { String(drop { $0 == " " || $0 == "\t" }) }
    var trimmingTrailingNewline: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
