import Glibc
import TallyDiagnostics

/// The one literal reader. Every number is read by ``number()``, in one pass from its first
/// byte, and its token is self-contained: the value when it fits in machine words, otherwise
/// its kind and span, from which ``literalDigits(of:)`` reads the digits again. Nothing about a
/// literal is left in the lexer's state.
///
/// The everyday literal (`42`, `3.14`) costs two tight loops over its digits and a look at the
/// byte after them; the rarer forms (`_`, digit grouping, an exponent, a base, a repeating part)
/// and the errors are read by the same function, in helpers kept out of line.
extension Lexer {
    @inline(__always)
    mutating func number() throws(Diagnostic) -> Token {
        let start = offset
        if bytes[start] == UInt8(ascii: "0"), let radix = radixPrefix(peek(1)) {
            return try prefixedInteger(radix: radix)
        }
        guard let base = bytes.baseAddress else { preconditionFailure("a digit was seen") }
        let count = bytes.count
        var value = 0
        var index = Self.digits(base, from: start, to: count, into: &value)
        let integerDigits = index &- start
        let integerValue = value
        var fractionDigits = -1
        if index < count && base[index] == UInt8(ascii: ".") {
            let fractionStart = index &+ 1
            index = Self.digits(base, from: fractionStart, to: count, into: &value)
            fractionDigits = index &- fractionStart
        }
        // The everyday literal ends here: nothing that continues it follows, no leading zero,
        // and at most 18 digits (past them the value wrapped).
        if (index == count
            || !Self.continuesLiteral(base[index], afterPoint: fractionDigits >= 0, integerDigits: integerDigits))
            && (integerDigits == 1 || base[start] != UInt8(ascii: "0"))
            && integerDigits &+ Swift.max(fractionDigits, 0) <= 18
        {
            offset = index
            if fractionDigits < 0 { return Token(.number(.integer(value)), span(from: start)) }
            return Token(.number(.smallDecimal(significand: value, exponent: -fractionDigits)), span(from: start))
        }
        return try literalTail(start: start, integerEnd: start &+ integerDigits, value: integerValue)
    }

