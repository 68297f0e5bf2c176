import CRaster
import Glibc
import MarqueeCore

/// The pixels of one tile, in the 32-bit layout both backends take as they are (X11's ZPixmap on
/// a 24- or 32-bit TrueColor visual, Wayland's xrgb8888/argb8888): premultiplied, native order.
/// Owns its pixman image and the solid colours it fills with.
public final class TileCanvas {
    public enum Format: Sendable {
        /// Opaque pixels (the alpha byte is ignored).
        case rgb
        /// Premultiplied alpha: a translucent background under a compositor.
        case argb

        var pixman: pixman_format_code_t { self == .rgb ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8 }
    }

    let image: OpaquePointer
    public let width: Int
    public let height: Int
    public let format: Format
    private var solids: [RGBAColor: OpaquePointer] = [:]
    private var lastSolid: (color: RGBAColor, image: OpaquePointer)?

    /// Nil when the pixels cannot be had (no memory, a size pixman refuses).
    public init?(width: Int, height: Int, format: Format) {
        guard width > 0, height > 0, let image = pixman_image_create_bits(format.pixman, Int32(width), Int32(height), nil, 0)
        else { return nil }
        self.image = image
        self.width = width
        self.height = height
        self.format = format
    }

    /// Pixels someone else owns and frees (a Wayland shm buffer), painted in place: 32-bit
    /// pixels, rows `stride` bytes apart.
    public init?(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: Format) {
        guard width > 0, height > 0,
              let image = pixman_image_create_bits(format.pixman, Int32(width), Int32(height),
                                                   pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))
        else { return nil }
        self.image = image
        self.width = width
        self.height = height
        self.format = format
    }

    /// Columns `x..<(x + columns)` of this canvas as a canvas of their own, over the same pixels
    /// (painted in place; this one must outlive it). Nil for an empty or outside range.
    public func columns(from x: Int, count columns: Int) -> TileCanvas? {
        guard x >= 0, columns > 0, x + columns <= width else { return nil }
        return TileCanvas(wrapping: pixels + x * 4, width: columns, height: height, stride: stride, format: format)
    }

    /// Rows `y..<(y + rows)` of this canvas as a canvas of their own, over the same pixels
    /// (painted in place; this one must outlive it). Nil for an empty or outside range.
    public func rows(from y: Int, count rows: Int) -> TileCanvas? {
        guard y >= 0, rows > 0, y + rows <= height else { return nil }
        return TileCanvas(wrapping: pixels + y * stride, width: width, height: rows, stride: stride, format: format)
    }

    deinit {
        for solid in solids.values { pixman_image_unref(solid) }
        pixman_image_unref(image)
    }

    /// The first pixel's address; rows are `stride` bytes apart.
    public var pixels: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pixman_image_get_data(image)!) }
    public var stride: Int { Int(pixman_image_get_stride(image)) }

    /// Every pixel set to `color`.
    public func fill(_ color: RGBAColor) {
        var value = Self.pixmanColor(color)
        var box = pixman_box32_t(x1: 0, y1: 0, x2: Int32(width), y2: Int32(height))
        pixman_image_fill_boxes(PIXMAN_OP_SRC, image, &value, 1, &box)
    }

    /// A rectangle from `left` to `right` (fractions of a pixel give the edge columns partial
    /// coverage, so a box moves by sub-pixel phases like its text) over rows `top..<bottom`.
    public func fill(_ color: RGBAColor, left: Double, right: Double, top: Int, bottom: Int) {
        guard right > left, bottom > top else { return }
        fillPolygon([(left, Double(top)), (right, Double(top)), (right, Double(bottom)), (left, Double(bottom))], color: color)
    }

    /// Whole columns `x..<(x + columns)` of every row set to `color` (the strip's background).
    public func fill(_ color: RGBAColor, x: Int, columns: Int) {
        guard columns > 0 else { return }
        var value = Self.pixmanColor(color)
        var box = pixman_box32_t(x1: Int32(x), y1: 0, x2: Int32(x + columns), y2: Int32(height))
        pixman_image_fill_boxes(PIXMAN_OP_SRC, image, &value, 1, &box)
    }

    /// Copies columns `sourceX..<(sourceX + columns)` of `source` (as tall as this) to column
    /// `x` here, pixel for pixel. `source` may be this canvas's own pixels (a ribbon moved along
    /// in place): then each row is moved as memory, which pixman does not promise for overlaps.
    public func copy(_ source: TileCanvas, sourceX: Int, columns: Int, to x: Int) {
        if source.pixels == pixels && source.stride == stride {
            guard sourceX != x, columns > 0 else { return }
            for row in 0..<min(height, source.height) {
                let line = pixels + row * stride
                memmove(line + x * 4, line + sourceX * 4, columns * 4)
            }
            return
        }
        pixman_image_composite32(PIXMAN_OP_SRC, source.image, nil, image, Int32(sourceX), 0, 0, 0, Int32(x), 0,
                                 Int32(columns), Int32(min(height, source.height)))
    }

    /// A convex polygon, anti-aliased, blended over what is there.
    public func fillPolygon(_ points: [(x: Double, y: Double)], color: RGBAColor) {
        guard points.count >= 3 else { return }
        // A fan from the first point: pixman adds the triangles into one mask, so the shared
        // edges leave no seam.
        var triangles: [pixman_triangle_t] = []
        triangles.reserveCapacity(points.count - 2)
        func point(_ p: (x: Double, y: Double)) -> pixman_point_fixed_t {
            pixman_point_fixed_t(x: xmr_fixed(p.x), y: xmr_fixed(p.y))
        }
        for index in 1..<(points.count - 1) {
            triangles.append(pixman_triangle_t(p1: point(points[0]), p2: point(points[index]), p3: point(points[index + 1])))
        }
        pixman_composite_triangles(PIXMAN_OP_OVER, solid(color), image, PIXMAN_a8, 0, 0, 0, 0,
                                   Int32(triangles.count), &triangles)
    }

    /// A glyph with its image's top-left at (`x`, `y`): a coverage mask filled with `color`, a
    /// colour glyph as it is.
    func draw(_ glyph: GlyphImage, x: Int, y: Int, color: RGBAColor) {
        guard x < width, y < height, x + glyph.width > 0, y + glyph.height > 0 else { return }
        if glyph.isColour {
            pixman_image_composite32(PIXMAN_OP_OVER, glyph.image, nil, image, 0, 0, 0, 0, Int32(x), Int32(y),
                                     Int32(glyph.width), Int32(glyph.height))
        } else {
            pixman_image_composite32(PIXMAN_OP_OVER, solid(color), glyph.image, image, 0, 0, 0, 0, Int32(x), Int32(y),
                                     Int32(glyph.width), Int32(glyph.height))
        }
    }

    /// The premultiplied colour of the pixel at (`x`, `y`), 8 bits a channel (tests).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let value = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)[x]
        return (UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
                UInt8(truncatingIfNeeded: value >> 24))
    }

    private func solid(_ color: RGBAColor) -> OpaquePointer {
        // Glyph after glyph of a run asks for the same colour: no hashing for those.
        if let last = lastSolid, last.color == color { return last.image }
        if let known = solids[color] {
            lastSolid = (color, known)
            return known
        }
        var value = Self.pixmanColor(color)
        let made = pixman_image_create_solid_fill(&value)!
        solids[color] = made
        lastSolid = (color, made)
        return made
    }

    private static func pixmanColor(_ color: RGBAColor) -> pixman_color_t {
        let p = color.premultiplied
        return pixman_color_t(red: p.red, green: p.green, blue: p.blue, alpha: p.alpha)
    }
}
