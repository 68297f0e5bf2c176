/// A geometry as X programs take it (`-geometry`), `[=][<width>{xX}<height>][{+-}<xoffset>{+-}<yoffset>]`,
/// where every part is optional; a negative offset counts from the right or bottom edge.
public struct WindowGeometry: Equatable, Sendable {
    public var width: Int?
    public var height: Int?
    public var x: Int?
    public var y: Int?
    /// `x` is the distance of the window's right edge from the screen's right edge.
    public var xFromRight = false
    /// `y` is the distance of the window's bottom edge from the screen's bottom edge.
    public var yFromBottom = false

    public init(width: Int? = nil, height: Int? = nil, x: Int? = nil, y: Int? = nil) {
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }

    /// Parses a geometry; nil when it is malformed, a size is zero, or a number is out of
    /// the 16-bit range of window coordinates.
    public init?(parsing spec: String) {
        var bytes = Array(spec.utf8)[...]
        if bytes.first == UInt8(ascii: "=") { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty else { return nil }

        func number() -> Int? {
            var value = 0
            var digits = 0
            while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard value <= 32767 else { return nil }
                digits += 1
                bytes = bytes.dropFirst()
            }
            return digits > 0 ? value : nil
        }

        if let first = bytes.first, first != UInt8(ascii: "+"), first != UInt8(ascii: "-") {
            if first != UInt8(ascii: "x") && first != UInt8(ascii: "X") {
                guard let width = number(), width > 0 else { return nil }
                self.width = width
            }
            if let byte = bytes.first, byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X") {
                bytes = bytes.dropFirst()
                guard let height = number(), height > 0 else { return nil }
                self.height = height
            }
        }
        if let sign = bytes.first {
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            bytes = bytes.dropFirst()
            guard let x = number() else { return nil }
            self.x = x
            xFromRight = sign == UInt8(ascii: "-")
            guard let ySign = bytes.first, ySign == UInt8(ascii: "+") || ySign == UInt8(ascii: "-") else { return nil }
            bytes = bytes.dropFirst()
            guard let y = number() else { return nil }
            self.y = y
            yFromBottom = ySign == UInt8(ascii: "-")
        }
        guard bytes.isEmpty, width != nil || height != nil || x != nil else { return nil }
    }

    /// The window's top-left corner on a screen of the given size, for a window of the given size.
    public func origin(windowWidth: Int, windowHeight: Int, screenWidth: Int, screenHeight: Int) -> (x: Int, y: Int)? {
        guard let x, let y else { return nil }
        return (xFromRight ? screenWidth - windowWidth - x : x,
                yFromBottom ? screenHeight - windowHeight - y : y)
    }
}
