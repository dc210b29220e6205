import Glibc
import TallyDiagnostics

/// Splits one line into tokens, on demand. Works on UTF-8 bytes; every token records its span.
///
/// Literal rules (docs/language.md, "Numbers and literals"): `_` only between digits; no leading zeros (`007`); `0x`, `0b`, `0o`
/// prefixes; decimals with `.` and `e`/`E` exponents. A malformed literal is an error covering
/// the whole literal.
///
/// Not `Sendable`: a lexer may read bytes it only borrows for one parse
/// (``init(borrowing:startingAt:endingAt:)``), which must not outlive that parse on another
/// thread. A lexer lives inside one parse or one command's reading of its arguments.
public struct Lexer {
    /// The line's UTF-8 bytes, from its first byte to where lexing stops. They belong to
    /// ``owner`` when the lexer copied them, or to the caller for the length of a parse
    /// (``Parser/parseStatement(bytes:startingAt:reusing:)`` lends a line's own bytes: no copy per line).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Keeps copied bytes alive; nil when they are borrowed.
    let owner: LineBytes?
    var offset: Int
    /// Where the last token ended: the end of the line is reported there, so a caret for
    /// "found the end of the line" stands right after the last thing typed, not under a
    /// trailing comment.
    var lastTokenEnd: Int
    /// Whether `1,234,567` is one number with its digits grouped (the parser's choice: at the
    /// top level and in operands, not between a call's arguments, where `,` separates them).
    public var readsGroupingCommas = false
    /// Whether the foot and inch marks (`'`, `"`, `′`, `″`, `''`) are names, for the units they
    /// stand for (`5'9"`): the parser's choice; a command that reads them itself leaves it off.
    public var readsUnitMarks = false
    /// The last invalid token's span and why it could not be read (``diagnostic(of:)``).
    var lastInvalid: (span: SourceSpan, diagnostic: Diagnostic)?
    /// The digits of `UInt.max`, 18446744073709551615.
    static let largestWordDigits = Array(String(UInt.max).utf8)

    /// A lexer over a copy of `line` from UTF-8 byte `offset` up to `end` (the end of the line
    /// if nil); offsets in spans stay relative to the whole line.
    public init(_ line: String, startingAt offset: Int = 0, endingAt end: Int? = nil) {
        let owner = LineBytes(line)
        let count = Swift.min(end ?? owner.bytes.count, owner.bytes.count)
        self.init(bytes: UnsafeBufferPointer(rebasing: owner.bytes[..<count]), owner: owner, startingAt: offset)
    }

    /// A lexer over bytes the caller keeps alive and unchanged for as long as it lexes (a
    /// classifier's look at a line's first words: no copy of a megabyte line).
    public init(borrowing bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int, endingAt end: Int? = nil) {
        let count = Swift.min(end ?? bytes.count, bytes.count)
        self.init(bytes: UnsafeBufferPointer(rebasing: bytes[..<count]), owner: nil, startingAt: offset)
    }

    init(bytes: UnsafeBufferPointer<UInt8>, owner: LineBytes?, startingAt offset: Int) {
        self.bytes = bytes
        self.owner = owner
        self.offset = offset
        lastTokenEnd = offset
    }

    /// The next token; `.end` at the end of the line or at a `#` comment, forever after.
    ///
    /// Never fails: every byte of the line is part of some token. What cannot be read (a
    /// character no token is made of, a malformed literal: `007`, `1e`, `2024-1-1`) is an
    /// ``TokenKind/invalid`` token over the bytes at fault, whose diagnostic is
    /// ``diagnostic(of:)``, and lexing goes on after it — as swift-syntax's lexer and fish's
    /// tokenizer do, so that one token stream serves the parser (which stops at the first
    /// invalid token), colouring and completion.
    public mutating func next() -> Token {
        let start = offset
        let token: Token
        do {
            token = try scan()
        } catch {
            return invalid(error, startingAt: start)
        }
        if case .end = token.kind {
            return Token(.end, SourceSpan(at: lastTokenEnd))
        }
        lastTokenEnd = token.span.end
        return token
    }

    /// The token for what could not be read from `start`, the reason kept for
    /// ``diagnostic(of:)``; lexing goes on after the bytes at fault (at least one character).
    @inline(never)
    private mutating func invalid(_ diagnostic: Diagnostic, startingAt start: Int) -> Token {
        var resume = Swift.max(offset, diagnostic.span.end)
        if resume <= start {
            resume = start + 1
            while resume < bytes.count && bytes[resume] & 0xC0 == 0x80 { resume += 1 }
        }
        offset = Swift.min(resume, bytes.count)
        let span =
            diagnostic.span.isEmpty || diagnostic.span.start < start
            ? SourceSpan(start: Swift.min(start, offset), end: offset) : diagnostic.span
        lastInvalid = (span, diagnostic)
        lastTokenEnd = Swift.max(lastTokenEnd, span.end)
        return Token(.invalid, span)
    }

