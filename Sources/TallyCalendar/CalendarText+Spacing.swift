extension CalendarText {
    /// The error for a date written with spaces on some of its dashes only — `2026 -12-25`,
    /// `2026- 12-25`, `2026 - 12-25`, `2026 -12 -25` — which would otherwise be silent
    /// subtraction (1989); nil when the `-` at `minus` does not start such a shape.
    ///
    /// `minus` is the dash after the year (`2026-12 - 25` and `2026-1-5`, whose first dash is
    /// tight, are the literal reader's). All four sides spaced (`2026 - 12 - 25`) is subtraction,
    /// as documented; so is anything whose month or day could not be one (`2026 - 13-40`).
    public static func partlySpacedDate(_ bytes: UnsafeBufferPointer<UInt8>, minus: Int) -> CalendarParseError? {
        var reader = Reader(bytes: bytes, index: minus)
        // Back: spaces, then exactly four digits that start a number.
        var yearEnd = minus
        while yearEnd > 0, bytes[yearEnd - 1] == UInt8(ascii: " ") || bytes[yearEnd - 1] == UInt8(ascii: "\t") {
            yearEnd -= 1
        }
        let start = yearEnd - 4
        guard start >= 0, (start..<yearEnd).allSatisfy({ reader.isDigit(at: $0) }),
            start == 0 || !(reader.isWordByte(at: start - 1) || bytes[start - 1] == UInt8(ascii: ","))
        else { return nil }
        // On: spaces, one or two digits, spaces, `-`, spaces, one or two digits, and an end.
        let monthStart = reader.afterSpaces(minus + 1)
        reader.index = monthStart
        let month = reader.digits()
        let secondMinus = reader.afterSpaces(reader.index)
        guard (1...2).contains(month.count), (1...12).contains(month.value), secondMinus < bytes.count,
            bytes[secondMinus] == UInt8(ascii: "-")
        else { return nil }
        let dayStart = reader.afterSpaces(secondMinus + 1)
        reader.index = dayStart
        let day = reader.digits()
        guard (1...2).contains(day.count), (1...31).contains(day.value), !reader.isWordByte(at: reader.index) else {
            return nil
        }
        let spaced = [
            yearEnd < minus, monthStart > minus + 1, secondMinus > monthStart + month.count, dayStart > secondMinus + 1,
        ]
        guard spaced.contains(false) else { return nil }
        return reader.ambiguous(start: start, end: reader.index)
    }
}

extension CalendarText.Reader {
    /// Throws when a number of five or more digits (read) runs on as a date does, `12026-12-25`:
    /// years have four digits, and without spaces it would be silent subtraction (11989).
    func refuseLongYear(start: Int) throws(CalendarParseError) {
        var reader = self
        reader.index += 1  // -
        let month = reader.digits()
        guard (1...2).contains(month.count), reader.peek() == UInt8(ascii: "-"), reader.isDigit(at: reader.index + 1)
        else { return }
        reader.index += 1
        let day = reader.digits()
        guard (1...2).contains(day.count), !reader.isWordByte(at: reader.index) else { return }
        let written = text(start, reader.index)
        // Without leading zeros, which a number may not have.
        let subtraction = written.split(separator: "-").map { part in
            let digits = part.drop { $0 == "0" }
            return digits.isEmpty ? "0" : String(digits)
        }.joined(separator: " - ")
        throw CalendarParseError(
            "'\(written)' has the shape of a date, but years have four digits (0001 to 9999): write \(subtraction) with spaces to subtract",
            start: start, end: reader.index, isAmbiguous: true)
    }
}
