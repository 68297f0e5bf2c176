/// Reads how far the picture moved between two frames from their column profiles (the sum of
/// each column's pixels over a band of rows): the shift that makes the profiles agree best.
enum StepMatcher {
    /// The shift s (text moving left by s pixels: now[x] == before[x + s]) within ±maxShift,
    /// or nil when no shift matches (a content swap, a resize, or a blank band).
    static func step(from before: [Int32], to now: [Int32], maxShift: Int = 96) -> Int? {
        let width = min(before.count, now.count)
        guard width > 4 * maxShift else { return nil }
        var bestShift = 0
        var bestCost = Int.max
        var secondCost = Int.max
        for shift in -maxShift...maxShift {
            let lower = max(0, -shift), upper = min(width, width - shift)
            var cost = 0
            for x in lower..<upper { cost += abs(Int(now[x]) - Int(before[x + shift])) }
            // Normalise to the compared width so large shifts are not favoured.
            cost = cost * width / (upper - lower)
            if cost < bestCost {
                secondCost = bestCost
                bestCost = cost
                bestShift = shift
            } else if cost < secondCost {
                secondCost = cost
            }
        }
        // A real match is (near) exact; a blank or featureless band matches every shift equally.
        let contrast = now.max()! - now.min()!
        guard contrast > 0, bestCost <= width * Int(contrast) / 200 else { return nil }
        return bestShift
    }
}
