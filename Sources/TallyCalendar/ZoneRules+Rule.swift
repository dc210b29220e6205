extension ZoneRules {
    /// How far from a year's change the next year's is looked for: a rule names a weekday of a
    /// month (`M3.5.0`, the last Sunday of March), a day of the year, or a Julian day, so its
    /// change moves by at most six days from one year to another, plus a leap day.
    static let ruleWindow = 8 * 86_400

    /// The spans of offsets from `start` to `end`, all at or after the zone file's last
    /// transition, with `TZ` set to the file's footer rule (the caller holds the lock and has set
    /// it), read a UTC year at a time (``ruleYear(from:to:hint:)``).
    static func ruleSpans(from start: Int, to end: Int, hint: inout [Int]) -> [Span] {
        var spans: [Span] = []
        let startDays = start >= 0 ? start / 86_400 : (start - 86_399) / 86_400
        var year = CivilDate.civil(days: startDays).year
        while true {
            let yearStart = CivilDate.firstDays(year: year, month: 1) * 86_400
            guard yearStart < end else { break }
            let yearEnd = CivilDate.firstDays(year: year + 1, month: 1) * 86_400
            let yearSpans = ruleYear(from: yearStart, to: yearEnd, hint: &hint)
            for (index, span) in yearSpans.enumerated() {
                let spanEnd = index + 1 < yearSpans.count ? yearSpans[index + 1].start : yearEnd
                guard spanEnd > start, span.start < end else { continue }
                let clipped = Span(start: Swift.max(span.start, start), offset: span.offset)
                if spans.last?.offset != clipped.offset { spans.append(clipped) }
            }
            year += 1
        }
        return spans
    }

    /// The spans of one UTC year, from `yearStart` to `yearEnd`, under a footer rule.
    ///
    /// glibc evaluates a rule for the UTC year of the instant (tzset.c, `__tz_compute`): the
    /// offset is the standard one except between the two instants it computes for that year
    /// (or the reverse, south of the equator), so within a UTC year the offset changes at most
    /// twice. So when a change is found within ``ruleWindow`` of each of the two places a year
    /// had them (`hint`, seconds from its start), in two windows apart, those are the year's
    /// changes and nothing is sampled; otherwise the year is sampled (``sampledSpans(from:to:)``)
    /// and its changes become the hint.
    static func ruleYear(from yearStart: Int, to yearEnd: Int, hint: inout [Int]) -> [Span] {
        if hint.count == 2, hint[1] - hint[0] > 2 * ruleWindow {
            var changes: [Span] = []
            for position in hint {
                let low = Swift.max(yearStart, yearStart + position - ruleWindow)
                let high = Swift.min(yearEnd - 1, yearStart + position + ruleWindow)
                guard low < high else { break }
                let lowOffset = libraryOffset(at: low)
                guard libraryOffset(at: high) != lowOffset else { break }
                changes.append(firstChange(after: low, before: high, from: lowOffset))
            }
            if changes.count == 2 {
                return [Span(start: yearStart, offset: libraryOffset(at: yearStart))] + changes
            }
        }
        let spans = sampledSpans(from: yearStart, to: yearEnd)
        if spans.count == 3 { hint = [spans[1].start - yearStart, spans[2].start - yearStart] }
        return spans
    }
}
