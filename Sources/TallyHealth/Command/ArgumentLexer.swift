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
    /// For a word with full-width digits or letters, which the lexer reads as ASCII: the word
    /// offset of each offset of the text the lexer reads (one more than its length). Nil when
    /// the two are the same.
    private let wordOffsets: [Int]?

    /// A lexer over `word` from the line offset `offset`, which lies inside it. With
    /// `decimalComma`, the comma at that line offset reads as a decimal point (`170,5`).
    /// Full-width digits and Latin letters (`１７５ｃｍ`) read as their ASCII forms.
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
        var start = offset - base
        if let (ascii, offsets) = Self.foldingFullWidth(bytes) {
            wordOffsets = offsets
            // Offsets of the original map to the first folded offset at or after them.
            start = offsets.firstIndex { $0 >= start } ?? ascii.count
            end = offsets.firstIndex { $0 >= end } ?? ascii.count
            bytes = ascii
        } else {
            wordOffsets = nil
        }
        lexer = Lexer(String(decoding: bytes, as: UTF8.self), startingAt: start, endingAt: end)
    }

    /// `bytes` with full-width ASCII forms (U+FF01 to U+FF5E, three bytes each) folded to ASCII,
    /// and the original offset of each folded offset; nil when there are none.
    private static func foldingFullWidth(_ bytes: [UInt8]) -> ([UInt8], [Int])? {
        guard bytes.contains(0xEF) else { return nil }
        var folded: [UInt8] = []
        var offsets: [Int] = []
        var index = 0
        var changed = false
        while index < bytes.count {
            if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBC || bytes[index + 1] == 0xBD {
                let scalar = 0xF000 | (Int(bytes[index + 1] & 0x3F) << 6) | Int(bytes[index + 2] & 0x3F)
                if (0xFF01...0xFF5E).contains(scalar) {
                    folded.append(UInt8(scalar - 0xFEE0))
                    offsets.append(index)
                    index += 3
                    changed = true
                    continue
                }
            }
            folded.append(bytes[index])
            offsets.append(index)
            index += 1
        }
        offsets.append(bytes.count)
        return changed ? (folded, offsets) : nil
    }

    /// A span of the folded text as line offsets.
    private func lineSpan(_ span: SourceSpan) -> SourceSpan {
        guard let wordOffsets else { return span.shifted(by: base) }
        return SourceSpan(start: base + wordOffsets[span.start], end: base + wordOffsets[span.end])
    }

    /// The digits of the last long number token (``Lexer/literalText``).
    var literalText: String { lexer.literalText }

    /// The next token; `.end` at ``end``.
    mutating func next() throws(Diagnostic) -> Token {
        do throws(Diagnostic) {
            let token = try lexer.next()
            return Token(token.kind, lineSpan(token.span))
        } catch {
            var shifted = error.shifted(by: base)
            if wordOffsets != nil {
                shifted.span = lineSpan(error.span)
                shifted.notes = error.notes.map { Diagnostic.Note($0.message, at: $0.span.map(lineSpan)) }
            }
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
