/// A screen pixel, 8 bits a channel.
struct Pixel: Equatable, CustomStringConvertible {
    let red: Int, green: Int, blue: Int

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) { (self.red, self.green, self.blue) = (Int(red), Int(green), Int(blue)) }
    init(_ rgb: (red: UInt8, green: UInt8, blue: UInt8)) { self.init(rgb.red, rgb.green, rgb.blue) }

    var brightness: Int { (red + green + blue) / 3 }
    var description: String { String(format: "#%02x%02x%02x", red, green, blue) }

    func scaled(by factor: Double) -> Pixel {
        func scale(_ value: Int) -> UInt8 { UInt8(min(255, (Double(value) * factor).rounded())) }
        return Pixel(scale(red), scale(green), scale(blue))
    }

    func isClose(to other: Pixel, tolerance: Int) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance && abs(blue - other.blue) <= tolerance
    }
}
