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
}
