import CFriBidi

/// Right-to-left text for a renderer that places glyphs one by one from left to right: the
/// Unicode bidirectional algorithm and Arabic shaping to presentation forms, by GNU FriBidi.
/// No fonts and no X11 here: what comes out is scalars in the order they appear on screen.
public enum BidiText {
    /// One line in visual order (left to right on screen): paragraph direction from the first
    /// strong character (LTR when none), Arabic joined and shaped into presentation forms
    /// (fribidi_join_arabic + fribidi_shape with FRIBIDI_FLAGS_ARABIC, mirroring of brackets in
    /// RTL runs), explicit bidi marks and ligature fillers removed.
    /// `logicalIndex[i]` is the index in the input of the scalar shown at visual position i (so
    /// the caller can carry styles such as colours through the reordering).
    public static func visualLine(_ scalars: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], logicalIndex: [Int]) {
        let identity = (scalars, Array(scalars.indices))
        guard mayNeedReordering(scalars), let length = FriBidiStrIndex(exactly: scalars.count) else { return identity }
        var text = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var joining = [FriBidiArabicProp](repeating: 0, count: scalars.count)
        var visualToLogical = Array(0..<length)

        fribidi_get_bidi_types(text, length, &types)
        fribidi_get_bracket_types(text, length, types, &brackets)
        var direction = xm_fribidi_direction_from_text()
        guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, &levels) > 0 else { return identity }
        // A line with no strong character comes back "neutral"; it is laid out left to right.
        direction = xm_fribidi_is_right_to_left(direction) != 0 ? xm_fribidi_right_to_left() : xm_fribidi_left_to_right()

        // Shaping works on the logical order, where each letter's neighbours are its joining
        // partners; lam + alef becomes the ligature at the alef and a filler at the lam.
        fribidi_get_joining_types(text, length, &joining)
        fribidi_join_arabic(types, length, levels, &joining)
        fribidi_shape(xm_fribidi_shaping_flags(), levels, length, &joining, &text)
        guard fribidi_reorder_line(xm_fribidi_reordering_flags(), types, length, 0, direction, &levels, &text,
                                   &visualToLogical) > 0 else { return identity }

        var visual: [Unicode.Scalar] = []
        var logicalIndex: [Int] = []
        visual.reserveCapacity(scalars.count)
        logicalIndex.reserveCapacity(scalars.count)
        for position in 0..<scalars.count {
            let logical = Int(visualToLogical[position])
            guard !isNeverDrawn(shaped: text[position], original: scalars[logical], type: types[logical]),
                  let scalar = Unicode.Scalar(text[position]) else { continue }
            visual.append(scalar)
            logicalIndex.append(logical)
        }
        return (visual, logicalIndex)
    }

    /// Marks that only steer the algorithm (embeddings, overrides, isolates, LRM, RLM, ALM) and
    /// the zero-width fillers shaping leaves where a ligature swallowed a letter (U+FEFF, which
    /// as input is an invisible no-break space: dropping it changes nothing on screen).
    private static func isNeverDrawn(shaped: FriBidiChar, original: Unicode.Scalar, type: FriBidiCharType) -> Bool {
        if shaped == 0xFEFF { return true }
        switch original.value {
        case 0x200E, 0x200F, 0x061C: return true
        default: return xm_fribidi_is_formatting_mark(type) != 0
        }
    }
}
