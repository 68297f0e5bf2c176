import MarqueeFormats

/// `_XSETTINGS_SETTINGS` as any client may write it: an error or settings, and settings written
/// out again (in either byte order) read back the same.
enum XSettingsFuzz: FuzzTarget {
    static let name = "xsettings"

    static func run(_ data: [UInt8]) {
        guard let settings = try? XSettings(parsing: data) else { return }
        for bigEndian in [false, true] {
            let again = try? XSettings(parsing: settings.encoded(bigEndian: bigEndian))
            FuzzTargets.require(again == settings, "settings do not read back as written (big-endian: \(bigEndian))")
        }
    }
}
