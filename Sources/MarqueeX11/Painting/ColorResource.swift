import CX11
import MarqueeCore

/// A colour as a pixel of the ticker's visual, for core drawing (a GC's foreground). On a
/// TrueColor visual (the usual case) the pixel is computed from the visual's masks, as Xft's
/// colour allocation did; on any other the colormap allocates it, and it is freed with its owner.
final class ColorResource {
    private let connection: XConnection
    private let allocated: Bool
    let pixel: UInt

    init(connection: XConnection, rgba: RGBAColor) {
        self.connection = connection
        // Render reads solid colours as premultiplied (for an opaque colour that is the same).
        let paint = rgba.premultiplied
        let visual = connection.visual.pointee
        if visual.`class` == TrueColor {
            func channel(_ value: UInt16, _ mask: UInt) -> UInt {
                guard mask != 0 else { return 0 }
                let shift = UInt(mask.trailingZeroBitCount), bits = UInt((mask >> shift).nonzeroBitCount)
                return (UInt(value) >> (16 - bits)) << shift
            }
            pixel = channel(paint.red, visual.red_mask) | channel(paint.green, visual.green_mask)
                | channel(paint.blue, visual.blue_mask) | connection.surface.alphaBits(paint.alpha)
            allocated = false
        } else {
            var color = XColor()
            color.red = paint.red
            color.green = paint.green
            color.blue = paint.blue
            allocated = XAllocColor(connection.display, connection.colormap, &color) != 0
            pixel = allocated ? color.pixel : 0
        }
    }

    deinit {
        guard allocated else { return }
        var pixel = pixel
        XFreeColors(connection.display, connection.colormap, &pixel, 1, 0)
    }
}
