import TallyCalendar
import TallyCore
import TallyDiagnostics
import TallyHealth

/// The words after the measurements, and the roles of the measurements.
extension BMIArgumentReader {
    /// Reads the option at `word` and what it takes: a standard, `age AGE`, `on DATE`,
    /// `sex f|m`, `girl`/`boy`/`female`/`male`, `chart`.
    mutating func readOption(_ word: Word) throws {
        let folded = word.folded
        position += 1
        if let standard = BMIStandard(word: folded) {
            if request.standard != nil { throw Diagnostic.bmiExtraArgument(at: extraSpan(word)) }
            request.standard = (standard, word.span)
            return
        }
        switch folded {
        case "age":
            if request.age != nil { throw Diagnostic.bmiExtraArgument(at: extraSpan(word)) }
            request.age = try readAge()
        case "on":
            guard position < words.count else {
                throw Diagnostic.bmiMissingArgument("date", at: SourceSpan(at: argumentsEnd))
            }
            let dateWord = words[position]
            guard let date = try Self.date(dateWord) else {
                throw Diagnostic.bmiDateWithoutBirthDate(at: dateWord.span)
            }
            position += 1
            request.measuredOn = (date, word.span.union(dateWord.span))
        case "sex":
            guard position < words.count else { throw Diagnostic.bmiMissingSex(at: SourceSpan(at: argumentsEnd)) }
            let sexWord = words[position]
            guard let sex = Sex(word: sexWord.folded) else { throw Diagnostic.bmiInvalidSex(at: sexWord.span) }
            position += 1
            try setSex(sex, at: word.span.union(sexWord.span))
        case "chart":
            request.chart = word.span
        default:
            guard let sex = Sex(word: folded) else { throw Diagnostic.bmiUnknownWord(word.text, at: word.span) }
            try setSex(sex, at: word.span)
        }
    }

    private mutating func setSex(_ sex: Sex, at span: SourceSpan) throws(Diagnostic) {
        if request.sex != nil {
            throw Diagnostic.bmiExtraArgument(at: SourceSpan(start: span.start, end: argumentsEnd))
        }
        request.sex = (sex, span)
    }

    /// From `word` to the end of the arguments, for an extra argument.
    func extraSpan(_ word: Word) -> SourceSpan {
        SourceSpan(start: word.span.start, end: max(word.span.end, argumentsEnd))
    }

    /// A birth date or a day, `2015-04-12`: nil for a word of another form; an error for one of
    /// this form that is no date.
    static func date(_ word: Word) throws(Diagnostic) -> CivilDate? {
        let parts = word.text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            parts.allSatisfy({ $0.utf8.allSatisfy(isDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        guard let date = CivilDate(year: year, month: month, day: day) else {
            throw Diagnostic.bmiNoSuchDate(word.text, at: word.span)
        }
        return date
    }

    // MARK: Roles

    /// The request: each measurement in its role. Labelled ones take their label's; a length is
    /// the height and a mass the weight; bare numbers take what is left, the height first.
    func assemble() throws(Diagnostic) -> BMIRequest {
        var height: BodyMeasurement?
        var weight: BodyMeasurement?
        var waist: BodyMeasurement?
        func extra(_ reading: BMIMeasurementReading) -> Diagnostic {
            Diagnostic.bmiExtraArgument(at: SourceSpan(start: reading.span.start, end: argumentsEnd))
        }
        for (reading, label) in measurements where label != nil || reading.quantity != nil {
            switch label ?? (reading.quantity == .weight ? .weight : .height) {
            case .height:
                guard height == nil else { throw extra(reading) }
                height = try reading.measurement(as: .height)
            case .weight:
                guard weight == nil else { throw extra(reading) }
                weight = try reading.measurement(as: .weight)
            case .waist:
                guard waist == nil else { throw extra(reading) }
                waist = try reading.measurement(as: .waist)
            }
        }
        let bare = measurements.filter { $0.1 == nil && $0.0.quantity == nil }.map(\.0)
        if bare.count == 3, height == nil, weight == nil, let feet = bare[0].amount.intValue, (3...8).contains(feet),
            bare[1].amount.signum >= 0, Rational.compare(bare[1].amount, Rational(12)) < 0
        {
            throw Diagnostic.bmiFeetAndInchesAsTwoNumbers(
                feet: bare[0].valueText, inches: bare[1].valueText, at: bare[0].span.union(bare[1].span))
        }
        for reading in bare {
            if height == nil {
                height = try reading.measurement(as: .height)
            } else if weight == nil {
                weight = try reading.measurement(as: .weight)
            } else {
                throw extra(reading)
            }
        }
        guard let height else { throw Diagnostic.bmiMissingArgument("height", at: SourceSpan(at: argumentsEnd)) }
        guard let weight else {
            if let only = bare.first, bare.count == 1, only.hasDecimalComma,
                let comma = only.valueText.firstIndex(of: ",")
            {
                let offset = only.span.start + only.valueText.utf8.distance(from: only.valueText.startIndex, to: comma)
                throw Diagnostic.bmiDecimalCommaWithoutWeight(
                    only.valueText, whole: String(only.valueText[..<comma]),
                    fraction: String(only.valueText[only.valueText.index(after: comma)...]),
                    at: SourceSpan(start: offset, end: offset + 1))
            }
            throw Diagnostic.bmiMissingArgument("weight", at: SourceSpan(at: argumentsEnd))
        }
        var request = BMIRequest(height: height, weight: weight)
        request.waist = waist
        request.standard = self.request.standard
        request.age = self.request.age
        request.measuredOn = self.request.measuredOn
        request.sex = self.request.sex
        return request
    }
}
