import Glibc

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
        for (key, value) in log.machine { machine.append("\(quote(key)): \(quote(value))") }
        let rows = log.rows.map { row in
            let value = row.value.map { $0.isFinite ? "\($0)" : "null" } ?? "null"
            let met = row.met.map { $0 ? "true" : "false" } ?? "null"
            return "    {\"scenario\": \(quote(row.section)), \"measure\": \(quote(row.measure)), \"value\": \(value), "
                + "\"unit\": \(quote(row.unit)), \"target\": \(quote(row.target)), \"met\": \(met), \"note\": \(quote(row.note))}"
        }
        let samples = log.samples.map { sample in
            "    \(quote(sample.name)): [\(sample.values.map { $0.isFinite ? "\($0)" : "null" }.joined(separator: ", "))]"
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

    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 { out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
