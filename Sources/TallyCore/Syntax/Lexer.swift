import Glibc
import TallyDiagnostics

/// Splits one line into tokens, on demand. Works on UTF-8 bytes; every token records its span.
///
/// Literal rules (docs/language.md, "Numbers and literals"): `_` only between digits; no leading zeros (`007`); `0x`, `0b`, `0o`
/// prefixes; decimals with `.` and `e`/`E` exponents. A malformed literal is an error covering
/// the whole literal.
public struct Lexer: @unchecked Sendable {
    /// The line's UTF-8 bytes, from its first byte to where lexing stops. They belong to
    /// ``owner`` when the lexer copied them, or to the caller for the length of a parse
    /// (``Parser/parseStatement(bytes:startingAt:reusing:)`` lends a line's own bytes: no copy per line).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Keeps copied bytes alive; nil when they are borrowed.
    private let owner: LineBytes?
    var offset: Int
    /// Where the last token ended: the end of the line is reported there, so a caret for
    /// "found the end of the line" stands right after the last thing typed, not under a
    /// trailing comment.
    var lastTokenEnd: Int
    /// The digits (underscores and leading zeros dropped) of the last `.digits` or `.decimal`
    /// number token.
    public private(set) var literalText: String {
        get {
            if let plainDigits { return slice(plainDigits.start, plainDigits.end) }
            return storedLiteralText
        }
        set {
            storedLiteralText = newValue
            plainDigits = nil
            literalWord = nil
        }
    }
    private var storedLiteralText = ""
    /// Where the digits of the last `.digits` token are, when they are a plain run in the line
    /// (made into text only if asked for).
    private var plainDigits: SourceSpan?
    /// The digits of `UInt.max`, 18446744073709551615.
    private static let largestWordDigits = Array(String(UInt.max).utf8)
    /// The value of the last `.digits` token when it is a plain decimal integer that fits in a
    /// machine word without sign: `18446744073709551615` needs no text and no GMP to read.
    private(set) var literalWord: UInt?

    /// A lexer over a copy of `line` from UTF-8 byte `offset` up to `end` (the end of the line
    /// if nil); offsets in spans stay relative to the whole line.
    public init(_ line: String, startingAt offset: Int = 0, endingAt end: Int? = nil) {
        let owner = LineBytes(line)
        let count = Swift.min(end ?? owner.bytes.count, owner.bytes.count)
        self.init(bytes: UnsafeBufferPointer(rebasing: owner.bytes[..<count]), owner: owner, startingAt: offset)
    }

    /// A lexer over bytes the caller keeps alive and unchanged for as long as it lexes.
    init(borrowing bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int, endingAt end: Int? = nil) {
        let count = Swift.min(end ?? bytes.count, bytes.count)
        self.init(bytes: UnsafeBufferPointer(rebasing: bytes[..<count]), owner: nil, startingAt: offset)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, owner: LineBytes?, startingAt offset: Int) {
        self.bytes = bytes
        self.owner = owner
        self.offset = offset
        lastTokenEnd = offset
    }

    /// The next token; `.end` at the end of the line or at a `#` comment, forever after.
    public mutating func next() throws(Diagnostic) -> Token {
        let token = try scan()
        if case .end = token.kind {
            return Token(.end, SourceSpan(at: lastTokenEnd))
        }
        lastTokenEnd = token.span.end
        return token
    }

