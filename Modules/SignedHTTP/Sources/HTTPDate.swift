public import Foundation

/// HTTP dates (RFC 9110 §5.6.7): the `Date`, `Retry-After` and `Last-Modified` format.
///
/// ``parse(_:)`` accepts the three formats recipients must accept — IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`)
/// and asctime (`Sun Nov  6 08:49:37 1994`); ``format(_:)`` writes IMF-fixdate. Pure
/// arithmetic, no locale or formatter state, so it is the same on every platform.
public enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

    /// The date `text` names, or `nil` when it is not an HTTP date.
    public static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        let day: Int?
        let month: Int?
        let year: Int?
        let time: String
        switch words.count {
        case 4 where words[3] == "GMT" && words[1].contains("-"):  // RFC 850
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3, let shortYear = Int(parts[2]), parts[2].count == 2 else { return nil }
            day = Int(parts[0])
            month = monthNumber(parts[1])
            year = shortYear < 70 ? 2000 + shortYear : 1900 + shortYear  // RFC 9110: 50 years rule, simplified
            time = words[2]
        case 6 where words[5] == "GMT":  // IMF-fixdate
            day = Int(words[1])
            month = monthNumber(words[2])
            year = words[3].count == 4 ? Int(words[3]) : nil
            time = words[4]
        case 5:  // asctime
            month = monthNumber(words[1])
            day = Int(words[2])
            year = words[4].count == 4 ? Int(words[4]) : nil
            time = words[3]
        default:
            return nil
        }
        let clock = time.split(separator: ":").map { Int($0) }
        guard let day, let month, let year, (1...31).contains(day), clock.count == 3,
              let hour = clock[0], let minute = clock[1], let second = clock[2],
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// `date` as IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (fractions of a second
    /// dropped; a date that is not finite is written as 1970, and years stay within ±300 000).
    public static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let seconds = interval.isFinite ? Int(min(max(interval.rounded(.down), -1e13), 1e13)) : 0
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(secondOfDay / 3_600)):\(two(secondOfDay % 3_600 / 60)):\(two(secondOfDay % 60)) GMT"
    }

    private static func monthNumber(_ name: String) -> Int? {
        let lowered = name.lowercased()
        return months.firstIndex { $0.lowercased() == lowered }.map { $0 + 1 }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysSinceEpoch(year:month:day:)`` (`civil_from_days`).
    private static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
