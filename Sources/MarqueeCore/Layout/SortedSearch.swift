extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// In an ascending collection: how many elements are at or below `value` (a binary search), so the
    /// last of them is at that count − 1. Message starts and a schedule's arrival times ask it.
    func countAtOrBelow(_ value: Element) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = (low + high) / 2
            if self[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
