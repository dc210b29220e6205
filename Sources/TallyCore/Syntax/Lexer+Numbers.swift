import Glibc
import TallyDiagnostics

extension Lexer {
    @inline(__always)
    mutating func number() throws(Diagnostic) -> Token {
        if bytes[offset] == UInt8(ascii: "0"), let radix = radixPrefix(peek(1)) {
            return try prefixedInteger(radix: radix)
        }
        if let token = plainNumber() {
            // `2026-12-25`, `14:30`: a date or time is read whole (Lexer+Dates.swift).
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "-") || bytes[offset] == UInt8(ascii: ":")),
                let calendar = try calendarLiteral(from: token.span.start)
            {
                return calendar
            }
            return token
        }
        return try otherNumber()
    }

    /// Every literal but the everyday one: long, with `_`, an exponent, a base or a repeating
    /// part, or malformed. Out of line, so that lexing a plain line carries none of it.
    @inline(never)
    mutating func otherNumber() throws(Diagnostic) -> Token {
        let start = offset
        if let token = try calendarLiteral(from: start) { return token }
        if let token = longPlainNumber() { return token }
        let integerDigits = try digitRun(start: start)
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "r") {
            return try baseLiteral(start: start, base: integerDigits)
        }
        var fractionDigits: [UInt8] = []
        var repeatingDigits: [UInt8] = []
        var exponent = 0
        var isDecimal = false
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            isDecimal = true
            offset += 1
            if offset < bytes.count && isDigit(bytes[offset]) {
                fractionDigits = try digitRun(start: start)
            }
            if offset < bytes.count && bytes[offset] == UInt8(ascii: "(") {
                repeatingDigits = try repeatingPart(start: start)
            }
            if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
                consumeLiteralTail()
                throw Diagnostic(
                    .malformedNumber, "malformed number '\(quoted(start, offset))': more than one decimal point",
                    at: span(from: start))
            }
        }
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
            isDecimal = true
            exponent = try exponentPart(start: start)
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "_") {
            consumeLiteralTail()
            throw Diagnostic(
                .malformedNumber, "malformed number '\(quoted(start, offset))': '_' must stand between digits",
                at: span(from: start))
        }
        if integerDigits.count > 1 && integerDigits[0] == UInt8(ascii: "0") {
            // Suggest the literal as written, minus its leading zeros (keeping one before '.').
            let written = Array(slice(start, offset).utf8)
            var firstKept = written.firstIndex { $0 != UInt8(ascii: "0") } ?? written.count - 1
            if firstKept == written.count || !isDigit(written[firstKept]) { firstKept -= 1 }
            let suggestion = TerminalSafeText.excerpt(String(decoding: written[firstKept...], as: UTF8.self))
            let hint = isDecimal ? "write \(suggestion)" : "write \(suggestion), or 0o\(suggestion) for octal"
            throw Diagnostic(.leadingZeros, "leading zeros are not allowed; \(hint)", at: span(from: start))
        }
        if !isDecimal {
            if integerDigits.count <= 18, let value = Int(String(decoding: integerDigits, as: UTF8.self)) {
                return Token(.number(.integer(value)), span(from: start))
            }
            literalText = String(decoding: integerDigits, as: UTF8.self)
            return Token(.number(.digits(radix: 10)), span(from: start))
        }
        if !repeatingDigits.isEmpty {
            literalText = String(decoding: integerDigits + fractionDigits + repeatingDigits, as: UTF8.self)
            return Token(
                .number(
                    .repeating(
                        fractionDigits: fractionDigits.count, repeatingDigits: repeatingDigits.count, exponent: exponent
                    )),
                span(from: start))
        }
        var significand = integerDigits + fractionDigits
        if let firstNonZero = significand.firstIndex(where: { $0 != UInt8(ascii: "0") }) {
            significand.removeFirst(firstNonZero)
        } else {
            significand = [UInt8(ascii: "0")]
        }
        let (scaledExponent, overflow) = exponent.subtractingReportingOverflow(fractionDigits.count)
        if overflow {
            throw Diagnostic(
                .exponentTooLarge, "exponent of '\(quoted(start, offset))' is too large", at: span(from: start))
        }
        literalText = String(decoding: significand, as: UTF8.self)
        return Token(
            .number(.decimal(exponent: scaledExponent)),
            span(from: start))
    }

    /// The everyday literal — `42`, `3.14`, `.5`, `7.` — read in one pass with no allocation:
    /// digits, at most one point, at most 18 significant digits (or an integer of 19 or 20
    /// digits, kept as a word when it fits), and none of `_`, `e`, a second point or a leading
    /// zero. Anything else returns nil with `offset` unchanged, for the full
    /// rules in ``number()``. The tokens are the ones those rules would give.
    mutating func plainNumber() -> Token? {
        let start = offset
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        // Two tight loops over the raw bytes: the integer part, then the fraction after one
        // point. Every line of numbers goes through here. The value wraps past 18 digits; it
        // is used only when the significant digits are at most 18.
        var value = 0
        var index = Self.digits(base, from: start, to: count, into: &value)
        let integerDigits = index &- start
        var fractionDigits = 0
        var sawPoint = false
        if index < count && base[index] == UInt8(ascii: ".") {
            sawPoint = true
            index &+= 1
            let fractionStart = index
            index = Self.digits(base, from: index, to: count, into: &value)
            fractionDigits = index &- fractionStart
        }
        if index < count {
            let next = base[index]
            if next == UInt8(ascii: "_") || next == UInt8(ascii: ".") || next == UInt8(ascii: "e")
                || next == UInt8(ascii: "E") || next == UInt8(ascii: "r") || (sawPoint && next == UInt8(ascii: "("))
            {
                return nil
            }
        }
        if integerDigits > 1 && base[start] == UInt8(ascii: "0") { return nil }
        if !sawPoint && (integerDigits == 19 || integerDigits == 20) {
            // Past `Int` but perhaps within `UInt`: the wrapped value holds the low 64 bits,
            // exact when the number is below 2^64 (19 digits always are; 20 when they do not
            // exceed 18446744073709551615 digit by digit).
            // Digit strings of one length compare as their numbers do.
            let fits =
                integerDigits == 19
                || Self.largestWordDigits.withUnsafeBufferPointer { memcmp(base + start, $0.baseAddress!, 20) <= 0 }
            offset = index
            return plainDigitsToken(from: start, word: fits ? UInt(bitPattern: value) : nil)
        }
        if integerDigits &+ fractionDigits > 18 {
            // Only `0.000…` has zeros that are not significant (an integer part has no leading
            // zeros); past 18 significant digits the value wrapped.
            var leadingZeros = 0
            var scan = start
            while scan < index && (base[scan] == UInt8(ascii: "0") || base[scan] == UInt8(ascii: ".")) {
                if base[scan] == UInt8(ascii: "0") { leadingZeros += 1 }
                scan += 1
            }
            if integerDigits &+ fractionDigits &- leadingZeros > 18 { return nil }
        }
        offset = index
        if !sawPoint { return Token(.number(.integer(value)), span(from: start)) }
        if fractionDigits <= 18 {
            return Token(.number(.smallDecimal(significand: value, exponent: -fractionDigits)), span(from: start))
        }
        literalText = String(value)
        return Token(.number(.decimal(exponent: -fractionDigits)), span(from: start))
    }

    /// Reads the run of ASCII digits from `start`, folding them into `value` (which wraps past
    /// 18 digits), and returns where the run ends. Eight digits at a time where eight bytes
    /// remain: a test and three multiplications in place of eight rounds of the loop.
    @inline(__always)
    static func digits(_ base: UnsafePointer<UInt8>, from start: Int, to count: Int, into value: inout Int)
        -> Int
    {
        var index = start
        while index &+ 8 <= count {
            // The byte at `index` is the lowest: the first digit the most significant.
            let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // Every byte is 0x30...0x39: its high half is 3, and still 3 with 6 added.
            let highHalves: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
            let threes: UInt64 = 0x3030_3030_3030_3030
            guard chunk & highHalves == threes, (chunk &+ 0x0606_0606_0606_0606) & highHalves == threes else { break }
            // Pairs of digits, then fours, then all eight, each step one multiplication that
            // adds 10^k times the higher-placed neighbour into its lane.
            var lanes = chunk & 0x0F0F_0F0F_0F0F_0F0F
            lanes = (lanes &* (10 << 8 + 1)) >> 8
            lanes = ((lanes & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
            lanes = ((lanes & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
            value = value &* 100_000_000 &+ Int(lanes & 0xFFFF_FFFF)
            index &+= 8
        }
        while index < count {
            let digit = base[index] &- UInt8(ascii: "0")
            if digit >= 10 { break }
            value = value &* 10 &+ Int(digit)
            index &+= 1
        }
        return index
    }

    /// A plain literal (digits, at most one point, nothing else) of more than 18 significant
    /// digits that ``plainNumber()`` leaves, read with one copy of its digits: an integer of
    /// over 20 digits, a pasted 40-digit decimal. Anything else returns nil with `offset` unchanged, for ``number()``.
    mutating func longPlainNumber() -> Token? {
        let start = offset
        var index = start
        while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        let integerEnd = index
        var fractionStart = index
        var sawPoint = false
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            sawPoint = true
            index += 1
            fractionStart = index
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count {
            let next = bytes[index]
            if next == UInt8(ascii: "_") || next == UInt8(ascii: ".") || next == UInt8(ascii: "e")
                || next == UInt8(ascii: "E") || next == UInt8(ascii: "r") || (sawPoint && next == UInt8(ascii: "("))
            {
                return nil
            }
        }
        if integerEnd - start > 1 && bytes[start] == UInt8(ascii: "0") { return nil }
        offset = index
        if !sawPoint {
            // Up to 20 digits ``plainNumber()`` took; more never fit in a word.
            return plainDigitsToken(from: start, word: nil)
        }
        var significand: [UInt8] = []
        significand.reserveCapacity(index - start)
        significand.append(contentsOf: bytes[start..<integerEnd])
        significand.append(contentsOf: bytes[fractionStart..<index])
        if let firstNonZero = significand.firstIndex(where: { $0 != UInt8(ascii: "0") }) {
            significand.removeFirst(firstNonZero)
        } else {
            significand = [UInt8(ascii: "0")]
        }
        literalText = String(decoding: significand, as: UTF8.self)
        return Token(.number(.decimal(exponent: -(index - fractionStart))), span(from: start))
    }

    /// The `.digits` token of a plain decimal integer from `start` to the current offset, its
    /// text left in the line (made only if asked for) and its value when it fits in a word.
    mutating func plainDigitsToken(from start: Int, word: UInt?) -> Token {
        storedLiteralText = ""
        plainDigits = SourceSpan(start: start, end: offset)
        literalWord = word
        return Token(.number(.digits(radix: 10)), span(from: start))
    }

    /// Decimal digits with single underscores between them; the underscores are dropped.
    mutating func digitRun(start: Int) throws(Diagnostic) -> [UInt8] {
        var digits: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if isDigit(byte) {
                digits.append(byte)
                offset += 1
            } else if byte == UInt8(ascii: "_") {
                let next = peek(1)
                if next.map(isDigit) == true && !digits.isEmpty {
                    offset += 1
                } else {
                    consumeLiteralTail()
                    throw Diagnostic(
                        .malformedNumber, "malformed number '\(quoted(start, offset))': '_' must stand between digits",
                        at: span(from: start))
                }
            } else {
                break
            }
        }
        return digits
    }

    /// The repeating part of a decimal, `(142857)` in `0.(142857)`: digits in parentheses right
    /// after the fraction, read as repeating forever (what `to exact` prints).
    mutating func repeatingPart(start: Int) throws(Diagnostic) -> [UInt8] {
        offset += 1  // (
        guard offset < bytes.count, isDigit(bytes[offset]) else {
            throw Diagnostic(
                .malformedNumber,
                "malformed number '\(quoted(start, offset))': expected the repeating digits after '(', as in 0.(3)",
                at: span(from: start))
        }
        let digits = try digitRun(start: start)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ")") else {
            throw Diagnostic(
                .malformedNumber,
                "malformed number '\(quoted(start, offset))': expected ')' to end the repeating digits",
                at: span(from: start))
        }
        offset += 1
        return digits
    }

    /// A literal in base 2 to 36, `7r513` or `36rzz`: the base in decimal, `r`, then digits
    /// (`0-9`, then `a-z` for 10 to 35, either case, `_` between them). What `to base N` prints.
    mutating func baseLiteral(start: Int, base: [UInt8]) throws(Diagnostic) -> Token {
        let radixText = String(decoding: base, as: UTF8.self)
        guard base.first != UInt8(ascii: "0"), let radix = Int32(radixText), (2...36).contains(radix) else {
            offset += 1
            consumeLiteralTail()
            throw Diagnostic(
                .malformedNumber, "malformed number '\(quoted(start, offset))': the base before 'r' must be 2 to 36",
                at: span(from: start))
        }
        offset += 1  // r
        return try radixDigits(start: start, radix: radix, name: "base-\(radix)", prefix: "'r'")
    }

    mutating func exponentPart(start: Int) throws(Diagnostic) -> Int {
        offset += 1  // e or E
        var negative = false
        if let sign = peek(0), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            offset += 1
        }
        guard let first = peek(0), isDigit(first) else {
            consumeLiteralTail()
            throw Diagnostic(
                .malformedNumber, "malformed number '\(quoted(start, offset))': expected digits after the exponent 'e'",
                at: span(from: start))
        }
        let digits = try digitRun(start: start)
        var value = 0
        for digit in digits {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if o1 || o2 || sum > Int.max / 4 {
                throw Diagnostic(
                    .exponentTooLarge, "exponent of '\(quoted(start, offset))' is too large", at: span(from: start))
            }
            value = sum
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

    mutating func prefixedInteger(radix: Int32) throws(Diagnostic) -> Token {
        let start = offset
        offset += 2
        let name = radix == 16 ? "hexadecimal" : (radix == 2 ? "binary" : "octal")
        return try radixDigits(start: start, radix: radix, name: name, prefix: "the prefix")
    }

    /// The digits of an integer in `radix` after its prefix, with `_` between them.
    mutating func radixDigits(start: Int, radix: Int32, name: String, prefix: String) throws(Diagnostic) -> Token {
        var digits: [UInt8] = []
        var previousWasDigit = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit, let next = peek(1), isAlphanumeric(next) else {
                    consumeLiteralTail()
                    throw Diagnostic(
                        .malformedNumber, "malformed number '\(quoted(start, offset))': '_' must stand between digits",
                        at: span(from: start))
                }
                previousWasDigit = false
                offset += 1
                continue
            }
            guard isAlphanumeric(byte) else { break }
            guard let value = digitValue(byte), value < radix else {
                consumeLiteralTail()
                throw Diagnostic(
                    .malformedNumber,
                    "'\(Character(Unicode.Scalar(byte)))' is not \(radix == 8 ? "an" : "a") \(name) digit in '\(quoted(start, offset))'",
                    at: span(from: start))
            }
            digits.append(byte)
            previousWasDigit = true
            offset += 1
        }
        if digits.isEmpty {
            throw Diagnostic(
                .malformedNumber,
                "malformed number '\(quoted(start, offset))': expected \(name) digits after \(prefix)",
                at: span(from: start))
        }
        let text = String(decoding: digits, as: UTF8.self)
        if let value = Int(text, radix: Int(radix)) {
            return Token(.number(.integer(value)), span(from: start))
        }
        literalText = text
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
