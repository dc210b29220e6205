import TallyCore
import TallyHabits
import TallyHealth

/// One conversation with Tally: variables, `ans` and settings carried from line to line.
///
/// `handle(_:)` takes one line and returns its ``LineOutcome``; the interactive front end and
/// the batch runner decide how to show it.
public struct Session {
    /// How results are shown: interactively rounded values carry a `≈ ` marker, batch output
    /// stays a bare number that other tools can read.
    public enum Style: Sendable {
        case interactive
        case batch
    }

    public var evaluator: Evaluator
    public let style: Style
    /// The BMI standard used when a `bmi` line names none (`set standard`).
    public var standard: BMIStandard = .who
    /// Where `habit` keeps its data, `today` for habits, colour and confirmation.
    public let environment: SessionEnvironment
    /// Opened on the first `habit` line, so a session that never uses habits never touches
    /// the database.
    private var habits: HabitCommandRunner?

    public init(
        style: Style, settings: EvaluationSettings = EvaluationSettings(),
        environment: SessionEnvironment = SessionEnvironment()
    ) {
        self.style = style
        self.environment = environment
        evaluator = Evaluator(settings: settings)
    }

    /// Evaluates one line.
    public mutating func handle(_ line: String) -> LineOutcome {
        Interruption.clear()
        do {
            if Session.mayStartWithCommandWord(line) {
                var lexer = Lexer(line)
                let first = try lexer.next()
                if case .name = first.kind, let command = CommandWord(rawValue: lexer.text(of: first.span)) {
                    var probe = lexer
                    if case .equals = try probe.next().kind {
                        // `help = 3`: let the evaluator explain that the word is reserved.
                    } else {
                        return try run(command, line: line, argumentsStart: first.span.end)
                    }
                }
            }
            switch try evaluator.run(line: line) {
            case .nothing, .assigned:
                return .silent
            case .value(let value):
                return .printing(display(value))
            }
        } catch {
            return .failing(error)
        }
    }

