import TallyCalendar
import TallyCore
import TallyDiagnostics
import TallyHabits
import TallyHealth

/// What Tab offers at the cursor, decided from the words before it: `help` topics after `help`,
/// setting names after `set`, subcommands after `habit`, habit names after the subcommands that
/// take one, and otherwise function names, variables and (at the start of a line) command words;
/// on a `bmi` line also its unit words, standards, `age` and `sex`; unit names after a number,
/// a `)` or `to`; time-zone names after `to` and after a time of day (`2026-12-25T09:00 Eu`),
/// read from the tz database only then; `today`, `yesterday` and weekday names where a habit
/// command takes a DATE (`today`, `now`, `tomorrow` are constants, offered with the others).
///
/// Pure: the line reader hands over the text and inserts the result.
public struct Completer {
    /// The matches for one Tab press.
    public struct Completion: Equatable, Sendable {
        /// Each text that may replace the word being completed.
        public var matches: [String]
        /// Whether readline should add a space after a single match; not after `sqrt(`, where
        /// the argument follows directly.
        public var appendsSpace: Bool

        public init(matches: [String], appendsSpace: Bool = true) {
            self.matches = matches
            self.appendsSpace = appendsSpace
        }
    }

    /// The session's variable names, `ans` included when it has a value.
    public var variableNames: [String]
    /// The functions and constants the session knows.
    public var functions: FunctionTable
    /// The habit names; asked only when a habit name is wanted.
    public var habitNames: () -> [String]

    public init(
        variableNames: [String], functions: FunctionTable = .builtIn,
        habitNames: @escaping () -> [String] = { [] }
    ) {
        self.variableNames = variableNames
        self.functions = functions
        self.habitNames = habitNames
    }

    /// The completion of `word`, which starts right after `prefix` in the line. When the word
    /// follows an opening quote, `prefix` ends with that quote.
    ///
    /// What the line is comes from ``LineKind``, as for every other surface; a command's entry
    /// (``SessionCommand/arguments``) says what its arguments are, and they are counted as the
    /// command reads them (a habit's quoted name is one argument).
    public func complete(_ word: String, after prefix: String) -> Completion {
        let quote = prefix.last.flatMap { $0 == "\"" || $0 == "'" ? $0 : nil }
        guard case .command(let command, let argumentsStart) = LineKind.of(prefix, atPrompt: true) else {
            if let units = unitCompletion(word, after: prefix, lastWord: Self.lastToken(of: prefix)) { return units }
            return expressionCompletion(word, atLineStart: prefix.allSatisfy { $0 == " " || $0 == "\t" })
        }
        let arguments = Self.arguments(of: prefix, from: argumentsStart, quote: quote)
        switch SessionCommand.entry(command).arguments {
        case .none:
            return Completion(matches: [])
        case .words(let choices):
            return Completion(matches: arguments.isEmpty ? Self.starting(with: word, in: choices) : [])
        case .setting:
            switch arguments.count {
            case 0: return Completion(matches: Self.starting(with: word, in: Setting.all.map(\.name)))
            case 1:
                return Completion(matches: Self.starting(with: word, in: Setting.named(arguments[0])?.choices ?? []))
            default: return Completion(matches: [])
            }
        case .name:
            let names = variableNames.filter { $0 != "ans" } + functions.userFunctions.map(\.name)
            return Completion(matches: arguments.isEmpty ? Self.starting(with: word, in: names).sorted() : [])
        case .bmi:
            // A bmi argument may also be a unit word, a standard, age or sex (the word, not the
            // calculator's function of the same name).
            var completion = expressionCompletion(word, atLineStart: false)
            let vocabulary = Self.starting(with: word, in: BMICommand.vocabulary)
            completion.matches =
                (completion.matches.filter { !vocabulary.contains(String($0.dropLast())) } + vocabulary).sorted()
            return completion
        case .habit:
            return habitCompletion(word, arguments: arguments, quote: quote)
        }
    }

    /// What Tab offers in the arguments of `habit`, the first of them the subcommand.
    private func habitCompletion(_ word: String, arguments: [String], quote: Character?) -> Completion {
        switch arguments.count {
        case 0:
            return Completion(matches: Self.starting(with: word, in: HabitSubcommands.names))
        case 1:
            switch HabitSubcommands.firstArgument(after: arguments[0]) {
            case .habitName?:
                return Completion(matches: habitNameMatches(word, insideQuote: quote))
            case .word(let choices)?:
                return Completion(matches: Self.starting(with: word, in: choices))
            case .newHabitName?, nil:
                return Completion(matches: [])
            }
        default:
            // A DATE argument: `habit done Read ye` → `yesterday`; `done` takes more names too.
            let subcommand = arguments[0].lowercased()
            guard HabitSubcommands.takesDate(after: subcommand) || arguments.last?.lowercased() == "since" else {
                return Completion(matches: [])
            }
            let days = Self.dayWords.filter { $0.hasPrefix(word.lowercased()) }
            let names =
                HabitSubcommands.takesSeveralNames(after: subcommand) ? habitNameMatches(word, insideQuote: quote) : []
            return Completion(matches: names + days)
        }
    }

