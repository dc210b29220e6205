import TallyCore
import TallyDiagnostics

/// Reads the arguments of a `bmi` line as the calculator's own tokens, and groups them into
/// words (tokens written together) and parts (a value and the unit right after it).
///
/// One ``Lexer`` reads the line from the arguments to the end or a `#` comment, once, over the
/// text with full-width forms folded (``FullWidthText``), so a literal means what it means in an
/// expression (`1_750`, `0xAF`, `1.75e2`) and a malformed one gets the same error. Whitespace is
/// the lexer's (Unicode spaces included): two tokens belong to one word when the second starts
/// where the first ends. Units are looked up in the calculator's ``UnitTable``.
///
/// What is left to `bmi` is how a value groups with its unit where an expression would not
/// allow it: the letters that open the name after a number (the lexer reads `5ft9in` as `5` and
/// the name `ft9in`; the unit is `ft`, and the lexer goes on at `9in`), the foot and inch marks
/// (`5'9"`: no token is made of them, so the lexer's error at one is read as the unit), the
/// decimal comma (`170,5`), a sign at the start of a word, and dates. Parenthesised
/// expressions may hold spaces; only their parentheses are matched here, and the caller
/// evaluates them.
///
/// The reader knows the shapes of values, not what they mean: which unit may stand where is
/// decided by ``BMICommandParser`` and ``MeasurementArgument``. Offsets handed out are 0-based
/// UTF-8 byte offsets into the whole line as typed.
struct ArgumentReader {
    private let text: FullWidthText
    private var lexer: Lexer
    /// The next token (or the lexer's error there), read ahead.
    private var buffered: Result<ReadToken, Diagnostic>?
    /// Where the arguments end, in the folded text, once the lexer has reached it.
    private var endOffset: Int?

    /// A token, and the value of a number token (read before the lexer moves on).
    private struct ReadToken {
        var token: Token
        var number: Number?
        /// Whether the token is a foot or inch mark, which reads as a unit name.
        var isMark = false
    }

    /// Prepares to read `line` from the byte offset `argumentsStart`, which normally stands
    /// right after the word `bmi`.
    init(line: String, argumentsStart: Int) throws(Diagnostic) {
        text = FullWidthText(line)
        lexer = Lexer(text.folded, startingAt: text.foldedOffset(min(argumentsStart, text.bytes.count)))
    }

    // MARK: Tokens

    /// The next token, or the error the lexer gives there, without taking it.
    private mutating func peek() -> Result<ReadToken, Diagnostic> {
        if let buffered { return buffered }
        let read: Result<ReadToken, Diagnostic>
        do throws(Diagnostic) {
            let token = try lexer.nextValid()
            var number: Number?
            // A date is read by `date()` from its characters, not as a number.
            if case .number(let literal) = token.kind, !literal.isCalendar {
                number = Number(literal, digits: lexer.literalDigits(of: token))
            }
            if case .end = token.kind { endOffset = token.span.start }
            read = .success(ReadToken(token: token, number: number))
        } catch {
            // A foot or inch mark is no token: it stands as a name, for the unit it is.
            let character = lexer.text(of: error.span)
            if error.id == .unexpectedCharacter, UnitTable.marks[character] != nil {
                lexer.restart(at: error.span.end)
                read = .success(ReadToken(token: Token(.name, error.span), number: nil, isMark: true))
            } else {
                read = .failure(error)
            }
        }
        buffered = read
        return read
    }

    /// Takes the next token; throws the lexer's error there, in the line's offsets and, for a
    /// character no token starts with, in `bmi`'s words.
    private mutating func take() throws(Diagnostic) -> ReadToken {
        let read = peek()
        buffered = nil
        switch read {
        case .success(let token):
            return token
        case .failure(let error):
            if error.id == .unexpectedCharacter {
                throw Self.unexpected(
                    lexer.text(of: error.span), at: text.lineSpan(error.span), id: .unexpectedCharacter)
            }
            throw text.lineDiagnostic(error)
        }
    }

    /// Whether the next token (or the error there) starts at folded `offset`: written together
    /// with what ends there.
    private mutating func continues(at offset: Int) -> Bool {
        switch peek() {
        case .success(let read):
            if case .end = read.token.kind { return false }
            return read.token.span.start == offset
        case .failure(let error):
            return error.span.start == offset
        }
    }

