import Glibc
import MarqueeFormats

/// The local wall clock in the system's time zone (TZ, /etc/localtime), converted to and from
/// the pure model's `WallTime`.
public enum LocalTime {
    /// The current time: seconds since the epoch (with fraction) and the local wall time.
    public static func now() -> (epoch: Double, wall: WallTime) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return (Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9, wallTime(epoch: spec.tv_sec))
    }

    public static func wallTime(epoch: Int) -> WallTime {
        var seconds = time_t(epoch)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return WallTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                        hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: min(59, Int(parts.tm_sec)))
    }

    /// The epoch second at which the local clock shows `wall`. A time skipped by a daylight-saving
    /// change (02:30 on the spring-forward night) is normalised by mktime to the moment after it.
    public static func epoch(of wall: WallTime) -> Int {
        var parts = tm()
        parts.tm_year = Int32(wall.date.year - 1900)
        parts.tm_mon = Int32(wall.date.month - 1)
        parts.tm_mday = Int32(wall.date.day)
        parts.tm_hour = Int32(wall.hour)
        parts.tm_min = Int32(wall.minute)
        parts.tm_sec = Int32(wall.second)
        parts.tm_isdst = -1
        return Int(mktime(&parts))
    }

    /// `strftime` of the given epoch second in local time.
    public static func format(_ format: String, epoch: Int) -> String {
        var seconds = time_t(epoch)
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 512)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
