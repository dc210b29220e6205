extension CalendarText {
    /// A cursor over the bytes of one literal.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        @inline(__always)
        func peek(_ distance: Int = 0) -> UInt8? {
            index + distance < bytes.count ? bytes[index + distance] : nil
        }

        @inline(__always)
        func isDigit(at position: Int) -> Bool {
            position < bytes.count && bytes[position] &- UInt8(ascii: "0") < 10
        }

        @inline(__always)
        func isWordByte(at position: Int) -> Bool {
            guard position < bytes.count else { return false }
            let byte = bytes[position]
            return ZoneRules.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte >= 0x80
        }

        /// A run of digits: its value (up to 9 digits counted) and length.
        @inline(__always)
        mutating func digits() -> (value: Int, count: Int) {
            var value = 0
            var count = 0
            while isDigit(at: index) {
                if count < 9 { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            return (value, count)
        }

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// Index after the spaces and tabs at `position`.
        @inline(__always)
        func afterSpaces(_ position: Int) -> Int {
            var position = position
            while position < bytes.count
                && (bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t"))
            {
                position += 1
            }
            return position
        }

        /// Fails when a letter, digit, `_` or `.` runs on from the literal (`2026-12-25x`).
        @inline(__always)
        func requireEnd(of what: String, start: Int) throws(CalendarParseError) {
            guard isWordByte(at: index) else { return }
            throw runOn(of: what, start: start)
        }

        /// The error of a word running on from the literal at ``index``.
        @inline(never)
        func runOn(of what: String, start: Int) -> CalendarParseError {
            var end = index
            while isWordByte(at: end) || (end < bytes.count && bytes[end] == UInt8(ascii: ":")) { end += 1 }
            return CalendarParseError(
                "malformed \(what) '\(text(start, end))': expected nothing after \(text(start, index))", start: start,
                end: end)
        }

        /// A date from its four-digit year (read) onwards, and a time and zone after it if any.
        mutating func dateOrDateTime(start: Int, year: Int) throws(CalendarParseError)
            -> (literal: CalendarLiteral, end: Int)?
        {
            index += 1  // -
            let month = digits()
            let monthEnd = index
            guard peek() == UInt8(ascii: "-"), isDigit(at: index + 1) else {
                // `2026-12`: subtraction, unless a spaced `- 25` follows, the shape of a date.
                let after = afterSpaces(index)
                if after > index, after < bytes.count, bytes[after] == UInt8(ascii: "-") {
                    let digit = afterSpaces(after + 1)
                    if isDigit(at: digit) {
                        var end = digit
                        while isDigit(at: end) { end += 1 }
                        throw ambiguous(start: start, end: end)
                    }
                }
                index = start
                _ = monthEnd
                return nil
            }
            index += 1
            let day = digits()
            guard month.count == 2, day.count == 2 else { throw ambiguous(start: start, end: index) }
            let date = try validDate(year: year, month: month.value, day: day.value, start: start, end: index)
            let dateEnd = index
            // A time of day: after `T`, or after spaces when it has two-digit hours and a colon.
            var timeStart: Int?
            if peek() == UInt8(ascii: "T") && isDigit(at: index + 1) {
                timeStart = index + 1
            } else {
                let after = afterSpaces(index)
                if after > index, isDigit(at: after), isDigit(at: after + 1), after + 2 < bytes.count,
                    bytes[after + 2] == UInt8(ascii: ":"), isDigit(at: after + 3)
                {
                    timeStart = after
                }
            }
            guard let timeStart else {
                if peek() == UInt8(ascii: "T") {
                    throw CalendarParseError(
                        "malformed date-time '\(text(start, index + 1))': expected a time of day after 'T', as in \(text(start, index))T14:30",
                        start: start, end: index + 1)
                }
                try requireEnd(of: "date", start: start)
                try refuseZone(after: dateEnd, start: start)
                return (.date(date), dateEnd)
            }
            index = timeStart
            let hour = digits()
            guard hour.count == 2, peek() == UInt8(ascii: ":") else {
                throw CalendarParseError(
                    "malformed date-time '\(text(start, index))': expected a time of day as HH:MM after the date",
                    start: start, end: index)
            }
            let time = try self.time(start: timeStart, hour: hour.value, hourDigits: 2)
            let offset = try self.offset(start: start)
            try requireEnd(of: "date-time", start: start)
            let end = index
            let zone = try zoneName(after: end, start: start)
            return try dateTime(date, time, offset: offset, zone: zone, start: start, end: zone?.end ?? end)
        }

        /// `:MM` and optionally `:SS` after an hour (read).
        mutating func time(start: Int, hour: Int, hourDigits: Int) throws(CalendarParseError) -> TimeOfDay {
            index += 1  // :
            let minute = digits()
            var second = (value: 0, count: 2)
            if minute.count == 2, peek() == UInt8(ascii: ":"), isDigit(at: index + 1) {
                index += 1
                second = digits()
            }
            if peek() == UInt8(ascii: "."), isDigit(at: index + 1) {
                index += 1
                _ = digits()
                throw CalendarParseError(
                    "'\(text(start, index))': times are to the whole second; fractions of a second are not supported",
                    start: start, end: index)
            }
            guard minute.count == 2, second.count == 2 else {
                throw CalendarParseError(
                    "malformed time '\(text(start, index))': expected HH:MM or HH:MM:SS, two digits each after ':'",
                    start: start, end: index)
            }
            guard let time = TimeOfDay(hour: hour, minute: minute.value, second: second.value) else {
                let what =
                    hour > 23
                    ? "hours run from 00 to 23" : (minute.value > 59 ? "minutes" : "seconds") + " run from 00 to 59"
                throw CalendarParseError(
                    "there is no time '\(text(start, index))': \(hour > 23 ? what : what)", start: start, end: index)
            }
            return time
        }

        /// `Z`, `+01:00` or `-0330` right after a time; nil when there is none.
        mutating func offset(start: Int) throws(CalendarParseError) -> Int? {
            guard let byte = peek() else { return nil }
            if byte == UInt8(ascii: "Z") && !isWordByte(at: index + 1) {
                index += 1
                return 0
            }
            guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"), isDigit(at: index + 1),
                isDigit(at: index + 2), peek(3) == UInt8(ascii: ":")
            else { return nil }
            let offsetStart = index
            index += 1
            let hours = digits()
            index += 1  // :
            let minutes = digits()
            guard hours.count == 2, minutes.count == 2, hours.value <= 23, minutes.value <= 59 else {
                throw CalendarParseError(
                    "malformed offset '\(text(offsetStart, index))': expected +HH:MM or -HH:MM, up to 23:59",
                    start: offsetStart, end: index)
            }
            let size = hours.value * 3600 + minutes.value * 60
            return byte == UInt8(ascii: "-") ? -size : size
        }

        /// A word after spaces that names a zone: one with `/` (`Europe/Paris`, which must then be
        /// in the database) or a name the database has without one (`UTC`, `Japan`).
        func zoneName(after position: Int, start: Int) throws(CalendarParseError) -> (zone: Zone, end: Int)? {
            let wordStart = afterSpaces(position)
            guard wordStart > position, wordStart < bytes.count,
                bytes[wordStart] &- UInt8(ascii: "A") < 26
            else { return nil }
            var end = wordStart
            var hasSlash = false
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "/") {
                    hasSlash = true
                } else if !(ZoneRules.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"))
                {
                    break
                }
                end += 1
            }
            let name = text(wordStart, end)
            if let zone = Zone.named(name) { return (zone, end) }
            if hasSlash && ZoneRules.looksLikeZoneName(name) {
                throw CalendarParseError(
                    "unknown time zone '\(name)': zones are names of the tz database, as in Europe/Paris or America/New_York",
                    start: wordStart, end: end)
            }
            return nil
        }

        /// A date followed by a zone but no time: an error that says how to write it.
        @inline(__always)
        func refuseZone(after position: Int, start: Int) throws(CalendarParseError) {
            // Most dates are followed by an operator or nothing: only a capital after spaces
            // may start a zone's name.
            let wordStart = afterSpaces(position)
            guard wordStart > position, wordStart < bytes.count, bytes[wordStart] &- UInt8(ascii: "A") < 26 else {
                return
            }
            guard let (zone, end) = try zoneName(after: position, start: start), let name = zone.name,
                name.contains("/")
            else { return }
            throw CalendarParseError(
                "a time zone needs a time of day: write \(text(start, position)) 00:00 \(name)", start: start, end: end)
        }

        func ambiguous(start: Int, end: Int) -> CalendarParseError {
            let written = text(start, end)
            let parts = written.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == "\t" })
            let subtraction = parts.joined(separator: " - ")
            guard parts.count == 3, parts[1].count <= 2, parts[2].count <= 2, let month = Int(parts[1]),
                let day = Int(parts[2])
            else {
                return CalendarParseError(
                    "'\(written)' has the shape of a date but is none (a date is YYYY-MM-DD): write \(subtraction) with spaces to subtract",
                    start: start, end: end, isAmbiguous: true)
            }
            let dateText = parts[0] + "-" + CivilDate.padded(month, to: 2) + "-" + CivilDate.padded(day, to: 2)
            return CalendarParseError(
                "'\(written)' has the shape of a date: write \(dateText) for the date, or \(subtraction) with spaces to subtract",
                start: start, end: end, isAmbiguous: true)
        }

        /// The date of a year, month and day read from `start` to `end`; the text is quoted only
        /// for an error.
        func validDate(year: Int, month: Int, day: Int, start: Int, end: Int) throws(CalendarParseError)
            -> CivilDate
        {
            if let date = CivilDate(year: year, month: month, day: day) { return date }
            let text = self.text(start, end)
            guard year >= 1 else {
                throw CalendarParseError(
                    "there is no year 0 in '\(text)'; years run from 0001 to 9999", start: start, end: end)
            }
            guard (1...12).contains(month) else {
                throw CalendarParseError(
                    "there is no month \(month) in '\(text)'; months run from 01 to 12", start: start, end: end)
            }
            let length = CivilDate.numberOfDays(inMonth: month, ofYear: year)
            throw CalendarParseError(
                "there is no day '\(text)': \(CivilDate.monthNames[month - 1]) \(year) has \(length) days",
                start: start, end: end)
        }

        /// The instant a date, a time and an offset or zone (read from `start` to `end`) name;
        /// the text is quoted only for an error.
        func dateTime(
            _ date: CivilDate, _ time: TimeOfDay, offset: Int?, zone: (zone: Zone, end: Int)?, start: Int, end: Int
        ) throws(CalendarParseError) -> (literal: CalendarLiteral, end: Int) {
            let resolved: DateTime
            if let zone {
                resolved = DateTime.resolving(date, time, in: zone.zone)
                if let offset, resolved.offset != offset {
                    // The offset says which of two readings in an overlap is meant, or is wrong.
                    let other = DateTime(
                        seconds: date.daysSinceEpoch * 86_400 + time.secondsSinceMidnight - offset, zone: zone.zone)
                    guard other.offset == offset else {
                        throw CalendarParseError(
                            "'\(text(start, end))': \(zone.zone.name ?? "the zone") is not at \(DateTime.offsetText(offset, isUTC: false)) then",
                            start: start, end: end)
                    }
                    return (.dateTime(other), end)
                }
            } else if let offset {
                resolved = DateTime.resolving(date, time, in: offset == 0 ? .utc : .offset(offset))
            } else {
                resolved = DateTime.resolving(date, time, in: .local)
            }
            guard resolved.isSupported else {
                throw CalendarParseError(
                    "'\(text(start, end))' is outside the years 0001 to 9999", start: start, end: end)
            }
            return (.dateTime(resolved), end)
        }
    }
}
