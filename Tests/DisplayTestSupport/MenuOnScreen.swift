import Foundation

/// The bar's menu as a screenshot shows it: a box in the menu's background colour below the
/// 40-px bar, its rows of words read by OCR, each row's centre to click on.
struct MenuOnScreen {
    let x: Int, y: Int, width: Int, height: Int
    let words: [String]
    let itemCount: Int

    /// The menu in `shot`: the bounding box of `background`'s pixels outside the bar
    /// `barHeight` rows high at the top (or, `barAtBottom`, the bottom) edge (nil when there are
    /// too few to be a menu), read by OCR; it holds `itemCount` items.
    init?(in shot: Screenshot, background: Pixel, itemCount: Int, barHeight: Int = 40, barAtBottom: Bool = false) {
        var left = Int.max, right = -1, top = Int.max, bottom = -1
        for row in barAtBottom ? 0..<(shot.height - barHeight - 2) : (barHeight + 2)..<shot.height {
            for column in 0..<shot.width where Pixel(shot.pixel(x: column, y: row)) == background {
                left = min(left, column)
                right = max(right, column)
                top = min(top, row)
                bottom = max(bottom, row)
            }
        }
        guard right - left > 60, bottom - top > 100 else { return nil }
        (x, y, width, height) = (left, top, right - left + 1, bottom - top + 1)
        self.itemCount = itemCount
        words = (try? TextRecognizer.words(in: shot, x: x, y: y, width: width, height: height, lines: true)) ?? []
    }

    /// The centre of item `index`'s row: the rows share the height between two margins of a
    /// sixth of a row each (`MenuLayout`: rows 1.5 lines high, margins a quarter line).
    func itemCentre(_ index: Int) -> (x: Int, y: Int) {
        let row = Double(height) / (Double(itemCount) + 1.0 / 3.0)
        return (x + width / 2, y + Int(row / 6 + row * (Double(index) + 0.5)))
    }
}
