import Foundation
import MarqueeConfig

/// Option lists and the setting summaries written as roff for a man page.
enum ManualRenderer {
    /// `.TP` entries: the option, its help, what the declaration adds for the man page, its
    /// default and its traits.
    static func options(_ entries: [OptionEntry]) -> String {
        entries.map { entry in
            var head: [String] = []
            for spelling in entry.spellings {
                head.append(Roff.bold(spelling) + (entry.valueName.map { " " + Roff.italic($0) } ?? ""))
            }
            if entry.isPositional, let value = entry.valueName {
                head = [Roff.italic(value.uppercased()) + (entry.isRepeating ? " ..." : "")]
            }
            var body = [Roff.escape(entry.help)]
            if let manual = entry.setting?.manual { body.append(Roff.escape(manual)) }
            if let value = entry.defaultValue, !entry.helpGivesDefault, !value.isEmpty {
                body.append("Default: " + Roff.bold(value.trimmingCharacters(in: .whitespaces)) + (value.hasPrefix(" ") ? " (with spaces around it)." : "."))
            }
            if !entry.traits.isEmpty {
                body.append(".br\n" + Roff.italic(entry.traits.joined(separator: "; ").capitalizedFirst + "."))
            }
            return ".TP\n" + head.joined(separator: ", ") + "\n" + body.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The X resources, as an indented comma list.
    static func resources() -> String {
        let names = Setting.allCases.compactMap { $0.declaration.resourceName }
        return ".RS\n" + names.map(Roff.bold).joined(separator: ", ") + "\n.RE"
    }

    /// Which keys a reload applies at once, for a window and for a bar.
    static func reload() -> String {
        let both = Setting.live(bar: false).intersection(Setting.live(bar: true))
        let windowOnly = Setting.live(bar: false).subtracting(both)
        let barOnly = Setting.live(bar: true).subtracting(both)
        func list(_ keys: Set<String>) -> String {
            Setting.allCases.map(\.name).filter(keys.contains).map(Roff.bold).joined(separator: ", ")
        }
        return "Applied at once, without restarting the motion: \(list(both)); for a window also \(list(windowOnly)); "
            + "for a bar also \(list(barOnly)). A change to any other key is reported as needing a restart."
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
