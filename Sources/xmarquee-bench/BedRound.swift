import BedHarness
import Foundation
import Glibc

/// One client measured in a fresh compositor of the bed: its CPU and wake-ups and the
/// compositor's over 10 s of scrolling, the frames it showed a second, both resident sizes.
struct BedRound {
    var client: ProcessUsage
    var compositor: ProcessUsage
    var framesPerSecond: Double?
    var residentMB: Double
    var compositorResidentMB: Double
}

/// A bed client's count of frames shown (a running total) and when it was read.
/// Frames shown by a time; `missed`: the vblanks a ticker's frames skipped (`ctl status`).
typealias FrameCount = (frames: Int, time: Double, missed: Int)

extension Bench {
    /// Starts `kind` (`output` device pixels, KWin on its virtual output) and in it the client
    /// `start` makes; once `frames` has counted 10 frames and 2 s more have passed, the client and
    /// the compositor are measured for 10 s. nil, with `why` set, when the client showed no frames.
    func measureInBed(_ kind: BedCompositor, output: (width: Int, height: Int), why: inout String,
                      start: (BedServer) throws -> BedProcess, frames: (BedServer, BedProcess) -> FrameCount?) throws -> BedRound? {
        let server = try BedServer(kind, width: output.width, height: output.height, kwinOutput: .virtual, ticker: bedTicker)
        defer { server.stop() }
        let client = try start(server)
        guard waitFor(seconds: 30, { !client.isRunning || (frames(server, client)?.frames ?? 0) >= 10 }), client.isRunning else {
            why = client.isRunning ? "it showed no frames in 30 s"
                : client.exitStatus == 6 ? Self.noFifo : "it ended (\(client.exitStatus ?? -1)): \(client.output(last: 300))"
            return nil
        }
        guard let compositorPID = server.compositorPID else {
            why = "no \(kind.processName) process found"
            return nil
        }
        BenchClock.sleep(2)
        let before = frames(server, client)
        let usage = measureUsage(of: [client.pid, compositorPID], for: 10)
        let after = frames(server, client)
        guard let ours = usage[0], let theirs = usage[1] else {
            why = "a process ended while measured"
            return nil
        }
        var rate: Double?
        if let before, let after, after.time > before.time { rate = Double(after.frames - before.frames) / (after.time - before.time) }
        return BedRound(client: ours, compositor: theirs, framesPerSecond: rate,
                        residentMB: Double(ProcessSampler.residentKB(client.pid)) / 1024,
                        compositorResidentMB: Double(ProcessSampler.residentKB(compositorPID)) / 1024)
    }

    /// Why the batching floor ended at once (its status 6).
    static let noFifo = "the compositor offers no wp_fifo_v1"

    /// The release `xmarquee` inside the bed.
    var bedTicker: String { CompositorBed.folder(for: xmarquee) + "/xmarquee" }

    /// A host binary's path inside the bed (once `CompositorBed.readiness(installing:)` copied it).
    func inBed(_ binary: String) -> String {
        CompositorBed.folder(for: binary) + "/" + (binary.split(separator: "/").last.map(String.init) ?? binary)
    }

    /// The ticker's frames shown, from `ctl status` asked in the bed as its user (the control
    /// socket answers no other uid).
    func tickerFrames(_ server: BedServer, name: String) -> FrameCount? {
        guard let reply = try? server.run([bedTicker, "ctl", "--name", name, "status"], "ctl status"),
              let frames = Self.framesShown(in: reply) else { return nil }
        return (frames, BenchClock.now(), Self.statusCount("framesMissed", in: reply) ?? 0)
    }

    /// A C floor's frames, from the last "frames N at SECONDS" line of its output (printed at the
    /// same point of its cycle each time, on CLOCK_MONOTONIC as BenchClock is).
    static func floorFrames(_ floor: BedProcess) -> FrameCount? {
        guard let line = floor.output(last: 400).split(separator: "\n").last(where: { $0.hasPrefix("frames ") }) else { return nil }
        let words = line.split(separator: " ")
        guard words.count == 4, let frames = Int(words[1]), let time = Double(words[3]) else { return nil }
        return (frames, time, 0)
    }

    /// The headline file copied into the server's runtime folder, readable by the bed's user; its
    /// path inside the chroot.
    func bedHeadlines(in server: BedServer) throws -> String {
        let name = "/headlines.txt"
        try? FileManager.default.removeItem(atPath: server.hostRuntimeDirectory + name)
        try FileManager.default.copyItem(atPath: fixtures.headlines, toPath: server.hostRuntimeDirectory + name)
        chown(server.hostRuntimeDirectory + name, CompositorBed.ids.uid, CompositorBed.ids.gid)
        return server.runtimeDirectory + name
    }
}
