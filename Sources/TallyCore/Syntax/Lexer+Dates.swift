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
        var start = minus - 4
        if !(start >= 0 && (start..<minus).allSatisfy(isDigit) && !isDigit(start - 1)) {
            // `2026-12−25`: the minus sign second, after a year and month written with `-`.
            var monthStart = minus
            while isDigit(monthStart - 1) && minus - monthStart < 3 { monthStart -= 1 }
            guard (1...2).contains(minus - monthStart), monthStart >= 5, bytes[monthStart - 1] == UInt8(ascii: "-")
            else { return }
            start = monthStart - 5
            guard (start..<monthStart - 1).allSatisfy(isDigit), !isDigit(start - 1) else { return }
            var dayEnd = minus + 3
            while isDigit(dayEnd) && dayEnd - minus - 3 < 3 { dayEnd += 1 }
            guard (1...2).contains(dayEnd - minus - 3) else { return }
            if dayEnd < bytes.count, isASCIILetter(bytes[dayEnd]) || bytes[dayEnd] == UInt8(ascii: "_") { return }
            if start > 0, isASCIILetter(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "_") { return }
            let written = String(decoding: bytes[start..<dayEnd], as: UTF8.self)
            offset = dayEnd
            throw .dateWithMinusSigns(
                written, date: String(written.map { $0 == "\u{2212}" ? "-" : $0 }),
                at: SourceSpan(start: start, end: dayEnd))
        }
        if start > 0, isASCIILetter(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "_") { return }
        var index = minus + 3
        var monthDigits = 0
        while isDigit(index) && monthDigits < 3 { (index, monthDigits) = (index + 1, monthDigits + 1) }
        guard (1...2).contains(monthDigits) else { return }
        if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x88, bytes[index + 2] == 0x92 {
            index += 3
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            index += 1
        } else {
            return
        }
        var dayDigits = 0
        while isDigit(index) && dayDigits < 3 { (index, dayDigits) = (index + 1, dayDigits + 1) }
        guard (1...2).contains(dayDigits) else { return }
        if index < bytes.count, isASCIILetter(bytes[index]) || bytes[index] == UInt8(ascii: "_") { return }
        let written = String(decoding: bytes[start..<index], as: UTF8.self)
        let date = String(written.map { $0 == "\u{2212}" ? "-" : $0 })
        offset = index
        throw .dateWithMinusSigns(written, date: date, at: SourceSpan(start: start, end: index))
    }
}
