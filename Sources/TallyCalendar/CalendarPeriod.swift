/// A span of the calendar in years, months and days, as an age is told: `40 years 3 months
/// 2 days`. Unlike a duration it has no fixed length: a month is as long as the month it
/// crosses.
public struct CalendarPeriod: Sendable, Hashable, CustomStringConvertible {
    public let years: Int32
    public let months: Int32
    public let days: Int32

    public init(years: Int32, months: Int32, days: Int32) {
        self.years = years
        self.months = months
        self.days = days
    }

    /// The age on `later` of someone born on `birth` (which must not be after it): whole years,
    /// then whole months, then days. A month is complete on the same day of the month, or on
    /// the last day of a shorter month (born on January 31st, one month old on February 28th):
    /// the rule of Python's `dateutil.relativedelta(later, birth)`, of java.time's
    /// `Period.between`, and of `bmi … age` for children.
    public static func age(of birth: CivilDate, on later: CivilDate) -> CalendarPeriod? {
        guard birth <= later else { return nil }
        let (birthYear, birthMonth, _) = birth.components
        let (laterYear, laterMonth, _) = later.components
        var months = (laterYear - birthYear) * 12 + (laterMonth - birthMonth)
        // The monthly anniversary in `later`'s month, clamped to its last day; one month back
        // when it has not come yet.
        guard var anniversary = birth.adding(months: months) else { return nil }
        if anniversary > later {
            months -= 1
            guard let earlier = birth.adding(months: months) else { return nil }
            anniversary = earlier
        }
        return CalendarPeriod(
            years: Int32(months / 12), months: Int32(months % 12), days: Int32(later.days(since: anniversary)))
    }

    /// The whole months of the period, years included.
    public var totalMonths: Int { Int(years) * 12 + Int(months) }

    /// `40 years 3 months 2 days`, each part named in the singular when it is 1 and shown even
    /// when 0, so that scripts can split it.
    public var description: String {
        // Written in place (at most 3 × 18 bytes): an age is printed on every line that asks
        // for one.
        String(unsafeUninitializedCapacity: 64) { buffer in
            var end = 0
            func part(_ count: Int32, _ word: StaticString) {
                if end > 0 {
                    buffer[end] = UInt8(ascii: " ")
                    end += 1
                }
                if count < 0 {
                    buffer[end] = UInt8(ascii: "-")
                    end += 1
                }
                var digits = 1
                var rest = count.magnitude
                while rest >= 10 {
                    rest /= 10
                    digits += 1
                }
                rest = count.magnitude
                for position in stride(from: end + digits - 1, through: end, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += digits
                buffer[end] = UInt8(ascii: " ")
                end += 1
                word.withUTF8Buffer { bytes in
                    for byte in bytes {
                        buffer[end] = byte
                        end += 1
                    }
                }
                if count != 1 {
                    buffer[end] = UInt8(ascii: "s")
                    end += 1
                }
            }
            part(years, "year")
            part(months, "month")
            part(days, "day")
            return end
        }
    }
}
