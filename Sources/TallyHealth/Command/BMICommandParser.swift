import TallyCore
import TallyDiagnostics

/// Groups the words of a `bmi` line into the height, the weight, and what may follow them: a
/// standard (`who`, `asia`), an age (`age 10`, `age 10y6m`, `age 2015-04-12`) and a sex
/// (`sex f`, `girl`).
///
/// Whitespace separates arguments, with two exceptions that cannot be misread: a unit standing
/// alone (`175 cm`) belongs to the number before it, and the inches after feet (`5ft 9in`,
/// `5 ft 9 in`, `5ft 9`) or the pounds after stones belong to the same argument. The price is
/// that unit words and the words above are not read as variables here; `(m)` still is.
///
/// Words are read one at a time and the first problem ends the parse, so a long line costs no
/// more than its words up to that problem.
struct BMICommandParser {
    private var reader: ArgumentReader
    /// Words read ahead of the one being parsed.
    private var lookahead: [ArgumentWord] = []

    init(reader: ArgumentReader) {
        self.reader = reader
    }

    /// The words that may follow the weight, for messages and suggestions.
    static let keywords = ["who", "asia", "age", "sex", "girl", "boy"]

    /// The command, with the units of each argument checked. Problems are reported left to
    /// right, so the first message is about the first thing wrong on the line.
    mutating func parse() throws(Diagnostic) -> BMICommand {
        let height = try measurement(of: .height)
        if try peek() == nil, let comma = height.parts.first?.decimalComma {
            throw decimalCommaWithoutWeight(height.parts[0], comma: comma)
        }
        let weight = try measurement(of: .weight)
        var command = BMICommand(height: height, weight: weight)
        while let word = try take() {
            let name = word.bareName.map { UnitTable.folded($0) }
            if let named = word.standard, command.standard == nil {
                command.standard = named
                command.standardSpan = word.span
            } else if name == "age", command.age == nil {
                command.age = try age(after: word)
            } else if name == "sex", command.sex == nil {
                guard let sexWord = try take() else {
                    throw Diagnostic(
                        .bmiInvalidSex, "missing sex after 'sex': \(Self.sexForms)",
                        at: SourceSpan(at: reader.argumentsEnd()))
                }
                guard let sex = sexWord.bareName.flatMap(Sex.init(word:)) else {
                    throw Diagnostic(.bmiInvalidSex, "the sex is \(Self.sexForms)", at: sexWord.span)
                }
                command.sex = (sex, word.span.union(sexWord.span))
            } else if let name, name.count > 1, let sex = Sex(word: name), command.sex == nil {
                command.sex = (sex, word.span)
            } else if let name, word.unit == nil, !Self.keywords.contains(name) {
                throw Diagnostic(
                    .bmiUnknownStandard,
                    "unknown word '\(TerminalSafeText.excerpt(word.bareName ?? ""))'; after the weight come who or asia, "
                        + "age AGE and sex f|m",
                    at: word.span
                ).suggesting(Suggestion.nearest(to: name, in: Self.keywords + MeasurementUnit.suggestedWords))
            } else {
                throw extraArguments(from: word, after: command)
            }
        }
        return command
    }

    // MARK: Measurements

    /// The height or the weight: a word, and the unit words and the second half of a compound
    /// value that follow it.
    private mutating func measurement(of quantity: BodyQuantity) throws(Diagnostic) -> MeasurementArgument {
        guard let first = try take() else { throw missingArgument(quantity, at: reader.argumentsEnd()) }
        if let name = first.bareName.map({ UnitTable.folded($0) }), Self.keywords.contains(name) {
            throw missingArgument(quantity, at: first.span.start)
        }
        if first.unit != nil { throw unitWithoutNumber(first) }
        var parts = first.parts
        while let next = try peek() {
            if next.unit != nil {
                guard parts[parts.count - 1].unitText == nil else { throw unitWithoutNumber(next) }
                parts[parts.count - 1].unitText = next.bareName
                parts[parts.count - 1].unitSpan = next.span
            } else if try continuesCompound(parts, with: next) {
                parts += next.parts
            } else {
                break
            }
            _ = try take()
        }
        return try MeasurementArgument(parts: parts, quantity: quantity)
    }

