/// Where each lane lies in the bar: the bar's height shared out in proportion to the heights the
/// lanes asked for (each fits its font), the last taking what rounding left.
public enum LaneRows {
    /// Each lane's first row and height, top to bottom, in a bar `total` rows tall.
    public static func sharing(_ total: Int, like heights: [Int]) -> [(y: Int, height: Int)] {
        let sum = max(1, heights.reduce(0, +))
        var rows: [(y: Int, height: Int)] = []
        var y = 0
        for (index, height) in heights.enumerated() {
            let share = index == heights.count - 1 ? max(0, total - y) : height * total / sum
            rows.append((y, share))
            y += share
        }
        return rows
    }
}
