import CX11
import MarqueeCore

/// Fades the text out over a few pixels at both edges (`--fade PX`): a linear gradient from
/// the background colour to transparent, composited OVER the frame at each edge with XRender.
/// Only the edge columns are touched, so the colours in the middle stay exact.
final class EdgeFade {
    private let connection: XConnection
    let width: Int
    private let fromLeft: Picture
    private let fromRight: Picture
    private let format: UnsafeMutablePointer<XRenderPictFormat>?

    init?(connection: XConnection, width: Int, background: RGBAColor) {
        guard width > 0, let format = XRenderFindVisualFormat(connection.display, connection.visual) else { return nil }
        self.connection = connection
        self.width = width
        self.format = format
        let opaque = XRenderColor(red: background.red, green: background.green, blue: background.blue, alpha: 0xFFFF)
        let clear = XRenderColor(red: background.red, green: background.green, blue: background.blue, alpha: 0)
        func gradient(_ from: XRenderColor, _ to: XRenderColor) -> Picture {
            var line = XLinearGradient(p1: XPointFixed(x: 0, y: 0), p2: XPointFixed(x: XFixed(width << 16), y: 0))
            var stops: [XFixed] = [0, 1 << 16]
            var colors = [from, to]
            return XRenderCreateLinearGradient(connection.display, &line, &stops, &colors, 2)
        }
        fromLeft = gradient(opaque, clear)
        fromRight = gradient(clear, opaque)
    }

    deinit {
        XRenderFreePicture(connection.display, fromLeft)
        XRenderFreePicture(connection.display, fromRight)
    }

    func apply(to buffer: Pixmap, width frameWidth: Int, height: Int) {
        let span = min(width, frameWidth / 2)
        guard span > 0 else { return }
        let target = XRenderCreatePicture(connection.display, buffer, format, 0, nil)
        defer { XRenderFreePicture(connection.display, target) }
        XRenderComposite(connection.display, PictOpOver, fromLeft, 0, target, 0, 0, 0, 0, 0, 0, UInt32(span), UInt32(height))
        XRenderComposite(connection.display, PictOpOver, fromRight, 0, target, Int32(width - span), 0, 0, 0,
                         Int32(frameWidth - span), 0, UInt32(span), UInt32(height))
    }
}
