/// Checks `StepMatcher.fractionalStep` on lines whose true shift is known: synthetic "text"
/// (strokes of random width, place and ink, area-sampled into column profiles, as an
/// anti-aliased rasterizer fills a column) and real glyphs that FreeType rendered at the
/// shifted sub-pixel phase (`GlyphLine`). The smoothness figures are only as good as this error
/// is small.
struct SubpixelSelfCheck {
    var rmsError = 0.0
    var maxError = 0.0
    var trials = 0
    var unread = 0

    static let width = 1920

    /// Reads `line(0)` against `line(shift)` for whole and fractional shifts, both ways.
    init(line: (Double) -> [Int32]) {
        let before = line(0)
        var squares = 0.0
        for whole in [-3, 0, 1, 2, 5] {
            for twentieth in 0..<20 {
                let shift = Double(whole) + Double(twentieth) / 20
                guard let read = StepMatcher.fractionalStep(from: before, to: line(shift)) else {
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

    /// Synthetic strokes, area-sampled.
    static func strokes(seed: UInt64 = 0x5EED) -> SubpixelSelfCheck {
        var random = SplitMix(seed)
        let strokes = (0..<600).map { _ in
            Stroke(start: random.unit() * Double(width + 200), width: 0.7 + random.unit() * 2.3,
                   ink: 800 + random.unit() * 6000)
        }
        return SubpixelSelfCheck { profile(strokes, shift: $0) }
    }

    /// The headlines in DejaVu Sans at 16 px, the line moved left by the shift; nil without the font.
    static func glyphs() -> SubpixelSelfCheck? {
        guard let line = GlyphLine() else { return nil }
        let text = TextFixtures.headlineLines.joined(separator: "   ")
        return SubpixelSelfCheck { line.profile(text, start: 8 - $0, width: width) }
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