    /// Moves the lexer to folded `offset`, dropping what was read ahead.
    private mutating func restart(at offset: Int) {
        buffered = nil
        lexer.restart(at: offset)
    }

    // MARK: Where the arguments end

    /// Where the arguments end, in the line: right after the last word, not under trailing
    /// spaces or a comment. A missing argument is reported there, and an error about every word
    /// from some point on reaches there.
    mutating func argumentsEnd() -> Int {
        text.lineOffset(endOfLastWord())
    }

    private mutating func endOfLastWord() -> Int {
        if let endOffset { return endOffset }
        // Where the lexer would stop: at the first `#` (a comment wherever it stands, as in an
        // expression) or the end of the line, less the white space before it. Found from the
        // characters, so an error about the rest of a long line does not lex it all.
        let bytes = text.folded.utf8
        var end = lexer.lastTokenOffset
        var index = bytes.index(bytes.startIndex, offsetBy: end)
        while index < bytes.endIndex, bytes[index] != UInt8(ascii: "#") {
            index = bytes.index(after: index)
            end += 1
        }
        var scalars = text.folded.unicodeScalars[..<index].reversed().makeIterator()
        while let scalar = scalars.next(), scalar.properties.isWhitespace, scalar != "\n" {
            end -= scalar.utf8.count
        }
        return end
    }

    // MARK: Words and parts

    /// Reads the next argument word, or nil after the last. Words are read one at a time, so a
    /// line whose first words are already wrong costs no more than those words.
    mutating func nextWord() throws(Diagnostic) -> ArgumentWord? {
        if case .success(let read) = peek(), case .end = read.token.kind { return nil }
        if let date = try date() { return date }
        let start = try firstOffset()
        var position = start
        var parts: [ArgumentPart] = []
        repeat {
            // Two parts make a compound value (`5ft9in`); a third is values run together, except
            // after two numbers with units, as an age in years, months and days (`10y6m6d`),
            // which the parser checks. Not reading on keeps a long run from being read part by part.
            if parts.count == 3 || parts.count == 2 && !parts.allSatisfy(\.isLiteralWithUnit) {
                throw ArgumentWord.missingSpace(at: text.lineOffset(position))
            }
            let (part, end) = try readPart(atWordStart: parts.isEmpty)
            parts.append(part)
            position = end
        } while continues(at: position)
        return ArgumentWord(parts: parts, span: text.lineSpan(SourceSpan(start: start, end: position)))
    }

    /// Where the next token (or error) starts, in the folded text.
    private mutating func firstOffset() throws(Diagnostic) -> Int {
        switch peek() {
        case .success(let read): return read.token.span.start
        case .failure: _ = try take()
        }
        preconditionFailure("take() throws the error it peeked")
    }

    /// Reads a value and the unit right after it, returning the part and where it ends (in the
    /// folded text). A sign may open a word (`-70` is a negative weight, reported as such) but
    /// not stand inside one, where `175-5` would be an expression that needs parentheses.
    private mutating func readPart(atWordStart: Bool) throws(Diagnostic) -> (ArgumentPart, Int) {
        var read = try take()
        let start = read.token.span.start
        if read.isMark {
            throw Self.unexpected(
                lexer.text(of: read.token.span), at: text.lineSpan(read.token.span), id: .unexpectedCharacter)
        }
        var isNegative = false
        if atWordStart && (read.token.kind == .operator(.minus) || read.token.kind == .operator(.plus)) {
            isNegative = read.token.kind == .operator(.minus)
            read = try number(after: read.token)
        }
        let value: ArgumentValue
        var end: Int
        var decimalCommaOffset: Int?
        switch read.token.kind {
        case .number:
            var number = read.number ?? Number(0)
            end = read.token.span.end
            if let (withComma, comma, commaEnd) = try decimalComma(after: read.token) {
                number = withComma
                decimalCommaOffset = text.lineOffset(comma)
                end = commaEnd
            }
            value = .literal(isNegative ? -number : number)
        case .name where continues(at: read.token.span.end) && isOpening(peek()):
            end = try groupEnd(opening: try take().token)
            value = .expression
        case .name:
            end = read.token.span.end
            value = .name
        case .leftParenthesis:
            end = try groupEnd(opening: read.token)
            value = .expression
        default:
            throw misplaced(read.token)
        }
        let valueSpan = SourceSpan(start: start, end: end)
        var part = ArgumentPart(value: value, valueSpan: text.lineSpan(valueSpan), valueText: text.text(valueSpan))
        part.decimalComma = decimalCommaOffset
        if let unitSpan = try unit(at: end, after: value) {
            part.unitText = text.text(unitSpan)
            part.unitSpan = text.lineSpan(unitSpan)
            end = unitSpan.end
        }
        return (part, end)
    }

