import TallyCalendar
import TallyDiagnostics

/// The calendar's functions and constants: `today`, `now`, `date(y, m, d)`, `weekday(d)`, …
/// (docs/language.md, "Dates and times").
extension BuiltIns {
    static let calendar: [FunctionEntry] = [
        calendarConstant("today", "today's date in the local time zone (TALLY_TODAY pins it)") { settings in
            .calendar(.date(settings.clock.today()))
        },
        calendarConstant("yesterday", "the day before today") { settings throws(Diagnostic) in
            try .calendar(.date(dayBeside(settings.clock.today(), by: -1)))
        },
        calendarConstant("tomorrow", "the day after today") { settings throws(Diagnostic) in
            try .calendar(.date(dayBeside(settings.clock.today(), by: 1)))
        },
        calendarConstant("now", "the current date and time in the local time zone (TALLY_NOW pins it)") { settings in
            .calendar(.dateTime(settings.clock.now()))
        },
        function("date", .exactly(3), "date(y, m, d)", "the date of year y, month m, day d: date(2026, 12, 25)") {
            call throws(Diagnostic) in
            var parts: [Int] = []
            for index in 0..<3 {
                let number = try call.settings.integer(
                    call.arguments[index], at: call.argumentSpans[index], purpose: "date needs whole numbers")
                parts.append(number.intValue ?? Int.max)
            }
            let text = "date(\(parts.map(String.init).joined(separator: ", ")))"
            guard CivilDate.supportedYears.contains(parts[0]) else {
                throw .noSuchYear(parts[0], in: text, at: call.argumentSpans[0])
            }
            guard (1...12).contains(parts[1]) else {
                throw .noSuchMonth(parts[1], in: text, at: call.argumentSpans[1])
            }
            guard let date = CivilDate(year: parts[0], month: parts[1], day: parts[2]) else {
                let length = CivilDate.numberOfDays(inMonth: parts[1], ofYear: parts[0])
                throw .noSuchDay(parts[2], month: parts[1], year: parts[0], length: length, at: call.argumentSpans[2])
            }
            return .calendar(.date(date))
        },
        function(
            "weekday", .exactly(1), "weekday(d)", "day of the week of a date, 1 for Monday to 7 for Sunday (ISO)",
            takesCalendarValues: true
        ) {
            call throws(Diagnostic) in .number(Number(try calendarDate(call).isoWeekday))
        },
        function("week", .exactly(1), "week(d)", "ISO 8601 week number of a date, 1 to 53", takesCalendarValues: true) {
            call throws(Diagnostic) in
            .number(Number(try calendarDate(call).isoWeek.week))
        },
        function(
            "dayofyear", .exactly(1), "dayofyear(d)", "day of the year of a date, 1 for January 1st",
            takesCalendarValues: true
        ) {
            call throws(Diagnostic) in .number(Number(try calendarDate(call).dayOfYear))
        },
        function("unix", .exactly(1), "unix(t)", "the date-time t seconds after 1970-01-01T00:00:00Z (UTC)") {
            call throws(Diagnostic) in
            let seconds = try call.settings.integer(
                call.arguments[0], at: call.argumentSpans[0], purpose: "unix needs whole seconds")
            guard let whole = seconds.intValue, DateTime.supportedSeconds.contains(whole) else {
                throw .dateOutOfRange(at: call.span)
            }
            return .calendar(.dateTime(DateTime(seconds: whole, zone: .utc)))
        },
        function(
            "age", .range(1...2), "age(born), age(born, on)",
            "years, months and days from a birth date to today (or to the date on)", takesCalendarValues: true
        ) { call throws(Diagnostic) in
            let birth = try calendarDate(call, 0)
            let later = call.arguments.count > 1 ? try calendarDate(call, 1) : call.settings.clock.today()
            guard let period = CalendarPeriod.age(of: birth, on: later) else {
                throw .birthAfter(birth, later, at: call.argumentSpans[0])
            }
            return .calendar(.period(period))
        },
    ]

    /// The date argument `index` of `call`: a date, or the date a date-time's wall clock shows.
    private static func calendarDate(_ call: FunctionCall, _ index: Int = 0) throws(Diagnostic) -> CivilDate {
        switch call.arguments[index].kind {
        case .calendar(.date(let date)): return date
        case .calendar(.dateTime(let dateTime)): return dateTime.wall.date
        default:
            throw .needsDate(
                call.name, given: Evaluator.described(call.arguments[index]), at: call.argumentSpans[index])
        }
    }

    private static func calendarConstant(
        _ name: String, _ summary: String,
        _ value: @escaping @Sendable (EvaluationSettings) throws(Diagnostic) -> Value
    ) -> FunctionEntry {
        FunctionEntry(
            name: name, usage: name, summary: summary,
            kind: .constant({ settings throws(Diagnostic) in try value(settings) }))
    }

    /// The day `offset` days from `today`, or the error when it leaves the years 0001 to 9999
    /// (`yesterday` on 0001-01-01); its span is the name's, set where the name is looked up.
    private static func dayBeside(_ today: CivilDate, by offset: Int) throws(Diagnostic) -> CivilDate {
        guard let day = today.adding(days: offset) else { throw .dateOutOfRange(at: SourceSpan(start: 0, end: 0)) }
        return day
    }
}
