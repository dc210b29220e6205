import TallyDiagnostics

/// The rarer parts of a literal, read by ``Lexer/number()`` after its digit loops: separators,
/// bases, repeating parts, exponents, and the errors. Out of line, so that an everyday literal
/// carries none of them.
extension Lexer {
    /// The integer part on from `firstRunEnd`, where a `_` or a `,` follows the first run of
    /// digits: single `_` between digits, or digit groups (`1,234,567`: a first group of one to
    /// three digits, then groups of exactly three) where ``readsGroupingCommas``. A `,` that
    /// does not group ends the literal before it. Returns where the part ends and how many
    /// digits it holds.
    @inline(never)
    mutating func separatedIntegerPart(start: Int, firstRunEnd: Int) throws(Diagnostic) -> (end: Int, digits: Int) {
        let firstRun = firstRunEnd - start
        if bytes[firstRunEnd] == UInt8(ascii: "_") {
            offset = firstRunEnd
            let more = try digitRun(start: start, afterDigit: true)
            return (offset, firstRun + more)
        }
        guard readsGroupingCommas, firstRun <= 3, bytes[start] != UInt8(ascii: "0") || firstRun == 1 else {
            return (firstRunEnd, firstRun)
        }
        var end = firstRunEnd
        var digits = firstRun
        while end + 4 <= bytes.count, bytes[end] == UInt8(ascii: ","), isDigit(bytes[end + 1]), isDigit(bytes[end + 2]),
            isDigit(bytes[end + 3]), end + 4 == bytes.count || !isDigit(bytes[end + 4])
        {
            end += 4
            digits += 3
        }
        if bytes[start] == UInt8(ascii: "0") && end > firstRunEnd {
            // `0,123` groups nothing: a decimal comma, which the parser names.
            return (firstRunEnd, firstRun)
        }
        return (end, digits)
    }

    /// The value of the decimal digits from `start` to `end` (at most 18 of them), passing over
    /// separators.
    func decimalValue(from start: Int, to end: Int) -> Int {
        var value = 0
        for index in start..<end where isDigit(bytes[index]) {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }

    /// Decimal digits with single underscores between them, from ``offset``; `afterDigit` says
    /// whether a digit stands just before. Returns how many digits were read.
    mutating func digitRun(start: Int, afterDigit: Bool) throws(Diagnostic) -> Int {
        var count = 0
        var previousIsDigit = afterDigit
        while offset < bytes.count {
            let byte = bytes[offset]
            if isDigit(byte) {
                count += 1
                previousIsDigit = true
                offset += 1
            } else if byte == UInt8(ascii: "_") {
                guard previousIsDigit, peek(1).map(isDigit) == true else {
                    consumeLiteralTail()
                    throw underscoreError(start: start)
                }
                previousIsDigit = false
                offset += 1
            } else {
                break
            }
        }
        return count
    }

    func underscoreError(start: Int) -> Diagnostic {
        Diagnostic.misplacedUnderscore(in: quoted(start, offset), at: span(from: start))
    }

    /// What may not follow a literal: a second decimal point, or a `_` not between digits.
    func checkLiteralEnd(start: Int, next: UInt8, sawPoint: Bool) throws(Diagnostic) {
        if next == UInt8(ascii: "_") {
            var lexer = self
            lexer.consumeLiteralTail()
            throw lexer.underscoreError(start: start)
        }
        if next == UInt8(ascii: ".") && sawPoint {
            var lexer = self
            lexer.consumeLiteralTail()
            throw Diagnostic.secondDecimalPoint(in: lexer.quoted(start, lexer.offset), at: lexer.span(from: start))
        }
    }

    /// `007`, `00.5`: the literal as written, minus its leading zeros (keeping one before '.'),
    /// is the suggestion.
    func leadingZerosError(start: Int, isDecimal: Bool) -> Diagnostic {
        let written = Array(slice(start, offset).utf8)
        var firstKept = written.firstIndex { $0 != UInt8(ascii: "0") } ?? written.count - 1
        if firstKept == written.count || !isDigit(written[firstKept]) { firstKept -= 1 }
        let suggestion = TerminalSafeText.excerpt(String(decoding: written[firstKept...], as: UTF8.self))
        return Diagnostic.leadingZeros(suggestion: suggestion, isDecimal: isDecimal, at: span(from: start))
    }

    /// The repeating part of a decimal, `(142857)` in `0.(142857)`: digits in parentheses right
    /// after the fraction, read as repeating forever (what `to exact` prints). Returns how many.
    mutating func repeatingPart(start: Int) throws(Diagnostic) -> Int {
        offset += 1  // (
        guard offset < bytes.count, isDigit(bytes[offset]) else {
            throw Diagnostic.missingRepeatingDigits(in: quoted(start, offset), at: span(from: start))
        }
        let digits = try digitRun(start: start, afterDigit: false)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ")") else {
            throw Diagnostic.unclosedRepeatingDigits(in: quoted(start, offset), at: span(from: start))
        }
        offset += 1
        return digits
    }

