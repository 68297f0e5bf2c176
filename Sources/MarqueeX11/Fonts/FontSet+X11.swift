import CX11
import FontMatching
import MarqueeFormats

extension FontSet {
    /// Opens the fonts with the X desktop's rendering defaults: sizes in points become pixels at
    /// `dpi` (XSETTINGS, X resources), and the `Xft.*` resources say how to draw what neither
    /// the pattern nor fontconfig's configuration decides.
    public static func open(patterns: [String], features: FontFeatures = .none, dpi: Double = DesktopPreferences.referenceDPI,
                            on connection: XConnection) throws(FontPatternError) -> (FontSet, warnings: [String]) {
        try open(patterns: patterns, features: features, defaults: FontRenderingDefaults(xftResourcesOf: connection, dpi: dpi))
    }
}

extension FontRenderingDefaults {
    /// `Xft.antialias`, `Xft.hinting`, `Xft.hintstyle` and `Xft.embolden`, read as libXft read
    /// them (XGetDefault: the server's RESOURCE_MANAGER and ~/.Xdefaults, as at connection).
    public init(xftResourcesOf connection: XConnection, dpi: Double) {
        self.init(dpi: dpi) { name in XGetDefault(connection.display, "Xft", name).map { String(cString: $0) } }
    }
}