    /// Whether `word` continues the value so far, as quantities side by side add up in an
    /// expression: a value in a smaller unit of the same system (`5ft 9in`, `5 ft 9 in`,
    /// `1 m 75 cm`, `1 yd 2 ft 9 in`, `11 st 4 lb`), or after one whole number of feet (or
    /// stones) a bare whole number smaller than one foot (or stone): `5ft 9`. After metres a
    /// bare number never joins: `2m 90` is a height and a weight.
    private mutating func continuesCompound(_ parts: [ArgumentPart], with word: ArgumentWord) throws(Diagnostic)
        -> Bool
    {
        guard let unitText = parts[parts.count - 1].unitText, let major = MeasurementUnit(symbol: unitText) else {
            return false
        }
        // Any smaller unit of the same quantity joins; one of the other system (`5 ft 9 cm`)
        // is then the error that says which may follow, at that unit.
        func follows(_ unit: MeasurementUnit) -> Bool {
            unit.quantity == major.quantity && Number.compare(unit.sizeInBaseUnit, major.sizeInBaseUnit) < 0
        }
        if let wordUnit = word.parts[0].unitText {
            return MeasurementUnit(symbol: wordUnit).map(follows) ?? false
        }
        guard word.parts.count == 1 else { return false }
        if let unit = try peek(1)?.unit, follows(unit) { return true }
        guard parts.count == 1, let minor = major.minorUnit, major != .metre,
            case .literal(let amount) = word.parts[0].value, amount.isInteger, amount.signum >= 0,
            Number.compare(amount, major.sizeInBaseUnit / minor.sizeInBaseUnit) < 0
        else { return false }
        return true
    }

    // MARK: Age

    /// How an age is written, for messages.
    static let ageForms = "an age is years (10), years and months (10y6m) or a birth date (2015-04-12)"
    static let sexForms = "f or m (also girl or boy, female or male)"
    private static let yearWords: Set<String> = ["y", "yr", "yrs", "year", "years"]
    private static let monthWords: Set<String> = ["m", "mo", "mos", "month", "months"]

    /// The age after the word `age`: `10`, `10.5`, `10y`, `10y6m`, `10 years 6 months`, `126m`, or
    /// a birth date.
    private mutating func age(after keyword: ArgumentWord) throws(Diagnostic) -> (ChildAge, SourceSpan) {
        guard let first = try take() else {
            throw Diagnostic(
                .bmiInvalidAge, "missing age after 'age': \(Self.ageForms)", at: SourceSpan(at: reader.argumentsEnd()))
        }
        if case .date(let date) = first.parts[0].value { return (.born(date), first.span) }
        var pieces: [(amount: Number, unit: String?, span: SourceSpan)] = []
        func absorb(_ word: ArgumentWord) throws(Diagnostic) {
            for part in word.parts {
                guard case .literal(let amount) = part.value, pieces.count < 2 else {
                    throw Diagnostic(.bmiInvalidAge, Self.ageForms, at: part.span)
                }
                pieces.append((amount, part.unitText.map { UnitTable.folded($0) }, part.span))
            }
        }
        try absorb(first)
        while let next = try peek() {
            let name = next.bareName.map { UnitTable.folded($0) }
            if let name, pieces[pieces.count - 1].unit == nil,
                Self.yearWords.contains(name) || Self.monthWords.contains(name)
            {
                pieces[pieces.count - 1].unit = name
                pieces[pieces.count - 1].span = pieces[pieces.count - 1].span.union(next.span)
            } else if pieces.count == 1, let unit = pieces[0].unit, Self.yearWords.contains(unit), name == nil,
                next.parts.count == 1, case .literal = next.parts[0].value
            {
                try absorb(next)
            } else {
                break
            }
            _ = try take()
        }
        let span = pieces[0].span.union(pieces[pieces.count - 1].span)
        var months = Number(0)
        for (index, piece) in pieces.enumerated() {
            let inMonths = piece.unit.map(Self.monthWords.contains) ?? (index == 1)
            if let unit = piece.unit, !Self.yearWords.contains(unit) && !Self.monthWords.contains(unit) {
                throw Diagnostic(
                    .bmiInvalidAge, "unknown unit '\(unit)' in an age; \(Self.ageForms)", at: piece.span)
            }
            if piece.amount.signum < 0 || (index == 1 && (!inMonths || Number.compare(piece.amount, Number(12)) >= 0)) {
                throw Diagnostic(.bmiInvalidAge, Self.ageForms, at: piece.span)
            }
            months = months + (inMonths ? piece.amount : piece.amount * Number(12))
        }
        guard let whole = months.floor.intValue, whole < 12 * 200 else {
            throw Diagnostic(.bmiInvalidAge, "implausible age: \(Self.ageForms)", at: span)
        }
        return (.months(whole), span)
    }

