/// One measured figure, with the issue's target where there is one.
struct ResultRow {
    var section: String
    var measure: String
    var value: Double?
    var unit: String
    var target: String = ""
    /// nil where there is no target (or nothing could be measured).
    var met: Bool? = nil
    var note: String = ""

    var formattedValue: String {
        guard let value else { return "n/a" }
        let magnitude = abs(value)
        if value == value.rounded() && magnitude < 1e9 { return "\(Int(value)) \(unit)".trimmingTrailingSpace }
        let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return "\(fixed(value, digits)) \(unit)".trimmingTrailingSpace
    }
}

/// Collects rows as the scenarios run and prints each one as it arrives.
final class ResultLog {
    private(set) var rows: [ResultRow] = []
    var machine: [(String, String)] = []
    /// The raw samples behind the medians, by what they measure, kept in the results file.
    private(set) var samples: [(name: String, values: [Double])] = []

    func addSamples(_ name: String, _ values: [Double]) {
        guard !values.isEmpty else { return }
        samples.append((name, values))
    }

    func add(_ row: ResultRow) {
        rows.append(row)
        let mark = row.met.map { $0 ? "ok" : "MISSED" } ?? ""
        print("  \(row.section) | \(row.measure): \(row.formattedValue) \(row.target.isEmpty ? "" : "(target \(row.target)) ")\(mark) \(row.note)")
    }

    func add(_ section: String, _ measure: String, _ value: Double?, _ unit: String, target: String = "",
             met: Bool? = nil, note: String = "") {
        add(ResultRow(section: section, measure: measure, value: value, unit: unit, target: target,
                      met: value == nil ? nil : met, note: note))
    }
}

/// Formats with a fixed number of decimals (no Foundation in this target).
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + "\(whole)"
    if digits > 0 {
        let fraction = Int(scaled - Double(whole) * scale)
        let digitsText = String(fraction)
        text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
    }
    return text
}

extension String {
    var trimmingTrailingSpace: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
