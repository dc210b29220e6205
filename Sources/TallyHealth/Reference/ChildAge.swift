import TallyCore
import TallyDiagnostics

/// The age written after `age` on a `bmi` line: years (`10`), years and months (`10y6m`), or a
/// birth date (`2015-04-12`), which needs the day of the measurement to become an age.
///
/// BMI-for-age tables go by completed months, so an age in years is read as that birthday
/// (`10` is 120 months) and a birth date as the whole months lived until today.
public enum ChildAge: Sendable, Equatable {
    /// An age in completed months, as written.
    case months(Int)
    /// A birth date.
    case born(CalendarDate)

    /// The age in completed months on `today`; nil for a birth date after it.
    func completedMonths(on today: CalendarDate) -> Int? {
        switch self {
        case .months(let months): return months
        case .born(let date): return date <= today ? date.completedMonths(until: today) : nil
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