    /// The exponent at ``offset`` (an `e` or `E`): its value, with a sign `+`, `-` or `−`
    /// (U+2212). Nil, with ``offset`` unchanged, when no digit follows: the literal ends before
    /// the `e`, which starts a name (`2e` is 2·e, `2e3` is 2000).
    mutating func exponentPart(start: Int) throws(Diagnostic) -> Int? {
        let mark = offset
        var index = offset + 1
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        } else if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x88, bytes[index + 2] == 0x92 {
            negative = true
            index += 3
        }
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        offset = index
        let digitsStart = offset
        _ = try digitRun(start: start, afterDigit: false)
        var value = 0
        for byte in bytes[digitsStart..<offset] where isDigit(byte) {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if o1 || o2 || sum > Int.max / 4 {
                throw Diagnostic.exponentTooLarge(of: quoted(start, offset), at: span(from: start))
            }
            value = sum
        }
        if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "."), isDigit(bytes[offset + 1]) {
            // `1e5.5`: read on, it would be 1e5 beside .5, "missing operator".
            offset += 1
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
            throw Diagnostic.fractionalExponent(
                quoted(start, offset), mantissa: quoted(start, mark), mark: slice(mark, mark + 1),
                exponent: quoted(mark + 1, offset), at: span(from: start))
        }
        return negative ? -value : value
    }

    func radixPrefix(_ byte: UInt8?) -> Int32? {
        switch byte {
        case UInt8(ascii: "x"), UInt8(ascii: "X"): return 16
        case UInt8(ascii: "b"), UInt8(ascii: "B"): return 2
        case UInt8(ascii: "o"), UInt8(ascii: "O"): return 8
        default: return nil
        }
    }

    /// The base of a `0x`, `0b` or `0o` prefix whose letter is at `index`.
    func peekRadix(at index: Int) -> Int32? {
        index < bytes.count ? radixPrefix(bytes[index]) : nil
    }

    mutating func prefixedInteger(radix: Int32) throws(Diagnostic) -> Token {
        let start = offset
        offset += 2
        let name = radix == 16 ? "hexadecimal" : (radix == 2 ? "binary" : "octal")
        return try radixDigits(start: start, radix: radix, name: name, prefix: "the prefix")
    }

    /// A literal in base 2 to 36, `7r513` or `36rzz`: the base in decimal, `r`, then digits
    /// (`0-9`, then `a-z` for 10 to 35, either case, `_` between them). What `to base N` prints.
    /// ``offset`` stands at the `r`.
    @inline(never)
    mutating func baseLiteral(start: Int, base: [UInt8]) throws(Diagnostic) -> Token {
        let radixText = String(decoding: base, as: UTF8.self)
        guard base.first != UInt8(ascii: "0"), let radix = Int32(radixText), (2...36).contains(radix) else {
            offset += 1
            consumeLiteralTail()
            throw Diagnostic.invalidRadix(in: quoted(start, offset), at: span(from: start))
        }
        offset += 1  // r
        return try radixDigits(start: start, radix: radix, name: "base-\(radix)", prefix: "'r'")
    }

    /// The digits of an integer in `radix` after its prefix, with `_` between them: the value
    /// when it fits in a word, otherwise a ``NumberToken/digits(radix:)`` token.
    mutating func radixDigits(start: Int, radix: Int32, name: String, prefix: String) throws(Diagnostic) -> Token {
        var value = 0
        var overflow = false
        var previousWasDigit = false
        var count = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit, let next = peek(1), isAlphanumeric(next) else {
                    consumeLiteralTail()
                    throw underscoreError(start: start)
                }
                previousWasDigit = false
                offset += 1
                continue
            }
            guard isAlphanumeric(byte) else { break }
            guard let digit = digitValue(byte), digit < radix else {
                consumeLiteralTail()
                throw Diagnostic.invalidDigit(
                    Character(Unicode.Scalar(byte)), radix: radix, name: name, in: quoted(start, offset),
                    at: span(from: start))
            }
            if !overflow {
                let (times, o1) = value.multipliedReportingOverflow(by: Int(radix))
                let (sum, o2) = times.addingReportingOverflow(Int(digit))
                overflow = o1 || o2
                value = sum
            }
            count += 1
            previousWasDigit = true
            offset += 1
        }
        if count == 0 {
            throw Diagnostic.missingDigits(name, after: prefix, in: quoted(start, offset), at: span(from: start))
        }
        if !overflow { return Token(.number(.integer(value)), span(from: start)) }
        return Token(.number(.digits(radix: radix)), span(from: start))
    }

    /// After a malformed literal, takes the rest of it so the error covers it whole.
    mutating func consumeLiteralTail() {
        while offset < bytes.count {
            let byte = bytes[offset]
            if isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") {
                offset += 1
            } else if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) && offset > 0
                && (bytes[offset - 1] == UInt8(ascii: "e") || bytes[offset - 1] == UInt8(ascii: "E"))
                && !(offset >= 2 && bytes[offset - 2] == UInt8(ascii: "0"))
            {
                offset += 1
            } else {
                break
            }
        }
    }
}
