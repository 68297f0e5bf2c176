import CFonts
import MarqueeFormats

/// How the desktop wants text drawn where neither the `--font` pattern nor the fontconfig
/// configuration says: DPI, antialiasing, hinting, synthetic bold. Xft took these from the
/// `Xft.*` X resources; each display backend fills this from its own desktop settings, and a
/// request completes its pattern with it after fontconfig's substitutions, as
/// `XftDefaultSubstitute` did (a value already in the pattern stays).
public struct FontRenderingDefaults: Equatable, Sendable {
    /// Sizes in points become pixels at this DPI.
    public var dpi: Double
    /// Nil: Xft's own default (on).
    public var antialias: Bool?
    /// Nil: Xft's own default (on).
    public var hinting: Bool?
    /// A fontconfig hint style (`FC_HINT_NONE` … `FC_HINT_FULL`); nil: Xft's default (full).
    public var hintStyle: Int32?
    /// Nil: Xft's own default (off).
    public var embolden: Bool?

    public init(dpi: Double = DesktopPreferences.referenceDPI, antialias: Bool? = nil, hinting: Bool? = nil,
                hintStyle: Int32? = nil, embolden: Bool? = nil) {
        self.dpi = dpi
        self.antialias = antialias
        self.hinting = hinting
        self.hintStyle = hintStyle
        self.embolden = embolden
    }

    /// Adds what the pattern does not set yet, then fontconfig's own defaults (pixel size from
    /// points and DPI, among others).
    func complete(_ pattern: OpaquePointer) {
        func unset(_ object: UnsafePointer<CChar>) -> Bool {
            var value = FcValue()
            return FcPatternGet(pattern, object, 0, &value) == FcResultNoMatch
        }
        if unset(xm_fc_dpi()) { FcPatternAddDouble(pattern, xm_fc_dpi(), dpi) }
        if unset(xm_fc_antialias()) { FcPatternAddBool(pattern, xm_fc_antialias(), (antialias ?? true) ? 1 : 0) }
        if unset(xm_fc_embolden()) { FcPatternAddBool(pattern, xm_fc_embolden(), (embolden ?? false) ? 1 : 0) }
        if unset(xm_fc_hinting()) { FcPatternAddBool(pattern, xm_fc_hinting(), (hinting ?? true) ? 1 : 0) }
        if unset(xm_fc_hint_style()) { FcPatternAddInteger(pattern, xm_fc_hint_style(), hintStyle ?? Int32(xm_fc_hint_full())) }
        FcDefaultSubstitute(pattern)
    }

    /// The defaults Xft took from its X resources: `resource` gives the value of `Xft.<name>`
    /// (antialias, hinting, hintstyle, embolden) as the desktop set it, nil where it did not.
    public init(dpi: Double, xftResource resource: (String) -> String?) {
        self.init(dpi: dpi, antialias: resource("antialias").flatMap(Self.parseBool),
                  hinting: resource("hinting").flatMap(Self.parseBool),
                  hintStyle: resource("hintstyle").flatMap(Self.parseHintStyle),
                  embolden: resource("embolden").flatMap(Self.parseBool))
    }

    /// A boolean resource as Xft reads one: true, yes, on, 1 / false, no, off, 0 (by their
    /// first letters, any case); nil for anything else.
    public static func parseBool(_ text: String) -> Bool? {
        let lower = Array(text.lowercased().utf8.prefix(2))
        guard let first = lower.first else { return nil }
        switch first {
        case UInt8(ascii: "t"), UInt8(ascii: "y"), UInt8(ascii: "1"): return true
        case UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "0"): return false
        case UInt8(ascii: "o") where lower.count > 1:
            if lower[1] == UInt8(ascii: "n") { return true }
            if lower[1] == UInt8(ascii: "f") { return false }
            return nil
        default: return nil
        }
    }

    /// A hint style as Xft reads one: a fontconfig constant (`hintslight`) or a number.
    public static func parseHintStyle(_ text: String) -> Int32? {
        var constant: Int32 = 0
        if FcNameConstant(text, &constant) != 0 { return constant }
        return Int32(text)
    }
}

