import CX11
import Foundation
import MarqueeCore
import TileRaster
@testable import DisplayTestSupport

/// A window's pixels read back from the server with XGetImage, as 8-bit RGB (and alpha, for a
/// 32-bit drawable: the pixels as stored, premultiplied).
struct WindowPixels: Equatable, CustomStringConvertible {
    let width: Int
    let height: Int
    let rgb: [UInt8]
    /// Empty unless the drawable is 32 bits deep (a 24-bit one has no alpha to read).
    let alpha: [UInt8]

    /// Reads the `width` × `height` pixels of `drawable` (a window or pixmap) from `x`, `y`; nil
    /// when the server refuses.
    static func capture(_ display: OpaquePointer, _ drawable: Drawable, width: Int, height: Int, x: Int = 0, y: Int = 0) -> WindowPixels? {
        guard let image = XGetImage(display, drawable, Int32(x), Int32(y), UInt32(width), UInt32(height), xm_all_planes(), ZPixmap) else {
            return nil
        }
        defer { _ = xm_destroy_image(image) }
        let info = image.pointee
        precondition(info.bits_per_pixel == 32, "tests expect a 24/32-bit TrueColor visual")
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var alpha = [UInt8](repeating: 0, count: info.depth == 32 ? width * height : 0)
        let data = UnsafeRawPointer(info.data!)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = data.load(fromByteOffset: y * Int(info.bytes_per_line) + x * 4, as: UInt32.self)
                let index = (y * width + x) * 3
                rgb[index] = UInt8((pixel >> 16) & 0xFF)
                rgb[index + 1] = UInt8((pixel >> 8) & 0xFF)
                rgb[index + 2] = UInt8(pixel & 0xFF)
                if !alpha.isEmpty { alpha[y * width + x] = UInt8(pixel >> 24) }
            }
        }
        return WindowPixels(width: width, height: height, rgb: rgb, alpha: alpha)
    }

    static func capture(_ display: OpaquePointer, window: Window) -> WindowPixels? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return nil }
        return capture(display, window, width: Int(attributes.width), height: Int(attributes.height))
    }

    var description: String { "WindowPixels(\(width)×\(height))" }

    /// Whether every pixel is the same colour (nothing drawn on the background yet).
    var isUniform: Bool {
        guard rgb.count >= 3 else { return true }
        return stride(from: 3, to: rgb.count, by: 3).allSatisfy { rgb[$0] == rgb[0] && rgb[$0 + 1] == rgb[1] && rgb[$0 + 2] == rgb[2] }
    }

    /// The fraction of pixels that are exactly `colour`.
    func share(of colour: (UInt8, UInt8, UInt8)) -> Double {
        guard width * height > 0 else { return 0 }
        let matching = stride(from: 0, to: rgb.count, by: 3).filter { rgb[$0] == colour.0 && rgb[$0 + 1] == colour.1 && rgb[$0 + 2] == colour.2 }.count
        return Double(matching) / Double(width * height)
    }

    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let index = (y * width + x) * 3
        return (rgb[index], rgb[index + 1], rgb[index + 2])
    }

    /// Alpha, red, green, blue of a 32-bit drawable's pixel, as stored.
    func argb(_ x: Int, _ y: Int) -> [UInt8] {
        let (r, g, b) = pixel(x, y)
        return [alpha[y * width + x], r, g, b]
    }

    /// Per column, how far its pixels are from the background colour in total: the text's "ink".
    func inkProfile(background: (UInt8, UInt8, UInt8)) -> [Int] {
        (0..<width).map { x in
            var ink = 0
            for y in 0..<height {
                let (r, g, b) = pixel(x, y)
                ink += abs(Int(r) - Int(background.0)) + abs(Int(g) - Int(background.1)) + abs(Int(b) - Int(background.2))
            }
            return ink
        }
    }

    /// The most rows with ink in any one column: a full block (█) inks the whole text height,
    /// letters never do.
    func tallestInkColumn(background: (UInt8, UInt8, UInt8)) -> Int {
        (0..<width).map { x in
            (0..<height).filter { y in
                let (r, g, b) = pixel(x, y)
                return (r, g, b) != background
            }.count
        }.max() ?? 0
    }

    /// The longest run of columns with no ink at all.
    func longestBlankRun(background: (UInt8, UInt8, UInt8)) -> Int {
        var longest = 0, current = 0
        for ink in inkProfile(background: background) {
            current = ink == 0 ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    func column(_ x: Int) -> ArraySlice<UInt8> {
        var values: [UInt8] = []
        for y in 0..<height {
            let (r, g, b) = pixel(x, y)
            values += [r, g, b]
        }
        return values[...]
    }

    /// Writes the pixels as a PNG (evidence for a failing test, or the README screenshot).
    func writePNG(to path: String) throws {
        let png = PNGEncoder.encode(width: width, height: height, rgb: rgb)
        try Data(png).write(to: URL(fileURLWithPath: path))
    }
}

extension WindowPixels {
    /// The pixels a tile canvas holds, as the server would show them on a 24-bit visual.
    init(_ canvas: TileCanvas) {
        var rgb = [UInt8](repeating: 0, count: canvas.width * canvas.height * 3)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = canvas.pixel(x: x, y: y)
                let index = (y * canvas.width + x) * 3
                (rgb[index], rgb[index + 1], rgb[index + 2]) = (pixel.red, pixel.green, pixel.blue)
            }
        }
        self.init(width: canvas.width, height: canvas.height, rgb: rgb, alpha: [])
    }
}
