import Foundation
import XCTest

/// The tests' PNG writer: a file another decoder reads back to the same pixels.
final class PNGEncoderTests: XCTestCase {
    func testImageMagickReadsBackThePixels() throws {
        let rgb: [UInt8] = [255, 0, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60]
        let png = PNGEncoder.encode(width: 2, height: 2, rgb: rgb)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(Array(png.suffix(4)), [0xAE, 0x42, 0x60, 0x82], "the IEND chunk's CRC")
        let path = NSTemporaryDirectory() + "xmarquee-png-\(UUID().uuidString).png"
        defer { unlink(path) }
        try Data(png).write(to: URL(fileURLWithPath: path))
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = [path, "-depth", "8", "rgb:-"]
        let output = Pipe()
        convert.standardOutput = output
        try convert.run()
        let pixels = output.fileHandleForReading.readDataToEndOfFile()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0)
        XCTAssertEqual(Array(pixels), rgb)
    }
}
