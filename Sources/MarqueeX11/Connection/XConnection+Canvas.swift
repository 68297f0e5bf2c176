import CX11
import TileRaster

extension XConnection {
    /// Puts `canvas` at the top-left of `drawable` through `gc`: its pixels are in the layout
    /// of the surface's visual as they are (x8r8g8b8 or premultiplied a8r8g8b8, in the client's
    /// byte order, which Xlib tells the server).
    func put(_ canvas: TileCanvas, into drawable: Drawable, gc: GC) {
        let data = canvas.pixels.assumingMemoryBound(to: CChar.self)
        guard let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0, data,
                                       UInt32(canvas.width), UInt32(canvas.height), 32, Int32(canvas.stride)) else { return }
        XPutImage(display, drawable, gc, image, 0, 0, 0, 0, UInt32(canvas.width), UInt32(canvas.height))
        // The pixels are the canvas's: the image must not free them.
        image.pointee.data = nil
        _ = xm_destroy_image(image)
    }
}