    /// Why the ``TokenKind/invalid`` token `token` — the last one this lexer made — could not be
    /// read.
    public func diagnostic(of token: Token) -> Diagnostic {
        guard let lastInvalid, lastInvalid.span == token.span else {
            return Diagnostic.unexpectedCharacter(byte: bytes[token.span.start], at: token.span)
        }
        return lastInvalid.diagnostic
    }

    /// The next token; nil for an invalid one (a parser's look ahead, which only wants to know
    /// whether a token of some kind comes).
    public mutating func nextReadable() -> Token? {
        let token = next()
        if case .invalid = token.kind { return nil }
        return token
    }

    /// The next token, or the diagnostic of what cannot be read: for readers that stop at the
    /// first problem (the parser, a command's arguments). The same tokens as ``next()``, read
    /// without its recovery — the parser's every step goes through here.
    @inline(__always)
    public mutating func nextValid() throws(Diagnostic) -> Token {
        let token = try scan()
        if case .end = token.kind {
            return Token(.end, SourceSpan(at: lastTokenEnd))
        }
        lastTokenEnd = token.span.end
        return token
    }

    mutating func scan() throws(Diagnostic) -> Token {
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
        case UInt8(ascii: "-"):
            // `->` is a word: `to`, as other calculators write it.
            if peek(1) == UInt8(ascii: ">") {
                offset += 2
                return Token(.name, span(from: start))
            }
            // `2026 -12-25`: a date spaced on some dashes only is an error, never 1989.
            var before = start &- 1
            while before > 0, bytes[before] == UInt8(ascii: " ") { before &-= 1 }
            if before >= 3, isDigit(bytes[before]), isDigit(bytes[before &- 3]),
                before == 3 || !isDigit(bytes[before &- 4])
            {
                try refusePartlySpacedDate(minus: start)
            }
            return single(.operator(.minus))
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
        case UInt8(ascii: ";"): return single(.semicolon)
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
    mutating func rareToken(_ byte: UInt8) throws(Diagnostic) -> Token {
        let start = offset
        if byte == UInt8(ascii: ".") {
            offset += 1
            throw Diagnostic.pointWithoutDigits(at: span(from: start))
        }
        if readsUnitMarks && (byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"")) {
            offset += byte == UInt8(ascii: "'") && peek(1) == UInt8(ascii: "'") ? 2 : 1
            return Token(.name, span(from: start))
        }
        if byte < 0x80 {
            offset += 1
            throw Diagnostic.unexpectedCharacter(byte: byte, at: span(from: start))
        }
        return try nonASCII()
    }

    // MARK: Names and Unicode

    mutating func name() -> Token {
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
        // `L/100km`, fuel consumption, is one unit's name (in expressions).
        if readsUnitMarks && offset == start + 1 && bytes[start] == UInt8(ascii: "L") && peek(0) == UInt8(ascii: "/"),
            Self.litresPer100km.elementsEqual(bytes[start..<Swift.min(start + 7, bytes.count)]),
            start + 7 == bytes.count || !isAlphanumeric(bytes[start + 7])
        {
            offset = start + 7
        }
        return Token(.name, span(from: start))
    }

    static let litresPer100km = Array("L/100km".utf8)

    mutating func nonASCII() throws(Diagnostic) -> Token {
        let start = offset
        guard let (scalar, length) = decodeScalar(at: offset) else {
            offset += 1
            while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            throw Diagnostic.invalidUTF8(at: span(from: start))
        }
        switch scalar {
        case "\u{2212}":  // − MINUS SIGN
            try refuseDateWithMinusSigns(minus: start)
            offset += length
            return Token(.operator(.minus), span(from: start))
        case "\u{00D7}", "\u{22C5}", "\u{00B7}", "\u{2219}", "\u{2715}":  // × ⋅ · ∙ ✕
            offset += length
            return Token(.operator(.star), span(from: start))
        case "\u{00F7}", "\u{29F8}", "\u{2215}":  // ÷ ⧸ ∕
            offset += length
            return Token(.operator(.slash), span(from: start))
        case "\u{2192}":  // → is a word: `to`
            offset += length
            return Token(.name, span(from: start))
        case "\u{2032}" where readsUnitMarks, "\u{2033}" where readsUnitMarks:  // ′ and ″: feet and inches
            offset += length
            return Token(.name, span(from: start))
        case "\u{221A}", "\u{221B}", "\u{2211}", "\u{220F}":  // √, ∛, ∑, ∏ are names of their own: `√2` is sqrt 2
            offset += length
            return Token(.name, span(from: start))
        case "\u{00B2}", "\u{00B3}", "\u{00B9}", "\u{2070}", "\u{2074}"..."\u{207B}":
            return try superscript()
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
            throw Diagnostic.unexpectedCharacter(TerminalSafeText.escaped(String(scalar)), at: span(from: start))
        }
    }

