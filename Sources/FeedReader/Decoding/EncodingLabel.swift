import Foundation

/// The name iconv knows for an encoding label found in a Content-Type charset or an XML
/// declaration. Labels are matched as the WHATWG Encoding Standard matches them (case and
/// surrounding white space ignored, its common aliases), and Latin-1 and ASCII are read as
/// Windows-1252 as browsers do: feeds that say ISO-8859-1 are written on Windows, so bytes
/// 0x80–0x9F are smart quotes and dashes, not C1 control characters.
enum EncodingLabel {
    /// The byte-order families whose byte order comes from the BOM or the bytes themselves.
    static let utf16 = "UTF-16", utf32 = "UTF-32"

    static func iconvName(_ label: String) -> String {
        let key = label.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\"'")).lowercased()
        if let name = aliases[key] { return name }
        return key.uppercased()
    }

    private static let aliases: [String: String] = {
        var table: [String: String] = [:]
        func add(_ name: String, _ labels: [String]) { for label in labels { table[label] = name } }
        add("UTF-8", ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"])
        add(utf16, ["utf-16", "utf16", "u16", "ucs-2", "ucs2", "unicode", "csunicode", "iso-10646-ucs-2", "unicodefeff"])
        add("UTF-16LE", ["utf-16le", "utf16le"])
        add("UTF-16BE", ["utf-16be", "utf16be", "unicodefffe"])
        add(utf32, ["utf-32", "utf32", "u32", "ucs-4", "ucs4", "iso-10646-ucs-4"])
        add("UTF-32LE", ["utf-32le", "utf32le"])
        add("UTF-32BE", ["utf-32be", "utf32be"])
        add("WINDOWS-1252", ["iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "latin1", "l1",
                             "ascii", "us-ascii", "ansi_x3.4-1968", "cp819", "ibm819", "iso-ir-100", "csisolatin1",
                             "windows-1252", "cp1252", "x-cp1252"])
        add("WINDOWS-1254", ["iso-8859-9", "iso8859-9", "latin5", "l5", "iso-ir-148", "csisolatin5", "windows-1254", "cp1254"])
        add("CP932", ["shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "ms932", "windows-31j", "csshiftjis"])
        add("GB18030", ["gb18030", "gb2312", "gbk", "x-gbk", "cp936", "chinese", "csgb2312", "gb_2312", "gb_2312-80",
                        "iso-ir-58", "csiso58gb231280"])
        add("BIG5-HKSCS", ["big5", "big5-hkscs", "cn-big5", "x-x-big5", "csbig5"])
        add("KOI8-R", ["koi8-r", "koi8r", "koi8", "koi", "cskoi8r"])
        add("KOI8-U", ["koi8-u", "koi8-ru"])
        add("CP949", ["euc-kr", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "windows-949", "cp949", "cseuckr"])
        add("MACINTOSH", ["macintosh", "mac", "x-mac-roman", "csmacintosh"])
        return table
    }()
}
