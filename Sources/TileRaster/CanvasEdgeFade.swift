import CRaster
import MarqueeCore

/// Fades the text out over `width` pixels at both edges of a frame drawn in memory (`--fade PX`),
/// exactly as X11's Render fade does: each edge column becomes a straight mix of the frame and
/// the background, all background at the edge and all frame `width` pixels in (pixman linear
/// gradients, composited as `EdgeFadeSteps` says). Only the edge columns are touched. Owns its
/// gradient images.
public final class CanvasEdgeFade {
    private let fade: EdgeFadeSteps<OpaquePointer>

    /// Nil for a width of 0 (no fade) or gradients pixman cannot make.
    public init?(width: Int, background color: RGBAColor) {
        guard width > 0 else { return nil }
        // Gradient stops are not premultiplied: pixman scales each colour along the way.
        func gradients(_ edge: RGBAColor) -> (left: OpaquePointer, right: OpaquePointer)? {
            let from = pixman_color_t(red: edge.red, green: edge.green, blue: edge.blue, alpha: edge.alpha)
            let to = pixman_color_t(red: edge.red, green: edge.green, blue: edge.blue, alpha: 0)
            func gradient(_ first: pixman_color_t, _ last: pixman_color_t) -> OpaquePointer? {
                var start = pixman_point_fixed_t(x: 0, y: 0)
                var end = pixman_point_fixed_t(x: pixman_fixed_t(width << 16), y: 0)
                let stops = [pixman_gradient_stop_t(x: 0, color: first), pixman_gradient_stop_t(x: 1 << 16, color: last)]
                return stops.withUnsafeBufferPointer { pixman_image_create_linear_gradient(&start, &end, $0.baseAddress, 2) }
            }
            guard let left = gradient(from, to), let right = gradient(to, from) else { return nil }
            return (left, right)
        }
        guard let fill = gradients(color) else { return nil }
        let coverage = color.isOpaque ? nil : gradients(RGBAColor(red: 0, green: 0, blue: 0))
        fade = EdgeFadeSteps(width: width, left: (fill.left, coverage?.left), right: (fill.right, coverage?.right))
    }

    deinit {
        for image in [fade.left.fill, fade.right.fill, fade.left.coverage, fade.right.coverage].compactMap({ $0 }) {
            pixman_image_unref(image)
        }
    }

    /// Fades the edges of the first `frameWidth` columns of `canvas`.
    public func apply(to canvas: TileCanvas, width frameWidth: Int) {
        for step in fade.steps(frameWidth: frameWidth) {
            let operation = switch step.operation {
            case .over: PIXMAN_OP_OVER
            case .outReverse: PIXMAN_OP_OUT_REVERSE
            case .add: PIXMAN_OP_ADD
            }
            pixman_image_composite32(operation, step.source, nil, canvas.image, Int32(step.sourceX), 0, 0, 0, Int32(step.targetX), 0,
                                     Int32(step.columns), Int32(canvas.height))
        }
    }
}
