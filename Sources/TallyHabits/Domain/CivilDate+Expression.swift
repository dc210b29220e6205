import TallyCalendar

/// A DATE argument written as a day moved by whole days, weeks, months or years:
/// `today - 2 days`, `yesterday - 1 week`, `2026-11-29 + 1 month`, `-3 - 1 year`.
///
/// The rule (docs/habit.md, "Names, dates and targets"): a day as a single DATE word gives it, then any number of
/// steps, each `+` or `-`, a whole number and `day`, `week`, `month` or `year` (or their plurals),
/// spaced or not (`- 2 days`, `-2 days`, `-2days`). Steps apply left to right, as the
/// calculator's dates add them: days and weeks count days, months and years move by the calendar
/// and fall back to the last day of a shorter month (`2026-03-31 - 1 month` is 2026-02-28). No
/// other arithmetic: a habit's day is a day, and anything else is an error naming the forms.
extension CivilDate {
    /// How many of `following` (the words after a DATE word) continue it as steps: 0 when the
    /// next word does not start one.
    public static func continuationLength(_ following: [String]) -> Int {
        var used = 0
        while used < following.count {
            guard let first = following[used].utf8.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
            else { break }
            // A step is the shortest run of 1 to 3 words that reads as one: `-`, `2`, `days`.
            guard
                let length = (1...3).first(where: { length in
                    used + length <= following.count
                        && step(following[used..<used + length].joined()) != nil
                })
            else { break }
            used += length
        }
        return used
    }

    /// `text` read as a DATE word followed by steps, when it has spaces or steps; nil when it
    /// is a single word with none (for ``resolve(_:today:)`` to read).
    static func resolveExpression(_ text: String, today: CivilDate) throws(DayParseError) -> CivilDate? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count > 1, let base = parts.first else { return nil }
        // A `-N` or a date as the first word is read whole; the steps follow it.
        var day = try resolveWord(base, today: today)
        var rest = Substring(parts.dropFirst().joined())
        guard !rest.isEmpty else { return day }
        while !rest.isEmpty {
            // The next step runs to the next sign.
            let end = rest.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) ?? rest.endIndex
            guard let (days, months) = step(rest[rest.startIndex..<end]) else { throw .malformed(text) }
            var date = day
            if months != 0 {
                guard let moved = date.adding(months: months) else { throw .outsideYears(text) }
                date = moved
            }
            guard let moved = date.adding(days: days) else { throw .outsideYears(text) }
            day = moved
            rest = rest[end...]
        }
        return day
    }

    /// One step, `-2days` (spaces taken out): the days or the months it moves by; nil when it is
    /// not one.
    static func step<S: StringProtocol>(_ text: S) -> (days: Int, months: Int)? {
        let bytes = Array(text.utf8)
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = bytes.dropFirst().prefix { $0 &- UInt8(ascii: "0") < 10 }
        guard !digits.isEmpty, digits.count <= 7 else { return nil }
        let count = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } * (sign == UInt8(ascii: "-") ? -1 : 1)
        var unit = String(decoding: bytes.dropFirst(1 + digits.count), as: UTF8.self).lowercased()
        if unit.hasSuffix("s") { unit.removeLast() }
        switch unit {
        case "day": return (count, 0)
        case "week": return (count * 7, 0)
        case "month": return (0, count)
        case "year": return (0, count * 12)
        default: return nil
        }
    }
}
