/// Checks `StepMatcher.fractionalStep` on synthetic lines of "text" whose true shift is known:
/// strokes of random width, place and ink, area-sampled into column profiles (what an
/// anti-aliased rasterizer puts in a column) at fractional offsets, rounded to whole levels.
/// The smoothness figures are only as good as this error is small.
struct SubpixelSelfCheck {
    var rmsError = 0.0
    var maxError = 0.0
    var trials = 0
    var unread = 0

    static let width = 1920

    init(seed: UInt64 = 0x5EED) {
        var random = SplitMix(seed)
        let strokes = (0..<600).map { _ in
            Stroke(start: random.unit() * Double(Self.width + 200), width: 0.7 + random.unit() * 2.3,
                   ink: 800 + random.unit() * 6000)
        }
        let before = Self.profile(strokes, shift: 0)
        var squares = 0.0
        for whole in [-3, 0, 1, 2, 5] {
            for twentieth in 0..<20 {
                let shift = Double(whole) + Double(twentieth) / 20
                guard let read = StepMatcher.fractionalStep(from: before, to: Self.profile(strokes, shift: shift)) else {
                    unread += 1
                    continue
                }
                let error = read - shift
                squares += error * error
                maxError = max(maxError, abs(error))
                trials += 1
            }
        }
        rmsError = trials > 0 ? (squares / Double(trials)).squareRoot() : .infinity
    }

    struct Stroke { var start: Double; var width: Double; var ink: Double }

    /// Column sums of the strokes moved left by `shift`: each column gets the ink of the part of
    /// each stroke that covers it.
    static func profile(_ strokes: [Stroke], shift: Double) -> [Int32] {
        var columns = [Double](repeating: 300, count: width)
        for stroke in strokes {
            let left = stroke.start - shift, right = left + stroke.width
            guard right > 0, left < Double(width) else { continue }
            for x in max(0, Int(left.rounded(.down)))...min(width - 1, Int(right.rounded(.down))) {
                let covered = min(right, Double(x + 1)) - max(left, Double(x))
                if covered > 0 { columns[x] += covered * stroke.ink }
            }
        }
        return columns.map { Int32($0.rounded()) }
    }

    /// A small deterministic generator (SplitMix64), so every run checks the same lines.
    struct SplitMix {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
    }
}
