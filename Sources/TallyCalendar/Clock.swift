import Glibc

/// Where "now" and "today" come from: the system clock, or values pinned for tests and scripts
/// (`TALLY_NOW`, `TALLY_TODAY`).
public struct Clock: Sendable, Equatable {
    /// Today, when pinned.
    public var pinnedToday: CivilDate?
    /// Now, in seconds since 1970-01-01 UTC, when pinned.
    public var pinnedNow: Int?

    public init(pinnedToday: CivilDate? = nil, pinnedNow: Int? = nil) {
        self.pinnedToday = pinnedToday
        self.pinnedNow = pinnedNow
    }

    /// The system clock.
    public static let system = Clock()

    /// The current instant in the local zone.
    public func now() -> DateTime {
        DateTime(seconds: pinnedNow ?? Int(time(nil)), zone: .local)
    }

    /// Today in the local zone: the pinned day, or the date the local wall clock shows now.
    public func today() -> CivilDate {
        if let pinnedToday { return pinnedToday }
        return now().wall.date
    }

    /// The clock the environment asks for: `TALLY_TODAY` (`YYYY-MM-DD`) and `TALLY_NOW` (an ISO
    /// date-time with an offset or `Z`, or seconds since 1970), each nil or empty when unset.
    /// Throws the message for a value that is not usable.
    public static func pinned(today: String?, now: String?) throws(CalendarParseError) -> Clock {
        var clock = Clock()
        if let today, !today.isEmpty {
            clock.pinnedToday = try CalendarText.date(today)
        }
        if let now, !now.isEmpty {
            clock.pinnedNow = try CalendarText.instant(now).seconds
        }
        return clock
    }
}
