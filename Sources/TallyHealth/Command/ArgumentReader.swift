import TallyCore

/// Splits the arguments of a `bmi` line into words, and each word into parts (a value and the
/// unit after it), recording where each piece stands.
///
/// The words are the shared ``Word/split(_:from:quotes:)``'s, and numbers and names are read by
/// the calculator's ``Lexer``, so that a literal means what it means in an expression (`1_750`,
/// `0xAF`, `1.75e2`) and a malformed one gets the same error. What is left to `bmi` is how a
/// value groups with its unit: the letters after a number (the lexer reads `5ft9in` as `5` and
/// the name `ft9in`), the foot and inch marks (`5'9"`), the decimal comma (`170,5`), a sign at
/// the start of a word, and expressions in parentheses, which may hold spaces and are left to
/// the caller to evaluate.
///
/// The reader knows the shapes of values, not what they mean: which unit may stand where is
/// decided by ``BMICommandParser`` and ``MeasurementArgument``. Offsets are 0-based UTF-8 byte
/// offsets into the whole line.
struct ArgumentReader {
    private let bytes: [UInt8]
    /// The words of the arguments; the last is cut where a `#` comment starts inside it.
    private let words: [Word]
    /// Where a comment starts, or the end of the line: no parenthesis reaches beyond it.
    private let limit: Int
    /// Where a missing argument is reported: right after the last word, not under trailing
    /// spaces or a comment.
    private let end: Int

