import TallyCalendar

/// How often a habit is meant to be done: a number of times in each period of the calendar.
///
/// `daily` is once a day; `every N days` once in each block of N days counted from the start;
/// `X times in Y days` X times in each such block of Y days; `N/week` N times in each week
/// (Monday to Sunday); `N/month` N times in each calendar month. Streaks, completion and the
/// strength score are judged period by period.
///
/// As in Loop Habit Tracker, a target asking for as many times as it has days (`7/week`,
/// `30/month`, `3 times in 3 days`) is daily: ``parse(_:)`` makes it `daily`.
public enum HabitTarget: Sendable, Hashable, CustomStringConvertible {
    /// Once in every block of `days` days from the start (1 is daily).
    case everyDays(Int)
    /// `times` times (2 or more, fewer than `days`) in every block of `days` days from the start.
    case timesInDays(times: Int, days: Int)
    /// `times` times a week, Monday to Sunday.
    case perWeek(Int)
    /// `times` times a calendar month.
    case perMonth(Int)

    /// Once a day, the default.
    public static let daily = HabitTarget.everyDays(1)

    /// The most days `every N days` may span: a year.
    public static let maximumDays = 366

    /// The target written as a word or words: `daily`, `every 3 days`, `3/week`, `2/month`.
    public var description: String {
        switch self {
        case .everyDays(1): return "daily"
        case .everyDays(let days): return "every \(days) days"
        case .timesInDays(let times, let days): return "\(times) times in \(days) days"
        case .perWeek(let times): return "\(times)/week"
        case .perMonth(let times): return "\(times)/month"
        }
    }

    /// The unit a streak is counted in: "day", "week", "month", "period".
    public var periodName: String {
        switch self {
        case .everyDays(1): return "day"
        case .everyDays, .timesInDays: return "period"
        case .perWeek: return "week"
        case .perMonth: return "month"
        }
    }

    /// "3 days", "1 week", "2 periods".
    public func count(_ number: Int) -> String {
        number == 1 ? "1 \(periodName)" : "\(number) \(periodName)s"
    }

    /// The times the target asks for in one period.
    public var times: Int {
        switch self {
        case .everyDays: return 1
        case .perWeek(let times), .perMonth(let times), .timesInDays(let times, _): return times
        }
    }

    /// The period of a habit started on `start` that holds `day`.
    public func period(containing day: CivilDate, start: CivilDate) -> ClosedRange<CivilDate> {
        switch self {
        case .everyDays(let length), .timesInDays(_, let length):
            let offset = day.days(since: start)
            let index = offset >= 0 ? offset / length : (offset - length + 1) / length
            let first = start.advanced(by: index * length)
            return first...first.advanced(by: length - 1)
        case .perWeek:
            return day.startOfWeek...day.startOfWeek.advanced(by: 6)
        case .perMonth:
            let first = day.advanced(by: 1 - day.day)
            return first...first.advanced(by: CivilDate.numberOfDays(inMonth: day.month, ofYear: day.year) - 1)
        }
    }

    /// The frequency Loop Habit Tracker's score uses: times over days (a month is 30 days).
    var frequency: (times: Int, days: Int) {
        switch self {
        case .everyDays(let days): return (1, days)
        case .timesInDays(let times, let days): return (times, days)
        case .perWeek(let times): return (times, 7)
        case .perMonth(let times): return (times, 30)
        }
    }

    /// Whether it asks for once a day.
    public var isDaily: Bool { self == .daily }

    /// How many words a target starting with `word` takes: 3 for `every N days`, 5 for
    /// `X times in Y days`, else 1.
    static func wordCount(startingWith word: String, next: String?, third: String? = nil) -> Int {
        let lowered = word.lowercased()
        if lowered == "every" { return 3 }
        if ["once", "twice"].contains(lowered), let next, ["a", "per"].contains(next.lowercased()) { return 3 }
        if let next, ["times", "time", "x"].contains(next.lowercased()), isCount(word) {
            // `3 times a week` is four words, `3 times in 7 days` five.
            return ["a", "per"].contains(third?.lowercased() ?? "") ? 4 : 5
        }
        return 1
    }

