import TallyCore

/// One argument of a `habit` line: a bare word or a quoted string.
struct HabitWord: Sendable, Equatable {
    /// The text, without quotes.
    var text: String
    /// Where it was written, quotes included: 0-based UTF-8 byte offsets into the whole line.
    var span: SourceSpan
    /// Whether it was quoted: a quoted `--yes` or `all` is a name, not a keyword.
    var isQuoted: Bool

    /// The words of `line` from byte `start` on, and the offset where they end (the line's end,
    /// or a `#` comment's start).
    ///
    /// A word is a run of characters other than spaces and tabs, or text in single or double
    /// quotes (no escapes: a name with one kind of quote goes in the other kind). An unquoted
    /// word starting with `#` begins a comment, as on every Tally line.
    static func split(_ line: String, from start: Int) throws(Diagnostic) -> (words: [HabitWord], end: Int) {
        let bytes = Array(line.utf8)
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        var words: [HabitWord] = []
        var index = Swift.min(Swift.max(start, 0), bytes.count)
        while true {
            while index < bytes.count && isBlank(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: "#") else {
                // A missing argument is reported right after the last word typed, not under
                // trailing spaces or a comment.
                return (words, words.last?.span.end ?? Swift.min(Swift.max(start, 0), bytes.count))
            }
            let wordStart = index
            let first = bytes[index]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard let closing = bytes[(index + 1)...].firstIndex(of: first) else {
                    let kind = first == UInt8(ascii: "\"") ? "\"" : "'"
                    throw Diagnostic(
                        "this quote is never closed; end the name with \(kind)",
                        at: SourceSpan(start: wordStart, end: wordStart + 1))
                }
                index = closing + 1
                if index < bytes.count && !isBlank(bytes[index]) {
                    throw Diagnostic(
                        "expected a space after the closing quote",
                        at: SourceSpan(start: index, end: index + characterLength(startingWith: bytes[index])))
                }
                words.append(
                    HabitWord(
                        text: text((wordStart + 1)..<closing), span: SourceSpan(start: wordStart, end: index),
                        isQuoted: true))
            } else {
                while index < bytes.count && !isBlank(bytes[index]) { index += 1 }
                words.append(
                    HabitWord(
                        text: text(wordStart..<index), span: SourceSpan(start: wordStart, end: index), isQuoted: false))
            }
        }
    }

    /// Bytes in the UTF-8 sequence that `byte` leads, so a span never splits a character.
    private static func characterLength(startingWith byte: UInt8) -> Int {
        switch byte {
        case ..<0xC0: return 1
        case ..<0xE0: return 2
        case ..<0xF0: return 3
        default: return 4
        }
    }
}
