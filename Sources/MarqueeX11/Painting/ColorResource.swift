import CX11
import MarqueeCore

/// An allocated Xft colour, freed with its owner.
final class ColorResource {
    private let connection: XConnection
    var color: XftColor

    init(connection: XConnection, rgba: RGBAColor) {
        self.connection = connection
        // Render reads solid colours as premultiplied (for an opaque colour that is the same).
        let paint = rgba.premultiplied
        var render = XRenderColor(red: paint.red, green: paint.green, blue: paint.blue, alpha: paint.alpha)
        color = XftColor()
        XftColorAllocValue(connection.display, connection.visual, connection.colormap, &render, &color)
        color.pixel |= connection.surface.alphaBits(paint.alpha)
    }

    deinit { XftColorFree(connection.display, connection.visual, connection.colormap, &color) }

    var pixel: UInt { color.pixel }
}

public enum ColorSpec {
    /// Resolves `#rgb`, `#rrggbb`, `#rrggbbaa` or an X11 colour name (through the server's
    /// colour database). Nil when it is neither.
    public static func resolve(_ spec: String, on connection: XConnection) -> RGBAColor? {
        if spec.hasPrefix("#") { return RGBAColor(hex: spec) }
        var exact = XColor()
        guard !spec.isEmpty, XParseColor(connection.display, connection.colormap, spec, &exact) != 0 else { return nil }
        return RGBAColor(red: exact.red, green: exact.green, blue: exact.blue)
    }
}
