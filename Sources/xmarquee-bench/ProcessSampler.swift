import Glibc

/// CPU time, memory and wakeups of one process, read from /proc.
///
/// CPU comes from /proc/PID/task/*/schedstat (nanoseconds actually run, all threads) rather than
/// utime+stime, whose 10 ms ticks are too coarse for a client that runs for microseconds a frame.
struct ProcessSample {
    var time: Double
    var cpuSeconds: Double
    var voluntarySwitches: Int
    var involuntarySwitches: Int
    var residentKB: Int
}

enum ProcessSampler {
    static func sample(_ pid: pid_t) -> ProcessSample? {
        guard let tasks = directoryEntries("/proc/\(pid)/task") else { return nil }
        var nanoseconds = 0, voluntary = 0, involuntary = 0
        for task in tasks {
            if let schedstat = readText("/proc/\(pid)/task/\(task)/schedstat"),
               let first = schedstat.split(separator: " ").first, let value = Int(first) {
                nanoseconds += value
            }
            if let status = readText("/proc/\(pid)/task/\(task)/status") {
                voluntary += field(status, "voluntary_ctxt_switches") ?? 0
                involuntary += field(status, "nonvoluntary_ctxt_switches") ?? 0
            }
        }
        let resident = readText("/proc/\(pid)/status").flatMap { field($0, "VmRSS") } ?? 0
        return ProcessSample(time: BenchClock.now(), cpuSeconds: Double(nanoseconds) / 1e9,
                             voluntarySwitches: voluntary, involuntarySwitches: involuntary, residentKB: resident)
    }

    static func residentKB(_ pid: pid_t) -> Int {
        readText("/proc/\(pid)/status").flatMap { field($0, "VmRSS") } ?? 0
    }

    private static func field(_ status: String, _ name: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func directoryEntries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// Difference of two samples as rates per second of wall time.
struct ProcessUsage {
    let seconds: Double
    let cpuPercent: Double            // of one core
    let wakeupsPerSecond: Double      // voluntary context switches: the process slept and woke
    let involuntaryPerSecond: Double

    init(from start: ProcessSample, to end: ProcessSample) {
        seconds = end.time - start.time
        cpuPercent = 100 * (end.cpuSeconds - start.cpuSeconds) / seconds
        wakeupsPerSecond = Double(end.voluntarySwitches - start.voluntarySwitches) / seconds
        involuntaryPerSecond = Double(end.involuntarySwitches - start.involuntarySwitches) / seconds
    }
}

/// Measures CPU of several processes over the same wall-clock window.
func measureUsage(of pids: [pid_t], for seconds: Double) -> [ProcessUsage?] {
    let starts = pids.map(ProcessSampler.sample)
    BenchClock.sleep(seconds)
    let ends = pids.map(ProcessSampler.sample)
    return zip(starts, ends).map { start, end in
        guard let start, let end else { return nil }
        return ProcessUsage(from: start, to: end)
    }
}
