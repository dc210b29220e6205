import TallyCalendar
import TallyCore
import TallyDiagnostics
import TallyHealth

/// Reads the arguments of a `bmi` line into a ``BMIRequest``: the height, the weight, and the
/// words that may come with them (a standard, `age`, `on`, `sex`, `waist`, `chart`).
///
/// The arguments are words separated by white space (outside parentheses), up to the end or a
/// `#` comment. A measurement is one or more words whose values the calculator evaluates
/// (``BMIExpressionAdapter``): a number, a variable, a call or an expression in parentheses,
/// with a unit of length or mass from the calculator's table glued to it (`70kg`, `5'9"`,
/// `(h+2)cm`) or as the next word (`70 kg`), and quantities side by side that add up as in an
/// expression (`5 ft 9 in`, `11 st 4 lb`). A length is the height and a mass the weight, in
/// whichever order they come; `height`, `weight` and `waist` label the measurement after them;
/// bare numbers are the height, then the weight, in centimetres and kilograms.
struct BMIArgumentReader {
    /// A word of the arguments: its text and where it stands (0-based UTF-8 offsets, half-open).
    struct Word {
        let text: String
        let span: SourceSpan
        /// The word folded for comparison with keywords: lower case, full-width letters as ASCII.
        /// A word longer than any keyword is left as it is (no keyword can match it), so that a
        /// megabyte word is not folded once for each comparison.
        var folded: String { text.utf8.count > 64 ? text : UnitTable.folded(text) }
    }

    /// What labels a measurement.
    enum Label { case height, weight, waist }

    let line: String
    let words: [Word]
    /// Where the arguments end: the end of the line, or the `#` of a comment.
    let argumentsEnd: Int
    let adapter: BMIExpressionAdapter
    var position = 0

    /// The measurements read so far, each with its label, if any.
    var measurements: [(BMIMeasurementReading, Label?)] = []
    var request = PartialRequest()

    /// What the options of the line said so far.
    struct PartialRequest {
        var standard: (BMIStandard, SourceSpan)?
        var age: (ChildAge, SourceSpan)?
        var measuredOn: (CivilDate, SourceSpan)?
        var sex: (Sex, SourceSpan)?
        var chart: SourceSpan?
    }

    /// A reader of `line`'s arguments from `argumentsStart` (a 0-based UTF-8 offset), asking
    /// `evaluator` for values.
    init(line: String, argumentsStart: Int, evaluator: Evaluator) {
        let (words, end) = Self.split(line, from: argumentsStart)
        self.line = line
        self.words = words
        argumentsEnd = end
        adapter = BMIExpressionAdapter(evaluator: evaluator, line: Self.withDecimalPoints(line, words: words))
    }

    /// The request the line makes, and whether it asked for a chart.
    mutating func read() throws -> (BMIRequest, chart: Bool) {
        var pending: [BMIPiece] = []
        var label: (Label, SourceSpan)?
        func flush() throws {
            guard !pending.isEmpty else { return }
            let grouped = try BMIMeasurementReading.group(pending)
            for (index, measurement) in grouped.enumerated() {
                measurements.append((measurement, index == 0 ? label?.0 : nil))
            }
            pending = []
            label = nil
            // A height, a weight and a waist at most: reading stops at the first too many, so
            // a megabyte line is answered at once.
            if measurements.count > 3 {
                throw Diagnostic.bmiExtraArgument(
                    at: SourceSpan(start: measurements[3].0.span.start, end: argumentsEnd))
            }
        }
        while position < words.count {
            let word = words[position]
            if position == Self.maximumWords { throw Diagnostic.bmiExtraArgument(at: extraSpan(word)) }
            let folded = word.folded
            if let keyword = Self.label(folded) {
                try flush()
                label = (keyword, word.span)
                position += 1
                guard position < words.count, !Self.isOption(words[position].folded),
                    Self.label(words[position].folded) == nil
                else {
                    if keyword == .waist {
                        throw Diagnostic.bmiMissingWaist(
                            at: SourceSpan(at: position < words.count ? words[position].span.start : argumentsEnd))
                    }
                    throw Diagnostic.bmiMissingArgument(
                        word.text.lowercased(),
                        at: SourceSpan(at: position < words.count ? words[position].span.start : argumentsEnd))
                }
                continue
            }
            if Self.isOption(folded) {
                try flush()
                try readOption(word)
                continue
            }
            if let unit = BMIExpressionAdapter.unit(word.text), !word.text.hasPrefix("(") {
                // A unit standing alone belongs to the value before it.
                guard let last = pending.last, last.unit == nil, last.wordIndex == position - 1 else {
                    throw Diagnostic.bmiUnitWithoutNumber(word.text, at: word.span)
                }
                pending[pending.count - 1].unit = unit
                pending[pending.count - 1].unitSpan = word.span
                position += 1
                continue
            }
            if let dimension = BMIExpressionAdapter.otherDimension(word.text), let last = pending.last,
                last.unit == nil, last.wordIndex == position - 1
            {
                // `175 h`: a unit of the calculator's that measures something else.
                throw Diagnostic.bmiNotAMeasurement("\(dimension) (\(word.text))", at: last.span.union(word.span))
            }
            pending += try BMIPiece.pieces(of: word, index: position, adapter: adapter)
            position += 1
            if pending.count > 8 { try flush() }
        }
        try flush()
        if let (_, span) = label { throw Diagnostic.bmiMissingArgument("measurement", at: SourceSpan(at: span.end)) }
        return (try assemble(), request.chart != nil)
    }

