import TallyCore
import TallyDiagnostics
import TallyHealth

/// The age after `age`: years (`10`, `3.5`, `2y`), years, months and days (`10y6m6d`,
/// `10 years 6 months 6 days`), months (`126 months`), days (`800 days`), or a birth date.
extension BMIArgumentReader {
    /// The words of each unit of an age, from the largest.
    private static let ageUnitWords: [Set<String>] = [
        ["y", "yr", "yrs", "year", "years"], ["m", "mo", "mos", "month", "months"], ["d", "day", "days"],
    ]

    /// Which unit of an age a word names: 0 years, 1 months, 2 days; nil for none.
    private static func ageUnit(_ word: String) -> Int? {
        ageUnitWords.firstIndex { $0.contains(word) }
    }

    private typealias AgePiece = (amount: Rational, unit: String?, span: SourceSpan)

    /// The numbers and unit letters of a word of an age (`10y6m6d`: three pieces); nil for a
    /// word that does not start with a number.
    private func agePieces(_ word: Word) throws -> [AgePiece]? {
        let bytes = Array(word.text.utf8)
        var pieces: [AgePiece] = []
        var index = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, Self.isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
            guard index > start else {
                if pieces.isEmpty { return nil }
                throw Diagnostic.bmiInvalidAge(at: word.span)
            }
            let numberSpan = SourceSpan(start: word.span.start + start, end: word.span.start + index)
            guard case .number(let amount) = try adapter.read(numberSpan) else {
                throw Diagnostic.bmiInvalidAge(at: numberSpan)
            }
            let unitStart = index
            while index < bytes.count, !Self.isDigit(bytes[index]) { index += 1 }
            let unit =
                unitStart == index ? nil : UnitTable.folded(String(decoding: bytes[unitStart..<index], as: UTF8.self))
            pieces.append((amount, unit, SourceSpan(start: numberSpan.start, end: word.span.start + index)))
        }
        return pieces
    }

    /// The age after the word `age` (already read), and where it stands.
    mutating func readAge() throws -> (ChildAge, SourceSpan) {
        guard position < words.count else { throw Diagnostic.bmiMissingAge(at: SourceSpan(at: argumentsEnd)) }
        let first = words[position]
        if let date = try Self.date(first) {
            position += 1
            return (.born(date), first.span)
        }
        guard var pieces = try agePieces(first) else { throw Diagnostic.bmiInvalidAge(at: first.span) }
        position += 1
        while position < words.count, pieces.count < 4 {
            let next = words[position]
            let last = pieces[pieces.count - 1]
            let name = next.folded
            if last.unit == nil, Self.ageUnit(name) != nil {
                pieces[pieces.count - 1].unit = name
                pieces[pieces.count - 1].span = last.span.union(next.span)
            } else if last.unit != nil, let more = try agePieces(next), more.count == 1 {
                // The months after years (`10y 6`), or a number whose unit follows (`6 months`).
                let unitFollows =
                    more[0].unit != nil
                    || (position + 1 < words.count && Self.ageUnit(words[position + 1].folded) != nil)
                guard unitFollows || Self.ageUnit(last.unit ?? "") == 0 else { break }
                pieces += more
            } else {
                break
            }
            position += 1
        }
        guard pieces.count <= 3 else { throw Diagnostic.bmiInvalidAge(at: pieces[3].span) }
        let span = pieces[0].span.union(pieces[pieces.count - 1].span)
        var months = Rational(0)
        var days = Rational(0)
        var previousUnit = -1
        for (index, piece) in pieces.enumerated() {
            // A bare number is years first, months after years.
            let unit: Int
            if let word = piece.unit {
                guard let known = Self.ageUnit(word) else { throw Diagnostic.bmiUnknownAgeUnit(word, at: piece.span) }
                unit = known
            } else if index == 0 {
                unit = 0
            } else if previousUnit == 0 {
                unit = 1
            } else {
                throw Diagnostic.bmiInvalidAge(at: piece.span)
            }
            // Each unit after a larger one, and less than one of it.
            let limit = unit == 1 ? Rational(12) : Rational(31)
            if piece.amount.signum < 0 || unit <= previousUnit
                || (index > 0 && Rational.compare(piece.amount, limit) >= 0)
            {
                throw Diagnostic.bmiInvalidAge(at: piece.span)
            }
            switch unit {
            case 0: months = months + piece.amount * Rational(12)
            case 1: months = months + piece.amount
            default: days = days + piece.amount
            }
            previousUnit = unit
        }
        guard Rational.compare(months + days / ExactAge.daysInMonth, Rational(12 * 200)) < 0 else {
            throw Diagnostic.bmiImplausibleAge(at: span)
        }
        return (.written(ExactAge(months: months, days: days)), span)
    }
}
