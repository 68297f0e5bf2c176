import Foundation
@testable import DisplayTestSupport

/// Reads the words on a part of a headless sway's screen: grim captures the region, tesseract
/// (OCR) reads it. The words are what a person would see, shaped and drawn by xmarquee.
enum TextRecognizer {
    static let tesseract = "/usr/bin/tesseract"

    /// Why OCR cannot run here; nil when it can.
    static var unavailable: String? {
        FileManager.default.isExecutableFile(atPath: tesseract) ? nil : "\(tesseract) is missing (scripts/install-deps.sh test installs it)"
    }

    /// The words tesseract reads in the logical rectangle `x,y width×height` of `sway`'s screen,
    /// lowercased, in reading order.
    static func words(in sway: HeadlessSway, x: Int, y: Int, width: Int, height: Int) throws -> [String] {
        let base = sway.runtimeDirectory + "/ocr-\(UUID().uuidString)"
        let image = base + ".png", text = base + ".txt"
        defer { [image, text].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let capture = try runTool(URL(fileURLWithPath: "/usr/bin/grim"), ["-g", "\(x),\(y) \(width)x\(height)", image],
                                  environment: ["WAYLAND_DISPLAY": sway.waylandDisplay])
        guard capture.status == 0 else { throw HarnessError("grim failed: \(capture.output)") }
        // --psm 7: the image is one line of text, which a bar is. The words go to BASE.txt, apart
        // from the diagnostics tesseract prints (an empty image gets a page of statistics).
        let reading = try runTool(URL(fileURLWithPath: tesseract), [image, base, "--psm", "7", "-l", "eng"])
        guard reading.status == 0, let words = try? String(contentsOfFile: text, encoding: .utf8) else {
            throw HarnessError("tesseract failed: \(reading.output)")
        }
        return words.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
