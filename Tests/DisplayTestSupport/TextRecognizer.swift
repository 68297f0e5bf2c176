import Foundation

/// Reads the words in a part of a screenshot with tesseract (OCR): what a person would see,
/// shaped and drawn by xmarquee, on any backend.
enum TextRecognizer {
    static let tesseract = "/usr/bin/tesseract"

    /// Why OCR cannot run here; nil when it can.
    static var unavailable: String? {
        FileManager.default.isExecutableFile(atPath: tesseract) ? nil : "\(tesseract) is missing (scripts/install-deps.sh test installs it)"
    }

    /// The words tesseract reads in the rectangle `x,y width×height` of `shot` (pixels),
    /// lowercased, in reading order; punctuation and dashes are not words.
    /// `lines`: the rectangle holds a column of lines (a menu), not one.
    static func words(in shot: Screenshot, x: Int, y: Int, width: Int, height: Int, lines: Bool = false) throws -> [String] {
        let base = NSTemporaryDirectory() + "xmarquee-ocr-\(UUID().uuidString)"
        let image = base + ".ppm", text = base + ".txt"
        defer { [image, text].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        guard FileManager.default.createFile(atPath: image, contents: shot.ppm(x: x, y: y, width: width, height: height)) else {
            throw HarnessError("cannot write \(image)")
        }
        // --psm 7: the image is one line of text, which a ticker is (6: a block of lines). The words go to BASE.txt,
        // apart from the diagnostics tesseract prints (an empty image gets a page of statistics).
        let reading = try runTool(URL(fileURLWithPath: tesseract), [image, base, "--psm", lines ? "6" : "7", "-l", "eng"])
        guard reading.status == 0, let words = try? String(contentsOfFile: text, encoding: .utf8) else {
            throw HarnessError("tesseract failed: \(reading.output)")
        }
        return words.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

extension Screenshot {
    /// The rectangle `x,y width×height` (clipped to the screen) as a binary PPM.
    func ppm(x: Int, y: Int, width: Int, height: Int) -> Data {
        let columns = max(0, x)..<min(self.width, x + width), rows = max(0, y)..<min(self.height, y + height)
        var data = Data("P6\n\(columns.count) \(rows.count)\n255\n".utf8)
        for row in rows {
            data.append(contentsOf: rgb[(row * self.width + columns.lowerBound) * 3..<(row * self.width + columns.upperBound) * 3])
        }
        return data
    }
}
