import TallyCore

/// Splits the arguments of a `bmi` line into words, and each word into parts (a value and the
/// unit after it), recording where each piece stands.
///
/// The scanner knows the shapes of values, not what they mean: which unit may stand where is
/// decided by ``BMICommandParser`` and ``MeasurementArgument``. Offsets are 0-based UTF-8 byte
/// offsets into the whole line; the scanner walks Unicode scalars so that names in any script
/// (`키`) keep their bytes together.
struct ArgumentScanner {
    private let scalars: [Unicode.Scalar]
    /// `offsets[i]` is the byte offset of `scalars[i]`; one more entry marks the end of the line.
    private let offsets: [Int]
    /// Index into `scalars` of the next scalar to read.
    private var position: Int
    /// Where the arguments begin: a missing first argument is reported here.
    private let argumentsStart: Int

    /// Prepares to scan `line` from the byte offset `argumentsStart`, which must fall on a scalar
    /// boundary (it normally stands right after the word `bmi`).
    init(line: String, argumentsStart: Int) {
        scalars = Array(line.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += scalar.utf8.count
        }
        offsets.append(offset)
        self.offsets = offsets
        position = offsets.firstIndex { $0 >= argumentsStart } ?? scalars.count
        self.argumentsStart = offsets[position]
    }

    /// Reads every word up to the end of the line or a `#` comment, and returns them with the
    /// byte offset where the arguments end (where a missing argument would go).
    mutating func scanWords() throws(Diagnostic) -> (words: [ArgumentWord], end: Int) {
        var words: [ArgumentWord] = []
        while true {
            while let scalar = current, scalar.properties.isWhitespace { position += 1 }
            if atArgumentsEnd {
                // A missing argument is reported right after the last word typed, not under
                // trailing spaces or a comment.
                return (words, words.last?.span.end ?? argumentsStart)
            }
            words.append(try scanWord())
        }
    }

    // MARK: Words and parts

    private mutating func scanWord() throws(Diagnostic) -> ArgumentWord {
        let start = offset
        // A sign may open a word (`-70` is a negative weight, reported as such) but not stand
        // inside one, where `175-5` would be an expression that needs parentheses.
        var parts = [try scanPart(atWordStart: true)]
        while !atWordEnd {
            parts.append(try scanPart(atWordStart: false))
        }
        return ArgumentWord(parts: parts, span: SourceSpan(start: start, end: offset))
    }

    private mutating func scanPart(atWordStart: Bool) throws(Diagnostic) -> ArgumentPart {
        let start = offset
        let value: ArgumentValue
        if startsNumber(atWordStart: atWordStart) {
            value = .literal(scanNumber())
        } else if let scalar = current, isNameStart(scalar) {
            while let next = current, isNameContinuation(next) { position += 1 }
            if current == "(" {
                try scanGroup()
                value = .expression
            } else {
                value = .name
            }
        } else if current == "(" {
            try scanGroup()
            value = .expression
        } else {
            throw unexpectedCharacter()
        }
        let valueSpan = SourceSpan(start: start, end: offset)
        var part = ArgumentPart(value: value, valueSpan: valueSpan, valueText: text(valueSpan))
        let unitStart = offset
        if let scalar = current, scalar.properties.isAlphabetic {
            while let next = current, next.properties.isAlphabetic { position += 1 }
        } else if let scalar = current, ["'", "\"", "\u{2032}", "\u{2033}"].contains(scalar) {
            position += 1
        }
        if offset > unitStart {
            let unitSpan = SourceSpan(start: unitStart, end: offset)
            part.unitText = text(unitSpan)
            part.unitSpan = unitSpan
        }
        return part
    }

    // MARK: Numbers and groups

    /// Digits with an optional decimal point or comma (`170,5`), or `.5`; a sign only at the
    /// start of a word.
    private func startsNumber(atWordStart: Bool) -> Bool {
        var index = position
        if atWordStart, let scalar = scalar(at: index), ["-", "+", "\u{2212}"].contains(scalar) { index += 1 }
        if let scalar = scalar(at: index), isDigit(scalar) { return true }
        // `.5` only at the start of a word, so that `1.2.3` is not read as `1.2` then `.3`.
        return atWordStart && scalar(at: index) == "." && scalar(at: index + 1).map(isDigit) == true
    }

    private mutating func scanNumber() -> Number {
        var negative = false
        if let scalar = current, ["-", "+", "\u{2212}"].contains(scalar) {
            negative = scalar != "+"
            position += 1
        }
        var digits = ""
        while let scalar = current, isDigit(scalar) {
            digits.unicodeScalars.append(scalar)
            position += 1
        }
        var fractionDigits = 0
        // A decimal comma counts only between digits, so that `175,` stays an error.
        if let separator = current, separator == "." || separator == ",", scalar(at: position + 1).map(isDigit) == true
        {
            position += 1
            while let scalar = current, isDigit(scalar) {
                digits.unicodeScalars.append(scalar)
                fractionDigits += 1
                position += 1
            }
        }
        guard let numerator = BigInteger(digits) else { preconditionFailure("scanned digits") }
        let value = Number(numerator: numerator, denominator: BigInteger.power(10, UInt(fractionDigits)))
        return negative ? -value : value
    }

    /// Skips a parenthesised expression; what is inside is the caller's to evaluate.
    private mutating func scanGroup() throws(Diagnostic) {
        let open = position
        var depth = 0
        while let scalar = current {
            position += 1
            if scalar == "(" { depth += 1 }
            if scalar == ")" {
                depth -= 1
                if depth == 0 { return }
            }
        }
        throw Diagnostic(
            .unclosedParenthesis, "this '(' is never closed",
            at: SourceSpan(start: offsets[open], end: offsets[open + 1]))
    }

    private func unexpectedCharacter() -> Diagnostic {
        let span = SourceSpan(start: offset, end: offsets[position + 1])
        switch current {
        case ",":
            return Diagnostic(
                .unexpectedToken,
                "unexpected ','; separate the arguments with spaces (a decimal comma stands between digits: 170,5)",
                at: span)
        case ")":
            return Diagnostic(.unmatchedParenthesis, "unexpected ')' without a matching '('", at: span)
        default:
            return Diagnostic(
                .unexpectedCharacter,
                "unexpected '\(text(span))'; an argument is a number with an optional unit, a name, "
                    + "or an expression in parentheses",
                at: span)
        }
    }

    // MARK: Characters

    private var current: Unicode.Scalar? { scalar(at: position) }

    private var offset: Int { offsets[position] }

    private func scalar(at index: Int) -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    /// The end of the line or the start of a comment.
    private var atArgumentsEnd: Bool {
        current == nil || current == "#"
    }

    private var atWordEnd: Bool {
        atArgumentsEnd || current?.properties.isWhitespace == true
    }

    private func text(_ span: SourceSpan) -> String {
        let first = offsets.firstIndex(of: span.start) ?? position
        let last = offsets.firstIndex(of: span.end) ?? position
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[first..<last])
        return text
    }

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || isDigit(scalar)
    }
}
