/// One argument of a command line that reads words (`habit`, `bmi`): a bare word or a quoted
/// string.
public struct Word: Sendable, Equatable {
    /// The text, without quotes.
    public var text: String
    /// Where it was written, quotes included: 0-based UTF-8 byte offsets into the whole line.
    public var span: SourceSpan
    /// Whether it was quoted: a quoted `--yes` or `all` is a name, not a keyword.
    public var isQuoted: Bool

    public init(text: String, span: SourceSpan, isQuoted: Bool) {
        self.text = text
        self.span = span
        self.isQuoted = isQuoted
    }

    /// The words of `line` from byte `start` on, and the offset where they end (the line's end,
    /// or a `#` comment's start).
    ///
    /// A word is a run of characters other than whitespace, or, when `quotes` is true, text in
    /// single or double quotes (no escapes: a name with one kind of quote goes in the other
    /// kind). With `quotes` false, `'` and `"` are ordinary characters (`bmi 5'9"`). An unquoted word
    /// starting with `#` begins a comment, as on every Tally line. Whitespace is what the
    /// expression lexer skips: spaces, tabs, carriage returns and Unicode spaces (U+00A0, …).
    public static func split(_ line: String, from start: Int, quotes: Bool = true) throws(Diagnostic) -> (
        words: [Word], end: Int
    ) {
        let bytes = Array(line.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func skippingWhitespace(from index: Int) -> Int {
            bytes.withUnsafeBufferPointer { whitespaceEnd(in: $0, from: index) }
        }

        var words: [Word] = []
        let first = Swift.min(Swift.max(start, 0), bytes.count)
        var index = first
        while true {
            index = skippingWhitespace(from: index)
            guard index < bytes.count, bytes[index] != UInt8(ascii: "#") else {
                // A missing argument is reported right after the last word typed, not under
                // trailing spaces or a comment.
                return (words, words.last?.span.end ?? first)
            }
            let wordStart = index
            let opening = bytes[index]
            if quotes && (opening == UInt8(ascii: "\"") || opening == UInt8(ascii: "'")) {
                guard let closing = bytes[(index + 1)...].firstIndex(of: opening) else {
                    let kind = opening == UInt8(ascii: "\"") ? "\"" : "'"
                    throw Diagnostic.unclosedQuote(kind, at: SourceSpan(start: wordStart, end: wordStart + 1))
                }
                index = closing + 1
                if index < bytes.count && skippingWhitespace(from: index) == index {
                    throw Diagnostic.missingSpaceAfterQuote(
                        at: SourceSpan(start: index, end: index + scalarLength(startingWith: bytes[index])))
                }
                words.append(
                    Word(
                        text: text((wordStart + 1)..<closing), span: SourceSpan(start: wordStart, end: index),
                        isQuoted: true))
            } else {
                while index < bytes.count && skippingWhitespace(from: index) == index {
                    index += scalarLength(startingWith: bytes[index])
                }
                index = Swift.min(index, bytes.count)
                words.append(
                    Word(text: text(wordStart..<index), span: SourceSpan(start: wordStart, end: index), isQuoted: false)
                )
            }
        }
    }
}

/// The offset of the first byte at or after `index` that does not start whitespace: spaces,
/// tabs, carriage returns and Unicode spaces (U+00A0, U+3000, …). The lexer calls it only for
/// non-ASCII bytes, so it stays out of line.
@inline(never)
public func whitespaceEnd(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    var index = index
    while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
            index += 1
        } else if byte >= 0x80, let (scalar, length) = decodeUTF8Scalar(bytes, at: index),
            scalar.properties.isWhitespace
        {
            index += length
        } else {
            break
        }
    }
    return index
}

/// Bytes in the UTF-8 sequence that `byte` leads, so a span never splits a character.
public func scalarLength(startingWith byte: UInt8) -> Int {
    switch byte {
    case ..<0xC0: return 1
    case ..<0xE0: return 2
    case ..<0xF0: return 3
    default: return 4
    }
}

/// The scalar starting at `index` of UTF-8 `bytes` and its length; nil for invalid UTF-8.
@inlinable
public func decodeUTF8Scalar<C: Collection<UInt8>>(_ bytes: C, at index: C.Index) -> (Unicode.Scalar, Int)? {
    var iterator = bytes[index...].makeIterator()
    var decoder = Unicode.UTF8()
    switch decoder.decode(&iterator) {
    case .scalarValue(let scalar):
        return (scalar, scalar.utf8.count)
    case .emptyInput, .error:
        return nil
    }
}
