/// HTML5's named character references (all 2125 of them, `HTMLEntityTable.swift`), for titles
/// and descriptions written as HTML and for the undeclared `&eacute;` of feeds that are not
/// well-formed XML.
enum HTMLEntities {
    /// The five XML itself defines: every XML parser knows them.
    static let xmlPredefined: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// The characters `&name;` stands for, nil for a name HTML does not define.
    static func characters(named name: Substring) -> [Unicode.Scalar]? {
        byName[String(name)]
    }

    /// Parsed from the table on first use (a literal dictionary of 2125 entries is slow to compile).
    private static let byName: [String: [Unicode.Scalar]] = {
        var names: [String: [Unicode.Scalar]] = [:]
        names.reserveCapacity(2200)
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let name = fields.first else { continue }
            names[String(name)] = fields.dropFirst().compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
        }
        return names
    }()
}
