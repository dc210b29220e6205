import TallyCalendar

extension CivilDate {
    /// The Monday on or before this day: the first day of its week (ISO 8601).
    public var startOfWeek: CivilDate { advanced(by: 1 - isoWeekday) }

    /// The first day of this day's month.
    public var startOfMonth: CivilDate { advanced(by: 1 - day) }

    /// The last day of this day's month.
    public var endOfMonth: CivilDate {
        advanced(by: CivilDate.numberOfDays(inMonth: month, ofYear: year) - day)
    }

    /// The English three-letter name of the weekday: `Mon` … `Sun`.
    public var weekdayAbbreviation: String { String(weekdayName.prefix(3)) }

    /// The English three-letter name of `month` (1–12): `Jan` … `Dec`.
    public static func monthAbbreviation(_ month: Int) -> String { String(monthNames[month - 1].prefix(3)) }

    /// The ISO weekday (1 for Monday to 7 for Sunday) named `name` in lower case: `mon` or
    /// `monday`, and so on; nil for any other word.
    public static func isoWeekday(named name: String) -> Int? {
        for (index, full) in weekdayNames.enumerated() {
            let lowered = full.lowercased()
            if name == lowered || name == lowered.prefix(3) { return index + 1 }
        }
        return nil
    }

    /// Today in the process's local time zone (as `TZ` and `/etc/localtime` say).
    ///
    /// Only the shell calls this; everything else is given `today` so that it can be pinned.
    public static func currentLocal() -> CivilDate {
        Clock.system.today()
    }
}
