import MarqueeFormats
import XCTest

/// The schedule model against an injected wall clock: windows, midnight, dates, weekdays and
/// the next instant at which the loop must wake.
final class ScheduleTests: XCTestCase {
    private func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int, _ s: Int = 0) -> WallTime {
        WallTime(year: y, month: m, day: d, hour: h, minute: min, second: s)
    }

    func testCivilDateArithmeticAndWeekdays() {
        XCTAssertEqual(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch, 0)
        XCTAssertEqual(CivilDate(year: 1970, month: 1, day: 1).weekday, 4) // Thursday
        XCTAssertEqual(CivilDate(year: 2026, month: 11, day: 21).weekday, 6) // Saturday
        XCTAssertEqual(CivilDate(year: 2024, month: 3, day: 1).adding(days: -1), CivilDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(CivilDate(year: 2026, month: 12, day: 31).adding(days: 1), CivilDate(year: 2027, month: 1, day: 1))
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            XCTAssertEqual(CivilDate(daysSinceEpoch: days).daysSinceEpoch, days)
        }
    }

    func testANightWindowCrossesMidnight() throws {
        let night = try Schedule(parsing: "22:00-06:00")
        XCTAssertFalse(night.isActive(at: at(2026, 11, 21, 21, 59, 59)))
        XCTAssertTrue(night.isActive(at: at(2026, 11, 21, 22, 0)))
        XCTAssertTrue(night.isActive(at: at(2026, 11, 21, 23, 59, 59)))
        XCTAssertTrue(night.isActive(at: at(2026, 11, 22, 0, 0)))
        XCTAssertTrue(night.isActive(at: at(2026, 11, 22, 5, 59, 59)))
        XCTAssertFalse(night.isActive(at: at(2026, 11, 22, 6, 0)))
        XCTAssertEqual(night.nextChange(after: at(2026, 11, 21, 12, 0)), at(2026, 11, 21, 22, 0))
        XCTAssertEqual(night.nextChange(after: at(2026, 11, 21, 22, 0)), at(2026, 11, 22, 6, 0))
        XCTAssertEqual(night.nextChange(after: at(2026, 11, 22, 3, 0)), at(2026, 11, 22, 6, 0))
    }

    func testAWindowThatCrossesMidnightBelongsToTheDayItStarts() throws {
        let fridayNight = try Schedule(parsing: "fri 22:00-02:00")
        XCTAssertTrue(fridayNight.isActive(at: at(2026, 11, 20, 23, 0)))  // Friday
        XCTAssertTrue(fridayNight.isActive(at: at(2026, 11, 21, 1, 0)))   // Saturday morning
        XCTAssertFalse(fridayNight.isActive(at: at(2026, 11, 21, 23, 0))) // Saturday night
        XCTAssertFalse(fridayNight.isActive(at: at(2026, 11, 20, 1, 0)))  // Friday morning: Thursday's night
    }

    func testWorkHoursOnWeekdays() throws {
        let work = try Schedule(parsing: "mon-fri 09:00-17:00")
        XCTAssertEqual(work.weekdays, [1, 2, 3, 4, 5])
        XCTAssertTrue(work.isActive(at: at(2026, 11, 20, 9, 0)))   // Friday
        XCTAssertFalse(work.isActive(at: at(2026, 11, 20, 17, 0)))
        XCTAssertFalse(work.isActive(at: at(2026, 11, 21, 10, 0))) // Saturday
        // From Friday evening the next change is Monday 09:00, skipping the weekend.
        XCTAssertEqual(work.nextChange(after: at(2026, 11, 20, 17, 0)), at(2026, 11, 23, 9, 0))
        XCTAssertEqual(try Schedule(parsing: "fri-mon").weekdays, [5, 6, 0, 1])
        XCTAssertEqual(try Schedule(parsing: "sat,sun").weekdays, [6, 0])
        XCTAssertEqual(try Schedule(parsing: "Monday,wed-fri").weekdays, [1, 3, 4, 5])
    }

    func testDatesEveryYearAndOnce() throws {
        let birthday = try Schedule(parsing: "03-14")
        XCTAssertEqual(birthday.date, .yearly(month: 3, day: 14))
        XCTAssertTrue(birthday.isActive(at: at(2027, 3, 14, 0, 0)))
        XCTAssertTrue(birthday.isActive(at: at(2031, 3, 14, 23, 59)))
        XCTAssertFalse(birthday.isActive(at: at(2027, 3, 15, 0, 0)))
        XCTAssertEqual(birthday.nextChange(after: at(2026, 11, 21, 12, 0)), at(2027, 3, 14, 0, 0))
        XCTAssertEqual(birthday.nextChange(after: at(2027, 3, 14, 8, 0)), at(2027, 3, 15, 0, 0))

        let christmasEve = try Schedule(parsing: "2026-12-24 18:00-24:00")
        XCTAssertTrue(christmasEve.isActive(at: at(2026, 12, 24, 20, 0)))
        XCTAssertFalse(christmasEve.isActive(at: at(2027, 12, 24, 20, 0)))
        XCTAssertEqual(christmasEve.nextChange(after: at(2026, 12, 24, 20, 0)), at(2026, 12, 25, 0, 0))
        XCTAssertNil(christmasEve.nextChange(after: at(2027, 1, 1, 0, 0)), "a day in the past never comes back")

        let leapDay = try Schedule(parsing: "02-29")
        XCTAssertEqual(leapDay.nextChange(after: at(2026, 11, 21, 0, 0)), at(2028, 2, 29, 0, 0))
    }

    func testImpossibleTimesAndDatesAreOneLineErrors() {
        let cases: [(String, String)] = [
            ("25:00-06:00", "25:00 is not a time of day (00:00 to 24:00)"),
            ("10:60-11:00", "10:60 is not a time of day (00:00 to 24:00)"),
            ("02-30", "02-30 is not a date: February has 29 days"),
            ("2026-02-29", "2026-02-29 is not a date: February 2026 has 28 days"),
            ("13-01", "13-01 is not a date: there is no month 13"),
            ("04-31", "04-31 is not a date: April has 30 days"),
            ("funday", "\"funday\" in \"funday\" is not a weekday: expected mon, tue, wed, thu, fri, sat or sun"),
            ("09:00-09:00", "\"09:00-09:00\" is an empty time window (start and end are equal)"),
            ("", "no time given before '|': expected e.g. 22:00-06:00, 12-24 or mon-fri 09:00-17:00"),
            // Found by the schedule fuzzer: a year too long for an Int trapped.
            ("1222222222222222222222220-2-01", "\"1222222222222222222222220-2-01\" is not a date: expected MM-DD or YYYY-MM-DD"),
            ("12345-01-01", "\"12345-01-01\" is not a date: expected MM-DD or YYYY-MM-DD"),
            ("001-01", "\"001-01\" is not a date: expected MM-DD or YYYY-MM-DD"),
        ]
        for (when, expected) in cases {
            XCTAssertThrowsError(try Schedule(parsing: when), when) { error in
                XCTAssertEqual((error as? ScheduleError)?.description, expected, when)
            }
        }
        XCTAssertThrowsError(try ScheduledMessage(parsing: "22:00-06:00 no bar"))
        XCTAssertThrowsError(try ScheduledMessage(parsing: "22:00-06:00|   "))
    }

    func testScheduledMessageParsing() throws {
        let message = try ScheduledMessage(parsing: "22:00-06:00|It's night-time: time for bed")
        XCTAssertEqual(message.text, "It's night-time: time for bed")
        XCTAssertEqual(message.schedule.window?.start, 22 * 60)
        XCTAssertEqual(message.schedule.window?.end, 6 * 60)
        XCTAssertEqual(try ScheduledMessage(parsing: "03-14|It's Johnny's birthday! | party").text, "It's Johnny's birthday! | party")
        XCTAssertEqual(try Schedule(parsing: "00:00-24:00").window?.end, 1440)
    }
}
