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
    static let keywords = BMIStandard.allCases.map(\.word) + ["age", "sex", "girl", "boy", "waist"]

    /// The keywords that a height or a weight may still use as a variable's name.
    private static let laterKeywords: Set<String> = ["cdc", "waist"]

    /// What may follow the weight, for the message about an unknown word.
    static let optionsText = "after the weight come who, asia or cdc, age AGE, sex f|m and waist WAIST"

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
            } else if name == "waist", command.waist == nil {
                guard try peek() != nil else {
                    throw Diagnostic.bmiMissingWaist(at: SourceSpan(at: reader.argumentsEnd()))
                }
                command.waist = try measurement(of: .waist)
            } else if name == "sex", command.sex == nil {
                guard let sexWord = try take() else {
                    throw Diagnostic.bmiMissingSex(at: SourceSpan(at: reader.argumentsEnd()))
                }
                guard let sex = sexWord.bareName.flatMap(Sex.init(word:)) else {
                    throw Diagnostic.bmiInvalidSex(at: sexWord.span)
                }
                command.sex = (sex, word.span.union(sexWord.span))
            } else if let name, name.count > 1, let sex = Sex(word: name), command.sex == nil {
                command.sex = (sex, word.span)
            } else if let name, word.unit == nil, !Self.keywords.contains(name) {
                throw Diagnostic.bmiUnknownWord(word.bareName ?? "", at: word.span).suggesting(
                    Suggestion.nearest(to: name, in: Self.keywords + MeasurementUnit.suggestedWords))
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
        // `cdc` and `waist` came later than the others: a variable of either name still works
        // as a height or a weight, as it did before.
        if let name = first.bareName.map({ UnitTable.folded($0) }), Self.keywords.contains(name),
            !Self.laterKeywords.contains(name)
        {
            throw missingArgument(quantity, at: first.span.start)
        }
        if first.unit != nil { throw unitWithoutNumber(first) }
        var parts = try Self.measurementParts(first)
        while let next = try peek() {
            if next.unit != nil {
                guard parts[parts.count - 1].unitText == nil else { throw unitWithoutNumber(next) }
                parts[parts.count - 1].unitText = next.bareName
                parts[parts.count - 1].unitSpan = next.span
            } else if try continuesCompound(parts, with: next) {
                parts += try Self.measurementParts(next)
            } else {
                break
            }
            _ = try take()
        }
        return try MeasurementArgument(parts: parts, quantity: quantity)
    }

    /// The parts of a word of a measurement: at most two (`5ft9in`); a third is a value run
    /// together with it.
    private static func measurementParts(_ word: ArgumentWord) throws(Diagnostic) -> [ArgumentPart] {
        if word.parts.count > 2 { throw ArgumentWord.missingSpace(at: word.parts[2].span.start) }
        return word.parts
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
    static let ageForms =
        "an age is years (10, 3.5, 2y), years, months and days (10y6m6d, 10 years 6 months 6 days), "
        + "months (126 months), days (800 days) or a birth date (2015-04-12)"
    static let sexForms = "f or m (also girl or boy, female or male)"
    /// The words of each unit of an age, from the largest.
    private static let ageUnitWords: [Set<String>] = [
        ["y", "yr", "yrs", "year", "years"], ["m", "mo", "mos", "month", "months"], ["d", "day", "days"],
    ]

    /// Which unit of an age a word names: 0 years, 1 months, 2 days; nil for none.
    private static func ageUnit(_ word: String) -> Int? {
        ageUnitWords.firstIndex { $0.contains(word) }
    }

    /// Whether the word after the next one is a unit of an age (`6 months`).
    private mutating func unitWordFollows() throws(Diagnostic) -> Bool {
        guard let name = try peek(1)?.bareName else { return false }
        return Self.ageUnit(UnitTable.folded(name)) != nil
    }

    /// The age after the word `age`: `10`, `10.5`, `10y`, `10y6m`, `10y6m6d`, `10 years 6 months
    /// 6 days`, `126m`, `800 days`, or a birth date.
    private mutating func age(after keyword: ArgumentWord) throws(Diagnostic) -> (ChildAge, SourceSpan) {
        guard let first = try take() else {
            throw Diagnostic.bmiMissingAge(at: SourceSpan(at: reader.argumentsEnd()))
        }
        if case .date(let date) = first.parts[0].value { return (.born(date), first.span) }
        var pieces: [(amount: Number, unit: String?, span: SourceSpan)] = []
        func absorb(_ word: ArgumentWord) throws(Diagnostic) {
            for part in word.parts {
                guard case .literal(let amount) = part.value, pieces.count < 3 else {
                    throw Diagnostic.bmiInvalidAge(at: part.span)
                }
                pieces.append((amount, part.unitText.map { UnitTable.folded($0) }, part.span))
            }
        }
        try absorb(first)
        while let next = try peek() {
            let name = next.bareName.map { UnitTable.folded($0) }
            let last = pieces[pieces.count - 1]
            let takesNumber = last.unit.map { Self.ageUnit($0) == 0 } ?? false
            var numberWithUnit = takesNumber
            if !numberWithUnit, name == nil, last.unit != nil { numberWithUnit = try unitWordFollows() }
            if let name, last.unit == nil, Self.ageUnit(name) != nil {
                pieces[pieces.count - 1].unit = name
                pieces[pieces.count - 1].span = last.span.union(next.span)
            } else if name == nil, pieces.count < 3, last.unit != nil, next.parts.count == 1,
                case .literal = next.parts[0].value, numberWithUnit
            {
                // The months after years (`10y 6`), or a number whose unit follows (`6 months`).
                try absorb(next)
            } else {
                break
            }
            _ = try take()
        }
        let span = pieces[0].span.union(pieces[pieces.count - 1].span)
        var months = Number(0)
        var days = Number(0)
        var previousUnit = -1
        for (index, piece) in pieces.enumerated() {
            // A bare number is years first, months after years.
            let unit: Int
            if let word = piece.unit {
                guard let known = Self.ageUnit(word) else {
                    throw Diagnostic.bmiUnknownAgeUnit(word, at: piece.span)
                }
                unit = known
            } else if index == 0 {
                unit = 0
            } else if previousUnit == 0 {
                unit = 1
            } else {
                throw Diagnostic.bmiInvalidAge(at: piece.span)
            }
            // Each unit after a larger one, and less than one of it.
            let limit = unit == 1 ? Number(12) : Number(31)
            if piece.amount.signum < 0 || unit <= previousUnit
                || (index > 0 && Number.compare(piece.amount, limit) >= 0)
            {
                throw Diagnostic.bmiInvalidAge(at: piece.span)
            }
            switch unit {
            case 0: months = months + piece.amount * Number(12)
            case 1: months = months + piece.amount
            default: days = days + piece.amount
            }
            previousUnit = unit
        }
        guard Number.compare(months + days / ExactAge.daysInMonth, Number(12 * 200)) < 0 else {
            throw Diagnostic.bmiImplausibleAge(at: span)
        }
        return (.written(ExactAge(months: months, days: days)), span)
    }

    // MARK: Errors

    /// `bmi 175,70`: the decimal comma made one number of the height and the weight.
    private func decimalCommaWithoutWeight(_ part: ArgumentPart, comma: Int) -> Diagnostic {
        let text = part.valueText
        let commaIndex = text.firstIndex(of: ",") ?? text.endIndex
        let whole = String(text[..<commaIndex])
        let fraction = String(text[text.index(after: commaIndex)...])
        return Diagnostic.bmiDecimalCommaWithoutWeight(
            text, whole: whole, fraction: fraction, at: SourceSpan(start: comma, end: comma + 1))
    }

    private func unitWithoutNumber(_ word: ArgumentWord) -> Diagnostic {
        Diagnostic.bmiUnitWithoutNumber(word.bareName ?? "", at: word.span)
    }

    private func missingArgument(_ quantity: BodyQuantity, at offset: Int) -> Diagnostic {
        Diagnostic.bmiMissingArgument(quantity.name, at: SourceSpan(at: offset))
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
            return Diagnostic.bmiFeetAndInchesAsTwoNumbers(
                feet: feetText, inches: inchesText, at: command.height.span.union(command.weight.span))
        }
        return Diagnostic.bmiExtraArgument(
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
