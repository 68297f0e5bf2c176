import MarqueeConfig
import MarqueeFormats

extension Options {
    /// Every option's long name and kind, read from the declarations themselves (the way
    /// ArgumentParser reads them), with what `Setting` declares about its config value, so a new
    /// option gets its config key without another list.
    /// Every option here uses its property's name in kebab case as its long name.
    static let catalog: OptionCatalog = {
        var values: Set<String> = [], flags: Set<String> = [], repeatable: Set<String> = []
        var positional: String?
        // The sources' and the label's options live in groups of their own; they get config keys the same way.
        let groups = [Mirror(reflecting: SourceOptions()), Mirror(reflecting: LabelOptions())]
        for child in Array(Mirror(reflecting: Options()).children) + groups.flatMap(\.children) {
            guard let label = child.label, label.hasPrefix("_") else { continue }
            let name = kebabCase(String(label.dropFirst()))
            // The type's own name (`Option<Optional<String>>`), read from its metadata:
            // `String(describing:)` would first try the metatype against the printing protocols,
            // and each such dynamic cast of a new type searches every conformance in the binary
            // (about a sixth of the start-up's instructions).
            let kind = _typeName(type(of: child.value), qualified: false)
            if kind.hasPrefix("Flag<") { flags.insert(name) }
            else if kind.hasPrefix("Option<") {
                values.insert(name)
                if kind.hasPrefix("Option<Array<") { repeatable.insert(name) }
            }
            else if kind.hasPrefix("Argument<") { positional = name }
        }
        var paths: Set<String> = [], tables: [String: String] = [:]
        for setting in Setting.allCases {
            switch setting.declaration.configValue {
            case .plain: break
            case .path: paths.insert(setting.name)
            case .tables(let valueKey): tables[setting.name] = valueKey
            }
        }
        return OptionCatalog(valueOptions: values, flags: flags, positional: positional, pathOptions: paths,
                             repeatableOptions: repeatable, tableOptions: tables)
    }()

    /// `someOption` → `some-option`, ArgumentParser's default long name.
    static func kebabCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                if !result.isEmpty { result += "-" }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The settings in effect as config-file lines (`--print-config`), also what a reload compares
    /// to find what changed. Unset optional values are left out.
    var settings: [(key: String, value: String)] {
        // TOML's escapes, control characters included, so the output reads back as a config file.
        let quoted = ConfigDocument.quoted
        // A number, as the option was always written; a string where it carries the `px` unit.
        func length(_ value: PixelLength, decimal: Bool = false) -> String {
            if value.isExact { return quoted(value.description) }
            return decimal || value.value != value.value.rounded() ? String(value.value) : value.description
        }
        var list: [(String, String)] = [
            ("text", "[" + text.map(quoted).joined(separator: ", ") + "]"),
            ("font", font.count == 1 ? quoted(font[0]) : "[" + font.map(quoted).joined(separator: ", ") + "]"),
            ("markup", String(markup)), ("fg", quoted(fg)), ("bg", quoted(bg)),
            ("speed", length(speed, decimal: true)), ("direction", quoted(direction.rawValue)), ("separator", quoted(separator)),
            ("stdin", String(stdin)), ("keep", String(keep)),
            ("above", String(above)), ("sticky", String(sticky)),
            ("mode", quoted(mode.rawValue)), ("align", quoted(align.rawValue)), ("pause-at-start", String(pauseAtStart)), ("hold", String(hold)),
            ("start", quoted(start.rawValue)), ("pause-on-hover", String(pauseOnHover)), ("subpixel", quoted(subpixel.rawValue)),
            ("click-to-pause", String(clickToPause)), ("menu", String(menu)), ("fade", length(fade)), ("motion", quoted(motion.rawValue)), ("name", quoted(name)),
            ("backend", quoted(backend.rawValue)), ("layer", quoted(layer.rawValue)),
        ]
        if !fontFeatures.isEmpty { list.append(("font-features", quoted(fontFeatures))) }
        if let duration { list.append(("duration", String(duration))) }
        if let itemBg { list.append(("item-bg", quoted(itemBg))) }
        if let itemPadding { list.append(("item-padding", length(itemPadding))) }
        if let itemRadius { list.append(("item-radius", length(itemRadius))) }
        if let file { list.append(("file", quoted(file))) }
        if let geometry { list.append(("geometry", quoted(geometry))) }
        if let bar { list.append(("bar", quoted(bar.rawValue))) }
        if let height { list.append(("height", length(height))) }
        if let monitor { list.append(("monitor", quoted(monitor))) }
        if let display { list.append(("display", quoted(display))) }
        list += labelSettings.settings
        return list.sorted { $0.0 < $1.0 }
    }
}