    private func isOpening(_ read: Result<ReadToken, Diagnostic>) -> Bool {
        if case .success(let token) = read, case .leftParenthesis = token.token.kind { return true }
        return false
    }

    /// The error for a token that cannot start a value.
    private func misplaced(_ token: Token) -> Diagnostic {
        let span = text.lineSpan(token.span)
        switch token.kind {
        case .rightParenthesis:
            return Diagnostic.bmiUnmatchedParenthesis(at: span)
        case .comma:
            return Diagnostic.bmiCommaBetweenArguments(at: span)
        default:
            return Self.unexpected(text.text(token.span), at: span, id: .unexpectedToken)
        }
    }

    /// The number a sign at the start of a word must be followed by, written against it;
    /// anything else, even a character no token starts with, makes the sign the thing out of
    /// place (`-w`, `-$`, `- 70`).
    private mutating func number(after sign: Token) throws(Diagnostic) -> ReadToken {
        let signError = Self.unexpected(text.text(sign.span), at: text.lineSpan(sign.span), id: .unexpectedToken)
        switch peek() {
        case .success(let read):
            guard case .number = read.token.kind, read.token.span.start == sign.span.end, !read.isMark else {
                throw signError
            }
            return try take()
        case .failure(let error):
            guard error.span.start == sign.span.end, error.id != .unexpectedCharacter else { throw signError }
            _ = try take()
            preconditionFailure("take() throws the error it peeked")
        }
    }

