import Glibc

/// Reads how far the picture moved between two frames from their column profiles (the sum of
/// each column's pixels over a band of rows): the shift that makes the profiles agree best.
enum StepMatcher {
    /// The shift to a fraction of a pixel: the best whole shift k, then the fraction f for which
    /// `before`, resampled at x + k + f with a Lanczos kernel (three lobes, close to the ideal
    /// band-limited interpolation), agrees best with `now` in the least-squares sense. Linear
    /// interpolation would blur the resampled picture more the nearer f is to half a pixel and
    /// pull every reading toward whole pixels; `SubpixelSelfCheck` measures what is left.
    /// nil when even the best fit leaves more than `maxResidual` of the picture's variance
    /// unexplained (a content swap, a resize).
    static func fractionalStep(from before: [Int32], to now: [Int32], maxShift: Int = 96,
                               maxResidual: Double = 0.05) -> Double? {
        guard let whole = bestWholeShift(from: before, to: now, maxShift: maxShift) else { return nil }
        let width = min(before.count, now.count)
        let lower = max(4, -whole + 4), upper = min(width - 4, width - whole - 4)
        guard upper - lower > width / 2 else { return nil }
        let old = before.map(Double.init), new = now.map(Double.init)
        func cost(_ fraction: Double) -> Double {
            // The six weights for taps at whole offsets -2...3 from floor(fraction).
            let base = Int(fraction.rounded(.down)), phase = fraction - Double(base)
            var weights = [Double](repeating: 0, count: 6)
            for tap in 0..<6 { weights[tap] = lanczos(phase - Double(tap - 2)) }
            let total = weights.reduce(0, +)
            var sum = 0.0
            for x in lower..<upper {
                var resampled = 0.0
                let origin = x + whole + base - 2
                for tap in 0..<6 { resampled += weights[tap] * old[origin + tap] }
                let difference = new[x] - resampled / total
                sum += difference * difference
            }
            return sum
        }
        // Quarter steps over the pixel on either side, then a golden-section search around the best.
        var centre = 0.0, centreCost = cost(0)
        for quarter in -4...4 where quarter != 0 {
            let candidate = Double(quarter) / 4, candidateCost = cost(candidate)
            if candidateCost < centreCost { (centre, centreCost) = (candidate, candidateCost) }
        }
        var low = max(-1, centre - 0.25), high = min(1, centre + 0.25)
        let ratio = (5.0.squareRoot() - 1) / 2
        var left = high - ratio * (high - low), right = low + ratio * (high - low)
        var leftCost = cost(left), rightCost = cost(right)
        while high - low > 0.0005 {
            if leftCost < rightCost {
                (high, right, rightCost) = (right, left, leftCost)
                left = high - ratio * (high - low)
                leftCost = cost(left)
            } else {
                (low, left, leftCost) = (left, right, rightCost)
                right = low + ratio * (high - low)
                rightCost = cost(right)
            }
        }
        let fraction = (low + high) / 2
        let mean = new[lower..<upper].reduce(0, +) / Double(upper - lower)
        let variance = new[lower..<upper].reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        guard variance > 0, cost(fraction) <= maxResidual * variance else { return nil }
        return Double(whole) + fraction
    }

    /// The Lanczos kernel with three lobes: sinc(x)·sinc(x/3) for |x| < 3.
    private static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        let pix = Double.pi * x
        return 3 * sin(pix) * sin(pix / 3) / (pix * pix)
    }

    /// The whole shift with the least mean absolute difference; nil for a blank picture.
    private static func bestWholeShift(from before: [Int32], to now: [Int32], maxShift: Int) -> Int? {
        let width = min(before.count, now.count)
        guard width > 4 * maxShift, now[0..<width].contains(where: { $0 != now[0] }) else { return nil }
        var bestShift = 0
        var bestCost = Int.max
        for shift in -maxShift...maxShift {
            let lower = max(0, -shift), upper = min(width, width - shift)
            var cost = 0
            for x in lower..<upper { cost += abs(Int(now[x]) - Int(before[x + shift])) }
            // Normalise to the compared width so large shifts are not favoured.
            cost = cost * width / (upper - lower)
            if cost < bestCost {
                bestCost = cost
                bestShift = shift
            }
        }
        return bestShift
    }
}
