import TallyCore
import TallyDiagnostics
import TallyHealth

/// One value of a `bmi` measurement with its unit, if any: `70kg`, `5'`, `9"`, `(h+2)cm`, `175`,
/// or a value whose unit is the next word (`70` of `70 kg`). A word holds at most two glued
/// together (`5ft9in`, `1m75`).
struct BMIPiece {
    /// The value: a number, or a length or mass already (a variable holding `175 cm`).
    var reading: BMIExpressionAdapter.Reading
    /// The value as written, without its unit.
    var valueText: String
    var valueSpan: SourceSpan
    /// The unit glued to the value or standing after it; nil for a bare value.
    var unit: BMIExpressionAdapter.Unit?
    var unitSpan: SourceSpan?
    /// The word it came from.
    var wordIndex: Int
    /// Whether it follows another piece in the same word (`9in` of `5ft9in`).
    var isGlued = false

    /// Where the piece stands, unit included.
    var span: SourceSpan { unitSpan.map { valueSpan.union($0) } ?? valueSpan }

    /// The pieces of `word`, each value evaluated by `adapter`.
    static func pieces(of word: BMIArgumentReader.Word, index: Int, adapter: BMIExpressionAdapter) throws -> [BMIPiece]
    {
        var pieces: [BMIPiece] = []
        for (valueRange, unitRange) in split(word.text) {
            let valueText = String(decoding: Array(word.text.utf8)[valueRange], as: UTF8.self)
            let valueSpan = SourceSpan(
                start: word.span.start + valueRange.lowerBound, end: word.span.start + valueRange.upperBound)
            let reading: BMIExpressionAdapter.Reading
            do {
                reading = try adapter.read(valueSpan)
            } catch let diagnostic as Diagnostic
                where diagnostic.id == .unknownName && pieces.isEmpty && unitRange == nil
            {
                throw unknownWord(word, diagnostic: diagnostic, adapter: adapter)
            }
            var piece = BMIPiece(
                reading: reading, valueText: written(valueText), valueSpan: valueSpan, wordIndex: index)
            piece.isGlued = !pieces.isEmpty
            if let unitRange {
                let unitText = String(decoding: Array(word.text.utf8)[unitRange], as: UTF8.self)
                piece.unit = BMIExpressionAdapter.unit(unitText)
                piece.unitSpan = SourceSpan(
                    start: word.span.start + unitRange.lowerBound, end: word.span.start + unitRange.upperBound)
            }
            pieces.append(piece)
        }
        if pieces.count > 2 { throw Diagnostic.bmiMissingSpace(at: pieces[2].valueSpan.start) }
        return pieces
    }

    /// The value as a suggestion puts a unit after it: a number as written, a name in
    /// parentheses (`(h)` of `did you mean (h)m?`).
    private static func written(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return text }
        return "(\(text))"
    }

    /// A word of letters that is no variable: one of `bmi`'s words misspelt, or something else.
    private static func unknownWord(
        _ word: BMIArgumentReader.Word, diagnostic: Diagnostic, adapter: BMIExpressionAdapter
    ) -> Diagnostic {
        if let first = word.text.utf8.first, BMIArgumentReader.isDigit(first) || first == UInt8(ascii: "."),
            diagnostic.span.start > word.span.start
        {
            // Letters after a number that name no unit: `70kgz`.
            let letters = text(of: diagnostic.span, in: word)
            return Diagnostic.bmiUnknownMeasurementUnit(letters, at: diagnostic.span).suggesting(
                Suggestion.nearest(to: UnitTable.folded(letters), in: BMICommand.unitWords))
        }
        // A word longer than any variable-and-unit a person types is only the error it is.
        guard word.text.utf8.count <= 4 * Suggestion.maximumComparedLength, word.text.unicodeScalars.count > 1,
            word.text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic })
        else { return diagnostic }
        // `hcm`: a variable run together with a unit, which would need parentheses.
        let folded = word.folded
        if word.text.utf8.count <= 4 * Suggestion.maximumComparedLength, folded.utf8.count == word.text.utf8.count {
            for unitWord in BMICommand.unitWords where folded.hasSuffix(unitWord) && folded.count > unitWord.count {
                let prefix = word.text.utf8.count - unitWord.utf8.count
                let prefixSpan = SourceSpan(start: word.span.start, end: word.span.start + prefix)
                if (try? adapter.read(prefixSpan)) != nil {
                    var error = diagnostic
                    error.notes = []
                    return error.notingVariableBeforeUnit(String(word.text.prefix(prefix)), unit: unitWord)
                }
            }
        }
        return Diagnostic.bmiUnknownWord(word.text, at: word.span).suggesting(
            Suggestion.nearest(to: word.folded, in: BMICommand.keywords + BMICommand.unitWords))
    }

    /// The text of `span` (offsets into the line) within `word`.
    private static func text(of span: SourceSpan, in word: BMIArgumentReader.Word) -> String {
        let bytes = Array(word.text.utf8)
        let start = max(0, span.start - word.span.start)
        let end = min(bytes.count, span.end - word.span.start)
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : word.text
    }

    /// The byte ranges of each value and its glued unit in `text`: a number followed by the
    /// letters or marks of a length or mass unit, once or twice (`5ft9in`, `5'9"`, `1m75`), or a
    /// group in parentheses followed by one (`(h+2)cm`). Anything else is one value for the
    /// calculator to read (`h`, `1.75e2`, `0xAF`, `max(a,b)`), and its error when it is none.
    static func split(_ text: String) -> [(Range<Int>, Range<Int>?)] {
        let bytes = Array(text.utf8)
        var result: [(Range<Int>, Range<Int>?)] = []
        var index = 0
        // Three pieces are already one too many (``pieces(of:index:adapter:)`` says so).
        while index < bytes.count, result.count < 3 {
            let start = index
            if bytes[index] == UInt8(ascii: "(") {
                var depth = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "(") { depth += 1 }
                    if bytes[index] == UInt8(ascii: ")") { depth -= 1 }
                    index += 1
                    if depth == 0 { break }
                }
            } else {
                if result.isEmpty, index < bytes.count,
                    bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
                {
                    index += 1
                }
                while index < bytes.count,
                    BMIArgumentReader.isDigit(bytes[index])
                        || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ",")].contains(bytes[index])
                {
                    index += 1
                }
            }
            let valueEnd = index
            // What follows a first piece that is not another is one more value, read by the
            // calculator with its own error (`5ft0x9in`: `0x9in`).
            guard valueEnd > start else {
                return result.isEmpty ? [(0..<bytes.count, nil)] : result + [(start..<bytes.count, nil)]
            }
            let unitStart = index
            while index < bytes.count, !BMIArgumentReader.isDigit(bytes[index]), bytes[index] != UInt8(ascii: "(") {
                index += 1
            }
            if unitStart == index {
                // A bare number: the end of the word, or after a unit (`1m75`).
                guard index == bytes.count || result.isEmpty == false else { return [(0..<bytes.count, nil)] }
                result.append((start..<valueEnd, nil))
                continue
            }
            let unitText = String(decoding: bytes[unitStart..<index], as: UTF8.self)
            guard BMIExpressionAdapter.unit(unitText) != nil else {
                return result.isEmpty ? [(0..<bytes.count, nil)] : result + [(start..<bytes.count, nil)]
            }
            result.append((start..<valueEnd, unitStart..<index))
        }
        return result
    }
}
