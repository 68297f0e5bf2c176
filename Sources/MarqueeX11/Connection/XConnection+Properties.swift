import CX11

extension XConnection {
    /// The bytes of an 8-bit property of `window` (any type), at most `maximum` of them; nil
    /// when it is missing, of another format, or larger than that (data from other clients is
    /// bounded before it is copied).
    func propertyBytes(of window: Window, _ property: Atom, maximum: Int) -> [UInt8]? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // The length is counted in 32-bit units.
        guard XGetWindowProperty(display, window, property, 0, (maximum + 3) / 4, 0, Atom(AnyPropertyType), &type,
                                 &format, &count, &after, &data) == Success else { return nil }
        defer { if let data { XFree(data) } }
        guard let data, format == 8, after == 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
