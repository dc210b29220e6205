/// A POSIX `TZ` rule (`CET-1CEST,M3.5.0,M10.5.0/3`): the footer of a TZif file, which gives a
/// zone's offsets after its last transition (RFC 8536 §3.3), or a `TZ` value that names no file.
///
/// Evaluated as glibc evaluates it (tzset.c, `compute_change` and `__tz_compute`), since
/// `localtime_r` is the oracle Tally is tested against: in the UTC year of an instant, daylight
/// time starts at the start rule's local time reckoned in standard time and ends at the end
/// rule's reckoned in daylight time; an end before the start (south of the equator) means
/// daylight time outside that span.
struct ZoneRule: Sendable, Equatable {
    /// Seconds east of UTC in standard time.
    let standardOffset: Int
    /// Seconds east of UTC in daylight time, and when it starts and ends; nil without.
    let daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        let offset: Int
        let start: Change
        let end: Change
    }

    /// A day of the year and a time of that day, local time, when the offset changes.
    struct Change: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// `Jn`: 1...365, February 29 never counted.
            case julian(Int)
            /// `n`: 0...365, February 29 counted in leap years.
            case ordinal(Int)
            /// `Mm.w.d`: weekday d (0 Sunday) of week w (5 the last) of month m.
            case weekday(month: Int, week: Int, weekday: Int)
        }

        let day: Day
        /// Seconds after local midnight (negative or past a day, as RFC 8536 allows).
        let time: Int
    }

    /// The offset east of UTC at `seconds` since 1970-01-01 UTC.
    func offset(at seconds: Int) -> Int {
        var year = Year()
        return offset(at: seconds, year: &year)
    }

    /// The offset east of UTC at `seconds`, with the changes of the UTC year computed last kept
    /// in `year` (a line asks about one zone and year several times).
    func offset(at seconds: Int, year: inout Year) -> Int {
        guard let daylight else { return standardOffset }
        if seconds < year.from || seconds >= year.to {
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let number = CivilDate.civil(days: days).year
            year = Year(
                from: CivilDate.firstDays(year: number, month: 1) * 86_400,
                to: CivilDate.firstDays(year: number + 1, month: 1) * 86_400,
                start: daylight.start.instant(in: number, offset: standardOffset),
                end: daylight.end.instant(in: number, offset: daylight.offset))
        }
        let isDaylight =
            year.start > year.end
            ? (seconds < year.end || seconds >= year.start) : (seconds >= year.start && seconds < year.end)
        return isDaylight ? daylight.offset : standardOffset
    }

    /// A UTC year, from `from` to `to`, and when daylight time starts and ends in it.
    struct Year: Sendable {
        var from = Int.max
        var to = Int.min
        var start = 0
        var end = 0
    }

    // MARK: Reading

    /// The rule `text` spells, or nil when it is not one: `std offset [dst [offset] [,start[/time],end[/time]]]`,
    /// names alphabetic (three or more letters) or quoted in `<>`.
    init?(_ text: String) {
        var reader = Reader(bytes: Array(text.utf8))
        guard reader.name(), let standard = reader.offset() else { return nil }
        standardOffset = -standard
        if reader.isAtEnd {
            daylight = nil
            return
        }
        guard reader.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !reader.isAt(",") && !reader.isAtEnd {
            guard let offset = reader.offset() else { return nil }
            daylightOffset = -offset
        }
        // Daylight time without its rules (`EST5EDT` as a `TZ` value) takes glibc's rules from
        // the database's `posixrules` file, shifted: not read here (a footer always has them).
        guard reader.skip(","), let start = reader.change(), reader.skip(","), let end = reader.change(),
            reader.isAtEnd
        else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        func isAt(_ character: Unicode.Scalar) -> Bool {
            position < bytes.count && bytes[position] == UInt8(ascii: character)
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard isAt(character) else { return false }
            position += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<...>` of letters, digits, `+`, `-`.
        mutating func name() -> Bool {
            if skip("<") {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
                guard position - start >= 3, skip(">") else { return false }
                return true
            }
            let start = position
            while position < bytes.count, (bytes[position] | 0x20) &- UInt8(ascii: "a") < 26 { position += 1 }
            return position - start >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, signed as written (POSIX: west of UTC positive).
        mutating func offset() -> Int? {
            time(largestHours: 24)
        }

        /// A rule's time of day: `[+-]hh[:mm[:ss]]`, hours up to 167 (RFC 8536).
        mutating func time(largestHours: Int) -> Int? {
            let negative = skip("-")
            if !negative { _ = skip("+") }
            guard let hours = number(), hours <= largestHours else { return nil }
            var seconds = hours * 3600
            if skip(":") {
                guard let minutes = number(), minutes < 60 else { return nil }
                seconds += minutes * 60
                if skip(":") {
                    guard let rest = number(), rest < 60 else { return nil }
                    seconds += rest
                }
            }
            return negative ? -seconds : seconds
        }

        mutating func number() -> Int? {
            let start = position
            var value = 0
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10, position - start < 4 {
                value = value * 10 + Int(bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            return position > start ? value : nil
        }

        /// `Jn`, `n` or `Mm.w.d`, then `/time` (2:00 without).
        mutating func change() -> Change? {
            let day: Change.Day
            if skip("J") {
                guard let n = number(), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if skip("M") {
                guard let month = number(), (1...12).contains(month), skip("."), let week = number(),
                    (1...5).contains(week), skip("."), let weekday = number(), weekday <= 6
                else { return nil }
                day = .weekday(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(), n <= 365 else { return nil }
                day = .ordinal(n)
            }
            var time = 7200
            if skip("/") {
                guard let seconds = self.time(largestHours: 167) else { return nil }
                time = seconds
            }
            return Change(day: day, time: time)
        }
    }
}

extension ZoneRule.Change {
    /// The instant of the change in `year`, local time at `offset` seconds east of UTC.
    func instant(in year: Int, offset: Int) -> Int {
        // glibc counts from January 1 of the year, but from 1970 for the years up to 1970.
        var seconds = year > 1970 ? CivilDate.firstDays(year: year, month: 1) * 86_400 : 0
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        switch day {
        case .julian(let n):
            seconds += (n - 1) * 86_400
            if n >= 60 && isLeap { seconds += 86_400 }
        case .ordinal(let n):
            seconds += n * 86_400
        case .weekday(let month, let week, let weekday):
            let monthStart = CivilDate.firstDays(year: year, month: month)
            let monthLength =
                CivilDate.firstDays(year: month == 12 ? year + 1 : year, month: month % 12 + 1) - monthStart
            seconds += (monthStart - CivilDate.firstDays(year: year, month: 1)) * 86_400
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = ((monthStart % 7) + 7 + 4) % 7
            var dayOfMonth = (weekday - firstWeekday + 7) % 7
            for _ in 1..<week where dayOfMonth + 7 < monthLength { dayOfMonth += 7 }
            seconds += dayOfMonth * 86_400
        }
        return seconds - offset + time
    }
}
