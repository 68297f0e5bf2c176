import Foundation

/// The option list as a Markdown table, for the README.
enum MarkdownRenderer {
    static func options(_ entries: [OptionEntry]) -> String {
        var lines = ["| option | meaning | default |", "|---|---|---|"]
        for entry in entries {
            var head = entry.spellings.map { "`\($0)" + (entry.valueName.map { " " + placeholder($0) } ?? "") + "`" }
            if entry.isPositional, let value = entry.valueName { head = ["`\(placeholder(value))\(entry.isRepeating ? " ..." : "")`"] }
            var meaning = entry.help
            switch entry.setting.map({ ($0.appliesLive(bar: false), $0.appliesLive(bar: true)) }) {
            case (true, true)?: meaning += " *(live)*"
            case (true, false)?: meaning += " *(live for a window)*"
            case (false, true)?: meaning += " *(live for a bar)*"
            default: break
            }
            let defaultValue = entry.defaultValue.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : "`\($0)`" } ?? ""
            lines.append("| \(cell(head.joined(separator: ", "))) | \(cell(meaning)) | \(cell(defaultValue)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `PATH` for a value, `left|right` for a choice, as the README writes them.
    private static func placeholder(_ valueName: String) -> String {
        valueName.contains("|") ? valueName : valueName.uppercased()
    }

    /// A table cell: a `|` would end it.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
