import TallyCore
import TallyDiagnostics

/// A run of the arguments without whitespace outside parentheses: `5ft9in`, `(170 + 5)cm`,
/// `kg`, `who`. Spans are 0-based UTF-8 byte offsets into the whole line, half-open.
struct ArgumentWord: Sendable {
    /// The values and units in the word, in order; never empty.
    var parts: [ArgumentPart]
    /// The whole word.
    var span: SourceSpan

    /// The word, when it is nothing but a name (`kg`, `who`, `height`).
    var bareName: String? {
        guard parts.count == 1, parts[0].unitText == nil, case .name = parts[0].value else { return nil }
        return parts[0].valueText
    }

    /// The standard the word names, if it is `who` or `asia`.
    var standard: BMIStandard? {
        bareName.flatMap(BMIStandard.init(word:))
    }

    /// The unit the word names, if it is a unit written apart from its number (`175 cm`).
    var unit: MeasurementUnit? {
        bareName.flatMap(MeasurementUnit.init(symbol:))
    }

    /// The error for two arguments written together (`175cm70kg`), at the start of the second.
    static func missingSpace(at offset: Int) -> Diagnostic {
        Diagnostic.bmiMissingSpace(at: offset)
    }
}
