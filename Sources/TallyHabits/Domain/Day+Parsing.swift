extension Day {
    /// The day written as `YYYY-MM-DD`, checked against the real calendar.
    ///
    /// Strict on purpose: exactly four, two and two ASCII digits, so that `2026-1-5` or
    /// `2026-01-05x` is an error rather than a guess.
    public static func parse<S: StringProtocol>(_ text: S) throws(DayParseError) -> Day {
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
        guard let parsed = Day(year: year, month: month, day: day) else {
            throw .noSuchDay(String(text), month: month, year: year, daysInMonth: length)
        }
        return parsed
    }

    /// The day meant by a DATE argument: `YYYY-MM-DD`, `today`, `yesterday` or `-N` (N days
    /// before `today`). Whether the day is allowed (not in the future, say) is not decided here.
    public static func resolve<S: StringProtocol>(_ text: S, today: Day) throws(DayParseError) -> Day {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if text.first == "-" {
            let digits = text.dropFirst()
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { throw .malformed(String(text)) }
            let earliest = Day(year: supportedYears.lowerBound, month: 1, day: 1)!
            // Compare before converting so that a huge N cannot overflow.
            guard let count = Int(digits), count <= today.days(since: earliest) else {
                throw .tooFarBack(String(text))
            }
            return today.adding(days: -count)
        }
        return try parse(text)
    }

    /// Today as the shell should take it: the `TALLY_TODAY` value when one is given (so tests
    /// and scripts can pin it), otherwise the local date.
    public static func today(pinnedTo pinned: String?) throws(DayParseError) -> Day {
        guard let pinned else { return currentLocal() }
        return try parse(pinned)
    }
}
