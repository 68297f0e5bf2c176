import CFriBidi

/// The Unicode bidirectional algorithm for one line, by GNU FriBidi: which characters run left
/// to right and which right to left, and in what order those runs appear on screen. No fonts,
/// no shaping, no X11: a shaper (HarfBuzz) shapes each run in its own direction, mirroring
/// brackets and joining Arabic itself.
public enum BidiText {
    /// Characters `range` (indices into the line) of one direction.
    public struct Run: Equatable, Sendable {
        public var range: Range<Int>
        public var rightToLeft: Bool

        public init(range: Range<Int>, rightToLeft: Bool) {
            self.range = range
            self.rightToLeft = rightToLeft
        }
    }

    /// The line's runs of one embedding level, in the order they appear on screen from left to
    /// right. The paragraph takes the direction of its first strong character (left to right
    /// when there is none); bracket pairs are resolved (rule N0); whitespace at the end of the
    /// line goes back to the paragraph's level (rule L1); runs are ordered by rule L2.
    public static func runs(_ scalars: [Unicode.Scalar]) -> [Run] {
        guard !scalars.isEmpty else { return [] }
        let leftToRight = [Run(range: scalars.indices, rightToLeft: false)]
        guard mayNeedReordering(scalars), let length = FriBidiStrIndex(exactly: scalars.count) else { return leftToRight }
        var text = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var visualToLogical = Array(0..<length)

        fribidi_get_bidi_types(text, length, &types)
        fribidi_get_bracket_types(text, length, types, &brackets)
        var direction = xm_fribidi_direction_from_text()
        guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, &levels) > 0 else { return leftToRight }
        // A line with no strong character comes back "neutral"; it is laid out left to right.
        direction = xm_fribidi_is_right_to_left(direction) != 0 ? xm_fribidi_right_to_left() : xm_fribidi_left_to_right()
        // Reordering also applies rule L1 to `levels` (trailing whitespace to the paragraph level).
        guard fribidi_reorder_line(xm_fribidi_reordering_flags(), types, length, 0, direction, &levels, &text,
                                   &visualToLogical) > 0 else { return leftToRight }

        var visualPosition = [Int](repeating: 0, count: scalars.count)
        for (visual, logical) in visualToLogical.enumerated() { visualPosition[Int(logical)] = visual }
        var runs: [(run: Run, firstVisual: Int)] = []
        var start = 0
        for index in 1...scalars.count where index == scalars.count || levels[index] != levels[start] {
            let range = start..<index
            runs.append((Run(range: range, rightToLeft: levels[start] & 1 == 1),
                         range.map { visualPosition[$0] }.min() ?? 0))
            start = index
        }
        return runs.sorted { $0.firstVisual < $1.firstVisual }.map(\.run)
    }
}
