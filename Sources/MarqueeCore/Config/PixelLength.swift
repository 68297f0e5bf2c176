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

    /// `12`, `12.5`, `12px`; nil for anything else (a negative or non-finite number too).
    public init?(parsing text: String) {
        let exact = text.hasSuffix("px")
        let number = exact ? String(text.dropLast(2)) : text
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
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
