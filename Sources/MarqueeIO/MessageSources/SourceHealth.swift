/// How a source fares, told the way every source tells it: one warning per distinct failure (a
/// command failing the same way every second says so once), and one line when it works again.
public struct SourceHealth {
    /// How a warning names the source: `command "uptime"`, `feed "https://…"`.
    let subject: String
    /// What stays on screen meanwhile: "the last text", "the last items".
    let keeping: String
    /// The line for a recovery: `command "uptime" works again`.
    let recovered: String
    /// The kind of the last failure warned about; nil while it works.
    private var failing: String?

    public init(subject: String, keeping: String, recovered: String? = nil) {
        self.subject = subject
        self.keeping = keeping
        self.recovered = recovered ?? "\(subject) works again"
    }

    /// The warning to give for `reason`, or nil when the last one was of the same `kind`.
    mutating func warning(failing reason: String, kind: String) -> String? {
        guard kind != failing else { return nil }
        failing = kind
        return "\(subject): \(reason); keeping \(keeping)"
    }

    /// The line to give when it works again, or nil when it was not failing.
    mutating func warningWorking() -> String? {
        guard failing != nil else { return nil }
        failing = nil
        return recovered
    }
}