    /// Whether `text` is written as a count: ASCII digits only.
    private static func isCount(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) }
    }

    /// The target written as `words` (`daily`, `3/week`, `2/month`, `every 3 days`,
    /// `2 times in 3 days`, any case), or nil when they are none; throws why a target-shaped
    /// text is out of range. A target with as many times as days is `daily`, as in Loop.
    public static func parse(_ words: [String]) throws(HabitError) -> HabitTarget? {
        guard let target = try parseWritten(words) else { return nil }
        let (times, days) = target.frequency
        return times >= days ? .daily : target
    }

    /// `N times a week` (or `per week`, `N x a week`), `N times a month`, `once a week`, `twice a
    /// month`, `N times a day` (only once a day: daily): the words people write for `N/week`,
    /// `N/month` and `daily`; nil for other words.
    private static func parsePerPeriod(_ words: [String], lowered: [String]) throws(HabitError) -> HabitTarget? {
        let times: String
        let period: String
        switch lowered.count {
        case 3 where ["once", "twice"].contains(lowered[0]) && ["a", "per"].contains(lowered[1]):
            (times, period) = (lowered[0] == "once" ? "1" : "2", lowered[2])
        case 4 where ["times", "time", "x"].contains(lowered[1]) && ["a", "per"].contains(lowered[2]):
            (times, period) = (lowered[0], lowered[3])
        default: return nil
        }
        let text = words.joined(separator: " ")
        guard isCount(times), times.count <= 4, let count = Int(times), count >= 1 else {
            throw .invalidTarget(text: text, reason: "N is a whole number of times, 1 or more")
        }
        switch period {
        case "day":
            guard count == 1 else { throw .invalidTarget(text: text, reason: "a day holds one time; write daily") }
            return .daily
        case "week":
            guard count <= 7 else { throw .invalidTarget(text: text, reason: "N runs from 1 to 7") }
            return .perWeek(count)
        case "month":
            guard count <= 31 else { throw .invalidTarget(text: text, reason: "N runs from 1 to 31") }
            return .perMonth(count)
        default:
            throw .invalidTarget(text: text, reason: "the period is day, week or month")
        }
    }

    /// ``parse(_:)`` before a daily target in effect is made `daily`.
    private static func parseWritten(_ words: [String]) throws(HabitError) -> HabitTarget? {
        let lowered = words.map { $0.lowercased() }
        if lowered == ["daily"] { return .daily }
        if let perPeriod = try parsePerPeriod(words, lowered: lowered) { return perPeriod }
        if lowered.count == 5, ["times", "time", "x"].contains(lowered[1]), lowered[2] == "in",
            lowered[4] == "days" || lowered[4] == "day", isCount(lowered[0]), isCount(lowered[3])
        {
            let text = words.joined(separator: " ")
            guard lowered[3].count <= 4, let days = Int(lowered[3]), (1...maximumDays).contains(days) else {
                throw .invalidTarget(text: text, reason: "Y runs from 1 to \(maximumDays)")
            }
            guard lowered[0].count <= 4, let times = Int(lowered[0]), (1...days).contains(times) else {
                throw .invalidTarget(text: text, reason: "X runs from 1 to Y (\(days))")
            }
            return times == 1 ? .everyDays(days) : .timesInDays(times: times, days: days)
        }
        if lowered.count == 3, lowered[0] == "every", lowered[2] == "days" || lowered[2] == "day",
            let days = Int(lowered[1]), lowered[1].utf8.allSatisfy({ (48...57).contains($0) })
        {
            guard (1...maximumDays).contains(days) else {
                throw .invalidTarget(text: words.joined(separator: " "), reason: "N runs from 1 to \(maximumDays)")
            }
            return .everyDays(days)
        }
        guard lowered.count == 1 else { return nil }
        let parts = lowered[0].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].utf8.allSatisfy({ (48...57).contains($0) }) else {
            return nil
        }
        let limit: Int
        let make: (Int) -> HabitTarget
        switch parts[1] {
        case "week", "wk", "w": (limit, make) = (7, HabitTarget.perWeek)
        case "month", "mo", "m": (limit, make) = (31, HabitTarget.perMonth)
        default: return nil
        }
        guard parts[0].count <= 4, let times = Int(parts[0]), (1...limit).contains(times) else {
            throw .invalidTarget(text: words[0], reason: "N runs from 1 to \(limit)")
        }
        return make(times)
    }
}
