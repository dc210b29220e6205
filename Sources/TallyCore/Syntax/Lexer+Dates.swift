import TallyCalendar
import TallyDiagnostics

extension Lexer {
    /// A date, time of day or date-time starting at `start` (a digit), read whole: `2026-12-25`,
    /// `14:30`, `2026-12-25T14:30+01:00`, `2026-12-25 09:00 Europe/Paris`. Nil, with `offset`
    /// unchanged, when the bytes are an ordinary number; an error covering the literal when
    /// they have the shape of a date but are not one (`2026-02-30`), or could be read two ways
    /// (`2026-1-5`, `2026-12 - 25`).
    @inline(never)
    mutating func calendarLiteral(from start: Int) throws(Diagnostic) -> Token? {
        do throws(CalendarParseError) {
            guard let (literal, end) = try CalendarText.scan(bytes, from: start) else { return nil }
            offset = end
            return Token(.number(.calendar(CalendarValue(literal))), span(from: start))
        } catch {
            offset = error.end
            throw Diagnostic.calendarLiteral(error)
        }
    }

    /// Throws when the `-` at `minus` starts a date spaced on some of its dashes only
    /// (`2026 -12-25`, CalendarText+Spacing.swift).
    @inline(never)
    mutating func refusePartlySpacedDate(minus: Int) throws(Diagnostic) {
        guard let error = CalendarText.partlySpacedDate(bytes, minus: minus) else { return }
        offset = error.end
        throw .partlySpacedDate(error.message, at: SourceSpan(start: error.start, end: error.end))
    }

    /// `2026−12−25`, as word processors and PDFs print a date: four digits against a minus
    /// sign (U+2212), one or two digits, another minus sign or `-`, one or two digits. Such a
    /// line is an error that names both readings, never the subtraction 1989.
    mutating func refuseDateWithMinusSigns(minus: Int) throws(Diagnostic) {
        let bytes = self.bytes
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < bytes.count && TallyCore.isDigit(bytes[index]) }
        func isWordByte(_ index: Int) -> Bool {
            index >= 0 && index < bytes.count
                && (TallyCore.isDigit(bytes[index]) || isASCIILetter(bytes[index]) || bytes[index] == UInt8(ascii: "_"))
        }
        /// Whether four digits that start no longer word run from `start` to `end`.
        func isYear(from start: Int, to end: Int) -> Bool {
            start >= 0 && end - start == 4 && (start..<end).allSatisfy(isDigit) && !isWordByte(start - 1)
        }
        // The year ends at this minus sign (`2026−12−25`), or at the `-` before the month
        // written ahead of it (`2026-12−25`).
        var start = minus - 4
        if !isYear(from: start, to: minus) {
            var monthStart = minus
            while isDigit(monthStart - 1) && minus - monthStart < 3 { monthStart -= 1 }
            guard (1...2).contains(minus - monthStart), monthStart >= 5, bytes[monthStart - 1] == UInt8(ascii: "-"),
                isYear(from: monthStart - 5, to: monthStart - 1)
            else { return }
            start = monthStart - 5
        }
        // From the year on: twice a minus sign or `-` and one or two digits, then no letter.
        var index = start + 4
        var date = String(decoding: bytes[start..<index], as: UTF8.self)
        for _ in 0..<2 {
            if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x88, bytes[index + 2] == 0x92 {
                index += 3
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                index += 1
            } else {
                return
            }
            let digits = index
            while isDigit(index) && index - digits < 3 { index += 1 }
            guard (1...2).contains(index - digits) else { return }
            // The date as it reads back: months and days of two digits (`2026-01-05`).
            date += (index - digits == 1 ? "-0" : "-") + String(decoding: bytes[digits..<index], as: UTF8.self)
        }
        if isWordByte(index) { return }
        let written = String(decoding: bytes[start..<index], as: UTF8.self)
        offset = index
        throw .dateWithMinusSigns(written, date: date, at: SourceSpan(start: start, end: index))
    }
}
