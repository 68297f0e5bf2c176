import CX11
import MarqueeCore

/// Fades the text out over a few pixels at both edges (`--fade PX`): each edge column becomes a
/// mix of the frame and the background, all background at the window's edge and all frame PX
/// pixels in, in a straight line (XRender linear gradients). Only the edge columns are touched,
/// so the colours in the middle stay exact.
///
/// An opaque background is one composite per edge: the background, fading to transparent,
/// OVER the frame (background × t + frame × (1 − t)). A translucent background cannot be laid
/// over: its own transparency would let the frame show through where the edge should be all
/// background (and the alphas would add). There the frame is scaled down first — OUT_REVERSE
/// with a gradient of coverage t leaves frame × (1 − t) — and the background gradient is ADDed
/// (background × t, premultiplied): the same straight mix, for any alpha.
final class EdgeFade {
    private let connection: XConnection
    let width: Int
    /// The background with its alpha at the edge, transparent PX pixels in.
    private let background: (left: Picture, right: Picture)
    /// Translucent background only: coverage 1 at the edge, 0 PX pixels in.
    private let coverage: (left: Picture, right: Picture)?

    /// Nil for a width of 0 (no fade) or a visual Render does not know.
    init?(connection: XConnection, width: Int, background color: RGBAColor) {
        // The window's picture it fades into needs a format Render knows for the visual.
        guard width > 0, XRenderFindVisualFormat(connection.display, connection.visual) != nil else { return nil }
        self.connection = connection
        self.width = width
        // Gradient stops are not premultiplied: XRender scales each colour along the way.
        func gradients(_ edge: RGBAColor) -> (left: Picture, right: Picture) {
            let from = XRenderColor(red: edge.red, green: edge.green, blue: edge.blue, alpha: edge.alpha)
            let to = XRenderColor(red: edge.red, green: edge.green, blue: edge.blue, alpha: 0)
            func gradient(_ colors: [XRenderColor]) -> Picture {
                var line = XLinearGradient(p1: XPointFixed(x: 0, y: 0), p2: XPointFixed(x: XFixed(width << 16), y: 0))
                var stops: [XFixed] = [0, 1 << 16]
                var colors = colors
                return XRenderCreateLinearGradient(connection.display, &line, &stops, &colors, 2)
            }
            return (gradient([from, to]), gradient([to, from]))
        }
        background = gradients(color)
        coverage = color.isOpaque ? nil : gradients(RGBAColor(red: 0, green: 0, blue: 0))
    }

    deinit {
        for picture in [background.left, background.right, coverage?.left, coverage?.right].compactMap({ $0 }) {
            XRenderFreePicture(connection.display, picture)
        }
    }

    func apply(to target: Picture, width frameWidth: Int, height: Int) {
        let span = min(width, frameWidth / 2)
        guard span > 0 else { return }
        // The left edge reads its gradient from 0, the right one from where the last `span` pixels begin.
        let edges = [(background.left, coverage?.left, sourceX: 0, targetX: 0),
                     (background.right, coverage?.right, sourceX: width - span, targetX: frameWidth - span)]
        for (fill, scale, sourceX, targetX) in edges {
            func composite(_ op: Int32, _ source: Picture) {
                XRenderComposite(connection.display, op, source, 0, target, Int32(sourceX), 0, 0, 0,
                                 Int32(targetX), 0, UInt32(span), UInt32(height))
            }
            if let scale {
                composite(PictOpOutReverse, scale)
                composite(PictOpAdd, fill)
            } else {
                composite(PictOpOver, fill)
            }
        }
    }
}
