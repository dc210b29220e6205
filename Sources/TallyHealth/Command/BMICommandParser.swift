import TallyCore

/// Groups the words of a `bmi` line into the height, the weight and the optional standard.
///
/// Whitespace separates arguments, with two exceptions that cannot be misread: a unit standing
/// alone (`175 cm`) belongs to the number before it, and the inches after feet (`5ft 9in`,
/// `5 ft 9 in`) or the pounds after stones belong to the same argument. The price is that unit
/// words and `who`/`asia` are not read as variables here; `(m)` still is.
struct BMICommandParser {
    /// The words read from the line, in order.
    let words: [ArgumentWord]
    /// Where the arguments end (end of line or start of a comment), for missing arguments.
    let end: Int

    /// An argument before its role is known: the words it was made from and its parts.
    private enum Item {
        case measurement(parts: [ArgumentPart], words: Range<Int>)
        case standard(BMIStandard, word: Int)

        var firstWord: Int {
            switch self {
            case .measurement(_, let words): return words.lowerBound
            case .standard(_, let word): return word
            }
        }
    }

    /// The command, with the units of each argument checked. Problems are reported left to
    /// right, so the first message is about the first thing wrong on the line.
    func parse() throws(Diagnostic) -> BMICommand {
        var height: MeasurementArgument?
        var weight: MeasurementArgument?
        var standard: BMIStandard?
        for item in try items() {
            if standard != nil {
                throw extraArguments(from: item.firstWord)
            }
            switch item {
            case .standard(let named, let word):
                guard height != nil, weight != nil else {
                    throw missingArgument(height == nil ? .height : .weight, at: words[word].span.start)
                }
                standard = named
            case .measurement(let parts, let range):
                if height == nil {
                    height = try MeasurementArgument(parts: parts, quantity: .height)
                } else if weight == nil {
                    weight = try MeasurementArgument(parts: parts, quantity: .weight)
                } else if range.count == 1, let name = words[range.lowerBound].bareName {
                    throw Diagnostic(
                        .bmiUnknownStandard, "unknown standard '\(name)'; expected who or asia",
                        at: words[range.lowerBound].span)
                } else {
                    throw extraArguments(from: range.lowerBound)
                }
            }
        }
        guard let height else { throw missingArgument(.height, at: end) }
        guard let weight else { throw missingArgument(.weight, at: end) }
        return BMICommand(height: height, weight: weight, standard: standard)
    }

    /// Groups the words into arguments: joins separate units and the second half of compound
    /// values to the value before them.
    private func items() throws(Diagnostic) -> [Item] {
        var items: [Item] = []
        for (index, word) in words.enumerated() {
            if let named = word.standard {
                items.append(.standard(named, word: index))
                continue
            }
            guard case .measurement(var parts, let range)? = items.last else {
                // After a standard, a unit is just one more extra argument.
                if word.unit != nil && items.isEmpty { throw unitWithoutNumber(word) }
                items.append(.measurement(parts: word.parts, words: index..<index + 1))
                continue
            }
            if word.unit != nil {
                guard parts[parts.count - 1].unitText == nil else { throw unitWithoutNumber(word) }
                parts[parts.count - 1].unitText = word.bareName
                parts[parts.count - 1].unitSpan = word.span
            } else if continuesCompound(parts, with: word, followedBy: index + 1 < words.count ? words[index + 1] : nil)
            {
                parts += word.parts
            } else {
                items.append(.measurement(parts: word.parts, words: index..<index + 1))
                continue
            }
            items[items.count - 1] = .measurement(parts: parts, words: range.lowerBound..<index + 1)
        }
        return items
    }

    /// Whether `word` is the inches of `5ft 9in` (or of `5ft 9 in`): the argument so far is one
    /// value in feet (or stones), and the word is a value in the matching smaller unit.
    private func continuesCompound(_ parts: [ArgumentPart], with word: ArgumentWord, followedBy next: ArgumentWord?)
        -> Bool
    {
        guard parts.count == 1, let unitText = parts[0].unitText,
            let minor = MeasurementUnit(symbol: unitText)?.minorUnit
        else { return false }
        if let wordUnit = word.parts[0].unitText {
            return MeasurementUnit(symbol: wordUnit) == minor
        }
        return word.parts.count == 1 && next?.unit == minor
    }

    private func unitWithoutNumber(_ word: ArgumentWord) -> Diagnostic {
        Diagnostic(.bmiUnitWithoutNumber, "expected a number before the unit '\(word.bareName ?? "")'", at: word.span)
    }

    private func missingArgument(_ quantity: BodyQuantity, at offset: Int) -> Diagnostic {
        Diagnostic(.bmiMissingArgument, "missing \(quantity.name): \(BMICommand.usage)", at: SourceSpan(at: offset))
    }

    /// Everything from the first word too many to the end of the arguments.
    private func extraArguments(from index: Int) -> Diagnostic {
        Diagnostic(
            .bmiExtraArgument, "extra argument: \(BMICommand.usage)",
            at: words[index].span.union(words[words.count - 1].span))
    }
}
