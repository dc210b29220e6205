import TallyCalendar

extension CivilDate {
    /// The day written as `YYYY-MM-DD`, checked against the real calendar.
    ///
    /// Strict on purpose: exactly four, two and two ASCII digits, so that `2026-1-5` or
    /// `2026-01-05x` is an error rather than a guess.
    public static func parse<S: StringProtocol>(_ text: S) throws(DayParseError) -> CivilDate {
        let bytes = Array(text.utf8)
        let digitPositions = [0, 1, 2, 3, 5, 6, 8, 9]
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            digitPositions.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
        else { throw .malformed(String(text)) }
        func number(_ range: Range<Int>) -> Int {
            bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard supportedYears.contains(year) else { throw .noSuchYear(String(text)) }
        guard (1...12).contains(month) else { throw .noSuchMonth(String(text), month: month) }
        let length = numberOfDays(inMonth: month, ofYear: year)
        guard let parsed = CivilDate(year: year, month: month, day: day) else {
            throw .noSuchDay(String(text), month: month, year: year, daysInMonth: length)
        }
        return parsed
    }

    /// The day meant by a DATE argument: `YYYY-MM-DD`, `today`, `yesterday`, a weekday or `-N`
    /// (N days before `today`), followed by any steps (`today - 2 days`, CivilDate+Expression.swift).
    /// Whether the day is allowed (not in the future, say) is not decided here.
    public static func resolve<S: StringProtocol>(_ text: S, today: CivilDate) throws(DayParseError) -> CivilDate {
        if let day = try resolveExpression(String(text), today: today) { return day }
        return try resolveWord(text, today: today)
    }

    /// The day one DATE word means.
    static func resolveWord<S: StringProtocol>(_ text: S, today: CivilDate) throws(DayParseError) -> CivilDate {
        let lowered = text.lowercased()
        switch lowered {
        case "today": return today
        case "yesterday":
            guard today > CivilDate.supportedDays.lowerBound else { throw .tooFarBack(String(text)) }
            return today.advanced(by: -1)
        default: break
        }
        if let weekday = isoWeekday(named: lowered) {
            // The most recent such day, today included.
            let back = (today.isoWeekday - weekday + 7) % 7
            guard CivilDate.supportedDays.lowerBound.advanced(by: back) <= today else {
                throw .tooFarBack(String(text))
            }
            return today.advanced(by: -back)
        }
        if text.first == "-" {
            let digits = text.dropFirst()
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { throw .malformed(String(text)) }
            let earliest = CivilDate(year: supportedYears.lowerBound, month: 1, day: 1)!
            // Compare before converting so that a huge N cannot overflow.
            guard let count = Int(digits), count <= today.days(since: earliest) else {
                throw .tooFarBack(String(text))
            }
            return today.advanced(by: -count)
        }
        return try parse(normalizedDate(text))
    }

    /// Whether `text` is a word for a day: `today`, `yesterday` or a weekday name.
    public static func isDayWord(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered == "today" || lowered == "yesterday" || isoWeekday(named: lowered) != nil
    }

    /// `2026/11/3` and `2026-11-3` as `2026-11-03`: a year of four digits, then a month and a day
    /// of one or two digits, separated by `-` or `/` (the same one twice). Anything else is
    /// returned as it is, for ``parse(_:)`` to judge.
    static func normalizedDate<S: StringProtocol>(_ text: S) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count >= 8, bytes.count <= 10, bytes.count > 4,
            bytes[4] == UInt8(ascii: "-") || bytes[4] == UInt8(ascii: "/")
        else { return String(text) }
        let separator = bytes[4]
        let parts = bytes.split(separator: separator, omittingEmptySubsequences: false)
        let isDigits = { (part: ArraySlice<UInt8>) in part.allSatisfy { (48...57).contains($0) } }
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            parts.allSatisfy(isDigits)
        else { return String(text) }
        func padded(_ part: ArraySlice<UInt8>) -> String {
            (part.count == 1 ? "0" : "") + String(decoding: part, as: UTF8.self)
        }
        return String(decoding: parts[0], as: UTF8.self) + "-" + padded(parts[1]) + "-" + padded(parts[2])
    }

    /// Today as the shell should take it: the `TALLY_TODAY` value when one is given (so tests
    /// and scripts can pin it), otherwise the local date.
    public static func today(pinnedTo pinned: String?) throws(DayParseError) -> CivilDate {
        guard let pinned else { return currentLocal() }
        return try parse(pinned)
    }

    /// Today as `clock` says: its pinned day, or the local date of its (pinned or real) now.
    public static func today(on clock: Clock) -> CivilDate {
        clock.today()
    }
}