    /// A power in superscript digits, `²` or `⁻³`, read whole as typeset mathematics writes an
    /// exponent: an optional `⁻` or `⁺`, digits, then any more terms each a `⁻` or `⁺` and
    /// digits, added up (`2²⁻¹` is `2^(2-1)`, as qalc reads it). At most six digits a term.
    mutating func superscript() throws(Diagnostic) -> Token {
        let start = offset
        var digits = 0
        var termStart = offset
        while let (scalar, length) = decodeScalar(at: offset) {
            if Self.superscriptDigit(scalar) != nil {
                digits += 1
                guard digits <= 6 else { throw Diagnostic.superscriptPowerTooLarge(at: span(from: start)) }
            } else if scalar == "\u{207B}" || scalar == "\u{207A}" {
                // A sign starts the run or a new term, after the digits of the one before.
                guard offset == start || digits > 0 else { break }
                termStart = offset
                digits = 0
            } else {
                break
            }
            offset += length
        }
        guard digits > 0 else {
            throw Diagnostic.missingSuperscriptDigits(after: slice(termStart, offset), at: span(from: termStart))
        }
        return Token(.superscript, span(from: start))
    }

    /// The power a ``TokenKind/superscript`` token writes: the sum of its signed terms.
    public func superscriptValue(of span: SourceSpan) -> Int {
        var index = span.start
        var total = 0
        var negative = false
        var value = 0
        while index < span.end, let (scalar, length) = decodeScalar(at: index) {
            if let digit = Self.superscriptDigit(scalar) {
                value = value * 10 + digit
            } else {
                total += negative ? -value : value
                value = 0
                negative = scalar == "\u{207B}"
            }
            index += length
        }
        return total + (negative ? -value : value)
    }

    static func superscriptDigit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "\u{2070}": return 0
        case "\u{00B9}": return 1
        case "\u{00B2}": return 2
        case "\u{00B3}": return 3
        case "\u{2074}"..."\u{2079}": return Int(scalar.value - 0x2070)
        default: return nil
        }
    }

    func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark, .connectorPunctuation: return true
        default: return false
        }
    }

    /// Decodes the scalar starting at `index`; nil for invalid UTF-8.
    func decodeScalar(at index: Int) -> (Unicode.Scalar, Int)? {
        decodeUTF8Scalar(bytes, at: index)
    }

    // MARK: Helpers

    @inline(__always)
    mutating func skipWhitespace() {
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

    mutating func single(_ kind: TokenKind) -> Token {
        let start = offset
        offset += 1
        return Token(kind, span(from: start))
    }

    /// A two-byte token (`<=`, `==`, `!=`).
    mutating func double(_ kind: TokenKind) -> Token {
        let start = offset
        offset += 2
        return Token(kind, span(from: start))
    }

    func peek(_ distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    func span(from start: Int) -> SourceSpan {
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

    /// Whether the text at `span` is `word`, compared byte by byte (no `String` is made).
    func text(of span: SourceSpan, is word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard span.end - span.start == count else { return false }
        for index in 0..<count where bytes[span.start + index] != word.utf8Start[index] { return false }
        return true
    }

    /// The unit the name at `span` writes in an expression, looked up by its bytes
    /// (``UnitTable/unit(inExpression:)-(UnsafeBufferPointer<UInt8>)``).
    func unit(at span: SourceSpan) -> PhysicalUnit? {
        UnitTable.unit(inExpression: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]))
    }

    /// The index in ``UnitTable/singles`` of the unit the name at `span` writes, if any.
    func singleUnitIndex(at span: SourceSpan) -> Int? {
        UnitTable.singleIndex(inExpression: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]))
    }

    func slice(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The input from `start` to `end` as a message quotes it: escaped, and cut if long.
    func quoted(_ start: Int, _ end: Int) -> String {
        TerminalSafeText.excerpt(slice(start, end))
    }
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
@inline(__always) func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
@inline(__always) func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || isASCIILetter(byte) }

/// A copy of a line's UTF-8 bytes, freed with the last lexer that reads it. Not `Sendable`, as
/// the lexers that hold it are not.
final class LineBytes {
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
