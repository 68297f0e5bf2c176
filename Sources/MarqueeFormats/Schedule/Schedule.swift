/// When a scheduled message is shown: optionally on a date (every year, or one day), optionally
/// on some days of the week, optionally within a daily time window. Every part given must hold.
///
/// A window that ends before it starts crosses midnight (22:00-06:00): it belongs to the day it
/// starts on, so "fri 22:00-06:00" runs from Friday evening into Saturday morning.
public struct Schedule: Equatable, Sendable {
    public enum DateRule: Equatable, Sendable {
        /// Every year on this month and day (a 02-29 rule fires in leap years only).
        case yearly(month: Int, day: Int)
        /// One day.
        case once(CivilDate)
    }

    public var date: DateRule?
    /// Days of the week, 0 = Sunday … 6 = Saturday; nil means every day.
    public var weekdays: Set<Int>?
    /// Minutes since midnight: start inclusive, end exclusive (1440 = the end of the day).
    public var window: (start: Int, end: Int)?

    public init(date: DateRule? = nil, weekdays: Set<Int>? = nil, window: (start: Int, end: Int)? = nil) {
        self.date = date
        self.weekdays = weekdays
        self.window = window
    }

    public static func == (a: Schedule, b: Schedule) -> Bool {
        a.date == b.date && a.weekdays == b.weekdays && a.window?.start == b.window?.start && a.window?.end == b.window?.end
    }

    /// Whether the date and weekday parts accept this day.
    public func dayMatches(_ day: CivilDate) -> Bool {
        if let weekdays, !weekdays.contains(day.weekday) { return false }
        switch date {
        case nil: return true
        case .yearly(let month, let dayOfMonth): return day.month == month && day.day == dayOfMonth
        case .once(let only): return day == only
        }
    }

    public func isActive(at time: WallTime) -> Bool {
        guard let window else { return dayMatches(time.date) }
        let minute = time.secondOfDay / 60
        if window.start < window.end {
            return dayMatches(time.date) && minute >= window.start && minute < window.end
        }
        // Crossing midnight: the evening part belongs to today, the morning part to yesterday.
        return (minute >= window.start && dayMatches(time.date))
            || (minute < window.end && dayMatches(time.date.adding(days: -1)))
    }

    /// The first moment after `time` at which `isActive` changes; nil when it never does again
    /// (a one-day date in the past). The state can only change at midnight or at the window's
    /// edges, so only those instants are tried, over four years (a 02-29 date recurs that rarely).
    public func nextChange(after time: WallTime) -> WallTime? {
        let current = isActive(at: time)
        var edges = [0]
        if let window {
            edges += [window.start * 60, window.end * 60].filter { $0 > 0 && $0 < 86400 }
        }
        edges = Array(Set(edges)).sorted()
        for offset in 0...(4 * 366) {
            let day = time.date.adding(days: offset)
            for second in edges {
                let candidate = WallTime(date: day, secondOfDay: second)
                if candidate > time && isActive(at: candidate) != current { return candidate }
            }
        }
        return nil
    }
}

/// A message shown while its schedule is active.
public struct ScheduledMessage: Equatable, Sendable {
    public var schedule: Schedule
    public var text: String

    public init(schedule: Schedule, text: String) {
        self.schedule = schedule
        self.text = text
    }

    /// Parses "WHEN|TEXT", e.g. "mon-fri 09:00-17:00|Work hours".
    public init(parsing specification: String) throws(ScheduleError) {
        guard let bar = specification.firstIndex(of: "|") else {
            throw ScheduleError("expected WHEN|TEXT, e.g. \"22:00-06:00|Time for bed\"")
        }
        let text = TextSanitizer.singleLine(String(specification[specification.index(after: bar)...]))
        guard !text.allSatisfy({ $0 == " " }) else { throw ScheduleError("the text after '|' is empty") }
        self.init(schedule: try Schedule(parsing: String(specification[..<bar])), text: text)
    }
}
