import Glibc
import MarqueeFormats

/// Writes the collected rows as a Markdown table and as JSON.
enum ReportWriter {
    static func markdown(_ log: ResultLog) -> String {
        var lines = ["## xmarquee benchmark", ""]
        for (key, value) in log.machine { lines.append("- \(key): \(value)") }
        lines += ["", "| Scenario | Measure | Value | Target | Met | Note |", "|---|---|---:|---|:---:|---|"]
        for row in log.rows {
            let met = row.met.map { $0 ? "yes" : "**no**" } ?? ""
            lines.append("| \(row.section) | \(row.measure) | \(row.formattedValue) | \(row.target) | \(met) | \(escape(row.note)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ log: ResultLog) -> String {
        var machine: [String] = []
        for (key, value) in log.machine { machine.append("\(QuotedString.quoted(key)): \(QuotedString.quoted(value))") }
        let rows = log.rows.map { row in
            let value = row.value.map { $0.isFinite ? "\($0)" : "null" } ?? "null"
            let met = row.met.map { $0 ? "true" : "false" } ?? "null"
            return "    {\"scenario\": \(QuotedString.quoted(row.section)), \"measure\": \(QuotedString.quoted(row.measure)), \"value\": \(value), "
                + "\"unit\": \(QuotedString.quoted(row.unit)), \"target\": \(QuotedString.quoted(row.target)), \"met\": \(met), \"note\": \(QuotedString.quoted(row.note))}"
        }
        let samples = log.samples.map { sample in
            "    \(QuotedString.quoted(sample.name)): [\(sample.values.map { $0.isFinite ? "\($0)" : "null" }.joined(separator: ", "))]"
        }
        return "{\n  \"machine\": {\(machine.joined(separator: ", "))},\n  \"results\": [\n"
            + rows.joined(separator: ",\n") + "\n  ],\n  \"samples\": {\n" + samples.joined(separator: ",\n") + "\n  }\n}\n"
    }

    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
        defer { fclose(file) }
        fputs(text, file)
    }

    private static func escape(_ text: String) -> String { text.replacingAll("|", with: "\\|") }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
