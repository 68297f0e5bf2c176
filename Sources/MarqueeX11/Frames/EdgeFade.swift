import CX11
import MarqueeCore
import TileRaster

/// Fades the text out over a few pixels at both edges (`--fade PX`): each edge column becomes a
/// mix of the frame and the background, all background at the window's edge and all frame PX
/// pixels in, in a straight line (XRender linear gradients, composited as `EdgeFadeSteps` says).
/// Only the edge columns are touched, so the colours in the middle stay exact. Owns its gradients.
final class EdgeFade {
    private let connection: XConnection
    private let fade: EdgeFadeSteps<Picture>

    /// Nil for a width of 0 (no fade) or a visual Render does not know.
    init?(connection: XConnection, width: Int, background color: RGBAColor) {
        // The window's picture it fades into needs a format Render knows for the visual.
        guard width > 0, XRenderFindVisualFormat(connection.display, connection.visual) != nil else { return nil }
        self.connection = connection
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
        let fill = gradients(color)
        let coverage = color.isOpaque ? nil : gradients(RGBAColor(red: 0, green: 0, blue: 0))
        fade = EdgeFadeSteps(width: width, left: (fill.left, coverage?.left), right: (fill.right, coverage?.right))
    }

    deinit {
        for picture in [fade.left.fill, fade.right.fill, fade.left.coverage, fade.right.coverage].compactMap({ $0 }) {
            XRenderFreePicture(connection.display, picture)
        }
    }

    /// Fades a frame `frameWidth` wide whose first column is `originX` of `target`.
    func apply(to target: Picture, width frameWidth: Int, height: Int, originX: Int = 0) {
        for step in fade.steps(frameWidth: frameWidth) {
            let operation = switch step.operation {
            case .over: PictOpOver
            case .outReverse: PictOpOutReverse
            case .add: PictOpAdd
            }
            XRenderComposite(connection.display, Int32(operation), step.source, 0, target, Int32(step.sourceX), 0, 0, 0,
                             Int32(step.targetX + originX), 0, UInt32(step.columns), UInt32(height))
        }
    }
}