    /// Prepares to read `line` from the byte offset `argumentsStart`, which normally stands
    /// right after the word `bmi`.
    init(line: String, argumentsStart: Int) throws(Diagnostic) {
        bytes = Array(line.utf8)
        var (words, end) = try Word.split(line, from: argumentsStart, quotes: false)
        // A `#` starts a comment wherever it stands, as in an expression; the shared splitter
        // only knows one at the start of a word.
        let limit = bytes[min(argumentsStart, bytes.count)...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        if let cut = words.firstIndex(where: { $0.span.end > limit }) {
            words.removeSubrange((cut + 1)...)
            let kept = Array(words[cut].text.utf8).prefix(limit - words[cut].span.start)
            words[cut].text = String(decoding: kept, as: UTF8.self)
            words[cut].span.end = limit
            end = limit
        }
        self.words = words
        self.limit = limit
        self.end = end
    }

    /// The index in `words` of the next word to read.
    private var nextIndex = 0

    /// Where the arguments end (where a missing argument would go): right after the last word.
    var argumentsEnd: Int { end }

    /// Where the last word of the arguments ends: an error about every word from some point on
    /// reaches there without reading them.
    var lastWordEnd: Int? { words.last?.span.end }

    /// Reads the next argument word, or nil after the last. Words are read one at a time, so a
    /// line whose first words are already wrong costs no more than those words.
    mutating func nextWord() throws(Diagnostic) -> ArgumentWord? {
        guard nextIndex < words.count else { return nil }
        var index = nextIndex
        let word: ArgumentWord
        if let date = try date(in: words[index]) {
            word = date
        } else {
            word = try readWord(at: &index)
        }
        nextIndex = index + 1
        return word
    }

    /// A word that is a date, `2015-04-12` (four-digit year, then month and day), as one part.
    private func date(in word: Word) throws(Diagnostic) -> ArgumentWord? {
        let fields = word.text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, (1...2).contains(fields[1].count),
            (1...2).contains(fields[2].count), fields.allSatisfy({ $0.allSatisfy(isDigit) })
        else { return nil }
        let numbers = fields.map { $0.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        guard let date = CalendarDate(year: numbers[0], month: numbers[1], day: numbers[2]) else {
            throw Diagnostic(
                .bmiInvalidDate, "no such date: '\(word.text)'; a date is written year-month-day, as 2015-04-12",
                at: word.span)
        }
        let part = ArgumentPart(value: .date(date), valueSpan: word.span, valueText: word.text)
        return ArgumentWord(parts: [part], span: word.span)
    }

    // MARK: Words and parts

    /// Reads the argument word that starts with `words[index]`, leaving `index` at the last
    /// word it took: more than one when a parenthesis holds spaces.
    private func readWord(at index: inout Int) throws(Diagnostic) -> ArgumentWord {
        let start = words[index].span.start
        var position = start
        var parts: [ArgumentPart] = []
        repeat {
            // Two parts make a compound value (`5ft9in`); a third is values run together. Not
            // reading on also keeps a long run of them from being lexed again part by part.
            if parts.count == 2 {
                throw ArgumentWord.missingSpace(at: position)
            }
            parts.append(try readPart(at: &position, in: &index, atWordStart: parts.isEmpty))
        } while position < words[index].span.end
        return ArgumentWord(parts: parts, span: SourceSpan(start: start, end: position))
    }

    /// Reads the value at `position` in `words[index]` and the unit right after it, moving both
    /// past them. A sign may open a word (`-70` is a negative weight, reported as such) but not
    /// stand inside one, where `175-5` would be an expression that needs parentheses.
    private func readPart(at position: inout Int, in index: inout Int, atWordStart: Bool) throws(Diagnostic)
        -> ArgumentPart
    {
        let start = position
        let markLength = ArgumentLexer.markLength(in: bytes, at: position)
        if markLength > 0 {
            let span = SourceSpan(start: position, end: position + markLength)
            throw ArgumentLexer.unexpected(text(span), at: span, id: .unexpectedCharacter)
        }
        var lexer = ArgumentLexer(words[index], from: position)
        var token = try lexer.next()
        var isNegative = false
        if atWordStart && (token.kind == .operator(.minus) || token.kind == .operator(.plus)) {
            isNegative = token.kind == .operator(.minus)
            token = try number(after: token, from: &lexer)
        }
        let value: ArgumentValue
        // After a number the lexer stands right before its unit; after anything else the unit
        // is lexed afresh.
        var lexerAtUnit: ArgumentLexer?
        var decimalCommaOffset: Int?
        switch token.kind {
        case .number:
            if let comma = decimalComma(after: token) {
                decimalCommaOffset = comma
                lexer = ArgumentLexer(words[index], from: token.span.start, decimalComma: comma)
                token = try lexer.next()
            }
            guard case .number(let literal) = token.kind else { preconditionFailure("digits around a comma") }
            let number = Number(literal, digits: lexer.literalText)
            value = .literal(isNegative ? -number : number)
            position = token.span.end
            lexerAtUnit = lexer
        case .name where token.span.end < limit && bytes[token.span.end] == UInt8(ascii: "("):
            position = try groupEnd(openingAt: token.span.end, in: &index)
            value = .expression
        case .name:
            position = token.span.end
            value = .name
        case .leftParenthesis:
            position = try groupEnd(openingAt: token.span.start, in: &index)
            value = .expression
        default:
            throw misplaced(token)
        }
        let valueSpan = SourceSpan(start: start, end: position)
        var part = ArgumentPart(value: value, valueSpan: valueSpan, valueText: text(valueSpan))
        part.decimalComma = decimalCommaOffset
        if let unitSpan = try unit(at: position, in: words[index], after: value, lexer: lexerAtUnit) {
            part.unitText = text(unitSpan)
            part.unitSpan = unitSpan
            position = unitSpan.end
        }
        return part
    }

    /// The error for a token that cannot start a value.
    private func misplaced(_ token: Token) -> Diagnostic {
        switch token.kind {
        case .rightParenthesis:
            return Diagnostic(.unmatchedParenthesis, "unexpected ')' without a matching '('", at: token.span)
        case .comma:
            return Diagnostic(
                .unexpectedToken,
                "unexpected ','; separate the arguments with spaces (a decimal comma stands between digits: 170,5)",
                at: token.span)
        default:
            return ArgumentLexer.unexpected(text(token.span), at: token.span, id: .unexpectedToken)
        }
    }

    /// The number a sign at the start of a word must be followed by; anything else, even a
    /// character no token starts with, makes the sign the thing out of place (`-w`, `-$`).
    private func number(after sign: Token, from lexer: inout ArgumentLexer) throws(Diagnostic) -> Token {
        let signError = ArgumentLexer.unexpected(text(sign.span), at: sign.span, id: .unexpectedToken)
        let token: Token
        do throws(Diagnostic) {
            token = try lexer.next()
        } catch {
            throw error.id == .unexpectedCharacter ? signError : error
        }
        guard case .number = token.kind else { throw signError }
        return token
    }

    /// The offset of a decimal comma right after `number`: one between a run of decimal digits
    /// and a digit (`170,5`), so that `175,` and `1.5,5` stay errors.
    private func decimalComma(after number: Token) -> Int? {
        let comma = number.span.end
        guard comma + 1 < bytes.count, bytes[comma] == UInt8(ascii: ","), isDigit(bytes[comma + 1]) else {
            return nil
        }
        let isDigitRun = bytes[number.span.start..<comma].allSatisfy { isDigit($0) || $0 == UInt8(ascii: "_") }
        return isDigitRun ? comma : nil
    }

    /// The unit right after a value that ends at `position`: a foot or inch mark, or the letters
    /// that open a name after a number or a group (`ft` of `ft9in`; the rest is the next part).
    /// After a name, letters are part of the name, so only a mark can follow. `lexer`, when
    /// given, stands right after the value.
    private func unit(at position: Int, in word: Word, after value: ArgumentValue, lexer: ArgumentLexer?)
        throws(Diagnostic) -> SourceSpan?
    {
        guard position < word.span.end else { return nil }
        let markLength = ArgumentLexer.markLength(in: bytes, at: position)
        if markLength > 0 {
            return SourceSpan(start: position, end: position + markLength)
        }
        if case .name = value { return nil }
        var lexer = lexer ?? ArgumentLexer(word, from: position)
        let token = try lexer.next()
        guard token.kind == .name else { return nil }
        var letters = token.span.start
        for scalar in text(token.span).unicodeScalars {
            guard scalar.properties.isAlphabetic else { break }
            letters += scalar.utf8.count
        }
        return letters > token.span.start ? SourceSpan(start: token.span.start, end: letters) : nil
    }

    // MARK: Groups

    /// The offset right after the `)` that closes the `(` at `open`, moving `index` to the word
    /// that holds it. What is inside is the caller's to evaluate, so only parentheses count.
    private func groupEnd(openingAt open: Int, in index: inout Int) throws(Diagnostic) -> Int {
        var depth = 0
        for offset in open..<limit {
            if bytes[offset] == UInt8(ascii: "(") {
                depth += 1
            } else if bytes[offset] == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    while words[index].span.end <= offset { index += 1 }
                    return offset + 1
                }
            }
        }
        throw Diagnostic(.unclosedParenthesis, "this '(' is never closed", at: SourceSpan(start: open, end: open + 1))
    }

    // MARK: Text

    private func text(_ span: SourceSpan) -> String {
        String(decoding: bytes[span.start..<span.end], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