    /// Whether the line's first non-blank byte begins a command word. Most lines are
    /// expressions starting with a digit or a sign: this keeps them from being lexed twice,
    /// which cost a sixth of the batch throughput. The lexer decides the rest.
    static func mayStartWithCommandWord(_ line: String) -> Bool {
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: "b"), UInt8(ascii: "e"), UInt8(ascii: "h"), UInt8(ascii: "q"), UInt8(ascii: "s"),
                UInt8(ascii: "v"):
                return true
            default:
                return false
            }
        }
        return false
    }

    /// A value as this session shows results.
    public func display(_ value: Number) -> String {
        let formatted = value.formatted(significantDigits: evaluator.settings.digits)
        if style == .interactive && formatted.isRounded { return "≈ " + formatted.text }
        return formatted.text
    }

    private mutating func run(_ command: CommandWord, line: String, argumentsStart: Int) throws(Diagnostic)
        -> LineOutcome
    {
        var arguments = CommandArguments(line: line, start: argumentsStart)
        switch command {
        case .exit, .quit:
            try arguments.expectEnd(command: command.rawValue)
            return LineOutcome(endsSession: true)
        case .vars:
            try arguments.expectEnd(command: "vars")
            return .printing(variableListing())
        case .help:
            return .printing(try HelpText.topic(&arguments))
        case .set:
            return try runSet(&arguments)
        case .bmi:
            return try runBMI(line: line, argumentsStart: argumentsStart)
        case .habit:
            return try runHabit(line: line, argumentsStart: argumentsStart)
        }
    }

    // MARK: bmi

    private mutating func runBMI(line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        let command = try BMICommand(line: line, argumentsStart: argumentsStart)
        let evaluator = self.evaluator
        let result: BMIResult
        do {
            result = try command.evaluate(defaultStandard: standard) { span in
                try evaluator.evaluate(line: line, in: span)
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic("\(error)", at: SourceSpan(start: argumentsStart, end: line.utf8.count))
        }
        self.evaluator.recordResult(result.value)
        return .printing(result.report)
    }

    // MARK: habit

    private mutating func runHabit(line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        let wordSpan = SourceSpan(start: argumentsStart - "habit".utf8.count, end: argumentsStart)
        let today: Day
        do {
            today = try Day.today(pinnedTo: environment.pinnedToday)
        } catch {
            throw Diagnostic("TALLY_TODAY is not a usable date: \(error.message)", at: wordSpan)
        }
        if habits == nil {
            guard let directory = environment.dataDirectory else {
                throw Diagnostic("no place for habit data: set --data-dir DIR, TALLY_DATA_DIR or HOME", at: wordSpan)
            }
            habits = HabitCommandRunner(dataDirectory: directory)
        }
        let context = HabitRunContext(
            today: today, useColour: environment.useColour, isInteractive: style == .interactive,
            confirm: environment.confirm)
        var outcome = LineOutcome.printing(
            try habits!.run(line: line, argumentsStart: argumentsStart, context: context))
        outcome.acknowledgesStoredChange = true
        return outcome
    }

    /// Habit names for tab completion; empty when there is no database yet.
    public mutating func habitNames() -> [String] {
        if habits == nil, let directory = environment.dataDirectory {
            habits = HabitCommandRunner(dataDirectory: directory)
        }
        return habits?.habitNames() ?? []
    }

    // MARK: vars

    /// `vars`: each variable and `ans` with its value.
    private func variableListing() -> String {
        var lines: [String] = []
        for name in evaluator.variables.keys.sorted() {
            lines.append("\(name) = \(display(evaluator.variables[name]!))")
        }
        if let last = evaluator.lastResult {
            lines.append("ans = \(display(last))")
        }
        if lines.isEmpty { return "no variables yet; assign one with x = 5" }
        return lines.joined(separator: "\n")
    }

    // MARK: set

    private mutating func runSet(_ arguments: inout CommandArguments) throws(Diagnostic) -> LineOutcome {
        guard let (name, nameSpan) = try arguments.nextWord() else {
            return .printing(settingsListing())
        }
        switch name {
        case "digits":
            let value = try arguments.integer(named: "digits", in: 1...EvaluationSettings.digitsLimit)
            try arguments.expectEnd(command: "set digits")
            evaluator.settings.digits = value
        case "maxdigits":
            let value = try arguments.integer(named: "maxdigits", in: 10...EvaluationSettings.maxDigitsLimit)
            try arguments.expectEnd(command: "set maxdigits")
            evaluator.settings.maxDigits = value
        case "standard":
            guard let (word, span) = try arguments.nextWord(), let chosen = BMIStandard(word: word) else {
                throw Diagnostic("standard must be who or asia", at: arguments.lastSpan)
            }
            _ = span
            try arguments.expectEnd(command: "set standard")
            standard = chosen
        default:
            let known = ["digits", "maxdigits", "standard"]
            let hint =
                Suggestion.nearest(to: name, in: known).map { "; did you mean '\($0)'?" }
                ?? " (settings: \(known.joined(separator: ", ")))"
            throw Diagnostic("unknown setting '\(name)'\(hint)", at: nameSpan)
        }
        return .silent
    }

    private func settingsListing() -> String {
        let settings = evaluator.settings
        let rows = [
            ("digits", String(settings.digits), "significant digits shown for values that are not exact decimals"),
            ("maxdigits", String(settings.maxDigits), "the most digits a result may have"),
            ("standard", standard.word, "BMI classification: who or asia"),
        ]
        let valueWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { name, value, meaning in
            let namePadding = String(repeating: " ", count: 11 - name.count)
            let valuePadding = String(repeating: " ", count: valueWidth - value.count)
            return "\(name)\(namePadding)\(value)\(valuePadding)   \(meaning)"
        }.joined(separator: "\n")
    }
}
