/// Why a schedule could not be read, in words for a one-line error.
public struct ScheduleError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension Schedule {
    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let fullDayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// Parses a WHEN: space-separated parts, each at most once, in any order —
    /// a time window `HH:MM-HH:MM`, a date `MM-DD` (every year) or `YYYY-MM-DD`, and
    /// weekdays `mon-fri`, `sat,sun`, `mon,wed-fri`.
    public init(parsing when: String) throws(ScheduleError) {
        self.init()
        let parts = when.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !parts.isEmpty else {
            throw ScheduleError("no time given before '|': expected e.g. 22:00-06:00, 12-24 or mon-fri 09:00-17:00")
        }
        for part in parts {
            if part.contains(":") {
                guard window == nil else { throw ScheduleError("more than one time window in \"\(when)\"") }
                window = try Self.parseWindow(part)
            } else if part.first?.isLetter == true {
                guard weekdays == nil else { throw ScheduleError("more than one list of weekdays in \"\(when)\"") }
                weekdays = try Self.parseWeekdays(part)
            } else {
                guard date == nil else { throw ScheduleError("more than one date in \"\(when)\"") }
                date = try Self.parseDate(part)
            }
        }
    }

    static func parseWindow(_ text: String) throws(ScheduleError) -> (start: Int, end: Int) {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard ends.count == 2 else { throw ScheduleError("\"\(text)\" is not a time window: expected HH:MM-HH:MM") }
        let start = try parseTime(ends[0])
        let end = try parseTime(ends[1])
        guard start < 1440 else { throw ScheduleError("a window cannot start at 24:00 (use 00:00)") }
        guard start != end else { throw ScheduleError("\"\(text)\" is an empty time window (start and end are equal)") }
        return (start, end)
    }

    /// Minutes since midnight; 24:00 is accepted as the end of the day.
    static func parseTime(_ text: String) throws(ScheduleError) -> Int {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, (1...2).contains(fields[0].count), fields[1].count == 2,
              let hour = Int(fields[0]), let minute = Int(fields[1]),
              fields.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            throw ScheduleError("\"\(text)\" is not a time: expected HH:MM")
        }
        guard hour < 24 && minute < 60 || hour == 24 && minute == 0 else {
            throw ScheduleError("\(text) is not a time of day (00:00 to 24:00)")
        }
        return hour * 60 + minute
    }

    static func parseDate(_ text: String) throws(ScheduleError) -> DateRule {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw ScheduleError("\"\(text)\" is not a date, time window or weekday: expected MM-DD, YYYY-MM-DD, HH:MM-HH:MM or mon-fri")
        }
        // At most four digits for a year and two for a month or day: a longer run of digits is
        // no date (and would not fit an Int).
        let widths = fields.count == 3 ? [4, 2, 2] : [2, 2]
        guard zip(fields, widths).allSatisfy({ $0.count <= $1 }) else {
            throw ScheduleError("\"\(text)\" is not a date: expected MM-DD or YYYY-MM-DD")
        }
        let numbers = fields.compactMap { Int($0) }
        let (year, month, day) = fields.count == 3 ? (numbers[0], numbers[1], numbers[2]) : (nil, numbers[0], numbers[1])
        guard (1...12).contains(month) else { throw ScheduleError("\(text) is not a date: there is no month \(month)") }
        // A yearly rule may name 02-29 (it fires in leap years); a one-day rule must exist.
        let longest = year.map { CivilDate.daysIn(month: month, year: $0) } ?? (month == 2 ? 29 : CivilDate.daysIn(month: month, year: 2001))
        guard (1...longest).contains(day) else {
            throw ScheduleError("\(text) is not a date: \(monthNames[month - 1])\(year.map { " \($0)" } ?? "") has \(longest) days")
        }
        if let year { return .once(CivilDate(year: year, month: month, day: day)) }
        return .yearly(month: month, day: day)
    }

    static func parseWeekdays(_ text: String) throws(ScheduleError) -> Set<Int> {
        var days = Set<Int>()
        for item in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(ends.count) else { throw ScheduleError("\"\(text)\" is not a list of weekdays: expected e.g. mon-fri or sat,sun") }
            let first = try weekday(ends[0], in: text)
            let last = try ends.count == 2 ? weekday(ends[1], in: text) : first
            // A range may wrap over the weekend: fri-mon is Friday to Monday.
            var day = first
            while true {
                days.insert(day)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        return days
    }

    static func weekday(_ name: String, in text: String) throws(ScheduleError) -> Int {
        if let index = dayNames.firstIndex(of: name) ?? fullDayNames.firstIndex(of: name) { return index }
        throw ScheduleError("\"\(name)\" in \"\(text)\" is not a weekday: expected mon, tue, wed, thu, fri, sat or sun")
    }
}
