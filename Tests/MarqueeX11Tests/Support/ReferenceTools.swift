import Foundation
import XCTest

/// The references shaped text is compared with: HarfBuzz's own `hb-shape` (glyphs, clusters,
/// positions) and Pango's `pango-view` (the ink of a whole line, fallback and bidi included),
/// from Debian's libharfbuzz-bin and pango1.0-tools, run as separate processes.
enum ReferenceTools {
    struct Glyph: Equatable, CustomStringConvertible {
        var glyph: UInt32, cluster: UInt32, x: Int, y: Int
        var description: String { "\(glyph)@\(cluster)(\(x),\(y))" }
    }

    struct ToolError: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `/usr/bin/<tool>` with an argument vector; its standard output.
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolError(description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return data
    }

    /// `hb-shape` on a font file at a scale in 1/64 px: each glyph's id, cluster (UTF-8 byte
    /// offset) and position (the pen plus its offset, 1/64 px), and the total advance.
    static func hbShape(file: String, scale: Int32, text: String, features: String = "",
                        rightToLeft: Bool = false) throws -> (glyphs: [Glyph], advance: Int) {
        var arguments = ["--font-size=\(scale)", "--utf8-clusters", "--output-format=json", "--no-glyph-names"]
        if !features.isEmpty { arguments.append("--features=\(features)") }
        if rightToLeft { arguments.append("--direction=rtl") }
        arguments += [file, text]
        let data = try run("hb-shape", arguments)
        guard let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw ToolError(description: "hb-shape printed no glyph list")
        }
        var pen = 0
        var glyphs: [Glyph] = []
        for entry in entries {
            let value = { (key: String) -> Int in (entry[key] as? NSNumber)?.intValue ?? 0 }
            glyphs.append(Glyph(glyph: UInt32(value("g")), cluster: UInt32(value("cl")), x: pen + value("dx"), y: value("dy")))
            pen += value("ax")
        }
        return (glyphs, pen)
    }

    /// The columns `pango-view` inks for `text` in a font description at a pixel size, with
    /// unhinted metrics and sub-pixel positions (as the ticker places glyphs), no margin: column 0
    /// is the pen's origin.
    static func pangoInk(text: String, font: String) throws -> ClosedRange<Int>? {
        let png = NSTemporaryDirectory() + "xmarquee-pango-\(ProcessInfo.processInfo.processIdentifier).png"
        defer { try? FileManager.default.removeItem(atPath: png) }
        _ = try run("pango-view", ["-q", "--pixels", "--margin=0", "--hint-metrics=off", "--subpixel-positions",
                                   "--font=\(font)", "-o", png, "--text=\(text)"])
        let ppm = try run("convert", [png, "-background", "white", "-flatten", "-depth", "8", "ppm:-"])
        return try inkColumns(ppm: [UInt8](ppm))
    }

    /// Columns of a binary PPM (white background) holding a pixel far from white.
    private static func inkColumns(ppm: [UInt8]) throws -> ClosedRange<Int>? {
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while index < ppm.count, ppm[index] == 0x20 || ppm[index] == 0x0A { index += 1 }
            var number = 0
            while index < ppm.count, (0x30...0x39).contains(ppm[index]) {
                number = number * 10 + Int(ppm[index] - 0x30)
                index += 1
            }
            fields.append(number)
        }
        index += 1
        let (width, height) = (fields[0], fields[1])
        guard ppm.count >= index + width * height * 3 else { throw ToolError(description: "short PPM") }
        var columns: [Int] = []
        for x in 0..<width {
            let inked = (0..<height).contains { y in
                let offset = index + (y * width + x) * 3
                return 255 - Int(min(ppm[offset], ppm[offset + 1], ppm[offset + 2])) > 64
            }
            if inked { columns.append(x) }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }
}

extension WindowPixels {
    /// Columns in `range` holding a pixel that differs from `background` by more than 64 in a channel.
    func inkColumns(in range: Range<Int>, background: (UInt8, UInt8, UInt8)) -> ClosedRange<Int>? {
        let inked = range.filter { x in
            (0..<height).contains { y in
                let (r, g, b) = pixel(x, y)
                return max(abs(Int(r) - Int(background.0)), abs(Int(g) - Int(background.1)), abs(Int(b) - Int(background.2))) > 64
            }
        }
        guard let first = inked.first, let last = inked.last else { return nil }
        return first...last
    }
}
