import Foundation
import Glibc

/// An Xvfb in the compositor bed (namespaces of its own, as the bed's user) at a chosen DPI
/// (`Xft.dpi`, as xrdb sets it): the X11 backend's drawing of a bar with the bed's own fonts and
/// libraries, which the compositors' captures are compared with. Stopped when the test lets it go.
final class BedXvfb {
    private let session: BedSession
    private(set) var display = ""

    init(width: Int, height: Int, dpi: Int) throws {
        session = try BedSession(prefix: "xm-xvfb", ticker: CompositorBed.ticker)
        do {
            // -displayfd: Xvfb picks a free display and writes its number there. -noreset: the
            // resources xrdb sets would go with the server's reset when xrdb disconnects.
            let numberFile = session.runtimeDirectory + "/display"
            try session.startServer(["sh", "-c", "exec Xvfb -displayfd 3 -screen 0 \(width)x\(height)x24 -nolisten tcp -noreset 3> \(numberFile)"],
                                    environment: [:])
            var number: Int?
            guard waitFor(seconds: 10, {
                let text = (try? String(contentsOfFile: CompositorBed.root + numberFile, encoding: .utf8)) ?? ""
                number = text.hasSuffix("\n") ? Int(text.dropLast()) : nil
                return number != nil
            }), let number else { throw HarnessError("the bed's Xvfb reported no display: \(session.server?.output() ?? "")") }
            display = ":\(number)"
            try "Xft.dpi: \(dpi)\n".write(toFile: session.hostRuntimeDirectory + "/resources", atomically: true, encoding: .utf8)
            try session.run(["xrdb", "-nocpp", "-merge", session.runtimeDirectory + "/resources"], "xrdb", environment: ["DISPLAY": display])
        } catch {
            session.stop()
            throw error
        }
    }

    func stop() { session.stop() }

    /// Starts the bed's `xmarquee ARGUMENTS` on this display.
    func startTicker(_ arguments: [String]) throws {
        try session.startTicker(arguments, environment: ["DISPLAY": display])
    }

    /// The end of the tickers' output, for a failure's message.
    var tickerOutput: String { session.tickerOutput }

    /// The root window now.
    func screenshot() throws -> Screenshot {
        guard let server = session.server else { throw HarnessError("the bed's Xvfb is stopped") }
        return try Screenshot.ofX11Root(joining: server, display: display, file: session.runtimeDirectory + "/capture-\(UUID().uuidString.prefix(8))")
    }
}

extension Screenshot {
    /// An X display's root window in the bed, read with `xwd` from inside `namespace` (X displays
    /// are abstract sockets of its network namespace); `file` is a path inside the chroot.
    static func ofX11Root(joining namespace: BedProcess, display: String, file: String) throws -> Screenshot {
        let result = try BedProcess.run(joining: namespace, ["xwd", "-root", "-silent", "-display", display, "-out", file + ".xwd"],
                                        environment: [:], folder: "/tmp")
        guard result.status == 0 else { throw HarnessError("xwd failed: \(result.output)") }
        return try read(CompositorBed.root + file + ".xwd")
    }

    /// A picture file on the host (PPM read as it is; PNG and XWD through ImageMagick, in colour even
    /// where the picture is grey, with no comment: P6 as `Screenshot(ppm:)` reads it), removed once read.
    static func read(_ path: String) throws -> Screenshot {
        defer { try? FileManager.default.removeItem(atPath: path) }
        var ppm = path
        if !path.hasSuffix(".ppm") {
            ppm = path + ".ppm"
            let converted = try runTool(URL(fileURLWithPath: "/usr/bin/convert"), [path, "-strip", "-depth", "8", "-type", "TrueColor", "ppm:" + ppm])
            guard converted.status == 0 else { throw HarnessError("convert \(path): \(converted.output)") }
        }
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        guard let data = FileManager.default.contents(atPath: ppm), let shot = Screenshot(ppm: data) else {
            throw HarnessError("\(path) is no picture")
        }
        return shot
    }
}
