import Foundation

/// The option list as a Markdown table, for the README.
enum MarkdownRenderer {
    static func options(_ entries: [OptionEntry]) -> String {
        var lines = ["| option | meaning | default |", "|---|---|---|"]
        for entry in entries {
            var head = entry.spellings.map { "`\($0)" + (entry.valueName.map { " " + placeholder($0) } ?? "") + "`" }
            if entry.isPositional, let value = entry.valueName { head = ["`\(placeholder(value))\(entry.isRepeating ? " ..." : "")`"] }
            var meaning = entry.help
            if let setting = entry.setting, setting.reload == .look || setting.reload == .live { meaning += " *(live)*" }
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
