/// Reads dates and times written in ISO 8601 form, byte by byte, as the calculator's lexer and
/// the environment's `TALLY_TODAY`/`TALLY_NOW` give them.
///
/// What it reads (docs/language.md, "Dates and times"):
/// - a date `YYYY-MM-DD`, four digits for the year and two each for month and day;
/// - a time of day `H:MM`, `HH:MM` or `HH:MM:SS` (whole seconds);
/// - a date-time: a date, then `T` or spaces, then a time of day (two-digit hours), then
///   optionally an offset (`Z`, `+01:00`) and optionally, after spaces, a zone of the tz
///   database (`Europe/Paris`, `UTC`).
/// A shape that is almost a date — `2026-1-5`, `2026-12 - 25` — is an error naming the two
/// readings rather than silent subtraction.
public enum CalendarText {
    /// Reads a calendar literal starting at `start`, a digit. Returns nil, reading nothing, when
    /// the bytes are not of a calendar shape (an ordinary number); the literal and where it
    /// ends otherwise.
    public static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(CalendarParseError)
        -> (literal: CalendarLiteral, end: Int)?
    {
        if let date = plainDate(bytes, at: start) { return (.date(date), start + 10) }
        return try scanEveryShape(bytes, from: start)
    }

    /// The date `YYYY-MM-DD` at `start` when nothing after it can make it more than a date —
    /// the end, an operator, a bracket, or spaces before something other than a digit (a time
    /// of day) or a capital (a zone) — and it is a real one; nil for everything else, which
    /// ``scanEveryShape(_:from:)`` reads. Most literals are such dates, read here in a few
    /// dozen instructions (`CalendarTextTests` holds it to the full reader).
    @inline(__always)
    static func plainDate(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> CivilDate? {
        guard start + 10 <= bytes.count else { return nil }
        func digit(_ offset: Int) -> Int? {
            let value = bytes[start + offset] &- UInt8(ascii: "0")
            return value < 10 ? Int(value) : nil
        }
        guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3), let m0 = digit(5),
            let m1 = digit(6), let d0 = digit(8), let d1 = digit(9)
        else { return nil }
        if start + 10 < bytes.count {
            let next = bytes[start + 10]
            if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") {
                var after = start + 11
                while after < bytes.count && (bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t")) {
                    after += 1
                }
                if after < bytes.count
                    && (bytes[after] &- UInt8(ascii: "0") < 10 || bytes[after] &- UInt8(ascii: "A") < 26)
                {
                    return nil
                }
            } else if ZoneRules.isASCIIAlphanumeric(next) || next == UInt8(ascii: "_") || next == UInt8(ascii: ".")
                || next == UInt8(ascii: ":") || next >= 0x80
            {
                return nil
            }
        }
        return CivilDate(year: y0 * 1000 + y1 * 100 + y2 * 10 + y3, month: m0 * 10 + m1, day: d0 * 10 + d1)
    }

    /// ``scan(_:from:)`` by the reader of every shape.
    static func scanEveryShape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(CalendarParseError)
        -> (literal: CalendarLiteral, end: Int)?
    {
        var reader = Reader(bytes: bytes, index: start)
        let first = reader.digits()
        let byte = reader.peek()
        if first.count == 4 && byte == UInt8(ascii: "-") && reader.isDigit(at: reader.index + 1) {
            return try reader.dateOrDateTime(start: start, year: first.value)
        }
        if first.count > 4 && byte == UInt8(ascii: "-") && reader.isDigit(at: reader.index + 1) {
            try reader.refuseLongYear(start: start)
            return nil
        }
        if (1...2).contains(first.count) && byte == UInt8(ascii: ":") && reader.isDigit(at: reader.index + 1) {
            let time = try reader.time(start: start, hour: first.value, hourDigits: first.count)
            try reader.requireEnd(of: "time", start: start)
            return (.time(time), reader.index)
        }
        return nil
    }

    /// `text`, which must be a date and nothing else.
    public static func date(_ text: String) throws(CalendarParseError) -> CivilDate {
        guard case .date(let date) = try whole(text) else {
            throw CalendarParseError(
                "'\(text)' is not a date; expected YYYY-MM-DD", start: 0, end: text.utf8.count)
        }
        return date
    }

    /// `text` as an instant: a date-time, or whole seconds since 1970-01-01 UTC.
    public static func instant(_ text: String) throws(CalendarParseError) -> DateTime {
        if let seconds = Int(text), DateTime.supportedSeconds.contains(seconds) {
            return DateTime(seconds: seconds, zone: .utc)
        }
        guard case .dateTime(let dateTime) = try whole(text) else {
            throw CalendarParseError(
                "'\(text)' is not a date-time; expected YYYY-MM-DDTHH:MM:SS with Z or an offset, or seconds since 1970",
                start: 0, end: text.utf8.count)
        }
        return dateTime
    }

    /// The literal `text` holds, all of it.
    static func whole(_ text: String) throws(CalendarParseError) -> CalendarLiteral? {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(CalendarParseError) -> CalendarLiteral? in
                guard let (literal, end) = try scan(bytes, from: 0), end == bytes.count else { return nil }
                return literal
            }
        }.get()
    }
}
