/// A length in pixels as the user gave it: `12` is 12 pixels at 96 dpi and grows with the
/// screen's DPI; `12px` is exactly 12 device pixels, at any DPI.
public struct PixelLength: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var value: Double
    /// Given with an explicit `px` unit: never scaled.
    public var isExact: Bool

    public init(_ value: Double, exact: Bool = false) {
        self.value = value
        isExact = exact
    }

    /// The largest length read: past it a number is no length on any screen, and it could only
    /// be shown rewritten (`1e+20`) in an error about its range.
    public static let largest = 1_000_000_000.0

    /// `12`, `12.5`, `12px`; nil for anything else (a negative, non-finite or absurdly large
    /// number too).
    public init?(parsing text: String) {
        let exact = text.hasSuffix("px")
        let number = exact ? String(text.dropLast(2)) : text
        guard let value = Double(number), value.isFinite, value >= 0, value <= Self.largest else { return nil }
        self.init(value, exact: exact)
    }

    /// Device pixels at `scale` (DPI ÷ 96).
    public func pixels(scale: Double) -> Double { isExact ? value : value * scale }

    /// Whole device pixels at `scale`.
    public func wholePixels(scale: Double) -> Int { Int(pixels(scale: scale).rounded()) }

    public var description: String {
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        return isExact ? number + "px" : number
    }
}
