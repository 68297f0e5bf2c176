import Foundation

/// An Xvfb the tests start themselves on a free display (`-displayfd` picks one and reports it).
final class XvfbServer {
    let process = Process()
    let display: String

    init(width: Int = 1600, height: Int = 300, fps: Int? = nil) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // A black root (-br): a window the ticker has not painted yet then reads as uniform, where
        // the default weave would pass for drawn pixels.
        var arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset", "-br"]
        if let fps { arguments += ["-fakescreenfps", String(fps)] }
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var number = Data()
        let deadline = Date().addingTimeInterval(15)
        while !number.contains(UInt8(ascii: "\n")) && Date() < deadline {
            let piece = output.fileHandleForReading.availableData
            if piece.isEmpty { break }
            number.append(piece)
        }
        guard let text = String(data: number, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else {
            process.terminate()
            throw TestSupportError("Xvfb did not report a display")
        }
        display = ":" + text
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

struct TestSupportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Seconds until `condition` holds (polled as `waitUntil` does), nil when it did not within `limit`.
func secondsUntil(within limit: TimeInterval, _ condition: () -> Bool) -> Double? {
    let start = Date()
    guard waitUntil(timeout: limit, condition) else { return nil }
    return Date().timeIntervalSince(start)
}

/// Resident memory (VmRSS) of process `pid` in kB; nil when it cannot be read.
func residentKilobytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}

/// Whether `condition` holds at every look for `seconds`: false at the first look where it does
/// not. A negative check over a window of time ("the text stands", "nothing reloads"): a change
/// anywhere in the window fails it, not only one that still shows at its end.
func holds(for seconds: TimeInterval, interval: TimeInterval = 0.02, _ condition: () -> Bool) -> Bool {
    !waitUntil(timeout: seconds, interval: interval) { !condition() }
}
