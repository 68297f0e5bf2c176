import CX11
import Glibc
import MarqueeCore

/// Draws the rounded box behind each message (`--item-bg`): an anti-aliased XRender polygon
/// from the message's start to its end (padding included), a little inside the strip's height.
final class CapsulePainter {
    private let connection: XConnection
    let style: CapsuleStyle
    private let fill: Picture
    private let maskFormat: UnsafeMutablePointer<XRenderPictFormat>?
    private var points: [XPointDouble] = []
    /// Segments per quarter circle: smooth at ticker sizes, cheap to rasterise.
    private static let arcSegments = 8

    init(connection: XConnection, style: CapsuleStyle) {
        self.connection = connection
        self.style = style
        // Render colours are premultiplied.
        let alpha = UInt32(style.color.alpha)
        var color = XRenderColor(red: UInt16(UInt32(style.color.red) * alpha / 0xFFFF),
                                 green: UInt16(UInt32(style.color.green) * alpha / 0xFFFF),
                                 blue: UInt16(UInt32(style.color.blue) * alpha / 0xFFFF), alpha: style.color.alpha)
        fill = XRenderCreateSolidFill(connection.display, &color)
        maskFormat = XRenderFindStandardFormat(connection.display, Int32(PictStandardA8))
    }

    deinit { XRenderFreePicture(connection.display, fill) }

    /// The vertical extent of every capsule: the text's box with a little air, inside the strip.
    static func band(height: Int, fontHeight: Int) -> (top: Int, bottom: Int) {
        let air = max(1, (height - fontHeight) / 4)
        return (air, max(air + 1, height - air))
    }

    /// Paints the capsules of the messages that meet cycle-local `[lower, upper)`, shifted by
    /// `offset` into the tile.
    func paint(messagesOf layout: CycleLayout, from lower: Int, to upper: Int, offset: Int, height: Int, fontHeight: Int,
               on picture: Picture) {
        guard !layout.messageStarts.isEmpty, lower < upper else { return }
        let band = Self.band(height: height, fontHeight: fontHeight)
        var index = layout.messageIndex(containing: lower)
        while index < layout.messageStarts.count && layout.messageStarts[index] < upper {
            let start = layout.messageStarts[index], end = layout.messageEnds[index]
            if end > lower && end > start {
                outline(left: Double(start + offset), right: Double(end + offset),
                        top: Double(band.top), bottom: Double(band.bottom))
                XRenderCompositeDoublePoly(connection.display, PictOpOver, fill, picture, maskFormat, 0, 0, 0, 0,
                                           &points, Int32(points.count), 0)
            }
            index += 1
        }
    }

    /// A rounded rectangle as a polygon, clockwise from the top-left arc.
    private func outline(left: Double, right: Double, top: Double, bottom: Double) {
        let radius = min(Double(style.radius ?? Int.max), (bottom - top) / 2, (right - left) / 2)
        points.removeAll(keepingCapacity: true)
        let corners: [(x: Double, y: Double, from: Double)] = [
            (left + radius, top + radius, Double.pi),
            (right - radius, top + radius, 1.5 * Double.pi),
            (right - radius, bottom - radius, 0),
            (left + radius, bottom - radius, 0.5 * Double.pi),
        ]
        for corner in corners {
            for step in 0...Self.arcSegments {
                let angle = corner.from + Double(step) / Double(Self.arcSegments) * (Double.pi / 2)
                points.append(XPointDouble(x: corner.x + radius * cos(angle), y: corner.y + radius * sin(angle)))
            }
        }
    }
}
