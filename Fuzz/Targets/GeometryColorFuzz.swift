import MarqueeCore
import MarqueeFormats

/// `--geometry` and `--fg`/`--bg`: sizes within X's 16 bits, never zero; colours only from hex.
enum GeometryColorFuzz: FuzzTarget {
    static let name = "geometry-color"

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        if let geometry = WindowGeometry(parsing: text) {
            for size in [geometry.width, geometry.height].compactMap({ $0 }) {
                FuzzTargets.require((1...32767).contains(size), "size \(size) from \"\(text)\"")
            }
            for offset in [geometry.x, geometry.y].compactMap({ $0 }) {
                FuzzTargets.require((0...32767).contains(offset), "offset \(offset) from \"\(text)\"")
            }
            _ = geometry.origin(windowWidth: 800, windowHeight: 30, screenWidth: 1920, screenHeight: 1080)
        }
        if RGBAColor(hex: text) != nil {
            FuzzTargets.require(text.hasPrefix("#") && [4, 7, 9].contains(text.utf8.count), "colour from \"\(text)\"")
        }
    }
}