    /// A decimal comma right after `number`, between a run of decimal digits and a digit
    /// (`170,5`; `175,` and `1.5,5` stay errors): the number with the comma read as a point,
    /// exactly as the lexer reads `170.5`, the comma's offset and where the number ends.
    private mutating func decimalComma(after number: Token) throws(Diagnostic) -> (Number, Int, Int)? {
        guard case .success(let read) = peek(), case .comma = read.token.kind, read.token.span.start == number.span.end
        else { return nil }
        let comma = read.token.span.start
        let whole = lexer.text(of: number.span)
        guard whole.utf8.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "_") }) else { return nil }
        // The fraction is what the lexer reads after the comma: digits, and an exponent.
        let afterComma = read.token.span.end
        restart(at: afterComma)
        guard case .success(let fraction) = peek(), case .number = fraction.token.kind,
            fraction.token.span.start == afterComma, lexer.text(of: fraction.token.span).utf8.first.map(isDigit) == true
        else {
            restart(at: comma)
            return nil
        }
        buffered = nil
        var literal = Lexer(whole + "." + lexer.text(of: fraction.token.span))
        let token: Token
        do throws(Diagnostic) {
            token = try literal.nextValid()
        } catch {
            throw text.lineDiagnostic(error.shifted(by: number.span.start))
        }
        guard case .number(let kind) = token.kind else { preconditionFailure("digits, a point and digits") }
        let end = number.span.start + token.span.end
        restart(at: end)
        return (Number(kind, digits: literal.literalDigits(of: token)), comma, end)
    }

    /// The unit right after a value that ends at folded `offset`: a foot or inch mark, or the
    /// letters that open a name after a number or a group (`ft` of `ft9in`; the lexer goes on
    /// at the rest, the next part). After a name, letters are part of the name, so only a mark
    /// can follow.
    private mutating func unit(at offset: Int, after value: ArgumentValue) throws(Diagnostic) -> SourceSpan? {
        guard continues(at: offset), case .success(let read) = peek() else { return nil }
        if read.isMark {
            buffered = nil
            // Two single quotes written together are inches too: `5'9''`.
            if lexer.text(of: read.token.span) == "'", continues(at: read.token.span.end),
                case .success(let next) = peek(),
                next.isMark, lexer.text(of: next.token.span) == "'"
            {
                buffered = nil
                return read.token.span.union(next.token.span)
            }
            return read.token.span
        }
        if case .name = value { return nil }
        guard case .name = read.token.kind else { return nil }
        var letters = read.token.span.start
        for scalar in lexer.text(of: read.token.span).unicodeScalars {
            guard scalar.properties.isAlphabetic else { break }
            letters += scalar.utf8.count
        }
        guard letters > read.token.span.start else { return nil }
        if letters == read.token.span.end {
            buffered = nil
        } else {
            restart(at: letters)
        }
        return SourceSpan(start: read.token.span.start, end: letters)
    }

    // MARK: Groups

    /// Where the group opened by the `(` token `opening` ends, right after its `)`. What is
    /// inside is the caller's to evaluate (the calculator's parser reads it then, and reports
    /// what is wrong there), so only parentheses count here, and they are found by their
    /// characters: a group of a megabyte of characters no token is made of costs one pass,
    /// not an error per character. No parenthesis reaches beyond a `#` comment.
    private mutating func groupEnd(opening: Token) throws(Diagnostic) -> Int {
        var depth = 0
        var offset = opening.span.start
        for byte in text.folded.utf8[text.folded.utf8.index(text.folded.utf8.startIndex, offsetBy: offset)...] {
            if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    restart(at: offset + 1)
                    return offset + 1
                }
            } else if byte == UInt8(ascii: "#") {
                break
            }
            offset += 1
        }
        throw Diagnostic.unclosedParenthesis(at: text.lineSpan(opening.span))
    }

    // MARK: Dates

    /// A word that is a date, `2015-04-12` (four-digit year, then month and day), as one part.
    /// The lexer would read its month `04` as a malformed literal, so the shape is checked on
    /// the word's characters (ten at most) before any token is taken.
    private mutating func date() throws(Diagnostic) -> ArgumentWord? {
        let start: Int
        switch peek() {
        case .success(let read):
            guard case .number = read.token.kind else { return nil }
            start = read.token.span.start
        case .failure(let error):
            // The language's reader refuses `2015-02-30`; `bmi` says so in its own words.
            guard error.id == .invalidDate || error.id == .ambiguousDate else { return nil }
            start = error.span.start
        }
        let bytes = text.folded.utf8
        var fields: [Int] = []
        var digits = 0
        var offset = start
        var index = bytes.index(bytes.startIndex, offsetBy: start)
        while index < bytes.endIndex, offset - start <= 10 {
            let byte = bytes[index]
            if isDigit(byte) {
                digits += 1
                if digits == 1 { fields.append(0) }
                fields[fields.count - 1] = fields[fields.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
            } else if byte == UInt8(ascii: "-"), digits > 0, fields.count < 3 {
                if fields.count == 1 && digits != 4 || fields.count == 2 && digits > 2 { return nil }
                digits = 0
            } else {
                break
            }
            offset += 1
            index = bytes.index(after: index)
        }
        guard fields.count == 3, (1...2).contains(digits) else { return nil }
        // The date is a word of its own: what follows must not be written against it.
        restart(at: offset)
        if continues(at: offset) {
            restart(at: start)
            return nil
        }
        let span = SourceSpan(start: start, end: offset)
        guard let date = CalendarDate(year: fields[0], month: fields[1], day: fields[2]) else {
            throw Diagnostic.bmiNoSuchDate(text.text(span), at: text.lineSpan(span))
        }
        let part = ArgumentPart(value: .date(date), valueSpan: text.lineSpan(span), valueText: text.text(span))
        return ArgumentWord(parts: [part], span: text.lineSpan(span))
    }

    // MARK: Text

    /// The error for text that cannot stand where it does: a character, a token out of place,
    /// or a mark with no value before it.
    static func unexpected(_ text: String, at span: SourceSpan, id: DiagnosticID) -> Diagnostic {
        Diagnostic.bmiUnexpected(text, id: id, at: span)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