    /// The arguments written before the word being completed, as a command reads words: a
    /// quoted name is one. An opening quote the word follows is not an argument.
    static func arguments(of prefix: String, from start: Int, quote: Character?) -> [String] {
        let written = quote == nil ? prefix : String(prefix.dropLast())
        return ((try? Word.split(written, from: min(start, written.utf8.count)))?.words ?? []).map(\.text)
    }

    /// The text of the last token the lexer reads in `prefix` (`to`, a time of day), if any.
    static func lastToken(of prefix: String) -> String? {
        var lexer = Lexer(prefix)
        lexer.readsUnitMarks = true
        var last: Token?
        while true {
            let token = lexer.next()
            if case .end = token.kind { break }
            last = token
        }
        return last.map { lexer.text(of: $0.span) }
    }

    /// The words a DATE argument may be: `today`, `yesterday` and the weekdays.
    static let dayWords = ["today", "yesterday"] + CivilDate.weekdayNames.map { $0.lowercased() }

    /// Unit names where a unit is read: right after a number or a `)` (`5 k` → `kg`, `km`, …,
    /// also `5k` typed together), and after `to`, where the conversion words join them.
    private func unitCompletion(_ word: String, after prefix: String, lastWord: String?) -> Completion? {
        // A word that starts with digits: the number is typed against its unit (`5k`).
        let digits = word.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "_") }
        if !digits.isEmpty, digits.count < word.count, digits.first!.isNumber {
            let rest = String(word.dropFirst(digits.count))
            return Completion(matches: Self.starting(with: rest, in: UnitTable.names).map { digits + $0 })
        }
        if lastWord == "to" {
            let words = Array(ConversionTarget.words.keys) + ["base", "si", "UTC"]
            var matches = Self.starting(with: word, in: UnitTable.names + words)
            // Zone names once the word is capitalised: `to Eu` → `Europe/…`.
            if word.first?.isUppercase == true { matches += Self.starting(with: word, in: ZoneRules.allNames) }
            return Completion(matches: Array(Set(matches)).sorted())
        }
        if let lastWord, Self.endsWithTimeOfDay(lastWord), word.first?.isUppercase == true {
            return Completion(matches: Self.starting(with: word, in: ZoneRules.allNames))
        }
        let before = prefix.reversed().first { !$0.isWhitespace }
        guard let before, before == ")" || (before.isASCII && before.isNumber) else { return nil }
        // `2 3` is not a quantity, but a name after a number can only be a unit.
        guard !word.isEmpty, !(word.first!.isNumber) else { return nil }
        return Completion(matches: Self.starting(with: word, in: UnitTable.names))
    }

    private func expressionCompletion(_ word: String, atLineStart: Bool) -> Completion {
        var matches = Self.starting(with: word, in: functions.functionNames).map { $0 + "(" }
        // A variable may take a physical constant's name: offered once.
        let names = Set(functions.constantNames + variableNames + PhysicalConstants.names)
        matches += Self.starting(with: word, in: Array(names))
        if atLineStart {
            matches += Self.starting(with: word, in: SessionCommand.all.map(\.word.rawValue) + InteractiveCommand.words)
        }
        let appendsSpace = !(matches.count == 1 && matches[0].hasSuffix("("))
        return Completion(matches: matches.sorted(), appendsSpace: appendsSpace)
    }

    /// Habit names are matched ignoring case, as the habit commands find them. Inside an opened
    /// quote readline closes the quote itself; elsewhere each name comes as it must be typed.
    private func habitNameMatches(_ word: String, insideQuote quote: Character?) -> [String] {
        let typed = word.lowercased()
        let names = habitNames().filter { $0.lowercased().hasPrefix(typed) }
        if let quote {
            return names.filter { !$0.contains(quote) }.sorted()
        }
        return names.compactMap(HabitCommandLine.quotedForInput).sorted()
    }

    /// Whether `word` ends with a time of day, `HH:MM` or `HH:MM:SS` (a zone may follow it).
    static func endsWithTimeOfDay(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.count >= 5 else { return false }
        let tail = bytes.suffix(5)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return tail.enumerated().allSatisfy { index, byte in index == 2 ? byte == UInt8(ascii: ":") : isDigit(byte) }
    }

    private static func starting(with word: String, in candidates: [String]) -> [String] {
        candidates.filter { $0.hasPrefix(word) }
    }
}
