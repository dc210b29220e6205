import TallyCalendar
import TallyDiagnostics

/// The age written after `age` on a `bmi` line: years (`10`, `3.5`), years, months and days
/// (`10y6m6d`, `10 years 6 months 6 days`), months (`126 months`), days, or a birth date
/// (`2015-04-12`), which needs the day of the measurement to become an age.
///
/// The WHO 2007 reference and the CDC charts go by completed months, WHO 2006 by day: an age
/// in years is that birthday (`10` is 120 months), a month is 30.4375 days (a year of 365.25
/// days over 12) as in WHO's software, and a birth date counts calendar months and the days lived.
public enum ChildAge: Sendable, Equatable {
    /// An age as written.
    case written(ExactAge)
    /// A birth date.
    case born(CivilDate)

    /// An age of whole months.
    static func months(_ months: Int) -> ChildAge {
        .written(ExactAge(months: months))
    }

    /// The age in completed months on `today`; nil for a birth date after it.
    func completedMonths(on today: CivilDate) -> Int? {
        exactAge(on: today)?.months
    }

    /// The age on `today`; nil for a birth date after it.
    func exactAge(on today: CivilDate) -> ExactAge? {
        switch self {
        case .written(let age): return age
        case .born(let date):
            // The calculator's `age` rule (TallyCalendar): whole months, then days.
            guard let age = CalendarPeriod.age(of: date, on: today) else { return nil }
            return ExactAge(
                months: age.totalMonths, daysPastMonths: Int(age.days),
                days: today.days(since: date))
        }
    }

    /// `10 years 6 months`, `1 year`, `7 months`.
    static func text(months: Int) -> String {
        let years = months / 12
        let rest = months % 12
        var words: [String] = []
        if years > 0 { words.append("\(years) year\(years == 1 ? "" : "s")") }
        if rest > 0 || years == 0 { words.append("\(rest) month\(rest == 1 ? "" : "s")") }
        return words.joined(separator: " ")
    }
}

/// An age in completed months, the days past them, and the whole days of age.
public struct ExactAge: Sendable, Equatable {
    /// Completed months.
    public let months: Int
    /// Days past the completed months.
    public let daysPastMonths: Int
    /// The age in days, as WHO 2006's table reads it.
    public let days: Int

    /// The days in a month of age, as WHO's software counts them: 365.25 / 12.
    public static let daysInMonth = Rational(numerator: 4_870, denominator: 160)

    init(months: Int, daysPastMonths: Int, days: Int) {
        self.months = months
        self.daysPastMonths = daysPastMonths
        self.days = days
    }

    /// Whole months: the days are the months' at 30.4375 days each, rounded.
    init(months: Int) {
        self.init(months: Rational(months), days: Rational(0))
    }

    /// `months` (possibly fractional) and `days` more, both not negative; nil when too large.
    public init(months: Rational, days: Rational) {
        let totalMonths = months + days / Self.daysInMonth
        let completed = totalMonths.floor.intValue ?? Int.max
        let dayCount = (months * Self.daysInMonth + days).rounded(toPlaces: 0).intValue ?? Int.max
        let monthStart = (Rational(completed) * Self.daysInMonth).rounded(toPlaces: 0).intValue ?? Int.max
        self.init(months: completed, daysPastMonths: max(0, dayCount - monthStart), days: dayCount)
    }

    /// `3 years 6 months 6 days`; the days left out when there are none.
    var textWithDays: String {
        let months = ChildAge.text(months: self.months)
        guard daysPastMonths > 0 else { return months }
        let days = "\(daysPastMonths) day\(daysPastMonths == 1 ? "" : "s")"
        return self.months == 0 ? days : "\(months) \(days)"
    }
}