    private mutating func scan() throws(Diagnostic) -> Token {
        skipWhitespace()
        let start = offset
        guard offset < bytes.count else { return Token(.end, SourceSpan(at: start)) }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "#"):
            return Token(.end, SourceSpan(at: start))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        case UInt8(ascii: "."):
            if offset + 1 < bytes.count, isDigit(bytes[offset + 1]) { return try number() }
            return try rareToken(byte)
        case UInt8(ascii: "+"): return single(.operator(.plus))
        case UInt8(ascii: "-"): return single(.operator(.minus))
        case UInt8(ascii: "*"):
            if peek(1) == UInt8(ascii: "*") {
                offset += 2
                return Token(.operator(.caret), span(from: start))
            }
            return single(.operator(.star))
        case UInt8(ascii: "/"):
            if peek(1) == UInt8(ascii: "/") {
                offset += 2
                return Token(.operator(.doubleSlash), span(from: start))
            }
            return single(.operator(.slash))
        case UInt8(ascii: "%"): return single(.operator(.percent))
        case UInt8(ascii: "^"): return single(.operator(.caret))
        case UInt8(ascii: "!"):
            if peek(1) == UInt8(ascii: "=") { return double(.operator(.notEqual)) }
            return single(.operator(.bang))
        case UInt8(ascii: "&"): return single(.operator(.ampersand))
        case UInt8(ascii: "|"): return single(.operator(.pipe))
        case UInt8(ascii: "~"): return single(.operator(.tilde))
        case UInt8(ascii: "<"):
            if peek(1) == UInt8(ascii: "=") { return double(.operator(.lessEqual)) }
            if peek(1) == UInt8(ascii: "<") { return double(.operator(.shiftLeft)) }
            return single(.operator(.less))
        case UInt8(ascii: ">"):
            if peek(1) == UInt8(ascii: "=") { return double(.operator(.greaterEqual)) }
            if peek(1) == UInt8(ascii: ">") { return double(.operator(.shiftRight)) }
            return single(.operator(.greater))
        case UInt8(ascii: "("): return single(.leftParenthesis)
        case UInt8(ascii: ")"): return single(.rightParenthesis)
        case UInt8(ascii: ","): return single(.comma)
        case UInt8(ascii: "="):
            if peek(1) == UInt8(ascii: "=") { return double(.operator(.equal)) }
            return single(.equals)
        case UInt8(ascii: "_"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return name()
        default:
            return try rareToken(byte)
        }
    }

    /// A lone `.`, a character that starts no token, or anything beyond ASCII: out of line, so
    /// that ``scan()`` stays small for the tokens every line has.
    @inline(never)
    private mutating func rareToken(_ byte: UInt8) throws(Diagnostic) -> Token {
        let start = offset
        if byte == UInt8(ascii: ".") {
            offset += 1
            throw Diagnostic(.malformedNumber, "a number cannot start with '.' alone", at: span(from: start))
        }
        if byte < 0x80 {
            offset += 1
            throw Diagnostic(.unexpectedCharacter, "unexpected character \(quoted(byte: byte))", at: span(from: start))
        }
        return try nonASCII()
    }

    // MARK: Names and Unicode

    private mutating func name() -> Token {
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if isDigit(byte) || isASCIILetter(byte) || byte == UInt8(ascii: "_") {
                offset += 1
            } else if byte >= 0x80, let (scalar, length) = decodeScalar(at: offset), isNameContinuation(scalar) {
                offset += length
            } else {
                break
            }
        }
        return Token(.name, span(from: start))
    }

    private mutating func nonASCII() throws(Diagnostic) -> Token {
        let start = offset
        guard let (scalar, length) = decodeScalar(at: offset) else {
            offset += 1
            while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            throw Diagnostic(.invalidUTF8, "invalid UTF-8 in the input", at: span(from: start))
        }
        switch scalar {
        case "\u{2212}":  // − MINUS SIGN
            offset += length
            return Token(.operator(.minus), span(from: start))
        case "\u{00D7}":  // ×
            offset += length
            return Token(.operator(.star), span(from: start))
        case "\u{00F7}":  // ÷
            offset += length
            return Token(.operator(.slash), span(from: start))
        case "\u{00B0}":  // ° DEGREE SIGN
            offset += length
            return Token(.operator(.degree), span(from: start))
        case "\u{2264}":  // ≤
            offset += length
            return Token(.operator(.lessEqual), span(from: start))
        case "\u{2265}":  // ≥
            offset += length
            return Token(.operator(.greaterEqual), span(from: start))
        case "\u{2260}":  // ≠
            offset += length
            return Token(.operator(.notEqual), span(from: start))
        default:
            if scalar.properties.isAlphabetic {
                return name()
            }
            offset += length
            throw Diagnostic(
                .unexpectedCharacter, "unexpected character '\(TerminalSafeText.escaped(String(scalar)))'", at: span(from: start))
        }
    }

    private func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark, .connectorPunctuation: return true
        default: return false
        }
    }

    /// Decodes the scalar starting at `index`; nil for invalid UTF-8.
    private func decodeScalar(at index: Int) -> (Unicode.Scalar, Int)? {
        decodeUTF8Scalar(bytes, at: index)
    }

    // MARK: Numbers

    @inline(__always)
    private mutating func number() throws(Diagnostic) -> Token {
        if bytes[offset] == UInt8(ascii: "0"), let radix = radixPrefix(peek(1)) {
            return try prefixedInteger(radix: radix)
        }
        if let token = plainNumber() { return token }
        return try otherNumber()
    }

    /// Every literal but the everyday one: long, with `_`, an exponent, a base or a repeating
    /// part, or malformed. Out of line, so that lexing a plain line carries none of it.
    @inline(never)
    private mutating func otherNumber() throws(Diagnostic) -> Token {
        let start = offset
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
                    .malformedNumber, "malformed number '\(quoted(start, offset))': more than one decimal point", at: span(from: start))
            }
        }
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
            isDecimal = true
            exponent = try exponentPart(start: start)
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "_") {
            consumeLiteralTail()
            throw Diagnostic(
                .malformedNumber, "malformed number '\(quoted(start, offset))': '_' must stand between digits", at: span(from: start))
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
                    .repeating(fractionDigits: fractionDigits.count, repeatingDigits: repeatingDigits.count, exponent: exponent)),
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
            throw Diagnostic(.exponentTooLarge, "exponent of '\(quoted(start, offset))' is too large", at: span(from: start))
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
    private mutating func plainNumber() -> Token? {
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
    private static func digits(_ base: UnsafePointer<UInt8>, from start: Int, to count: Int, into value: inout Int)
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
    private mutating func longPlainNumber() -> Token? {
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
    private mutating func plainDigitsToken(from start: Int, word: UInt?) -> Token {
        storedLiteralText = ""
        plainDigits = SourceSpan(start: start, end: offset)
        literalWord = word
        return Token(.number(.digits(radix: 10)), span(from: start))
    }

    /// Decimal digits with single underscores between them; the underscores are dropped.
    private mutating func digitRun(start: Int) throws(Diagnostic) -> [UInt8] {
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
    private mutating func repeatingPart(start: Int) throws(Diagnostic) -> [UInt8] {
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
                .malformedNumber, "malformed number '\(quoted(start, offset))': expected ')' to end the repeating digits",
                at: span(from: start))
        }
        offset += 1
        return digits
    }

    /// A literal in base 2 to 36, `7r513` or `36rzz`: the base in decimal, `r`, then digits
    /// (`0-9`, then `a-z` for 10 to 35, either case, `_` between them). What `to base N` prints.
    private mutating func baseLiteral(start: Int, base: [UInt8]) throws(Diagnostic) -> Token {
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

    private mutating func exponentPart(start: Int) throws(Diagnostic) -> Int {
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
                throw Diagnostic(.exponentTooLarge, "exponent of '\(quoted(start, offset))' is too large", at: span(from: start))
            }
            value = sum
        }
        return negative ? -value : value
    }

    private func radixPrefix(_ byte: UInt8?) -> Int32? {
        switch byte {
        case UInt8(ascii: "x"), UInt8(ascii: "X"): return 16
        case UInt8(ascii: "b"), UInt8(ascii: "B"): return 2
        case UInt8(ascii: "o"), UInt8(ascii: "O"): return 8
        default: return nil
        }
    }

    private mutating func prefixedInteger(radix: Int32) throws(Diagnostic) -> Token {
        let start = offset
        offset += 2
        let name = radix == 16 ? "hexadecimal" : (radix == 2 ? "binary" : "octal")
        return try radixDigits(start: start, radix: radix, name: name, prefix: "the prefix")
    }

    /// The digits of an integer in `radix` after its prefix, with `_` between them.
    private mutating func radixDigits(start: Int, radix: Int32, name: String, prefix: String) throws(Diagnostic) -> Token {
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
                    .malformedNumber, "'\(Character(Unicode.Scalar(byte)))' is not \(radix == 8 ? "an" : "a") \(name) digit in '\(quoted(start, offset))'",
                    at: span(from: start))
            }
            digits.append(byte)
            previousWasDigit = true
            offset += 1
        }
        if digits.isEmpty {
            throw Diagnostic(
                .malformedNumber, "malformed number '\(quoted(start, offset))': expected \(name) digits after \(prefix)",
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
    private mutating func consumeLiteralTail() {
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

    // MARK: Helpers

    @inline(__always)
    private mutating func skipWhitespace() {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                offset += 1
            } else if byte >= 0x80 {
                // Unicode spaces (U+00A0, U+3000, …) out of line, in a loop: ASCII lines never
                // pay for them, and fifty thousand of them nest no call per character.
                let end = whitespaceEnd(in: bytes, from: offset)
                if end == offset { return }
                offset = end
            } else {
                return
            }
        }
    }

    /// Whether `byte` occurs at or after `index` (a byte search, before any lexing).
    func containsByte(_ byte: UInt8, from index: Int) -> Bool {
        guard index < bytes.count, let base = bytes.baseAddress else { return false }
        return memchr(base + index, Int32(byte), bytes.count - index) != nil
    }

    /// The first byte at or after `index` that is not an ASCII space or tab; nil at the end.
    func nextByte(after index: Int) -> UInt8? {
        var index = index
        while index < bytes.count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) {
            index += 1
        }
        return index < bytes.count ? bytes[index] : nil
    }

    private mutating func single(_ kind: TokenKind) -> Token {
        let start = offset
        offset += 1
        return Token(kind, span(from: start))
    }

    /// A two-byte token (`<=`, `==`, `!=`).
    private mutating func double(_ kind: TokenKind) -> Token {
        let start = offset
        offset += 2
        return Token(kind, span(from: start))
    }

    private func peek(_ distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    private func span(from start: Int) -> SourceSpan {
        SourceSpan(start: start, end: offset)
    }

    /// The bytes `span` covers, valid while the lexer's are.
    func bytes(of span: SourceSpan) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
    }

    /// The text a span covers, e.g. a name token's name.
    public func text(of span: SourceSpan) -> String {
        slice(span.start, span.end)
    }

    private func slice(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The input from `start` to `end` as a message quotes it: escaped, and cut if long.
    private func quoted(_ start: Int, _ end: Int) -> String {
        TerminalSafeText.excerpt(slice(start, end))
    }

    private func quoted(byte: UInt8) -> String {
        if byte < 0x20 || byte == 0x7F {
            let hex = String(byte, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
@inline(__always) func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
@inline(__always) func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || isASCIILetter(byte) }

/// A copy of a line's UTF-8 bytes, freed with the last lexer that reads it.
final class LineBytes: @unchecked Sendable {
    let bytes: UnsafeMutableBufferPointer<UInt8>

    init(_ line: String) {
        var line = line
        bytes = line.withUTF8 { source in
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(source.count, 1))
            _ = copy.initialize(from: source)
            return UnsafeMutableBufferPointer(rebasing: copy[..<source.count])
        }
    }

    deinit {
        bytes.baseAddress?.deallocate()
    }
}

/// The value of a digit in bases up to 36.
@inline(__always) func digitValue(_ byte: UInt8) -> Int32? {
    if isDigit(byte) { return Int32(byte - UInt8(ascii: "0")) }
    if isASCIILetter(byte) { return Int32((byte | 0x20) - UInt8(ascii: "a")) + 10 }
    return nil
}
