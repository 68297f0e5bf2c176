/// A rectangle of a screenshot, in device pixels.
struct ScreenRectangle: Equatable, CustomStringConvertible {
    let x: Int, y: Int, width: Int, height: Int
    var description: String { "\(width)×\(height)+\(x)+\(y)" }
}

extension Screenshot {
    /// The mean absolute difference, in grey levels (0–255, every channel counted), between
    /// `rectangle` of this picture and the same size at `origin` of `other`.
    func meanAbsoluteDifference(_ rectangle: ScreenRectangle, from other: Screenshot, at origin: (x: Int, y: Int) = (0, 0)) -> Double {
        var sum = 0
        for row in 0..<rectangle.height {
            let mine = ((rectangle.y + row) * width + rectangle.x) * 3
            let theirs = ((origin.y + row) * other.width + origin.x) * 3
            for index in 0..<(rectangle.width * 3) { sum += abs(Int(rgb[mine + index]) - Int(other.rgb[theirs + index])) }
        }
        return Double(sum) / Double(max(1, rectangle.width * rectangle.height * 3))
    }

    /// A window of `height` rows filled with `colour` where no text reaches (its top and bottom
    /// rows), at least `minimumWidth` wide: where a compositor without layer-shell put the ticker's
    /// window. The first such from the top; nil when there is none.
    func window(height: Int, colour: Pixel, minimumWidth: Int = 300) -> ScreenRectangle? {
        func isColour(_ x: Int, _ y: Int) -> Bool { Pixel(pixel(x: x, y: y)) == colour }
        /// The runs of `colour` in row `y`, at least `minimumWidth` long.
        func runs(_ y: Int) -> [Range<Int>] {
            var found: [Range<Int>] = [], start: Int?
            for x in 0...width {
                if x < width && isColour(x, y) { start = start ?? x; continue }
                if let begin = start, x - begin >= minimumWidth { found.append(begin..<x) }
                start = nil
            }
            return found
        }
        guard self.height > height else { return nil }
        for y in 0..<(self.height - height + 1) {
            for run in runs(y) where !(y > 0 && run.allSatisfy { isColour($0, y - 1) }) {
                let bottom = y + height - 1
                guard run.allSatisfy({ isColour($0, bottom) }) else { continue }
                if bottom + 1 < self.height && run.allSatisfy({ isColour($0, bottom + 1) }) { continue }
                return ScreenRectangle(x: run.lowerBound, y: y, width: run.count, height: height)
            }
        }
        return nil
    }
}
