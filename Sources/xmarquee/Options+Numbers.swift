import ArgumentParser

/// Numbers read as typed: each number option parses its own text and checks its range there,
/// so an error names the value exactly as the user typed it (`1e309`, not `inf`) and a value
/// that is not finite never reaches a validation that would print it rewritten.
enum NumberArgument {
    struct OutOfRange: Error, CustomStringConvertible {
        let description: String
    }

    /// A decimal number within `range`, in `unit` (for the message).
    static func parser(_ range: ClosedRange<Double>, _ unit: String) -> @Sendable (String) throws -> Double {
        { text in
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw OutOfRange(description: "expected \(Self.describe(range.lowerBound)) to \(Self.describe(range.upperBound)) \(unit)")
            }
            return value
        }
    }

    /// A number at least `minimum`, in `unit`.
    static func parser(atLeast minimum: Double, _ unit: String) -> @Sendable (String) throws -> Double {
        { text in
            guard let value = Double(text), value.isFinite, value >= minimum else {
                throw OutOfRange(description: "expected a finite number of \(unit), \(Self.describe(minimum)) or more")
            }
            return value
        }
    }

    static func describe(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