    // MARK: Errors

    /// `bmi 175,70`: the decimal comma made one number of the height and the weight.
    private func decimalCommaWithoutWeight(_ part: ArgumentPart, comma: Int) -> Diagnostic {
        let text = part.valueText
        let commaIndex = text.firstIndex(of: ",") ?? text.endIndex
        let whole = String(text[..<commaIndex])
        let fraction = String(text[text.index(after: commaIndex)...])
        var diagnostic = Diagnostic(
            .bmiMissingArgument,
            "missing weight: '\(text)' is one number with a decimal comma; a decimal comma needs a weight after it",
            at: SourceSpan(start: comma, end: comma + 1)
        ).noting("for a height and a weight, separate them with a space: bmi \(whole) \(fraction)")
        if fraction.count > 1 {
            diagnostic = diagnostic.noting(
                "for a decimal height, write the weight after a space: bmi \(whole),\(fraction.prefix(1)) \(fraction)")
        }
        return diagnostic
    }

    private func unitWithoutNumber(_ word: ArgumentWord) -> Diagnostic {
        Diagnostic(.bmiUnitWithoutNumber, "expected a number before the unit '\(word.bareName ?? "")'", at: word.span)
    }

    private func missingArgument(_ quantity: BodyQuantity, at offset: Int) -> Diagnostic {
        Diagnostic(.bmiMissingArgument, "missing \(quantity.name): \(BMICommand.usage)", at: SourceSpan(at: offset))
    }

    /// Everything from the first word too many to the end of the arguments, which are not
    /// read further. Two bare numbers that look like feet and inches (`bmi 5 9 154`) are named.
    private mutating func extraArguments(from word: ArgumentWord, after command: BMICommand) -> Diagnostic {
        let height = command.height.parts
        let weight = command.weight.parts
        if height.count == 1, weight.count == 1, height[0].unitText == nil, weight[0].unitText == nil,
            command.standard == nil, command.age == nil, command.sex == nil,
            case .literal(let feet) = height[0].value, case .literal(let inches) = weight[0].value,
            feet.isInteger, Number.compare(feet, Number(3)) >= 0, Number.compare(feet, Number(8)) <= 0,
            inches.signum >= 0, Number.compare(inches, Number(12)) < 0
        {
            let feetText = height[0].valueText
            let inchesText = weight[0].valueText
            return Diagnostic(
                .bmiExtraArgument,
                "'\(feetText) \(inchesText)' looks like \(feetText) feet \(inchesText) inches, but a bare height is in "
                    + "centimetres",
                at: command.height.span.union(command.weight.span)
            ).noting("write \(feetText)ft\(inchesText)in or \(feetText)'\(inchesText)\"")
        }
        return Diagnostic(
            .bmiExtraArgument, "extra argument: \(BMICommand.usage)",
            at: SourceSpan(start: word.span.start, end: max(word.span.end, reader.argumentsEnd())))
    }

    // MARK: Reading ahead

    private mutating func peek(_ distance: Int = 0) throws(Diagnostic) -> ArgumentWord? {
        while lookahead.count <= distance {
            guard let word = try reader.nextWord() else { return nil }
            lookahead.append(word)
        }
        return lookahead[distance]
    }

    private mutating func take() throws(Diagnostic) -> ArgumentWord? {
        guard let word = try peek() else { return nil }
        lookahead.removeFirst()
        return word
    }
}