    // MARK: Words

    /// The most words a line is read for: more than any `bmi` line needs (`bmi 5 ft 9 in 11 st 4 lb
    /// age 10 years 6 months 6 days sex f waist 80 cm cdc chart` has 22).
    static let maximumWords = 48

    /// `height`, `weight` and `waist`, which label the measurement after them.
    static func label(_ folded: String) -> Label? {
        switch folded {
        case "height": return .height
        case "weight": return .weight
        case "waist": return .waist
        default: return nil
        }
    }

    /// Whether a word is one of the options: a standard, `age`, `on`, `sex`, a sex word, `chart`.
    static func isOption(_ folded: String) -> Bool {
        BMIStandard(word: folded) != nil
            || ["age", "on", "sex", "girl", "boy", "female", "male", "chart"].contains(folded)
    }

    /// The words of `line` from `start`, split at white space outside parentheses, up to the end
    /// or a `#` outside parentheses; and where they end.
    static func split(_ line: String, from start: Int) -> ([Word], end: Int) {
        let (words, end, unclosed) = split(line, from: start, groupingFrom: start)
        guard let unclosed else { return (words, end) }
        // A '(' that is never closed groups nothing: the words after it are read apart, so the
        // calculator's error is about that parenthesis.
        let (regrouped, regroupedEnd, _) = split(line, from: start, groupingFrom: unclosed + 1)
        return (regrouped, regroupedEnd)
    }

    /// The split, with parentheses grouping from `groupingFrom` on; and the offset of a '(' left
    /// open at the end, if any.
    private static func split(_ line: String, from start: Int, groupingFrom: Int) -> ([Word], end: Int, unclosed: Int?)
    {
        var words: [Word] = []
        var openAt: [Int] = []
        var offset = 0
        var wordStart: Int?
        var scalars = String.UnicodeScalarView()
        var depth = 0
        func finish() {
            if let begin = wordStart {
                words.append(Word(text: String(scalars), span: SourceSpan(start: begin, end: offset)))
                end = offset
            }
            wordStart = nil
            scalars = String.UnicodeScalarView()
        }
        // Where a missing argument is: right after the last word (or after `bmi`).
        var end = start
        for scalar in line.unicodeScalars {
            defer { offset += UTF8.width(scalar) }
            if offset < start { continue }
            // No `bmi` line has this many words: the rest is not read, and the word after the
            // last is where the reader reports an extra argument.
            if words.count == maximumWords, wordStart == nil, !scalar.properties.isWhitespace {
                words.append(Word(text: "", span: SourceSpan(at: offset)))
                return (words, line.utf8.count, nil)
            }
            if depth == 0, scalar == "#" {
                finish()
                return (words, end, nil)
            }
            if depth == 0, scalar.properties.isWhitespace {
                finish()
                continue
            }
            if scalar == "(", offset >= groupingFrom {
                depth += 1
                openAt.append(offset)
            }
            if scalar == ")", depth > 0 {
                depth -= 1
                openAt.removeLast()
            }
            if wordStart == nil { wordStart = offset }
            scalars.append(scalar)
        }
        finish()
        return (words, end, openAt.first)
    }

    /// `line` with the decimal comma of each word that starts with a number (`170,5`, `1,75m`)
    /// as a point: a comma between digits before any letter. Same length, so spans stay true.
    static func withDecimalPoints(_ line: String, words: [Word]) -> String {
        var bytes = Array(line.utf8)
        for word in words {
            let start = word.span.start
            var index = start
            while index < word.span.end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            while index + 1 < word.span.end {
                let byte = bytes[index]
                if byte == UInt8(ascii: ","), index > start, isDigit(bytes[index - 1]), isDigit(bytes[index + 1]) {
                    bytes[index] = UInt8(ascii: ".")
                    break
                }
                guard isDigit(byte) || byte == UInt8(ascii: "_") else { break }
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
