import Glibc
import MarqueeCore

/// The rounded box behind each message (`--item-bg`): where it sits in the strip's height and
/// its outline as a polygon, from the message's start to its end (padding included).
enum CapsuleOutline {
    /// Segments per quarter circle: smooth at ticker sizes, cheap to rasterize.
    static let arcSegments = 8

    /// The vertical extent of every capsule: the text's box with a little air, inside the strip.
    static func band(height: Int, fontHeight: Int) -> (top: Int, bottom: Int) {
        let air = max(1, (height - fontHeight) / 4)
        return (air, max(air + 1, height - air))
    }

    /// A rounded rectangle, clockwise from the top-left arc; `radius` nil rounds the ends fully.
    static func points(left: Double, right: Double, top: Double, bottom: Double, radius: Int?) -> [(x: Double, y: Double)] {
        let radius = min(Double(radius ?? Int.max), (bottom - top) / 2, (right - left) / 2)
        let corners: [(x: Double, y: Double, from: Double)] = [
            (left + radius, top + radius, Double.pi),
            (right - radius, top + radius, 1.5 * Double.pi),
            (right - radius, bottom - radius, 0),
            (left + radius, bottom - radius, 0.5 * Double.pi),
        ]
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(4 * (arcSegments + 1))
        for corner in corners {
            for step in 0...arcSegments {
                let angle = corner.from + Double(step) / Double(arcSegments) * (Double.pi / 2)
                points.append((corner.x + radius * cos(angle), corner.y + radius * sin(angle)))
            }
        }
        return points
    }
}
