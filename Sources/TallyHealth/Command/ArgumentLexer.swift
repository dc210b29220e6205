import TallyCore

/// The calculator's ``Lexer`` over one word of a `bmi` line, from a given offset up to the next
/// foot or inch mark (`'`, `"`, `′`, `″`) or the end of the word.
///
/// The marks are units to `bmi` but no token to the calculator, so the lexer never sees one;
/// ``ArgumentReader`` takes them itself. Spans are 0-based UTF-8 byte offsets into the whole
/// line, as everywhere else. A character no token starts with is reported in `bmi`'s words,
/// which say what an argument may be.
struct ArgumentLexer {
    private var lexer: Lexer
    /// Where the word starts in the line: the lexer reads the word's text alone, so that
    /// starting one costs the length of the word, not of the line.
    private let base: Int
    /// Where the lexer stops: the next mark or the end of the word, as a line offset.
    let end: Int

    /// A lexer over `word` from the line offset `offset`, which lies inside it. With
    /// `decimalComma`, the comma at that line offset reads as a decimal point (`170,5`).
    init(_ word: Word, from offset: Int, decimalComma: Int? = nil) {
        var bytes = Array(word.text.utf8)
        base = word.span.start
        if let decimalComma {
            bytes[decimalComma - base] = UInt8(ascii: ".")
        }
        var end = offset - base
        while end < bytes.count && Self.markLength(in: bytes, at: end) == 0 {
            end += 1
        }
        self.end = base + end
        lexer = Lexer(String(decoding: bytes, as: UTF8.self), startingAt: offset - base, endingAt: end)
    }

    /// The digits of the last long number token (``Lexer/literalText``).
    var literalText: String { lexer.literalText }

    /// The next token; `.end` at ``end``.
    mutating func next() throws(Diagnostic) -> Token {
        do throws(Diagnostic) {
            let token = try lexer.next()
            return Token(token.kind, token.span.shifted(by: base))
        } catch {
            let shifted = error.shifted(by: base)
            guard shifted.id == .unexpectedCharacter else { throw shifted }
            throw Self.unexpected(lexer.text(of: error.span), at: shifted.span, id: .unexpectedCharacter)
        }
    }

    /// The error for text that cannot stand where it does: a character, a token out of place,
    /// or a mark with no value before it.
    static func unexpected(_ text: String, at span: SourceSpan, id: DiagnosticID) -> Diagnostic {
        Diagnostic(
            id,
            "unexpected '\(TerminalSafeText.excerpt(text))'; an argument is a number with an optional unit, a name, "
                + "or an expression in parentheses",
            at: span)
    }

    /// The length in bytes of the foot or inch mark at `index` of UTF-8 `bytes`, or 0.
    static func markLength(in bytes: [UInt8], at index: Int) -> Int {
        switch bytes[index] {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return 1
        case 0xE2:
            // U+2032 PRIME and U+2033 DOUBLE PRIME are E2 80 B2 and E2 80 B3.
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xB2 || bytes[index + 2] == 0xB3
            else { return 0 }
            return 3
        default:
            return 0
        }
    }
}