    /// Whether `byte`, right after a literal's digits, continues it: `_`, `,` (digit groups),
    /// `r` (a base), `e`/`E` (an exponent), `.` (a second point, an error) and, after a point,
    /// `(` (a repeating part); `-` after four digits and `:` after one or two, which may make a
    /// date or a time of day (`2026-12-25`, `14:30`: Lexer+Dates.swift).
    @inline(__always)
    static func continuesLiteral(_ byte: UInt8, afterPoint: Bool, integerDigits: Int) -> Bool {
        switch byte {
        case UInt8(ascii: "_"), UInt8(ascii: ","), UInt8(ascii: "r"), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "."):
            return true
        case UInt8(ascii: "("): return afterPoint
        case UInt8(ascii: "-"): return !afterPoint && integerDigits >= 4
        case UInt8(ascii: ":"): return !afterPoint && integerDigits <= 2
        default: return false
        }
    }

    /// The rest of a literal that is not the everyday one, read on from the end of the first
    /// run of digits at `integerEnd` (whose value, wrapping past 18 digits, is `value`):
    /// separators, digit groups, a base, the fraction, a repeating part, an exponent, long
    /// forms and the errors.
    @inline(never)
    mutating func literalTail(start: Int, integerEnd: Int, value: Int) throws(Diagnostic) -> Token {
        guard let base = bytes.baseAddress else { preconditionFailure("a digit was seen") }
        let count = bytes.count
        var value = value
        var index = integerEnd
        var integerDigits = index &- start
        // Digits apart from the ones the loops read: the value is read again from the text.
        var separated = false
        if index < count {
            let next = base[index]
            // `2026-12-25`, `14:30`: a date or time is read whole (Lexer+Dates.swift).
            if next == UInt8(ascii: "-") || next == UInt8(ascii: ":"), let calendar = try calendarLiteral(from: start) {
                return calendar
            }
            if next == UInt8(ascii: "r") {
                offset = index
                return try baseLiteral(start: start, base: Array(bytes[start..<index]))
            }
            if next == UInt8(ascii: "_") || next == UInt8(ascii: ",") {
                (index, integerDigits) = try separatedIntegerPart(start: start, firstRunEnd: index)
                separated = index > start &+ integerDigits
            }
        }
        var fractionDigits = 0
        var sawPoint = false
        if index < count && base[index] == UInt8(ascii: ".") {
            sawPoint = true
            index &+= 1
            let fractionStart = index
            if separated { value = 0 }
            index = Self.digits(base, from: index, to: count, into: &value)
            fractionDigits = index &- fractionStart
            if index < count && base[index] == UInt8(ascii: "_") {
                offset = index
                fractionDigits &+= try digitRun(start: start, afterDigit: fractionDigits > 0)
                index = offset
                separated = true
            }
        }
        offset = index
        let mantissaEnd = index
        var repeatingDigits = 0
        var exponent = 0
        var hasExponent = false
        if index < count {
            if sawPoint && base[index] == UInt8(ascii: "(") {
                repeatingDigits = try repeatingPart(start: start)
            }
            if offset < count && (base[offset] | 0x20) == UInt8(ascii: "e"), let value = try exponentPart(start: start)
            {
                exponent = value
                hasExponent = true
            }
            if offset < count && (base[offset] == UInt8(ascii: "_") || base[offset] == UInt8(ascii: ".")) {
                try checkLiteralEnd(start: start, next: base[offset], sawPoint: sawPoint && !hasExponent)
            }
        }
        if integerDigits > 1 && base[start] == UInt8(ascii: "0") {
            throw leadingZerosError(start: start, isDecimal: sawPoint || hasExponent)
        }
        let span = span(from: start)
        if repeatingDigits > 0 {
            return Token(
                .number(
                    .repeating(fractionDigits: fractionDigits, repeatingDigits: repeatingDigits, exponent: exponent)),
                span)
        }
        // Only `0.000…` has zeros that are not significant (an integer part has no leading
        // zeros); past 18 significant digits the value wrapped.
        let fitsWord =
            !separated
            && (integerDigits &+ fractionDigits <= 18 || significantDigits(from: start, to: mantissaEnd) <= 18)
        if !sawPoint && !hasExponent {
            if fitsWord { return Token(.number(.integer(value)), span) }
            if !separated && (integerDigits == 19 || integerDigits == 20) {
                // Past `Int` but perhaps within `UInt`: the wrapped value holds the low 64 bits,
                // exact when the number is below 2^64 (19 digits always are; 20 when they do not
                // exceed 18446744073709551615 digit by digit, as digit strings of one length
                // compare as their numbers do).
                let fits =
                    integerDigits == 19
                    || Self.largestWordDigits.withUnsafeBufferPointer { memcmp(base + start, $0.baseAddress!, 20) <= 0 }
                if fits { return Token(.number(.unsignedWord(UInt(bitPattern: value))), span) }
            }
            // `1,234`, one group of digits after a comma, is also how a decimal comma is written:
            // as a long literal, the parser looks at it again and warns.
            let oneCommaGroup =
                mantissaEnd - start >= 5 && mantissaEnd - start == integerDigits + 1
                && bytes[mantissaEnd - 4] == UInt8(ascii: ",")
            if separated, integerDigits <= 18, !oneCommaGroup {
                return Token(.number(.integer(decimalValue(from: start, to: mantissaEnd))), span)
            }
            return Token(.number(.digits(radix: 10)), span)
        }
        if fitsWord && !hasExponent && fractionDigits <= 18 {
            return Token(.number(.smallDecimal(significand: value, exponent: -fractionDigits)), span)
        }
        let (scaledExponent, overflow) = exponent.subtractingReportingOverflow(fractionDigits)
        if overflow {
            throw Diagnostic.exponentTooLarge(of: quoted(start, offset), at: span)
        }
        return Token(.number(.decimal(exponent: scaledExponent)), span)
    }

    /// The digits of a number token whose value is not in the token (``NumberToken/digits(radix:)``,
    /// ``NumberToken/decimal(exponent:)``, ``NumberToken/repeating(fractionDigits:repeatingDigits:exponent:)``),
    /// read from its span: without a base prefix, `_`, `,`, a point or parentheses; a decimal's
    /// significand without leading zeros (`0` when it is zero).
    public func literalDigits(of token: Token) -> String {
        guard case .number(let kind) = token.kind else { preconditionFailure("not a number token") }
        var index = token.span.start
        let end = token.span.end
        var radix: Int32 = 10
        if case .digits(let base) = kind {
            // A prefixed literal (`0x…`) or one with its base written before `r` (`10r…`, whose
            // base may be 10): the digits come after.
            if bytes[index] == UInt8(ascii: "0"), let prefixed = peekRadix(at: index + 1), prefixed == base {
                radix = base
                index += 2
            } else if let r = bytes[index..<end].firstIndex(of: UInt8(ascii: "r")) {
                radix = base
                index = r + 1
            }
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(end - index)
        while index < end {
            let byte = bytes[index]
            if radix == 10 {
                if isDigit(byte) {
                    digits.append(byte)
                } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                    break
                }
            } else if isAlphanumeric(byte) {
                digits.append(byte)
            }
            index += 1
        }
        if case .decimal = kind {
            let firstNonZero = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.count
            digits.removeFirst(Swift.min(firstNonZero, digits.count - 1))
            if digits.isEmpty { digits = [UInt8(ascii: "0")] }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// The number of significant digits from `start` to `end`: all but the zeros before the
    /// first other digit.
    @inline(never)
    func significantDigits(from start: Int, to end: Int) -> Int {
        var count = 0
        var leading = true
        for index in start..<end where isDigit(bytes[index]) {
            if leading && bytes[index] == UInt8(ascii: "0") { continue }
            leading = false
            count += 1
        }
        return count
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
}
